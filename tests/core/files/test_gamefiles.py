"""Game files: the decision records are read only when asked for, all at once."""

import pytest

from hypothesis import example, given, strategies as st

from nomic_ci.core.files.gamefiles import GameFiles, Moved, game_files, listed, under


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


def test_each_text_is_read_a_batch_at_a_time_and_let_go_as_verify_reads_every_record():
    read = Reader({f"sha{n}": f"text {n}" for n in range(5)})
    files = GameFiles({"state/game.yaml": "g"},
                      {f"proposals/000{n}-a.yaml": f"sha{n}" for n in range(5)}, read)
    later = files.changed({"proposals/0001-a.yaml": "changed"})
    paths = [f"proposals/000{n}-a.yaml" for n in range(5)]
    assert list(later.each(paths, batch=2)) == [
        ("proposals/0000-a.yaml", "text 0"), ("proposals/0001-a.yaml", "changed"),
        ("proposals/0002-a.yaml", "text 2"), ("proposals/0003-a.yaml", "text 3"),
        ("proposals/0004-a.yaml", "text 4")]
    assert read.batches == [["sha0"], ["sha2", "sha3"], ["sha4"]]  # the changed one: as it is
    assert files._deferred.texts is None  # none kept: a record asked for reads them all
    assert files["proposals/0001-a.yaml"] == "text 1" and len(read.batches) == 4
    assert list(files.each(["proposals/0002-a.yaml"])) == [("proposals/0002-a.yaml", "text 2")]
    assert len(read.batches) == 4  # kept once read whole: not read again
    with pytest.raises(KeyError):  # removed, or never there: never passed over
        list(files.changed({"proposals/0003-a.yaml": None}).each(["proposals/0003-a.yaml"]))


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


def test_a_folder_of_records_is_listed_once_and_only_when_a_path_in_it_may_be_asked_for():
    listings = []
    records = {"proposals/0001-a.yaml": "sha1", "proposals/0002-b.yaml": "sha2"}
    files = GameFiles({"state/game.yaml": "g", "proposals/index/0000.jsonl": "{}"}, {},
                      Reader({"sha1": "one", "sha2": "two"}),
                      {"proposals/": (("README.md", "index"),
                                      lambda: listings.append(1) or records)})
    assert under(files, "proposals/index/") == ["proposals/index/0000.jsonl"]
    assert "proposals/README.md" not in files and "state/game.yaml" in files
    assert under(files, "state/") == ["state/game.yaml"] and listings == []
    assert files["proposals/0002-b.yaml"] == "two" and "proposals/0001-a.yaml" in files
    assert under(files, "proposals/0") == sorted(records) and listings == [1]


_NAME = st.text("ab.", min_size=1, max_size=3)


@given(st.dictionaries(_PATH, st.text(max_size=2)), st.dictionaries(_PATH, st.integers(0, 3)),
       st.dictionaries(st.builds("a/{}/{}".format, _NAME, _NAME) | st.builds("a/{}".format, _NAME),
                       st.integers(4, 6)),
       st.dictionaries(_PATH, st.none() | st.text(max_size=2)), _PATH | st.just(""))
@example({}, {}, {"a/ba": 4}, {}, "a/b")  # a part of a name: b kept, and ba a record
def test_a_folder_listed_when_asked_for_answers_as_one_listed_at_once(texts, deferred, records,
                                                                     changes, prefix):
    """Folder a/ keeps the name b (the forge has read a/b and all under it): its records are
    every other path in it."""
    records = {p: h for p, h in records.items() if p.split("/")[1] != "b"}
    def read(handles):
        return {h: str(h) for h in handles}

    def lazy(change):  # fresh each time: each question is the first it is asked
        return GameFiles(texts, deferred, read, {"a/": (("b",), lambda: records)}).changed(change)

    eager = GameFiles(texts, {**deferred, **records}, read)
    for change in ({}, changes):
        one = eager.changed(change)
        assert under(one, prefix) == under(lazy(change), prefix)
        assert (prefix in one) is (prefix in lazy(change))
        assert one.get(prefix) == lazy(change).get(prefix) and sorted(one) == sorted(lazy(change))


def test_a_file_moved_by_name_is_read_from_where_it_was_only_when_asked_for():
    read = Reader({"sha1": "one", "sha2": "two"})
    files = GameFiles({}, {"x/index/latest/00.jsonl": "sha1", "x/index/latest/01.jsonl": "sha2"},
                      read, alone=lambda path: True)
    later = files.changed({"x/index/0000/00.jsonl": Moved("x/index/latest/00.jsonl"),
                           "x/index/latest/00.jsonl": "three"})
    assert read.batches == [] and later.handle("x/index/0000/00.jsonl") == "sha1"
    assert sorted(later) == ["x/index/0000/00.jsonl", "x/index/latest/00.jsonl",
                             "x/index/latest/01.jsonl"]
    assert later["x/index/0000/00.jsonl"] == "one" and later["x/index/latest/00.jsonl"] == "three"
    assert later.handle("x/index/latest/00.jsonl") is None  # its text, this run's
    again = later.changed({"x/index/0001/00.jsonl": Moved("x/index/0000/00.jsonl"),
                           "x/index/0000/00.jsonl": None})
    assert again["x/index/0001/00.jsonl"] == "one" and "x/index/0000/00.jsonl" not in again


def test_a_folder_not_listed_yet_is_named_by_itself_until_a_path_in_it_is_asked_for():
    listings = []
    files = GameFiles({}, {"x/index/latest/00.jsonl": "sha1"}, Reader({"sha2": "two"}),
                      {"x/index/0000/": ((), lambda: listings.append(1) or {
                          "x/index/0000/00.jsonl": "sha2"})}, alone=lambda path: True)
    assert listed(files, "x/index/") == ["x/index/0000/", "x/index/latest/00.jsonl"]
    assert listings == []
    assert files["x/index/0000/00.jsonl"] == "two" and listings == [1]
    assert listed(files, "x/index/") == ["x/index/0000/00.jsonl", "x/index/latest/00.jsonl"]
    assert listed({"a/b": "", "a/c/d": ""}, "a/") == ["a/b", "a/c/d"]
