"""A scripted week of BoredNomic (seed 003) on its board, played as players play it: through
`nomic-ci command` on the local forge, and through comments and reviews on the fake GitHub.

Every figure is worked out here from the seed's text, citing its rules, and from the game's
dice, which come from the public seed `SEED` and are listed in `DICE` (the test checks them
first): the turns of the updates (7.1, 9.1), a purchase (16), hens (14), the Ticket and a
fight in the Arena (5.3, 17) with damage and the loss of two levels (17.9, 12.4), the
Inquisition (20), Go (13), a bankruptcy (4.3–4.4) and the sale back at a third (4.5), and
the week's proposals and votes (8, 9, 12.5).
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from nomic_ci.core.board.boardfile import read_board
from nomic_ci.core.game import load_game
from nomic_ci.core.verify import verify
from nomic_ci.text.readmes import stale_readmes

from boardgames import by_hand, roll_of
from builders import new_rule
from tables import ENGINE, GitHubTable, LocalTable

SEED = "bored6765"
# the game's dice, in order, as (sides, result): what each is for is said where it is rolled
DICE = [(3, 2), (2, 2), (6, 2), (6, 1), (6, 4), (6, 4), (6, 6), (6, 6),  # Sunday's update
        (3, 1), (2, 2), (4, 1), (6, 5), (6, 4), (6, 1), (4, 2), (6, 5), (6, 5),  # Thursday's
        (6, 4), (6, 6), (6, 6), (6, 1), (6, 5), (6, 5), (6, 3), (6, 1),  # the fight
        (3, 1), (2, 2), (4, 4), (6, 3), (6, 6), (6, 1), (6, 6), (6, 2), (6, 3)]  # Sunday's
FRIDAY = datetime(2026, 5, 1, 12, 0, tzinfo=timezone.utc)  # the game begins (T0)
MONDAY = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)
ADMIN = "the-admin"


class Local:
    """The week on the local forge: `nomic-ci command --as LOGIN /COMMAND [WORD ...]`."""

    def __init__(self, tmp_path) -> None:
        self.t = LocalTable(tmp_path / "g", players="alice,bob,carol", ruleset="borednomic",
                            admin=ADMIN, dice_seed=SEED)

    def act(self, login: str, text: str) -> str:
        self.t.command(login, text)
        return self.t.out

    def by_hand(self, login: str, counter: str, amount: int, reason: str) -> None:
        """The Admin's correction by hand (rule 2.2: they keep the status), recorded."""
        by_hand(self.t, ADMIN, login, counter, amount, reason)

    def vote_refused(self, number: int, who: str) -> str:
        assert self.t.cli("vote", str(number), "--as", who, "--yes") == 2
        return self.t.err

    def close(self) -> None:
        pass


class Hub:
    """The week on the fake GitHub: comments on a pull request are the commands."""

    def __init__(self, tmp_path) -> None:
        self.t = GitHubTable(tmp_path / "game", players="alice,bob,carol",
                             ruleset="borednomic", dice_seed=SEED, admin=ADMIN)
        self.thread: int | None = None

    def act(self, login: str, text: str) -> str:
        assert self.thread is not None, "a proposal's thread takes the commands"
        # GitHub's clock: the engine's answer comes after the comment (this test sets `now`)
        self.t.clock.set(self.t.now)
        comment = self.t.fake.add_comment(self.thread, login, text, created_at=self.t.now)
        assert self.t.reconcile() == 0, self.t.err
        world = self.t.fake.world
        answers = [c.body for c in world.comments_on(self.thread)
                   if world.users[c.user_id].login == ENGINE and "nomic-ci:vote" not in c.body
                   and c.id > comment]
        return answers[-1] if answers else ""

    def by_hand(self, login: str, counter: str, amount: int, reason: str) -> None:
        """As the Admin does on GitHub: `nomic-ci adjust` in a clone, and push its commit."""
        by_hand(self.t, ADMIN, login, counter, amount, reason)

    def vote_refused(self, number: int, who: str) -> str:
        self.t.fake.add_review(self.t.pr_of(number), who, "APPROVED", submitted_at=self.t.now)
        assert self.t.reconcile() == 0, self.t.err
        return "left out"  # the record says why, at the decision (checked there)

    def close(self) -> None:
        self.t.close()


