"""The Suber set's world (seed 001, rules 302–308) played through `nomic-ci command` on the
local forge, with the game's own dice from a fixed seed: players move, roll for location
resources, trade, pick professions, craft and use Bread and Stew, and claim territory.
Each expected figure is worked out here from the seed's text, citing the rule.

Turns pass as the seed says (rule 202: a turn is a proposal and its vote): the player whose
turn it is proposes a new rule and the others vote for it.
"""

from __future__ import annotations

from nomic_ci.core.verify import verify
from tables import LocalTable

from boardgames import board, roll_of, seed_for
from builders import new_rule

PLAYERS = ("alice", "bob", "carol")


class World:
    """A Suber game on the local forge, and what its state file says of each player."""

    def __init__(self, tmp_path, seed: str) -> None:
        self.t = LocalTable(tmp_path / "g", players=",".join(PLAYERS),
                            ruleset="suber-initial-set", dice_seed=seed)
        self.seed, self.rule, self.die = seed, 309, 0
        self.inactive: set[str] = set()  # who does not vote (rule 205)

    def say(self, login: str, text: str) -> str:
        self.t.command(login, text)
        return self.t.out

    def end_turn(self) -> None:
        """The player whose turn it is proposes a rule, the active others vote for it: it
        passes (rule 203) and the turn passes (rule 202)."""
        t = self.t.later(0.1)
        status = t.status()
        who, self.rule = status["turn"], self.rule + 1
        t.branch(f"rule-{self.rule}", new_rule(self.rule), author=who)
        number = t.propose(who, f"rule-{self.rule}")
        for login in PLAYERS:
            if login != who and login not in self.inactive:
                t.vote(number, login)

    def where(self, login: str) -> str:
        return board(self.t).token(login).space

    def has(self, login: str, name: str) -> int:
        return board(self.t).token(login).item(name)

    def settler(self, login: str):
        return board(self.t).world.settler(login)

    def dice(self, *sides: int) -> list[int]:
        """The game's next dice, as the engine must roll them."""
        found = [roll_of(self.seed, self.die + i + 1, s) for i, s in enumerate(sides)]
        self.die += len(sides)
        return found


def test_a_suber_game_moves_gathers_trades_crafts_and_claims(tmp_path):
    # the first dice fixed: alice's first roll is 6 + 6, bob's 3 + 3 (the rest are read)
    w = World(tmp_path, seed_for((6, 6), (6, 6), (6, 3), (6, 3)))
    t = w.t
    t.tick()
    # rule 302: players start out in the City
    assert {login: w.where(login) for login in PLAYERS} == dict.fromkeys(PLAYERS, "City")

    # --- round 1: each player's first turn
    assert "done" in w.say("alice", "/move Prairie")
    assert "has already moved this turn (rule 302: once a turn)" in w.say("alice", "/move Marsh")
    assert "only the player whose turn it is may /move" in w.say("bob", "/move Marsh")
    assert "may not roll for location resources now" in w.say("alice", "/gather")  # 305
    assert "alice is a Cook (rule 307)" in w.say("alice", "/profession Cook")
    w.end_turn()  # alice's turn ends: from now until bob's ends, she may roll (rule 305)
    out = w.say("alice", "/gather")
    x = sum(w.dice(6, 6))  # 12; no other Landowner in the Prairie, so she gains max(2, 12 - 0)
    assert f"alice rolls {x} (2d6) = {x} in the Prairie" in out and w.has("alice", "wheat") == 12
    assert "may not roll for location resources now" in w.say("alice", "/gather")  # once
    assert "done" in w.say("bob", "/move Marsh")
    w.end_turn()
    w.say("bob", "/gather")
    fish = max(2, sum(w.dice(6, 6)))  # 3 + 3 = 6 fish from the Marsh (rule 305's graph)
    assert w.has("bob", "fish") == fish == 6
    w.say("carol", "/move Jungle")
    w.say("carol", "/profession Blacksmith")
    w.end_turn()

    # --- round 2: nobody may move yet (rule 306: once every 3 turns)
    w.say("carol", "/gather")
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
    w.say("alice", "/gather")
    wheat = 12 + max(2, sum(w.dice(6, 6)))
    assert w.has("alice", "wheat") == wheat
    w.end_turn()  # bob does not roll after his second turn...
    w.end_turn()
    # ...and the window shut when the following turn (carol's) ended (rule 305)
    assert "may not roll for location resources now" in w.say("bob", "/gather")

    # --- round 3: alice has ended three turns in a row in the Prairie (rule 308)
    w.say("carol", "/gather")
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
    assert "done" in w.say("carol", "/claim")
    assert "alice already has a claim, in the Prairie: each player may have only one" in w.say(
        "alice", "/claim")
    assert "done" in w.say("alice", "/move Jungle")
    assert "alice does not have 50 timber" in w.say("alice", "/trade carol 50 timber for 1 wheat")
    assert "'-3' is not an amount" in w.say("alice", "/trade carol -3 wheat for 1 timber")
    assert "carol offers alice 2 timber for 1 wheat" in w.say("carol",
                                                             "/trade alice 2 timber for 1 wheat")
    assert "bob offers alice no trade" in w.say("alice", "/accept bob")
    assert "done" in w.say("alice", "/accept carol")  # rule 306: agreed by both, in public
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
    assert "done" in w.say("alice", "/use Bread bob carol")
    assert (w.where("bob"), w.where("carol"), w.has("alice", "Bread")) == ("Jungle", "Marsh", 0)
    assert "done" in w.say("bob", "/trade alice 5 fish for 2 wheat")
    w.say("alice", "/accept bob")
    wheat -= 2
    assert (w.has("alice", "fish"), w.has("bob", "fish"), w.has("bob", "wheat")) == (5, 1, 2)
    assert "alice crafts a Stew" in w.say("alice", "/craft Stew")  # 5 fish and 4 wheat
    wheat -= 4
    assert (w.has("alice", "wheat"), w.has("alice", "fish")) == (wheat, 0)
    w.end_turn()

    # carol's turn: the Stew moves her to a location of alice's choice (rule 307b)
    assert "done" in w.say("alice", "/use Stew carol Desert")
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
    assert verify(t.files()) == [] and t.cli("render", "--check") == 0
