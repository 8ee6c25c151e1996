"""The scripted games' snapshot: what every game played here wrote (its records, `proposals/`,
`actions/` and `judgments/`, and its state, `state/*.yaml`), byte for byte, as a digest a game in
`tests/rulesets/games.snapshot.json`, so a change to the engine that changes what any game
writes on either forge shows here, by test and by table.

A change that means to change what games write (a rule played otherwise, a reason
reworded) regenerates the snapshot, and its diff names the games it changed:

    NOMIC_CI_SNAPSHOT=update python3 -m pytest tests/rulesets

To see what differs, run the test before and after the change with
NOMIC_CI_SNAPSHOT_DUMP=FOLDER (a new folder each time) and compare the two with `diff -r`.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
from pathlib import Path

import pytest

import tables

SNAPSHOT = Path(__file__).with_name("games.snapshot.json")
UPDATE = os.environ.get("NOMIC_CI_SNAPSHOT") == "update"
DUMP = os.environ.get("NOMIC_CI_SNAPSHOT_DUMP")  # a folder to write the files into
COMMIT = re.compile(r"\b[0-9a-f]{40}\b")


def written(table) -> str:
    """A digest of what the game on `table` has written: its records and its state, each
    commit id named by the order it first appears in (a commit's id follows every file of
    its tree, the rendered pages too, and these say what the game did, not how it looks)."""
    digest, commits = hashlib.sha256(), {}

    def named(match: re.Match) -> str:
        return f"<commit {commits.setdefault(match[0], len(commits) + 1)}>"
    for path, text in sorted(table.files().items()):
        if path.startswith(("proposals/", "actions/", "judgments/", "state/")) and \
                not path.endswith(("README.md", ".svg")):  # records and state, not pages
            text = COMMIT.sub(named, text)
            if DUMP:
                copy = Path(DUMP, str(id(table)), path)
                copy.parent.mkdir(parents=True, exist_ok=True)
                copy.write_text(text)
            digest.update(f"{path}\0{len(text.encode())}\0".encode() + text.encode())
    return digest.hexdigest()[:20]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    """Every table the test makes, in its fixtures too, is kept from the start."""
    tables.MADE = []
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """After a test's own code passed, and before its fixtures close its tables (a fake
    GitHub's repository goes with it), what each game wrote is what the snapshot holds."""
    result = yield
    if tables.MADE:
        _compare(item.nodeid.removeprefix("tests/rulesets/"), tables.MADE)
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item):
    try:
        return (yield)
    finally:
        tables.MADE = None


def _compare(key: str, made: list) -> None:
    digests = [written(table) for table in made]
    if UPDATE:
        with SNAPSHOT.open("a+") as file:  # xdist's workers write it one at a time
            fcntl.flock(file, fcntl.LOCK_EX)
            file.seek(0)
            known = json.loads(file.read() or "{}")
            known[key] = digests
            file.seek(0)
            file.truncate()
            file.write(json.dumps(dict(sorted(known.items())), indent=0) + "\n")
        return
    known = json.loads(SNAPSHOT.read_text()) if SNAPSHOT.exists() else {}
    assert key in known, (f"{key} is not in {SNAPSHOT.name}: run NOMIC_CI_SNAPSHOT=update "
                          "python3 -m pytest tests/rulesets, and commit it")
    changed = [f"table {i + 1} ({made[i].kind})" for i, (was, now)
               in enumerate(zip(known[key], digests)) if was != now]
    if len(known[key]) != len(digests):
        changed.append("the number of tables")
    assert not changed, (
        f"what the game wrote differs from {SNAPSHOT.name} in {', '.join(changed)}: if the "
        "change means it, run NOMIC_CI_SNAPSHOT=update python3 -m pytest tests/rulesets, and "
        "say in the commit which games it changed and why")


@pytest.fixture(params=["local", "github"])
def suber_table(request, tmp_path):
    """A maker of games of Suber's initial set (seed 001), on the local forge and on the
    fake GitHub: `make(players=..., admin=..., ...)` as the tables take them."""
    made = []

    def make(players="alice,bob,carol,dave", **kwargs):
        if kwargs.get("admin") is None:
            kwargs.pop("admin", None)
        kind = tables.LocalTable if request.param == "local" else tables.GitHubTable
        made.append(kind(tmp_path / "g", players=players, ruleset="suber-initial-set",
                         **kwargs))
        return made[-1]
    yield make
    for t in made:
        if isinstance(t, tables.GitHubTable):
            t.close()