@pytest.fixture(params=["local", "github"])
def game(request, tmp_path):
    table = Local(tmp_path) if request.param == "local" else Hub(tmp_path)
    yield table
    table.close()


def stats(t, login: str) -> dict[str, int]:
    game = load_game(t.files())
    player = next(p for p in game.state.players if p.login == login)
    return {name: player.stat(name, game.config.starting_stats)
            for name in ("money", "level", "experience", "hit_points")}


def token(t, login: str):
    return read_board(t.files()["state/board.yaml"]).token(login)


def reserves(t, login: str) -> tuple[int, int]:
    """(PropositionsInReserve, VotesInReserve)."""
    game = load_game(t.files())
    player = next(p for p in game.state.players if p.login == login)
    return (player.stat("propositions_in_reserve", {}), player.stat("votes_in_reserve", {}))


def test_the_dice_are_the_ones_the_story_needs():
    assert [(sides, roll_of(SEED, n, sides)) for n, (sides, _) in
            enumerate(DICE, start=1)] == DICE


def test_a_week_of_borednomic_on_its_board(game):
    t = game.t
    # The game moves onto the engine with carol as the Admin kept her by hand: level 3, 1 hit
    # point left (rule 2.2: the Admin maintains the status), each correction recorded
    t.later()
    game.by_hand("carol", "level", 2, "as kept by hand before the engine")
    game.by_hand("carol", "hit_points", -99, "as kept by hand before the engine")

    # --- Sunday 00:00, the update (rule 9.1): squares 21 and 22 join the board (6.3, for
    # 17.1's Arena and 20.1's Inquisition); the order is drawn from the dice: a d3 of 2 takes
    # bob from (alice, bob, carol), a d2 of 2 carol from (alice, carol), then alice (9.1).
    # 7.1: bob 2 + 1 = 3, to square 4; carol 4 + 4 = 8, to 9; alice 6 + 6 = 12, to 13
    t.now = MONDAY
    if isinstance(game, Hub):
        t.branch("p1", new_rule(21), author="alice")
        assert t.propose("alice", "p1") == 1
        game.thread = t.prs["p1"]
    else:
        t.branch("p1", new_rule(21), author="alice")
        assert t.propose("alice", "p1") == 1
    assert (token(t, "bob").space, token(t, "carol").space, token(t, "alice").space) == \
        (4, 9, 13)
    board = read_board(t.files()["state/board.yaml"])
    assert board.added_spaces == 2  # 20 squares (6.2) and two added (6.3)
    # 15.1, 15.2: the week before had no proposal and no vote: a reserve of each for everyone
    assert reserves(t, "alice") == reserves(t, "carol") == (1, 1)
    t.branch("p2", new_rule(22), author="carol")
    assert t.propose("carol", "p2") == 2

    # --- Monday: purchases. 16.1: bob landed on square 4, unowned: 25 × 4 = $100
    answer = game.act("bob", "/buy square Bob's Bistro")
    assert "bob owns square 4, named \"Bob's Bistro\" (rule 16)" in answer
    assert "$9,900" in answer                                        # 10,000 − 100 (4.2)
    assert "square 4 is bob's already" in game.act("bob", "/buy square Again")  # 16.1
    assert "name the square" in game.act("alice", "/buy square")     # 16.3
    assert "$7,000" in game.act("alice", "/buy hen")                  # 10,000 − 3,000 (14.1)
    assert "$9,800" in game.act("bob", "/buy ticket")                 # 9,900 − 100 (5.3)
    assert "$7,000" in game.act("carol", "/buy hen")
    assert "may not take them above 100" in game.act("alice", "/heal 1")  # 12.7
    assert "only the Admin (the-admin) may /correct" in game.act("bob", "/correct alice")
    assert "the-admin is not a player" in game.act(ADMIN, "/buy hen")  # 3.2

    # --- Thursday 00:00, the update: a d3 of 1 takes alice first, a d2 of 2 carol, then bob.
    # alice's hen rolls 1 of its d4 and lays a Golden Egg (14.2); alice 5 + 4 = 9, 13 → 22,
    # the Inquisition (20.1), where a d6 of 1 is History (20.2). carol's hen rolls 2: no egg;
    # carol 5 + 5 = 10, 9 → 19. bob's Ticket jumps him to the Arena, square 21 (5.3, 6.8)
    t.later(24 * 3)
    answer = game.act("alice", "/exchange egg")                       # 14.3: $1,000
    assert "$8,000" in answer                                          # 7,000 + 1,000
    assert token(t, "alice").space == 22 and token(t, "alice").question == "History"
    assert token(t, "carol").space == 19 and token(t, "bob").space == 21
    assert token(t, "bob").item("Ticket") == 0

    # 17.2–17.4, 17.9: bob (level 1) rolls 2d6 + 1d6: 4 + 6 + 6 = 16; carol (level 3) 2d6 +
    # 3d6: 1 + 5 + 5 + 3 + 1 = 15. bob wins: 20 experience, at level 1 a level (12.3): level
    # 2 with 10; he takes carol's Hen. carol loses 16 − 15 = 1 hit point, leaving 0: 12.4 sets
    # her to 100 and takes two levels, 3 → 1
    answer = game.act("bob", "/fight carol Hen")
    assert "bob wins, 16 to 15" in answer
    assert stats(t, "bob")["level"] == 2 and stats(t, "bob")["experience"] == 10
    assert stats(t, "carol")["hit_points"] == 100 and stats(t, "carol")["level"] == 1
    assert token(t, "bob").item("Hen") == 1 and token(t, "carol").item("Hen") == 0
    assert token(t, "bob").beaten == ("carol",)                       # 17.5
    assert "one fight a landing" in game.act("bob", "/fight alice")  # 17.2
    # 20.3–20.4: the Admin judges alice's answer correct: $100 and 20 experience, a level
    assert "only the Admin" in game.act("alice", "/correct alice")
    game.act(ADMIN, "/correct alice")
    assert stats(t, "alice") == {"money": 8100, "level": 2, "experience": 10,
                                 "hit_points": 100}
    assert token(t, "alice").question is None
    assert "has no question" in game.act(ADMIN, "/correct alice")

    # --- Friday: bob pays carol his $9,800 in a trade (rule 18, which the Admin keeps by
    # hand): at $0 he is bankrupt (4.3); carol has 7,000 + 9,800
    t.later(24)
    game.by_hand("bob", "money", -9800, "a trade with carol (rule 18)")
    game.by_hand("carol", "money", 9800, "a trade with bob (rule 18)")
    refused = game.vote_refused(1, "bob")
    if isinstance(game, Local):
        assert "bob is bankrupt (0 money, under 1): a bankrupt player may not vote (rule 4)" \
            in refused
    assert "a bankrupt player may take no action that loses money (rule 4)" in \
        game.act("bob", "/buy ticket")
    # 4.5: he sells the hen he won back: a third of its $3,000 is $1,000
    assert "$1,000" in game.act("bob", "/sell hen")
    assert token(t, "bob").item("Hen") == 0
    assert "bob is not bankrupt" in game.act("bob", "/sell square 4")  # solvent again
    t.vote(1, "bob")
    t.vote(1, "carol")
    t.vote(2, "carol")
    t.vote(2, "alice", yes=False)
    # 15.4: carol spends her VoteInReserve: her vote on proposal 2 counts twice
    assert "carol's vote on proposal 2 counts twice (rule 15)" in \
        game.act("carol", "/strengthen 2")
    assert "carol has no VotesInReserve" in game.act("carol", "/strengthen 1")
    assert "proposal 9 is not in its vote" in game.act("alice", "/strengthen 9")

    # --- Sunday 00:00: the week's decisions (9.2–9.3), then the update. Proposal 1: 2 Yay,
    # 0 Nay, accepted (8.4): alice +10 experience, 10 + 10 = 20 = 10 × level 2, so level 3
    # with 0 (12.3, 12.5); bob and carol +1 each. Proposal 2: carol's Yay counts 2 (15.4),
    # alice's Nay 1: accepted: carol +10 and +1 for each of her two Yays: 12 at level 1,
    # so level 2 with 2. 15.1: bob made no proposal this week: a PropositionInReserve more;
    # everyone's vote counted this week: no VoteInReserve (15.2)
    # The update: a d3 of 1 takes alice, a d2 of 2 carol, then bob. alice's hen rolls 4: no
    # egg. alice 3 + 6 = 9 from 22: 1 → 9, passing over Go (13): +$200. carol 1 + 6 = 7
    # from 19: 20, 21, 22, 1, 2, 3 → 4, passing over Go: +$200. bob 2 + 3 = 5 from 21: 22,
    # 1, 2, 3 → 4, his own square (16.5 lists nothing), passing over Go: +$200
    t.later(24 * 2).tick()
    game_now = load_game(t.files())
    outcomes = {r.number: r.outcome.value for r in game_now.records}
    assert outcomes == {1: "passed", 2: "passed"}
    two = next(r for r in game_now.records if r.number == 2)
    assert (two.yes, two.no) == (2, 1)
    assert stats(t, "alice") == {"money": 8300, "level": 3, "experience": 0,
                                 "hit_points": 100}
    assert stats(t, "carol") == {"money": 16800 + 200, "level": 2, "experience": 2,
                                 "hit_points": 100}
    assert reserves(t, "bob") == (2, 1) and reserves(t, "carol") == (1, 0)
    assert reserves(t, "alice") == (1, 1)
    assert stats(t, "bob") == {"money": 1000 + 200, "level": 2, "experience": 11,
                               "hit_points": 100}
    assert (token(t, "alice").space, token(t, "carol").space, token(t, "bob").space) == \
        (9, 4, 4)
    files = t.files()
    assert verify(files) == [] and stale_readmes(files) == []
    svg = files["state/board.svg"]
    assert 'data-square="21"' in svg and 'data-colour="Red"' in svg


