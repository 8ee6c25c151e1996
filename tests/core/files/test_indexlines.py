"""Index lines: a thousand a file, each parsed once when first read, named by file and line."""

import pytest

from nomic_ci.core.errors import GameError
from nomic_ci.core.files.indexlines import IndexLines


class Numbers(IndexLines[int]):
    folder, per_file = "x/index/", 2
    parsed = 0

    def _parse(self, line, path, number):
        if not line.isdigit():
            raise GameError("not a number", path=path, line=number)
        Numbers.parsed += 1
        return int(line)


def test_lines_are_parsed_when_first_read_and_written_a_file_per_thousand():
    Numbers.parsed = 0
    numbers = Numbers(["1", "2", "3"])
    assert len(numbers) == 3 and Numbers.parsed == 0
    assert numbers[-1] == 3 and numbers[-1] == 3 and Numbers.parsed == 1
    assert numbers[0:2] == [1, 2]
    assert numbers.texts() == {"x/index/0000.jsonl": "1\n2\n", "x/index/0001.jsonl": "3\n"}


def test_a_bad_line_is_named_by_the_file_it_was_read_from():
    numbers = Numbers(["1", "x"], starts=[(0, "x/index/0000.jsonl")])
    with pytest.raises(GameError) as error:
        numbers[1]
    assert str(error.value) == "x/index/0000.jsonl:2: not a number"
    assert Numbers(["1", "2", "x"]).where(2) == ("x/index/0001.jsonl", 1)
