"""Index lines: in pieces, a thousand's to a folder, each parsed once when first read, named
by file and line; an older engine's files of a thousand read as they are."""

import pytest

from nomic_ci.core.errors import GameError
from nomic_ci.core.files import indexlines
from nomic_ci.core.files.gamefiles import GameFiles, Moved
from nomic_ci.core.files.indexlines import IndexLines


class Numbers(IndexLines[int]):
    folder, per_file, per_piece = "x/index/", 4, 2  # a "thousand" of four, pieces of two
    parsed = 0

    def _parse(self, line, path, number):
        if not line.isdigit():
            raise GameError("not a number", path=path, line=number)
        Numbers.parsed += 1
        return int(line)


def test_lines_are_parsed_when_first_read_and_written_in_pieces_a_full_thousand_in_its_folder():
    Numbers.parsed = 0
    numbers = Numbers(["1", "2", "3", "4", "5", "6", "7"])
    assert len(numbers) == 7 and Numbers.parsed == 0
    assert numbers[-1] == 7 and numbers[-1] == 7 and Numbers.parsed == 1
    assert numbers[0:2] == [1, 2]
    assert numbers.texts() == {
        "x/index/0000/00.jsonl": "1\n2\n", "x/index/0000/01.jsonl": "3\n4\n",
        "x/index/latest/00.jsonl": "5\n6\n", "x/index/latest/01.jsonl": "7\n",
        "x/index/totals.json": '{"lines":7,"moved":{}}\n'}


def test_a_bad_line_is_named_by_the_file_it_was_read_from():
    files = {"x/index/latest/00.jsonl": "1\nx\n"}
    numbers = Numbers(files=files, shards=list(files))
    with pytest.raises(GameError) as error:
        numbers[1]
    assert str(error.value) == "x/index/latest/00.jsonl:2: not a number"
    assert Numbers(["1", "2", "3", "4", "x"]).where(4) == ("x/index/latest/00.jsonl", 1)


def test_a_file_before_the_last_holds_as_many_lines_as_the_engine_writes_or_none_is_read():
    files = {"x/index/latest/00.jsonl": "1\n", "x/index/latest/01.jsonl": "2\n"}
    with pytest.raises(GameError, match="holds 1 lines, not 2") as error:
        list(Numbers(files=files, shards=list(files)))
    assert error.value.path == "x/index/latest/00.jsonl" and "nomic-ci render" in error.value.hint


def pieces(texts):
    return Numbers(files=texts, shards=Numbers.shards_in(texts))


def test_the_check_a_render_makes_needs_the_last_file_and_the_totals_alone():
    texts = Numbers(["1", "2", "3", "4", "5"]).texts()
    assert pieces(texts).check() == []
    missing = {path: text for path, text in texts.items() if "totals" not in path}
    assert pieces(missing).check() == ["x/index/totals.json is missing"]
    wrong = {**texts, "x/index/latest/00.jsonl": "5\n6\n"}
    assert "not written as the engine writes them" in pieces(wrong).check()[0]
    gone = {p: t for p, t in texts.items() if p != "x/index/0000/01.jsonl"}
    assert pieces(gone).check() == ["x/index/0000/01.jsonl is missing"]
    astray = {**texts, "x/index/0000/07.jsonl": "8\n"}
    assert pieces(astray).check() == [
        "x/index/0000/07.jsonl is not where the engine writes a file of the index "
        "(x/index/latest/00.jsonl)"]