def test_what_a_player_who_wants_to_win_tries_is_refused_and_changes_nothing(game):
    t = game.t
    t.now = MONDAY  # Sunday's update put bob on square 4, carol on 9, alice on 13
    t.branch("p1", new_rule(21), author="alice")
    t.propose("alice", "p1")
    if isinstance(game, Hub):
        game.thread = t.prs["p1"]
    before = (t.files()["state/board.yaml"], t.files()["state/players.yaml"])
    refusals = {
        ("alice", "/heal -5"): "say how many hit points to buy: /heal N",  # 12.7
        ("alice", "/buy hen 2"): "/buy hen takes nothing more",
        ("alice", "/buy hen -3000"): "/buy hen takes nothing more",
        ("alice", "/buy castle"): "there is no 'castle' to buy",
        ("alice", "/fight bob"): "has not landed on The Arena",  # 17.2
        ("bob", "/sell square 4"): "bob is not bankrupt",  # 4.5
        ("bob", "/strengthen 7"): "proposal 7 is not in its vote",  # 15.4
        ("carol", "/reject 4"): "only the Admin (the-admin) may /reject",  # 16.3
        ("carol", "/wrong alice"): "only the Admin (the-admin) may /wrong",  # 20.3
        (ADMIN, "/buy ticket"): "the-admin is not a player",  # 3.2
        (ADMIN, "/correct alice"): "alice has no question of The Inquisition",  # 20.3
    }
    for (login, text), why in refusals.items():
        answer = game.act(login, text)
        assert "is not allowed" in answer or "only the Admin" in answer or \
            "is not a player" in answer, (text, answer)
        assert why in answer, (text, answer)
    if isinstance(game, Hub):  # not a player: talk, not a command
        assert game.act("mallory", "/buy hen") == ""
    else:  # here, the command line refuses to write it
        assert game.t.cli("command", "--as", "mallory", "/buy hen") == 2
        assert "'mallory' is not a player or the Admin (the-admin)" in game.t.err
    assert (t.files()["state/board.yaml"], t.files()["state/players.yaml"]) == before
    assert load_game(t.files()).actions[-1].command == "update"  # no action but the turns


def test_an_edited_command_does_not_count(tmp_path):
    game = Hub(tmp_path)
    try:
        t = game.t
        t.now = MONDAY
        t.branch("p1", new_rule(21), author="alice")
        t.propose("alice", "p1")
        comment = t.fake.add_comment(t.prs["p1"], "bob", "/buy ticket", created_at=t.now)
        t.fake.world.comments[comment].updated_at = t.now + timedelta(minutes=1)
        assert t.reconcile() == 0, t.err
        answers = [c.body for c in t.fake.world.comments_on(t.prs["p1"]) if c.id > comment]
        assert any("an edited command does not count" in a for a in answers)
        assert stats(t, "bob")["money"] == 10000 and token(t, "bob").item("Ticket") == 0
    finally:
        game.close()
