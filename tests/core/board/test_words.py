"""A command's words: numbers a player may write, and those that would break the engine."""

import pytest

from nomic_ci.core.board.words import number_in


@pytest.mark.parametrize("word, number", [
    ("0", 0), ("7", 7), ("007", 7), ("9" * 15, 10 ** 15 - 1),
    ("²", None), ("٣", None), ("9" * 16, None), ("9" * 5000, None), ("-1", None), ("1.5", None),
    ("", None), (" 1", None), ("1e3", None),
])
def test_a_number_is_one_to_fifteen_ascii_digits(word, number):
    assert number_in(word) == number
