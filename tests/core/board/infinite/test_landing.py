"""Moving up and landing: passing effects, then the landing space's features in order."""

from nomic_ci.core.board.boardfile import Pair, Token
from nomic_ci.core.board.infinite.landing import move_up

from boardgames import board_game, play_on, scores


def test_landing_on_a_fives_space_pays_and_is_remembered_for_the_turn():
    # 8 + 2 = 10: Fives (rule 8)
    play = play_on(board_game(Token("alice", 8)))
    move_up(play, "alice", 2, "movement (rule 7)")
    assert play.board.token("alice").space == 10 and scores(play)["alice"] == 10
    assert play.board.turn.landed == 10


def test_passing_space_1_then_a_lower_ladder():
    # 9 + 4 on 10 spaces: 10, 1, 2, 3 — looping (rule 13) +5; Ladder 1L on 3 lifts to 6
    play = play_on(board_game(Token("alice", 9), pairs=(Pair("Ladder", 1, 3, 6),)))
    move_up(play, "alice", 4, "movement (rule 7)")
    assert play.board.token("alice").space == 6 and scores(play)["alice"] == 5
    assert play.board.turn.landed == 6
