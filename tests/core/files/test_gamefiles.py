"""Game files: the decision records are read only when asked for, all at once."""

import pytest

from hypothesis import given, strategies as st

from nomic_ci.core.files.gamefiles import GameFiles, game_files, under


class Reader:
    """Counts the batches read, as a forge's blob reads."""

    def __init__(self, texts):
        self.texts, self.batches = texts, []

    def __call__(self, handles):
        self.batches.append(sorted(handles))
        return {h: self.texts[h] for h in handles}


def files_and_reader():
    read = Reader({"sha1": "one", "sha2": "two"})
    files = GameFiles({"state/game.yaml": "g"}, {"proposals/0001-a.yaml": "sha1",
                                                 "proposals/0002-b.yaml": "sha2"}, read)
    return files, read


def test_listing_a_game_reads_no_record_and_the_first_one_asked_for_reads_them_all():
    files, read = files_and_reader()
    assert sorted(files) == ["proposals/0001-a.yaml", "proposals/0002-b.yaml", "state/game.yaml"]
    assert len(files) == 3 and "proposals/0002-b.yaml" in files and read.batches == []
    assert files["proposals/0002-b.yaml"] == "two" and files["proposals/0001-a.yaml"] == "one"
    assert read.batches == [["sha1", "sha2"]]


def test_changed_files_share_what_was_read_and_hide_what_was_removed():
    files, read = files_and_reader()
    later = files.changed({"proposals/0001-a.yaml": None, "proposals/0003-c.yaml": "three",
                           "state/game.yaml": "g2"})
    assert "proposals/0001-a.yaml" not in later and "proposals/0001-a.yaml" in files
    with pytest.raises(KeyError):
        later["proposals/0001-a.yaml"]
    assert dict(later) == {"state/game.yaml": "g2", "proposals/0003-c.yaml": "three",
                           "proposals/0002-b.yaml": "two"}
    assert files["proposals/0001-a.yaml"] == "one" and len(read.batches) == 1


def test_plain_files_become_game_files_as_they_are():
    files, _ = files_and_reader()
    assert game_files(files) is files and dict(game_files({"a": "b"})) == {"a": "b"}


def test_files_under_a_folder_are_found_without_listing_the_records_as_a_plain_listing_would():
    files, read = files_and_reader()
    later = files.changed({"proposals/0001-a.yaml": None, "proposals/0003-c.yaml": "three",
                           "proposals/index/0000.jsonl": "{}"})
    assert under(later, "proposals/") == ["proposals/0002-b.yaml", "proposals/0003-c.yaml",
                                          "proposals/index/0000.jsonl"]
    assert under(later, "proposals/index/") == ["proposals/index/0000.jsonl"]
    assert under(files, "proposals/") == ["proposals/0001-a.yaml", "proposals/0002-b.yaml"]
    assert under(files, "state/") == ["state/game.yaml"] and under(files, "rules/") == []
    assert under({"b/x": "", "a/y": "", "b/a": ""}, "b/") == ["b/a", "b/x"]
    assert read.batches == []


_PATH = st.text("ab/.", min_size=1, max_size=6)


@given(st.dictionaries(_PATH, st.text(max_size=2)), st.dictionaries(_PATH, st.integers(0, 3)),
       st.dictionaries(_PATH, st.none() | st.text(max_size=2)), _PATH | st.just(""))
def test_under_lists_what_iterating_lists(texts, deferred, changes, prefix):
    files = GameFiles(texts, deferred, lambda handles: {h: str(h) for h in handles})
    for listing in (files, files.changed(changes)):
        assert under(listing, prefix) == sorted(p for p in listing if p.startswith(prefix))
