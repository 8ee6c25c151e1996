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
    assert numbers.texts() == {"x/index/0000.jsonl": "1\n2\n", "x/index/0001.jsonl": "3\n",
                               "x/index/totals.json": '{\n "lines": 3\n}\n'}


def test_a_bad_line_is_named_by_the_file_it_was_read_from():
    files = {"x/index/0000.jsonl": "1\nx\n"}
    numbers = Numbers(files=files, shards=list(files))
    with pytest.raises(GameError) as error:
        numbers[1]
    assert str(error.value) == "x/index/0000.jsonl:2: not a number"
    assert Numbers(["1", "2", "x"]).where(2) == ("x/index/0001.jsonl", 1)


def test_a_file_before_the_last_holds_as_many_lines_as_the_engine_writes_or_none_is_read():
    files = {"x/index/0000.jsonl": "1\n", "x/index/0001.jsonl": "2\n"}
    with pytest.raises(GameError, match="holds 1 lines, not 2") as error:
        list(Numbers(files=files, shards=list(files)))
    assert error.value.path == "x/index/0000.jsonl" and "nomic-ci render" in error.value.hint


def test_the_check_a_render_makes_needs_the_last_file_and_the_totals_alone():
    texts = Numbers(["1", "2", "3"]).texts()
    assert Numbers(files=texts, shards=sorted(p for p in texts if p.endswith("l"))).check() == []
    missing = {path: text for path, text in texts.items() if "totals" not in path}
    assert Numbers(files=missing, shards=sorted(missing)).check() == [
        "x/index/totals.json is missing"]
    wrong = {**texts, "x/index/0001.jsonl": "3\n4\n"}
    assert "not written as the engine writes them" in Numbers(
        files=wrong, shards=sorted(p for p in wrong if p.endswith("l"))).check()[0]
