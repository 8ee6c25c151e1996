"""BoredNomic (seed 003) where a proposal takes money out of rule 4 and leaves what is priced
in it: rule 4 binds the currency (`money`), and hens (14), Tickets (17), squares (16), hit
points (12) and Go's pay (13) are all counted in it. A game with prices and no currency
cannot be played, so such a proposal waits for a fix before anyone votes, saying what to take
out with it, and the game goes on. Before, it was put to the vote and passed, and the next
/buy hen, or Sunday's update paying Go, stopped every run after (KeyError: 'money'): a
player who wanted to stop the game had only to win one vote. Played on both forges as
players play it."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from nomic_ci.core.game import load_game
from nomic_ci.core.verify import verify

from boardgames import forge_tables

ADMIN = "the-admin"
MONDAY = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)  # Sunday's update was at 00:00 May 3
NEXT_SUNDAY = datetime(2026, 5, 10, 1, 0, tzinfo=timezone.utc)
RULE = "rules/004-money.md"


@pytest.fixture(params=["local", "github"])
def table(request):
    with forge_tables(request.param, "borednomic", admin=ADMIN) as make:
        yield make


def money(t, login: str) -> int:
    game = load_game(t.files())
    player = next(p for p in game.state.players if p.login == login)
    return player.stat("money", game.config.starting_stats)


def test_a_proposal_taking_money_out_while_things_cost_money_waits_for_a_fix(
        table, tmp_path):
    t = table(tmp_path, "no-money")
    t.now = MONDAY
    t.tick()
    repealed = re.sub(r"\n  money:\n(    .*\n)*", "\n", t.read(RULE))
    assert "\n  money:" not in repealed
    t.later().branch("no-money", {RULE: repealed}, author="alice")
    t.propose("alice", "no-money")
    waiting = t.status()["awaiting_fix"]
    assert len(waiting) == 1 and "no rule binding money" in str(waiting), waiting
    assert not load_game(t.files()).records  # not put to the vote
    t.later().command("bob", "/buy hen")
    assert money(t, "bob") < 10000
    t.now = NEXT_SUNDAY  # the week's results, then Sunday's update (Go pays, rule 13)
    t.tick()
    assert load_game(t.files()).config.board["money"] is not None
    assert verify(t.files()) == []
