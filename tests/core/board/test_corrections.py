"""An admin's correction of the board: checked as the game it leaves, named by its file."""

import pytest

from nomic_ci.core.board.boardfile import Token, dump_board, read_board
from nomic_ci.core.board.corrections import corrected
from nomic_ci.core.errors import GameError

from boardgames import board_game
from builders import make_game


def test_a_correction_is_the_board_as_the_engine_writes_it():
    game = board_game(Token("alice", 3))
    text = dump_board(board_game(Token("alice", 2)).state.board)
    assert read_board(corrected(game, text, "fix.yaml")).token("alice").space == 2


@pytest.mark.parametrize("tokens, words", [
    ((Token("alice", 3), Token("mallory", 2)), "mallory has a token but is no player"),
    ((Token("alice", 12),), "fix.yaml: alice's token is on space 12, but the board has 10"),
    ((Token("alice", 3),), "fix.yaml: the board is as it already stands"),
])
def test_a_correction_no_game_could_have_is_refused_naming_the_file(tokens, words):
    game = board_game(Token("alice", 3))
    text = dump_board(board_game(*tokens).state.board)
    with pytest.raises(GameError) as error:
        corrected(game, text, "fix.yaml")
    assert words in str(error.value)


def test_a_game_without_a_board_has_none_to_correct():
    with pytest.raises(GameError, match="this game has no board"):
        corrected(make_game(), "tokens: []\n", "fix.yaml")
