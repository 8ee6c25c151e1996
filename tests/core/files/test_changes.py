"""A forge's listing of changed files, turned into the facts and texts the core reads."""

import pytest

from nomic_ci.core.facts import ChangeKind, FileChange
from nomic_ci.core.files.changes import file_changes, text_needed, unlisted

ADDED, MODIFIED, REMOVED, RENAMED = (ChangeKind.ADDED, ChangeKind.MODIFIED, ChangeKind.REMOVED,
                                     ChangeKind.RENAMED)
PATHS = [("rules/201-new.md", None), ("state/players.yaml", None), ("rules/102-points.md", None),
         ("rules/150-moved.md", "rules/105-ab-initio.md"), ("rules/160-copy.md", "rules/107-x.md"),
         ("README.md", None)]
GIT = ["A", "M", "D", "R100", "C75", "T"]
GITHUB = ["added", "modified", "removed", "renamed", "copied", "changed"]


class Reader:
    """A forge's `read`, recording which files it was asked for."""

    def __init__(self):
        self.asked = []

    def __call__(self, path):
        self.asked.append(path)
        return f"text of {path}".encode()


def listing(statuses):
    return [(status, path, previous) for status, (path, previous) in zip(statuses, PATHS)]


@pytest.mark.parametrize("statuses", [GIT, GITHUB], ids=["git", "github"])
def test_git_and_github_spellings_give_the_same_facts(statuses):
    changes, texts, _ = file_changes(listing(statuses), Reader())
    assert changes == (
        FileChange("rules/201-new.md", ADDED), FileChange("state/players.yaml", MODIFIED),
        FileChange("rules/102-points.md", REMOVED),
        FileChange("rules/150-moved.md", RENAMED, "rules/105-ab-initio.md"),
        FileChange("rules/160-copy.md", ADDED),  # a copy is a new file, with no previous path
        FileChange("README.md", MODIFIED))
    assert [path for path, _ in texts] == ["rules/201-new.md", "state/players.yaml",
                                           "rules/150-moved.md", "rules/160-copy.md"]


def test_texts_are_read_once_each_and_only_for_the_game_files_not_removed():
    read = Reader()
    listed = listing(GIT) + [("M", "rules/README.md", None), ("A", "rules/305.png", None),
                             ("M", "state/game.yaml", None), ("D", "state/players.yaml", None),
                             ("M", "proposals/0000-0099/0001-x.yaml", None)]
    _, texts, _ = file_changes(listed, read)
    assert read.asked == ["rules/201-new.md", "state/players.yaml", "rules/150-moved.md",
                          "rules/160-copy.md", "state/game.yaml",
                          "proposals/0000-0099/0001-x.yaml"]
    assert texts == tuple((path, f"text of {path}") for path in read.asked)


def test_a_listing_with_nothing_the_core_reads_reads_nothing():
    read = Reader()
    changes, texts, _ = file_changes([("M", "docs/a.md", None),
                                      ("D", "rules/101-x.md", None)], read)
    assert len(changes) == 2 and texts == () and read.asked == []


@pytest.mark.parametrize("path, needed", [
    ("rules/201-a.md", True), ("state/players.yaml", True), ("rules/README.md", False),
    ("rules/img.png", False), ("state/game.yaml", True), ("rules.md", False),
    ("proposals/0000-0099/0001-x.yaml", True), ("proposals/README.md", False),
    ("state/board.svg", False),
])
def test_the_core_needs_the_text_of_the_game_files(path, needed):
    assert text_needed(path) is needed


def test_a_previous_path_is_kept_only_for_a_rename():
    changes, _, _ = file_changes([("M", "a.txt", "b.txt"), ("renamed", "c.txt", "d.txt")],
                                 Reader())
    assert [c.previous_path for c in changes] == [None, "d.txt"]


def test_a_file_the_core_reads_that_is_not_utf8_is_a_problem_not_a_crash():
    changes, texts, problems = file_changes(
        [("A", "rules/201-x.md", None), ("A", "rules/202-y.md", None)],
        lambda path: b"\xff\xfe not text" if path.endswith("x.md") else b"ok")
    assert len(changes) == 2 and texts == (("rules/202-y.md", "ok"),)
    assert problems == ["rules/201-x.md is not UTF-8 text: save it as UTF-8"]


def test_what_a_merge_changes_beyond_the_listed_changes_is_named_at_its_deepest():
    listed = [FileChange("rules/205-new.md", ChangeKind.ADDED),
              FileChange("docs/b.md", ChangeKind.RENAMED, "docs/a.md")]
    changed = {"rules", "rules/205-new.md", "rules/201-old.md", "docs", "state",
               "state/game.yaml", "README.md"}
    assert unlisted(changed, listed) == ["README.md", "rules/201-old.md", "state/game.yaml"]
    assert unlisted({"docs", "rules", "rules/205-new.md"}, listed) == []

