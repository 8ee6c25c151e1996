"""BoredNomic (seed 003) where two rules act at once, played through the players' and the
Admin's commands and proposals on both forges: a fight in the Arena on a square for sale
(16.1 and 17.2), proposals refused by rules 4.4, 9.2 and 10.1 at the week's reserves (15.1),
a bankrupt player's sales (4.3 and 4.5), and what an update writes (6 and 17).

Each expected figure is worked out from the seed's words, quoted where it decides.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from nomic_ci.core.board.boardfile import read_board
from nomic_ci.core.game import load_game
from nomic_ci.core.verify import verify

from boardgames import by_hand, forge_tables
from builders import new_rule

ADMIN = "the-admin"
MONDAY = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)  # Sunday's update was at 00:00 May 3
NEXT_SUNDAY = datetime(2026, 5, 10, 1, 0, tzinfo=timezone.utc)


@pytest.fixture(params=["local", "github"])
def table(request):
    with forge_tables(request.param, "borednomic", admin=ADMIN) as make:
        yield make


def token(t, login: str):
    return read_board(t.read("state/board.yaml")).token(login)


def stat(t, login: str, name: str) -> int:
    game = load_game(t.files())
    player = next(p for p in game.state.players if p.login == login)
    return player.stat(name, game.config.starting_stats)


def test_a_player_who_fought_in_the_arena_may_still_buy_it(table, tmp_path):
    """16.1: "When a player lands on an unowned square, he may purchase that square"; 17.2:
    "If a player lands on The Arena, he may initiate combat". One landing gives both: the
    fight is the Arena's, and spends no more than the fight (one a landing)."""
    t = table(tmp_path, "arena")
    t.later().command("bob", "/buy ticket")  # 5.3: $100, and at the next turn the Arena
    t.now = MONDAY  # Sunday's update: bob's Ticket jumps him to square 21 (17.1)
    t.command("bob", "/fight carol")
    assert token(t, "bob").space == 21 and "bob fights carol" in t.out
    t.command("bob", "/buy square The Colosseum")  # 25 × 21 = $525 (16.1)
    assert "bob owns square 21, named 'The Colosseum' (rule 16)" in t.out
    assert stat(t, "bob", "money") == 10000 - 100 - 525
    t.command("bob", "/fight alice")  # one fight a landing (17.2)
    assert "bob has fought since landing on The Arena: one fight a landing" in t.out
    assert verify(t.files()) == []


@pytest.mark.parametrize("refused_by", ["9.2", "10.1", "4.4"])
def test_a_refused_proposal_was_not_made_and_costs_no_proposition_in_reserve(
        table, tmp_path, refused_by):
    """15.1: "If a player does not make a proposal on a turn, that player's
    PropositionsInReserve increases by 1" (a turn read as the week, as rule 9 gives
    proposals). A proposal a rule refuses is not made: after Wednesday (9.2: "Proposals must
    be received by the Admin before midnight Wednesday"), during a pause (10.1: "no proposals
    are made by players"), by a bankrupt player (4.4: "may not propose rules")."""
    t = table(tmp_path, "reserves")
    t.now = MONDAY  # Sunday's update gave everyone a PropositionInReserve (a week without)
    t.tick()
    assert [stat(t, p, "propositions_in_reserve") for p in ("alice", "bob")] == [1, 1]
    if refused_by == "9.2":
        t.later(24 * 3)  # Thursday
    elif refused_by == "10.1":
        t.command(ADMIN, "/pause")
        t.branch("fix", new_rule(21), author=ADMIN)  # 10.2: the only proposal that week
        fix = t.propose(ADMIN, "fix")
    else:
        by_hand(t, ADMIN, "alice", "money", -10000, "a trade with carol (rule 18)")
    t.later().branch("mine", new_rule(22), author="alice")
    t.propose("alice", "mine")
    refused = next(r for r in load_game(t.files()).records if r.author.login == "alice")
    assert refused.outcome.value == "refused"
    if refused_by == "10.1":  # the Admin's proposal is accepted: the pause ends (10.2)
        t.now = datetime(2026, 5, 8, 10, 0, tzinfo=timezone.utc)  # Friday: Voting Period
        t.vote(fix, "bob")
    t.now = NEXT_SUNDAY  # the week's results, then Sunday's update
    t.tick()
    assert load_game(t.files()).state.paused_since is None
    # neither made a proposal this week: each gains one more
    assert [stat(t, p, "propositions_in_reserve") for p in ("alice", "bob")] == [2, 2]
    assert verify(t.files()) == []


@pytest.mark.parametrize("sells", ["one at a time", "all"])
def test_a_bankrupt_player_may_sell_all_they_own_in_one_sale_or_one_at_a_time_while_bankrupt(
        table, tmp_path, sells):
    """4.5: "If a player is bankrupt, that player has the option to sell all their sellable
    items and property. Items and property are sold back for one third of their original
    purchase price, rounded up". Read: the option is taken while bankrupt, as 4.3 and 4.4
    read bankruptcy at each action; `/sell all` takes it whole, in one sale."""
    t = table(tmp_path, "sales")
    t.later().command("bob", "/buy hen")  # $3,000
    t.command("bob", "/buy ticket")  # $100: $6,900 left
    by_hand(t, ADMIN, "bob", "money", -6900, "a trade with carol (rule 18)")  # bankrupt (4.3)
    if sells == "all":
        t.command("bob", "/sell all")  # a hen back for $1,000, a Ticket for $34
        assert stat(t, "bob", "money") == 1000 + 34
        assert token(t, "bob").items == ()
    else:
        t.command("bob", "/sell hen")  # $1,000: no longer bankrupt
        assert stat(t, "bob", "money") == 1000
        t.command("bob", "/sell ticket")
        assert "bob is not bankrupt: only a bankrupt player sells items and property back" \
            in t.out
        assert token(t, "bob").item("Ticket") == 1
    t.command("bob", "/sell all")
    assert "bob is not bankrupt" in t.out
    assert verify(t.files()) == []


def test_the_board_file_keeps_its_rulesets_header_after_an_update(table, tmp_path):
    t = table(tmp_path, "header")
    shipped = t.read("state/board.yaml").splitlines()[:2]
    assert "rules 6, 13, 14, 16, 17, 20" in shipped[0]
    t.now = MONDAY
    t.tick()  # Sunday's update moved everyone
    assert any(a.command == "update" for a in load_game(t.files()).actions.records())
    assert t.read("state/board.yaml").splitlines()[:2] == shipped
