"""Jail (rule 8): escaping by a 5 or 6, or by a point after two failures in a row."""

from nomic_ci.core.board.infinite import jail
from nomic_ci.core.board.boardfile import Token

from boardgames import board_game, play_on, scores


def test_a_5_or_a_6_escapes_to_space_1():
    play = play_on(board_game(Token("alice", "jail", jail_failures=1)), "alice", 5)
    assert jail.escape(play, "alice", pay=False) is None
    assert play.board.token("alice") == Token("alice", 1)


def test_anything_else_is_a_failure_counted_in_a_row_and_one_try_a_turn():
    play = play_on(board_game(Token("alice", "jail")), "alice", 4)
    assert jail.escape(play, "alice", pay=False) is None
    assert play.board.token("alice").jail_failures == 1
    assert jail.escape(play, "alice", pay=False) == \
        "alice has already tried to escape this turn (rule 8)"


def test_paying_needs_two_failures_and_costs_a_point():
    once = play_on(board_game(Token("alice", "jail", jail_failures=1)))
    assert "only after failing 2 turns in a row (1 so far)" in jail.escape(once, "alice", True)
    twice = play_on(board_game(Token("alice", "jail", jail_failures=2), points={"alice": 3}))
    assert jail.escape(twice, "alice", pay=True) is None
    assert twice.board.token("alice").space == 1 and scores(twice)["alice"] == 2


def test_a_new_stay_in_jail_counts_no_failures_from_an_old_one():
    # failures left from an earlier stay (it ended in the Gulag, say) do not buy an escape
    play = play_on(board_game(Token("alice", 4, jail_failures=2)))
    jail.send(play, "alice", "the Cop Car")
    assert play.board.token("alice") == Token("alice", "jail")


def test_a_turn_in_jail_without_an_attempt_breaks_the_row():
    # rule 8: the point buys the escape "on their following turn" after two failures
    idle = play_on(board_game(Token("alice", "jail", jail_failures=2)))
    jail.turn_over(idle, "alice")
    assert idle.board.token("alice").jail_failures == 0
    tried = play_on(board_game(Token("alice", "jail", jail_failures=1)), "alice", 2)
    jail.escape(tried, "alice", pay=False)
    jail.turn_over(tried, "alice")
    assert tried.board.token("alice").jail_failures == 2
