"""Looping (rule 13): advancing to or past space 1 gains 5 points and ages Numbers."""

from nomic_ci.core.board.infinite import looping
from nomic_ci.core.board.boardfile import Token

from boardgames import board_game, play_on, scores


def test_passing_space_1_gains_5_points_and_grows_every_number():
    # rule 13: each Number grows by one, one that would pass 7 becomes a new 1, and a
    # Number 1 is granted
    play = play_on(board_game(Token("alice", 1, numbers=(2, 7))))
    looping.passing(play, "alice", (9, 10, 1, 2))
    assert scores(play)["alice"] == 5
    assert play.board.token("alice").numbers == (3, 1, 1)


def test_a_move_that_does_not_reach_space_1_gains_nothing():
    play = play_on(board_game(Token("alice", 2)))
    looping.passing(play, "alice", (3, 4, 5))
    assert scores(play)["alice"] == 0 and play.effects == []
