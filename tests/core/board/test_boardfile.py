"""`state/board.yaml`: read, written back alike, and checked against the ring."""

import pytest

from nomic_ci.core.board.boardfile import (Board, CopCar, House, Pair, Token, check_board,
                                           dump_board, read_board)
from nomic_ci.core.board.ring import Ring
from nomic_ci.core.errors import GameError


def test_a_board_reads_back_as_written():
    board = Board(2, CopCar(4, 190), (House(3, "bob"),), (Pair("Snake", 1, 2, 11),),
                  (Token("alice", "jail", (("Flute", 1),), (1, 3), 10, 1, 0),))
    assert read_board(dump_board(board)) == board


def test_a_mistake_names_the_file_the_line_and_what_is_expected():
    text = dump_board(Board(tokens=(Token("alice", 3),))).replace("space: 3", "space: moon")
    with pytest.raises(GameError) as error:
        read_board(text)
    assert str(error.value).startswith("state/board.yaml:") and "jail or gulag" in str(error.value)


def test_nothing_may_stand_beyond_the_board():
    board = Board(tokens=(Token("alice", 12),))
    check_board({"ring": Ring(10)}, Board(added_spaces=2, tokens=(Token("alice", 12),)))
    with pytest.raises(GameError, match="alice's token is on space 12, but the board has 10"):
        check_board({"ring": Ring(10)}, board)


def test_a_token_is_only_in_a_place_the_rules_name():
    """A misspelt location is not the City, and a name in a game of numbered spaces (a
    hand-typed `Jail` for `jail`) is not a space: each is an error naming the file."""
    from nomic_ci.core.board.suber.locations import parse
    places = {"locations": parse({"places": ["City", "Jungle"], "start": "City"})}
    check_board(places, Board(tokens=(Token("bob", "Jungle"),)))
    with pytest.raises(GameError, match="bob's token is in 'Jungel', a place no rule names"
                       ) as error:
        check_board(places, Board(tokens=(Token("bob", "Jungel"),)))
    assert error.value.path == "state/board.yaml" and "City, Jungle" in error.value.hint
    with pytest.raises(GameError, match="the rules in force name no places"):
        check_board({"ring": Ring(10)}, Board(tokens=(Token("alice", "Jail"),)))


def test_a_board_past_ten_thousand_spaces_is_refused():
    with pytest.raises(GameError, match="more than the 10,000 a board can hold"):
        check_board({"ring": Ring(10)}, Board(added_spaces=10 ** 12))


def test_offers_and_the_frontier_marks_read_back_and_are_left_out_when_there_are_none():
    from nomic_ci.core.board.boardfile import Board, Offer, Turn, dump_board, read_board

    from builders import T0
    board = Board(offers=(Offer(3, "alice", "bob", (("points", 2),), (("Flute", 1),)),),
                  turn=Turn("alice", T0, moved_at=T0, roll=5, explore=5, explore_open=True))
    assert read_board(dump_board(board)) == board
    plain = dump_board(Board(turn=Turn("alice", T0)))
    assert "offers" not in plain and "explore" not in plain
