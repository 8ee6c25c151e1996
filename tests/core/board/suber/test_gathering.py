"""Location resources (seed 001, rule 305): 2d6 after the turn, less the other Landowners."""

import pytest

from nomic_ci.core.board.suber import gathering
from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.board.worldfile import Settler

from suberworld import play, suber_game


def test_the_roll_less_the_other_landowners_at_least_two():
    # bob and carol are Landowners in the Jungle too: L = 2; a roll of 3 + 4 = 7 gives 5
    game = suber_game(Token("alice", "Jungle"), Token("bob", "Jungle"), Token("carol", "Jungle"),
                      settlers=(Settler("alice", gather=True),), turn="bob")
    p = play(game, "alice", 3, 4)
    assert gathering.gather(p, "alice", []) is None
    assert p.token("alice").item("timber") == 5
    assert p.board.world.settler("alice").gather is False  # once (rule 305)
    assert "may not roll" in gathering.gather(p, "alice", [])
    p = play(game, "alice", 1, 2)  # 3 - 2 = 1: the larger is 2
    gathering.gather(p, "alice", [])
    assert p.token("alice").item("timber") == 2


def test_in_the_city_no_one_counts_and_a_non_landowner_counts_for_nothing():
    game = suber_game(Token("alice", "City"), Token("bob", "City"),
                      settlers=(Settler("alice", gather=True),))
    p = play(game, "alice", 3, 4)
    gathering.gather(p, "alice", [])
    assert p.token("alice").item("stock options") == 7
    game = suber_game(Token("alice", "Marsh"), Token("bob", "Marsh"),
                      settlers=(Settler("alice", gather=True), Settler("bob", landowner=False)))
    p = play(game, "alice", 3, 4)
    gathering.gather(p, "alice", [])
    assert p.token("alice").item("fish") == 7


def test_rolling_makes_a_player_a_landowner_again():
    game = suber_game(Token("alice", "Marsh"),
                      settlers=(Settler("alice", gather=True, landowner=False),))
    p = play(game, "alice", 3, 4)
    gathering.gather(p, "alice", [])
    assert p.board.world.settler("alice").landowner is True
    assert any("a Landowner again" in line for line in p.lines)


def test_the_desert_yields_nothing():
    game = suber_game(Token("alice", "Desert"), settlers=(Settler("alice", gather=True),))
    assert "the Desert yields no location resource (rule 305)" == gathering.gather(
        play(game), "alice", [])


def test_a_tool_used_on_a_player_adds_its_d3_where_it_works():
    # rule 307b: two Axes used on alice, in the Jungle: 2d6 + d3 + d3
    game = suber_game(Token("alice", "Jungle"),
                      settlers=(Settler("alice", gather=True, effects=(("Axe", 2), ("Hoe", 1))),))
    p = play(game, "alice", 3, 4, 2, 3)
    gathering.gather(p, "alice", [])
    assert p.token("alice").item("timber") == 12 and len(p.rolls) == 4


@pytest.mark.parametrize("value", [{"roll": "2d6"}, {"roll": "2d6", "at_least": 2,
                                                     "yields": {"City": 3}}])
def test_a_bad_binding_is_refused(value):
    with pytest.raises(ValueError, match="yields"):
        gathering.parse(value)
