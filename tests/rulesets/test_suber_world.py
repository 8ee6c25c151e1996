"""The Suber set's world (seed 001, rules 302–308) played by its players' commands, through
`nomic-ci command` on the local forge and as comments on the fake GitHub, with the game's own
dice from a fixed seed: players move, roll for location resources, trade, pick professions,
craft and use Bread and Stew, and claim territory. Each expected figure is worked out here
from the seed's text, citing the rule.

Turns pass as the seed says (rule 202: a turn is a proposal and its vote): the player whose
turn it is proposes a new rule and the others vote for it.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from nomic_ci.core.verify import verify
from nomic_ci.text.readmes import stale_readmes
from tables import ENGINE, GitHubTable, LocalTable

from boardgames import board, roll_of, seed_for
from builders import new_rule

PLAYERS = ("alice", "bob", "carol")


class World:
    """A Suber game on the local forge, and what its state file says of each player."""

    def __init__(self, tmp_path, seed: str) -> None:
        self.t = self.table(tmp_path, seed)
        self.seed, self.rule, self.die = seed, 309, 0
        self.inactive: set[str] = set()  # who does not vote (rule 205)

    def table(self, tmp_path, seed: str):
        return LocalTable(tmp_path / "g", players=",".join(PLAYERS),
                          ruleset="suber-initial-set", dice_seed=seed)

    def say(self, login: str, text: str) -> str:
        """The engine's answer to `login`'s command."""
        self.t.command(login, text)
        return self.t.out

    def ok(self, login: str, text: str) -> str:
        answer = self.say(login, text)
        assert answer and "is not allowed" not in answer, answer
        return answer

    def end_turn(self) -> None:
        """The player whose turn it is proposes a rule, the active others vote for it: it
        passes (rule 203) and the turn passes (rule 202)."""
        t = self.t.later(0.1)
        who, self.rule = t.status()["turn"], self.rule + 1
        t.branch(f"rule-{self.rule}", new_rule(self.rule), author=who)
        number = t.propose(who, f"rule-{self.rule}")
        for login in PLAYERS:
            if login != who and login not in self.inactive:
                t.vote(number, login)

    def where(self, login: str) -> str:
        """Where `login` is: a player with no location is in the City (rule 302)."""
        space = board(self.t).token(login).space
        return space if isinstance(space, str) else "City"

    def has(self, login: str, name: str) -> int:
        return board(self.t).token(login).item(name)

    def settler(self, login: str):
        return board(self.t).world.settler(login)

    def dice(self, *sides: int) -> list[int]:
        """The game's next dice, as the engine must roll them."""
        found = [roll_of(self.seed, self.die + i + 1, s) for i, s in enumerate(sides)]
        self.die += len(sides)
        return found


class Hub(World):
    """The same game on the fake GitHub: commands are comments on a thread of the game (a
    pull request mallory, no player, opened), answered there by the engine."""

    def table(self, tmp_path, seed: str):
        hub = GitHubTable(tmp_path / "g", players=",".join(PLAYERS),
                          ruleset="suber-initial-set", dice_seed=seed)
        hub.branch("notes", new_rule(399), author="mallory")
        self.thread = hub.fake.open_pr("mallory", "notes", "Notes", created_at=hub.now)
        return hub

    def replies(self) -> list[str]:
        world = self.t.fake.world
        return [c.body for c in world.comments_on(self.thread)
                if world.users[c.user_id].login == ENGINE and "nomic-ci:vote" not in c.body]

    def say(self, login: str, text: str) -> str:
        before = len(self.replies())
        self.t.later(0.01).fake.add_comment(self.thread, login, text, created_at=self.t.now)
        assert self.t.reconcile() == 0, self.t.err
        return "\n".join(self.replies()[before:])

    def end_turn(self) -> None:
        """As on the local forge, in one run of the engine: the pull request and its votes."""
        hub = self.t.later(0.1)
        who, self.rule = hub.status()["turn"], self.rule + 1
        hub.branch(f"rule-{self.rule}", new_rule(self.rule), author=who)
        pr = hub.fake.open_pr(who, f"rule-{self.rule}", "A rule", created_at=hub.now)
        for login in PLAYERS:
            if login != who and login not in self.inactive:
                hub.fake.add_review(pr, login, "APPROVED", submitted_at=hub.now)
        assert hub.reconcile() == 0, hub.err
        assert hub.fake.pull(pr).merged, hub.out

    def close(self) -> None:
        self.t.close()


