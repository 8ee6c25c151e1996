"""Where an index's lines are kept: pieces of twenty, the open thousand's in `latest/`, a
full thousand's in its own folder, and an older engine's files of a thousand as they are."""

import pytest

from nomic_ci.core.files.gamefiles import GameFiles
from nomic_ci.core.files.indexpieces import IndexPieces, ceil


class Pieces(IndexPieces):
    folder = "x/index/"


def test_the_engines_real_sizes_put_a_thousand_in_fifty_pieces():
    pieces = Pieces()
    assert pieces.layout(0) == []
    assert pieces.layout(1) == ["x/index/latest/00.jsonl"]
    assert pieces.layout(21) == ["x/index/latest/00.jsonl", "x/index/latest/01.jsonl"]
    full = pieces.layout(1000)
    assert len(full) == 50 and full[0] == "x/index/0000/00.jsonl" and \
        full[-1] == "x/index/0000/49.jsonl"
    assert pieces.layout(1001)[50:] == ["x/index/latest/00.jsonl"]


@pytest.mark.parametrize("count", [0, 1, 19, 20, 21, 999, 1000, 1001, 2019])
def test_the_lines_cut_into_the_layout_are_the_lines_again_each_file_as_full_as_it_holds(count):
    pieces = Pieces()
    lines = [str(n) for n in range(count)]
    paths = pieces.layout(count)
    chunks = list(pieces.cut(lines, paths))
    assert [line for chunk in chunks for line in chunk] == lines
    assert all(len(chunk) == pieces.holds(path) for chunk, path in zip(chunks[:-1], paths))
    starts = pieces.first_lines(paths)
    assert [lines.index(chunk[0]) for chunk in chunks] == starts[:len(chunks)]
    assert len(paths) == ceil(count, 20)


def test_an_older_engines_thousand_is_one_file_and_holds_a_thousand_lines():
    pieces = Pieces()
    paths = pieces.layout(1030, whole={0})
    assert paths == ["x/index/0000.jsonl", "x/index/latest/00.jsonl", "x/index/latest/01.jsonl"]
    assert pieces.whole_thousands(paths) == {0}
    assert [pieces.holds(p) for p in paths] == [1000, 20, 20]
    assert pieces.first_lines(paths) == [0, 1000, 1020]


def test_a_closed_thousand_the_forge_has_not_listed_is_named_by_its_fifty_pieces():
    listed = []
    listing = {"x/index/0000/": ((), lambda: listed.append("x/index/0000/") or {})}
    files = GameFiles({"x/index/latest/00.jsonl": "1\n", "x/index/totals.json": "{}"},
                      unlisted=listing)
    found = Pieces.shards_in(files)
    assert found[:2] == ["x/index/0000/00.jsonl", "x/index/0000/01.jsonl"]
    assert found[49:] == ["x/index/0000/49.jsonl", "x/index/latest/00.jsonl"]
    assert listed == []  # named, not listed
