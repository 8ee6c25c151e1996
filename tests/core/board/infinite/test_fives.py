"""Fives (rule 8): landing on a space divisible by 5 gains 10 points."""

import pytest

from nomic_ci.core.board.infinite import fives
from nomic_ci.core.board.boardfile import Token

from boardgames import board_game, play_on, scores


def test_a_space_divisible_by_5_pays_10_points():
    play = play_on(board_game(Token("alice", 10)))
    assert fives.present(play, 10) and fives.present(play, 5) and not fives.present(play, 7)
    fives.land(play, "alice", 10)
    assert scores(play)["alice"] == 10
    assert play.lines == ["Fives: space 10 is divisible by 5 (rule 8): alice gains 10 points "
                          "(now 10)"]


def test_the_binding_is_the_divisor_and_the_points():
    with pytest.raises(ValueError):
        fives.parse_fives({"divisible_by": 0, "points": 10})
    assert fives.parse_fives({"divisible_by": 3, "points": 1}) == fives.Fives(3, 1)