def test_a_line_fills_the_last_piece_or_starts_one_and_a_full_thousand_moves_by_name():
    files = GameFiles(Numbers(["1", "2", "3"]).texts())
    numbers = pieces(files)._appended("4")
    assert numbers.written() == {"x/index/0000/01.jsonl": "3\n4\n",
                                 "x/index/0000/00.jsonl": Moved("x/index/latest/00.jsonl"),
                                 "x/index/latest/00.jsonl": None, "x/index/latest/01.jsonl": None,
                                 "x/index/totals.json": '{"lines":4,"moved":{}}\n'}
    files = files.changed(numbers.written())
    assert sorted(files) == ["x/index/0000/00.jsonl", "x/index/0000/01.jsonl",
                             "x/index/totals.json"]
    assert list(pieces(files)) == [1, 2, 3, 4] and pieces(files).check() == []
    numbers = pieces(files)._appended("5")
    assert numbers.written() == {"x/index/latest/00.jsonl": "5\n",
                                 "x/index/totals.json": '{"lines":5,"moved":{}}\n'}
    for n in range(6, 12):  # in one run: a thousand fills, and the lines go on after it
        numbers = numbers._appended(str(n))
    files = files.changed(numbers.written())
    assert numbers.written()["x/index/0001/00.jsonl"] == "5\n6\n"  # written this run: its text
    assert list(pieces(files)) == list(range(1, 12)) and pieces(files).check() == []


def test_an_older_engines_files_of_a_thousand_are_read_and_the_partial_last_split_once():
    old = {"x/index/0000.jsonl": "1\n2\n3\n4\n", "x/index/0001.jsonl": "5\n6\n",
           "x/index/totals.json": '{\n "lines": 6,\n "moved": {}\n}\n'}
    numbers = pieces(old)
    assert list(numbers) == [1, 2, 3, 4, 5, 6] and numbers.check() == []
    assert numbers.where(5) == ("x/index/0001.jsonl", 2)
    assert numbers.texts(like=old) == old  # as the engine writes it: a fast `verify`
    later = numbers._appended("7")
    assert later.written() == {"x/index/0001.jsonl": None, "x/index/latest/00.jsonl": "5\n6\n",
                               "x/index/latest/01.jsonl": "7\n",
                               "x/index/totals.json": '{"lines":7,"moved":{}}\n'}
    files = GameFiles(old).changed(later.written())
    assert list(pieces(files)) == list(range(1, 8)) and pieces(files).check() == []
    assert sorted(files)[:2] == ["x/index/0000.jsonl", "x/index/latest/00.jsonl"]


class Moves(Numbers):
    """Numbers whose even lines move "even", and every tenth "tens"."""

    looked_at = 0

    def _moved(self, line, index):
        Moves.looked_at += 1
        return [name for name, moves in (("even", int(line) % 2 == 0),
                                         ("tens", int(line) % 10 == 0)) if moves]


def sharded(texts):
    return Moves(files=texts, shards=Moves.shards_in(texts))


def test_the_totals_name_the_latest_lines_that_moved_each_quantity_so_none_is_searched(
        monkeypatch):
    monkeypatch.setattr(indexlines, "KEPT", 4)
    written = Moves([str(n) for n in range(1, 10)])
    for n in range(10, 13):
        written = written._appended(str(n))  # as a run adds a line
    read = sharded(written.texts())
    Moves.looked_at = 0
    assert list(read.moving("tens")) == [10] and Moves.looked_at == 0  # fewer than KEPT: all
    assert list(read.moving("odd")) == [] and Moves.looked_at == 0
    # more than KEPT moved it: the latest from the totals, then older ones read back
    assert list(read.moving("even")) == [12, 10, 8, 6, 4, 2]
    assert Moves.looked_at == 5  # the lines before the fourth latest (6): 5 to 1


def test_totals_an_older_engine_wrote_are_added_up_again_and_written_with_the_next_line():
    texts = Moves([str(n) for n in range(1, 6)]).texts()
    older = {**texts, "x/index/totals.json": '{\n "lines": 5\n}\n'}  # no "moved"
    read = sharded(older)
    assert list(read.moving("even")) == [4, 2]
    assert read._appended("6").written()["x/index/totals.json"] == \
        '{"lines":6,"moved":{"even":[1,3,5]}}\n'


def test_totals_edited_by_hand_are_not_trusted_to_name_lines(monkeypatch):
    texts = Moves([str(n) for n in range(1, 7)]).texts()
    for moved in ('"even": [99]', '"even": [3, 1]', '"even": ["1"]', '"even": 5'):
        edited = {**texts, "x/index/totals.json": '{"lines": 6, "moved": {%s}}' % moved}
        assert list(sharded(edited).moving("even")) == [6, 4, 2], moved  # every line read