@pytest.fixture(params=["local", "github"])
def w_for(request, tmp_path):
    made = []

    def make(seed: str) -> World:
        made.append((World if request.param == "local" else Hub)(tmp_path, seed))
        return made[-1]
    yield make
    for world in made:
        if isinstance(world, Hub):
            world.close()


def test_a_suber_game_moves_gathers_trades_crafts_and_claims(w_for):
    # the first dice fixed: alice's first roll is 6 + 6, bob's 3 + 3 (the rest are read)
    w = w_for(seed_for((6, 6), (6, 6), (6, 3), (6, 3)))
    t = w.t
    t.tick()
    # rule 302: players start out in the City
    assert {login: w.where(login) for login in PLAYERS} == dict.fromkeys(PLAYERS, "City")
    assert "On the board: alice in the City, bob in the City, carol in the City" in w.say(
        "carol", "/status")

    # --- round 1: each player's first turn
    assert w.ok("alice", "/move Prairie")
    assert "has already moved this turn (rule 302: once a turn)" in w.say("alice", "/move Marsh")
    assert "only the player whose turn it is may /move" in w.say("bob", "/move Marsh")
    assert "may not roll for location resources now" in w.say("alice", "/gather")  # 305
    assert "alice is a Cook (rule 307)" in w.say("alice", "/profession Cook")
    w.end_turn()  # alice's turn ends: from now until bob's ends, she may roll (rule 305)
    out = w.say("alice", "/gather")
    x = sum(w.dice(6, 6))  # 12; no other Landowner in the Prairie, so she gains max(2, 12 - 0)
    assert f"alice rolls {x} (2d6) = {x} in the Prairie" in out and w.has("alice", "wheat") == 12
    assert "may not roll for location resources now" in w.say("alice", "/gather")  # once
    assert w.ok("bob", "/move Marsh")
    w.end_turn()
    w.ok("bob", "/gather")
    fish = max(2, sum(w.dice(6, 6)))  # 3 + 3 = 6 fish from the Marsh (rule 305's graph)
    assert w.has("bob", "fish") == fish == 6
    w.ok("carol", "/move Jungle")
    w.ok("carol", "/profession Blacksmith")
    w.end_turn()

    # --- round 2: nobody may move yet (rule 306: once every 3 turns)
    w.ok("carol", "/gather")
    timber = max(2, sum(w.dice(6, 6)))  # the Jungle yields timber; no other Landowner there
    assert w.has("carol", "timber") == timber
    assert "moved 1 turn(s) ago, and a player changes location once every 3 turns " \
           "(rule 306)" in w.say("alice", "/move Jungle")
    assert "alice does not have 1 timber (has 0): a Bread costs 1 timber, 8 wheat" \
           in w.say("alice", "/craft Bread")  # rule 307b
    assert "a Bread is crafted by a Cook, and bob is of no profession" in w.say("bob",
                                                                                 "/craft Bread")
    assert "carol is in the Jungle and alice in the Prairie: a trade is made in one location " \
           "(rule 306)" in w.say("carol", "/trade alice 1 timber for 1 wheat")
    w.end_turn()
    w.ok("alice", "/gather")
    wheat = 12 + max(2, sum(w.dice(6, 6)))
    assert w.has("alice", "wheat") == wheat
    w.end_turn()  # bob does not roll after his second turn...
    w.end_turn()
    # ...and the window shut when the following turn (carol's) ended (rule 305)
    assert "may not roll for location resources now" in w.say("bob", "/gather")

    # --- round 3: alice has ended three turns in a row in the Prairie (rule 308)
    w.ok("carol", "/gather")
    timber += max(2, sum(w.dice(6, 6)))
    assert w.has("carol", "timber") == timber
    w.end_turn()
    assert "alice claims territory in the Prairie (rule 308)" in w.say("alice", "/claim")
    assert "bob has ended 2 turn(s) in a row in the Marsh, and a claim needs 3" in w.say(
        "bob", "/claim")
    assert "upgrade 1 costs 15 iron, 20 timber, 15 wheat (rule 308)" in w.say("alice",
                                                                               "/upgrade")
    out = w.say("alice", "/gather")
    base = max(2, sum(w.dice(6, 6)))
    claimed = w.dice(3)[0]  # rule 308: the claim yields a d3 more at no cost
    wheat += base + claimed
    assert f"alice's claim in the Prairie yields {claimed} more at no cost" in out
    assert w.has("alice", "wheat") == wheat
    w.end_turn()
    w.end_turn()  # carol's third turn in the Jungle ends

    # --- round 4: alice may move again (306); she meets carol in the Jungle and trades
    assert w.ok("carol", "/claim")
    assert "alice already has a claim, in the Prairie: each player may have only one" in w.say(
        "alice", "/claim")
    assert w.ok("alice", "/move Jungle")
    assert "alice does not have 50 timber" in w.say("alice", "/trade carol 50 timber for 1 wheat")
    assert "'-3' is not an amount" in w.say("alice", "/trade carol -3 wheat for 1 timber")
    said = w.say("carol", "/trade alice 2 timber for 1 wheat")
    assert "carol offers alice 2 timber for 1 wheat" in said
    offered = said.split("may /accept ", 1)[1].split()[0]  # the offer's number: its action's
    assert "there is no open offer 999" in w.say("alice", "/accept 999")
    assert w.ok("alice", f"/accept {offered}")  # rule 306: agreed by both, in public
    wheat, timber = wheat - 1, timber - 2
    assert (w.has("alice", "wheat"), w.has("alice", "timber")) == (wheat, 2)
    assert (w.has("carol", "wheat"), w.has("carol", "timber")) == (1, timber)
    assert "alice crafts a Bread" in w.say("alice", "/craft Bread")  # 8 wheat and 1 timber
    wheat -= 8
    assert (w.has("alice", "wheat"), w.has("alice", "timber"), w.has("alice", "Bread")) == (
        wheat, 1, 1)
    assert "was made this turn and may be used from the next (rule 307)" in w.say(
        "alice", "/use Bread bob carol")  # rule 307b
    w.end_turn()  # alice is away from her claim for one turn: she keeps it (rule 308)
    assert w.settler("alice").claim == "Prairie"

    # bob's turn: alice gathers in the Jungle, where carol is a Landowner (L = 1, rule 305)
    out = w.say("alice", "/gather")
    x = sum(w.dice(6, 6))
    jungle = max(2, x - 1)
    assert f"1 other Landowner there, so alice gains the larger of 2 and {x} − 1" in out
    assert w.has("alice", "timber") == 1 + jungle  # the Jungle yields timber
    # Bread: two target players swap locations (rule 307b): bob to the Jungle, carol away
    assert w.ok("alice", "/use Bread bob carol")
    assert (w.where("bob"), w.where("carol"), w.has("alice", "Bread")) == ("Jungle", "Marsh", 0)
    said = w.ok("bob", "/trade alice 5 fish for 2 wheat")
    w.ok("alice", f"/accept {said.split('may /accept ', 1)[1].split()[0]}")
    wheat -= 2
    assert (w.has("alice", "fish"), w.has("bob", "fish"), w.has("bob", "wheat")) == (5, 1, 2)
    assert "alice crafts a Stew" in w.say("alice", "/craft Stew")  # 5 fish and 4 wheat
    wheat -= 4
    assert (w.has("alice", "wheat"), w.has("alice", "fish")) == (wheat, 0)
    w.end_turn()

    # carol's turn: the Stew moves her to a location of alice's choice (rule 307b)
    assert w.ok("alice", "/use Stew carol Desert")
    assert w.where("carol") == "Desert" and w.has("alice", "Stew") == 0
    # rule 302: no one moves to or from the Desert themselves
    assert "no one moves to or from the Desert themselves (rule 302)" in w.say("carol",
                                                                          "/move Prairie")
    assert "bob is inactive now" in w.say("bob", "/inactive")
    w.inactive = {"bob"}
    w.end_turn()  # carol's turn ends in the Desert: her claim in the Jungle is 1 turn away

    # alice's fifth turn: ending it away from the Prairie a second time, without four turns
    # there before she left, loses her claim (rule 308); bob's turn is skipped (rule 206),
    # so he is no longer a Landowner (rule 305)
    w.end_turn()
    assert w.settler("alice").claim is None and w.settler("carol").claim == "Jungle"
    assert t.status()["turn"] == "carol" and w.settler("bob").landowner is False
    # so in the Jungle, bob counts for nothing against alice's roll: L = 0
    out = w.say("alice", "/gather")
    x = sum(w.dice(6, 6))
    assert f"0 other Landowners there, so alice gains the larger of 2 and {x} − 0: " \
           f"{max(2, x)}" in out
    assert w.has("alice", "timber") == 1 + jungle + max(2, x)
    # carol's window to roll shut as alice's turn ended (rule 305)
    assert "may not roll for location resources now" in w.say("carol", "/gather")
    files = t.files()
    assert verify(files) == [] and stale_readmes(files) == []


