"""The default ruleset (seed 002), played through the CLI on the local forge: the seed's
readings the engine follows, each checked against the rule's text.

Rule 103: "One turn consists of three parts in this order: (1) propose one rule-change.
(2) generate a random number between 1 and 6. That number is added to the player's score.
(3) proposed rule change is voted on and either accepted or declined."
"""

import pytest

from nomic_ci.core.dice import derive_roll, roll_inputs

from builders import HOUR, SEED, T0, by_name, new_rule
from tables import LocalTable


@pytest.fixture
def t(tmp_path):
    return LocalTable(tmp_path / "g", players="alice,bob,carol")


def record(t, number):
    return next(text for path, text in sorted(t.files().items())
                if by_name(path).startswith(f"proposals/{number:04d}-"))


def test_a_second_proposal_in_a_turn_is_refused_citing_rule_103_that_refuses_it(t):
    # rule 103's "propose one rule-change" is what refuses a second one, not the turn order
    t.later().branch("one", new_rule(201), author="alice")
    assert t.propose("alice", "one") == 1
    t.later().branch("two", new_rule(202), author="alice")
    assert t.propose("alice", "two") == 2
    assert "proposal 1 is still in its vote; one proposal a turn (rule 103)" in record(t, 2)


def die(roll_number, proposal):
    """The d6 of the game's `roll_number`-th roll, made for `proposal` (public dice)."""
    return derive_roll(6, roll_inputs(SEED, roll_number, proposal))


def points(t):
    return {p["login"]: p["points"] for p in t.status()["players"]}


def test_the_die_is_rolled_and_added_as_the_proposal_is_made_before_its_vote(t):
    # rule 103's parts "in this order": (1) propose, (2) roll and add, (3) vote
    t.later().branch("idle", new_rule(201), author="bob")
    assert t.propose("bob", "idle") == 1  # out of turn: refused, and it rolls nothing
    t.later().branch("one", new_rule(202), author="alice")
    assert t.propose("alice", "one") == 2
    first = die(1, 2)  # the game's first roll, for proposal 2
    assert f"Dice: alice rolls {first} (+{first}, now {first} points)" in t.out
    assert points(t) == {"alice": first, "bob": 0, "carol": 0}  # before anyone votes
    assert t.cli("verify") == 0, t.err  # the roll in its vote adds up
    t.later().vote(2, "bob")
    t.later().vote(2, "carol", yes=False)  # decided: no second roll
    text = record(t, 2)
    assert "outcome: passed" in text and f"result: {first}" in text
    assert f"points:\n  alice: {first}\n" in text and "roll: 1\n" in text
    assert points(t) == {"alice": first, "bob": 0, "carol": 0}
    assert t.cli("verify") == 0, t.err


def test_a_player_wins_by_the_roll_while_their_proposal_is_in_its_vote(t):
    # rule 101: "The first player to reach 100 points wins the game"; rule 103 adds the roll
    # before the vote, so the vote never comes
    assert t.cli("adjust", "alice", "99", "--as", "alice", "--reason", "a long game") == 0
    t.later().branch("one", new_rule(201), author="alice")
    assert t.propose("alice", "one") == 1
    status = t.status()
    assert status["winners"] == ["alice"] and status["over"]
    assert points(t)["alice"] == 99 + die(1, 1)
    text = record(t, 1)  # the proposal ends with the game, and keeps its roll
    assert "outcome: refused" in text and "the game ended before its vote finished" in text
    assert f"points:\n  alice: {die(1, 1)}\n" in text
    assert t.cli("verify") == 0, t.err


def test_a_proposal_still_in_its_vote_at_the_end_date_keeps_its_roll(tmp_path):
    # rule 107: "The player with the highest point value at this time wins the game"
    t = LocalTable(tmp_path / "g", players="alice,bob,carol",
                   ends=(T0 + 10 * HOUR).isoformat())
    t.later().branch("one", new_rule(201), author="alice")
    assert t.propose("alice", "one") == 1
    t.later(12).tick()  # the end date comes before the vote's 48 hours
    status = t.status()
    assert status["over"] and status["winners"] == ["alice"]
    assert points(t) == {"alice": die(1, 1), "bob": 0, "carol": 0}
    text = record(t, 1)
    assert "outcome: refused" in text and f"result: {die(1, 1)}" in text
    assert t.cli("verify") == 0, t.err


def test_withdrawing_a_proposal_after_a_poor_roll_keeps_the_roll_and_ends_the_turn(t):
    # a player who dislikes their roll cannot propose again for a new one: the roll stays,
    # and the turn goes with the withdrawn proposal
    t.later().branch("one", new_rule(201), author="alice")
    assert t.propose("alice", "one") == 1
    t.withdraw("one")
    t.later().tick()
    assert "outcome: retracted" in record(t, 1) and t.status()["turn"] == "bob"
    t.later().branch("again", new_rule(202), author="alice")
    assert t.propose("alice", "again") == 2  # refused: bob's turn
    assert "it is bob's turn, not alice's" in record(t, 2)
    assert points(t) == {"alice": die(1, 1), "bob": 0, "carol": 0}
    t.later().branch("two", new_rule(203), author="bob")
    assert t.propose("bob", "two") == 3
    assert points(t) == {"alice": die(1, 1), "bob": die(2, 3), "carol": 0}
    assert t.cli("verify") == 0, t.err
