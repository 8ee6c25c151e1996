"""A turn's end on the board: the Cop Car's default, missed turns, the 5-minute timer."""

from dataclasses import replace
from datetime import timedelta

from nomic_ci.core.board.boardfile import Token, Turn
from nomic_ci.core.board.infinite.turn_end import timers, turn_ends

from boardgames import board_game
from builders import DICE, T0


def with_turn(game, **marks):
    board = replace(game.state.board, turn=Turn("alice", T0, **marks))
    return replace(game, state=replace(game.state, board=board))


def test_a_cop_car_choice_not_made_takes_option_a():
    game = with_turn(board_game(Token("alice", 4)), moved_at=T0, choice="cop-car")
    state, record = turn_ends(game, T0, DICE, "alice", by_player=True)
    assert state.board.token("alice").space == "jail" and state.board.turn is None
    assert "option a is taken (rule 11)" in record.answer


def test_a_choice_offered_outside_the_turn_waits_for_the_players_own_turns_end():
    waiting = board_game(Token("alice", 4, choice="cop-car"), Token("bob", 2), turn="bob")
    state, _ = turn_ends(waiting, T0, DICE, "bob", by_player=True)
    assert state.board.token("alice").space == 4  # bob's turn ends: not hers
    mine = replace(waiting, state=replace(state, turn="alice", turn_started=T0))
    state, record = turn_ends(mine, T0, DICE, "alice", by_player=True)
    assert state.board.token("alice").space == "jail"
    assert state.board.token("alice").choice is None
    assert "option a is taken (rule 11)" in record.answer


def test_a_turn_with_nothing_done_is_a_missed_turn_and_a_pass_is_not():
    state, record = turn_ends(board_game(), T0, DICE, "alice", by_player=False)
    assert state.board.token("alice").missed_turns == 1 and record.command == "turn end"
    assert turn_ends(board_game(), T0, DICE, "alice", by_player=True)[1] is None
    acted = with_turn(board_game())  # a command that marked nothing else (gulag.acted)
    assert turn_ends(acted, T0, DICE, "alice", by_player=False)[1] is None


def test_the_turn_ends_five_minutes_after_moving_unless_continued():
    moved = with_turn(board_game(Token("alice", 3)), moved_at=T0)
    [(at, passing)] = list(timers(moved))
    assert at == T0 + timedelta(minutes=5) and passing.to_login == "bob"
    assert list(timers(with_turn(board_game(), moved_at=T0, continued=True))) == []


def test_a_roll_waiting_on_the_frontier_sets_the_frontier_timer_not_rule_7s():
    from nomic_ci.core.board.infinite.turn_end import frontier_opens
    from nomic_ci.core.transitions import BoardTimer
    waiting = with_turn(board_game(Token("alice", 10)), moved_at=T0, roll=3, explore=3)
    [(at, timer)] = list(timers(waiting))
    assert isinstance(timer, BoardTimer) and at == T0 + timedelta(minutes=10)
    state, record = frontier_opens(waiting, at, DICE, timer)
    assert state.board.turn.explore_open and record.command == "frontier timer"
    told = replace(waiting, state=state)
    assert list(timers(told)) == []  # told once; and the turn waits for /explore
