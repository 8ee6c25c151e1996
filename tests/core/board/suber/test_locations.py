"""Locations (seed 001, rule 302, and rule 306's once every 3 turns)."""

import pytest

from nomic_ci.core.board.suber import locations
from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.board.worldfile import Settler

from suberworld import play, suber_game


def test_a_player_with_no_location_is_in_the_city():
    game = suber_game(Token("alice", 1))  # a token on no location at all
    assert locations.location_of(play(game), "alice") == "City"


def test_a_move_is_once_a_turn_and_once_every_three_turns():
    p = play(suber_game())
    assert locations.move(p, "alice", ["jungle"]) is None  # any case
    assert p.token("alice").space == "Jungle" and p.board.world.settler("alice").moved == 0
    assert "already moved this turn (rule 302" in locations.move(p, "alice", ["Marsh"])
    p = play(suber_game(Token("alice", "Jungle"), settlers=(Settler("alice", turns=2, moved=0),)))
    assert "once every 3 turns (rule 306)" in locations.move(p, "alice", ["Marsh"])
    p = play(suber_game(Token("alice", "Jungle"), settlers=(Settler("alice", turns=3, moved=0),)))
    assert locations.move(p, "alice", ["Marsh"]) is None


@pytest.mark.parametrize("start, to", [("City", "Desert"), ("Desert", "City")])
def test_no_one_moves_to_or_from_the_desert_themselves(start, to):
    p = play(suber_game(Token("alice", start)))
    assert "no one moves to or from the Desert themselves (rule 302)" in locations.move(
        p, "alice", [to])


def test_a_move_names_a_location_other_than_ones_own():
    p = play(suber_game())
    assert "one of Prairie, Jungle, Mountains, Marsh, City, Desert" in locations.move(
        p, "alice", ["Atlantis"])
    assert "alice is already in the City" == locations.move(p, "alice", ["City"])
    assert p.effects == []


@pytest.mark.parametrize("value", [
    {"places": ["City"]}, {"places": [], "start": "City"},
    {"places": ["City", "City"], "start": "City"}, {"places": ["city"], "start": "city"},
    {"places": ["City"], "start": "Jungle"}, {"places": ["City"], "start": "City",
                                                "closed": ["Desert"]}])
def test_a_bad_binding_is_refused_saying_what_is_expected(value):
    with pytest.raises(ValueError, match="places"):
        locations.parse(value)


def test_being_sent_where_one_already_is_keeps_ones_turns_there():
    """308 counts a player's turns in a row in one location: Bread or Stew that leaves them
    where they are is no move, and must not wipe their progress to a claim."""
    p = play(suber_game(Token("bob", "Jungle"), settlers=(Settler("bob", stay=2, held=4),)))
    locations.relocate(p, "bob", "Jungle", "Stew")
    assert p.board.world.settler("bob").stay == 2 and p.lines == []
    locations.relocate(p, "bob", "Marsh", "Stew")
    assert p.board.world.settler("bob").stay == 0
