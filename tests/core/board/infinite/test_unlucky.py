"""The Unlucky Space (seed 000, rule 9)."""

from dataclasses import replace

from nomic_ci.core.board.infinite import unlucky
from nomic_ci.core.board.boardfile import Board, Token, Turn

from boardgames import play_on, scores
from builders import T0, make_game


def start_game(*tokens, **marks):
    game = make_game(ruleset="infinite-nomic-r7-start")
    board = Board(tokens=tokens, turn=Turn("alice", T0, **marks) if marks else None)
    return replace(game, state=replace(game.state, board=board, turn="alice", turn_started=T0))


def test_landing_on_it_offers_a_or_b_and_b_stays():
    play = play_on(start_game(Token("alice", 4)))
    unlucky.land(play, "alice", 4)
    assert play.board.turn.choice == unlucky.LANDED
    assert unlucky.choose(play, "alice", unlucky.LANDED, "b") is None
    assert play.board.token("alice").space == 4 and scores(play)["alice"] == -5


def test_a_rolled_4_waits_then_b_moves_on_with_no_further_effects():
    play = play_on(start_game(Token("alice", 9), moved_at=T0, roll=4))
    assert unlucky.rolled(play, "alice", 4) and not unlucky.rolled(play, "alice", 3)
    unlucky.choose(play, "alice", unlucky.ROLLED, "b")
    # 9 + 4 on 10 spaces is 3: passing space 1 is no loop here (seed 000 has none)
    assert play.board.token("alice").space == 3 and scores(play)["alice"] == -5


def test_a_is_back_to_space_1():
    play = play_on(start_game(Token("alice", 4)))
    unlucky.choose(play, "alice", unlucky.LANDED, "a")
    assert play.board.token("alice").space == 1 and scores(play)["alice"] == 0
    assert unlucky.choose(play, "alice", unlucky.LANDED, "c").startswith("choose a or b")
