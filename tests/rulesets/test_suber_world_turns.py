"""The Suber set's turns where they meet its world (seed 001: rules 201, 202, 206 and 305),
played through the players' commands and votes on both forges.

A turn that begins while another player's proposal is still in its vote cannot be used to
propose (202: a turn is proposing and having it voted on); when that vote closes, the turn
starts again (its 36 hours count from then, 206). It is the same turn: no one's turn was
skipped, so no one loses their Landowner status, and the player may not roll for location
resources, which comes "following the end of their turn" (305). With three players and
five, where the rest of the table is active or not, the same sequence reads the same.
"""

from __future__ import annotations

import pytest

from nomic_ci.core.game import load_game
from nomic_ci.core.verify import verify

from boardgames import board, forge_tables
from builders import new_rule


@pytest.fixture(params=["local", "github"])
def table(request):
    with forge_tables(request.param, "suber-initial-set") as make:
        yield make


def outcome(t, number: int) -> str:
    return next(r.outcome.value for r in load_game(t.files()).records if r.number == number)


@pytest.mark.parametrize("players", ["alice,bob,carol", "alice,bob,carol,dave,erin"])
def test_a_turn_kept_waiting_by_a_vote_starts_again_as_the_same_turn(table, tmp_path, players):
    t = table(tmp_path, "any", players=players)
    voters = players.split(",")[3:]  # dave and erin, where they play, vote
    t.later().branch("one", new_rule(310), author="alice")
    first = t.propose("alice", "one")  # T0+1h: its vote starts (alice's proposal is her yes)
    t.later().command("alice", "/inactive")  # T0+2h: her turn ends (206), and bob's begins
    assert t.status()["turn"] == "bob"
    assert board(t).world.settler("alice").gather  # 305: from the end of her turn
    for login in ["bob", *voters]:
        t.vote(first, login)
    # T0+38h: carol never voted: 36 hours after the vote started she is inactive (206), so
    # every active player has voted; a simple majority of them voted for it (203). bob
    # could not propose while it was in its vote (202): his turn starts again now
    t.later(36).tick()
    assert outcome(t, first) == "passed" and t.status()["turn"] == "bob"
    world = board(t).world
    assert (world.settler("bob").turns, world.settler("bob").gather) == (0, False)
    assert world.settler("alice").landowner and world.settler("carol").landowner
    t.command("bob", "/gather")  # his turn goes on: 305's roll comes after it
    assert "bob may not roll for location resources now" in t.out
    t.command("alice", "/gather")  # hers is open until the following turn, bob's, ends
    assert "alice rolls" in t.out and not board(t).world.settler("alice").gather
    # bob proposes, and his turn ends with the vote (202)
    t.later().branch("two", new_rule(311), author="bob")
    second = t.propose("bob", "two")
    for login in voters:
        t.vote(second, login)
    t.tick()
    assert outcome(t, second) == "passed"
    world = board(t).world
    assert world.settler("bob").turns == 1 and world.settler("bob").gather  # 305
    assert not world.settler("carol").landowner  # her turn, inactive, was skipped (206)
    if voters:  # dave's turn: carol's was the only one skipped on the way
        assert t.status()["turn"] == "dave" and world.settler("alice").landowner
    else:  # no one else is active: bob's next turn, a whole round on, skipping alice too
        assert t.status()["turn"] == "bob" and not world.settler("alice").landowner
    assert verify(t.files()) == []
