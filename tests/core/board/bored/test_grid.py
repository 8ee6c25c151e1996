"""The BoredNomic board's squares (seed 003 rule 6)."""

import pytest

from nomic_ci.core.board.bored import grid
from nomic_ci.core.board.primitives import View
from nomic_ci.core.mechanics.registry import BINDINGS

from boardgames import bored_game

GRID = grid.Grid(10, ("Red", "Yellow", "Green", "Cyan", "Blue"))


def test_rows_of_ten_wind_like_snakes_and_ladders():
    # 6.5: 1 bottom left, right to 10; 11 above 10, left to 20; then right again
    assert [GRID.cell(s) for s in (1, 10, 11, 20, 21, 22)] == \
        [(0, 0), (9, 0), (9, 1), (0, 1), (0, 2), (1, 2)]


def test_colours_repeat_every_five():
    # 6.9: "The cycle goes: Red, Yellow, Green, Cyan, Blue"
    assert [GRID.colour(s) for s in (1, 2, 5, 6, 21, 22)] == \
        ["Red", "Yellow", "Blue", "Red", "Red", "Yellow"]


def test_the_binding():
    assert BINDINGS["grid"].parse({"columns": 10, "colours": ["Red"]}) == grid.Grid(10, ("Red",))
    for bad in ({"columns": 0, "colours": ["Red"]}, {"columns": 10, "colours": []},
                {"columns": 10}, {"columns": 10, "colours": [3]}):
        with pytest.raises(ValueError):
            BINDINGS["grid"].parse(bad)


def test_the_squares_the_rules_name_are_added_past_the_highest():
    game = bored_game(added_spaces=0)
    assert grid.named_squares(game.config) == {1: "Go", 21: "The Arena", 22: "The Inquisition"}
    assert grid.missing_squares(View(game.config, game.state)) == 2  # 6.3: 21, then 22
    assert grid.missing_squares(View(game.config, bored_game().state)) == 0
