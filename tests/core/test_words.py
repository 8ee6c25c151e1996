"""A command's words: numbers a player may write, and those that would break the engine."""

import ast
from pathlib import Path

import pytest

from nomic_ci.core.words import number_in


@pytest.mark.parametrize("word, number", [
    ("0", 0), ("7", 7), ("007", 7), ("9" * 15, 10 ** 15 - 1),
    ("²", None), ("٣", None), ("9" * 16, None), ("9" * 5000, None), ("-1", None), ("1.5", None),
    ("", None), (" 1", None), ("1e3", None),
])
def test_a_number_is_one_to_fifteen_ascii_digits(word, number):
    assert number_in(word) == number


def test_no_other_reader_reads_the_numbers_players_write():
    """`\\d` and str.isdigit take other scripts' digits ('٣', '３', '²') and any number of
    them: one `/trade bob <5,000 digits> points` stopped every run of a game. Every number a
    player writes goes through number_in, and every pattern spells its digits [0-9]."""
    found = []
    for path in sorted(Path(__file__).resolve().parents[2].joinpath("nomic_ci").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)) and \
                    ("\\d" in node.value if isinstance(node.value, str) else b"\\d" in node.value):
                found.append(f"{path.name}:{node.lineno} reads digits with \\d")
            if isinstance(node, ast.Attribute) and node.attr in ("isdigit", "isdecimal",
                                                                 "isnumeric"):
                found.append(f"{path.name}:{node.lineno} reads digits with .{node.attr}()")
    assert found == []