def test_on_github_a_non_players_and_an_edited_command_move_no_one(tmp_path):
    w = Hub(tmp_path, "any")
    try:
        w.t.tick()
        assert w.say("mallory", "/move Jungle") == ""  # no player: just talk
        hub = w.t.later(0.01)
        edited = hub.fake.add_comment(w.thread, "alice", "/move Jungle", created_at=hub.now)
        hub.fake.world.comments[edited].updated_at = hub.now + timedelta(minutes=1)
        assert hub.later(0.1).reconcile() == 0, hub.err
        assert "an edited command does not count" in w.replies()[-1]
        assert {login: w.where(login) for login in PLAYERS} == dict.fromkeys(PLAYERS, "City")
        assert verify(w.t.files()) == []
    finally:
        w.close()


def test_on_github_numbers_no_game_can_hold_are_refused_and_the_game_goes_on(tmp_path):
    """'²' passes `str.isdigit` and thousands of digits pass it too; an offer may not ask for
    more than the other player holds, so no amount past what the state can hold is written."""
    w = Hub(tmp_path, "any")
    try:
        w.t.tick()
        for text in ("/trade bob for ² fish", "/trade bob for " + "9" * 5000 + " fish",
                     "/trade bob for 9999999999999999 fish",
                     "/trade bob for 999999999999999 fish 999999999999999 fish"):
            answer = w.say("alice", text)
            assert "is not allowed" in answer, answer
        assert "bob does not have 1999999999999998 fish (has 0)" in answer
        assert "On the board: alice in the City" in w.say("bob", "/status")
        assert verify(w.t.files()) == []
    finally:
        w.close()


def test_a_proposal_amending_a_binding_changes_play_and_a_repeal_removes_the_mechanic(
        tmp_path):
    w = World(tmp_path, "any")
    t = w.t
    w.ok("alice", "/move Prairie")
    # alice's proposal: rule 306's players move once a turn, not once every 3 turns
    faster = t.read("rules/306-trade.md").replace("move_every: 3", "move_every: 1")
    t.branch("faster", {"rules/306-trade.md": faster}, author="alice")
    number = t.propose("alice", "faster")
    t.vote(number, "bob")
    t.vote(number, "carol")  # passed (rule 203): bob's turn
    w.end_turn()
    w.end_turn()
    assert w.ok("alice", "/move Jungle")  # one turn after her last move
    # alice's next proposal repeals rule 308: no more claims
    t.branch("no-claims", {"rules/308-claims.md": None}, author="alice")
    number = t.propose("alice", "no-claims")
    t.vote(number, "bob")
    t.vote(number, "carol")
    assert "the rules in force have no /claim command" in w.say("bob", "/claim")
    assert verify(t.files()) == []
