"""verify's board part: the actions replayed from the start against state/board.yaml."""

from dataclasses import replace

from nomic_ci.core.board.actionindex import ActionLog
from nomic_ci.core.board.actions import carry_out
from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.board.replay import replay

from boardgames import board_game
from builders import T0, ScriptedDice


def played():
    game = board_game()
    state, record = carry_out(game, T0, ScriptedDice(4), "alice", "/roll", 1)
    return replace(game, state=state, actions=ActionLog.of([record]))


def test_the_board_the_actions_make_is_the_board():
    assert replay(played(), []) == []


def test_a_token_moved_by_hand_is_named():
    game = played()
    board = game.state.board.with_token(Token("alice", 9))
    assert replay(replace(game, state=replace(game.state, board=board)), []) == [
        "state/board.yaml: alice's space is 9, but the actions give 5; an admin corrects the "
        "board with `nomic-ci adjust --board FILE`, which records who and why"]


def test_an_admins_correction_is_where_the_replay_goes_on_from():
    from nomic_ci.core.board.boardfile import dump_board
    from nomic_ci.core.files.adjustments import ADJUSTMENTS, Adjustment, dump_adjustments
    game = played()  # alice's action 1 took her to 5
    board = game.state.board.with_token(Token("alice", 9))
    fixed = Adjustment(game.actions[-1].at, None, 0, "a ruling", "admin", dump_board(board),
                       after_action=len(game.actions))
    corrected = replace(game, state=replace(game.state, board=board),
                        files=game.files.changed({ADJUSTMENTS: dump_adjustments((fixed,))}))
    assert replay(corrected, []) == []
