"""Snakes and Ladders (rule 20)."""

import pytest

from nomic_ci.core.board.infinite import snakes
from nomic_ci.core.board.boardfile import Pair, Token

from boardgames import board_game, play_on


def test_a_lower_ladder_lifts_and_an_upper_snake_drops():
    game = board_game(Token("alice", 3), Token("bob", 9),
                      pairs=(Pair("Ladder", 1, 3, 8), Pair("Snake", 1, 2, 9)))
    play = play_on(game)
    snakes.LADDER.land(play, "alice", 3)
    snakes.SNAKE.land(play, "bob", 9)
    assert play.board.token("alice").space == 8 and play.board.token("bob").space == 2
    assert "Ladder 1L (rule 20): alice moves 3 → 4 → 5 → 6 → 7 → 8" in play.lines


def test_the_other_ends_do_nothing():
    game = board_game(Token("alice", 8), pairs=(Pair("Ladder", 1, 3, 8),))
    play = play_on(game)
    snakes.LADDER.land(play, "alice", 8)  # an upper Ladder: no move
    assert play.board.token("alice").space == 8 and play.effects == []


def test_the_binding_names_what_they_precede():
    assert snakes.parse({"before": "Cop Car"}).before == "Cop Car"
    with pytest.raises(ValueError):
        snakes.parse({"after": "Cop Car"})
