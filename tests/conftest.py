"""Fixtures, and how many workers run the suite: shared builders live in builders.py,
imported by name where used."""

from __future__ import annotations

import os
import sys

import pytest

# A machine may set PYTHONDONTWRITEBYTECODE: then each worker rewrites every test module's
# assertions again, and each command a test runs compiles the engine again, some 15 s of
# the suite. The suite writes bytecode, as Python does by default (git ignores __pycache__/).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

from builders import make_files  # noqa: E402 (after the above, so it is cached too)


@pytest.fixture
def files() -> dict[str, str]:
    return make_files()


# The folders of the long cases, in the order they start: the rulesets' scripted games, the
# act runs and the fake GitHub's games take 5-25 s each where most other tests take
# milliseconds.
LONG_FIRST = ("tests/rulesets/", "tests/act/", "tests/forges/")


def pytest_collection_modifyitems(config, items) -> None:
    """Start the long cases first and leave the quick ones for last: in the order of the
    folders (act, cli, core... rulesets) the longest games started last, and the run ended
    with one worker finishing one while the others had nothing left to do."""
    def rank(item) -> int:
        path = item.nodeid.replace("\\", "/")
        return next((i for i, folder in enumerate(LONG_FIRST) if path.startswith(folder)),
                    len(LONG_FIRST))
    items.sort(key=rank)  # stable: each folder keeps its own order


def pytest_xdist_auto_num_workers(config) -> int:
    """`-n auto`: two workers a CPU. The end-to-end cases spend much of their time waiting
    on git, act and the fake GitHub's sockets, so one a CPU leaves the CPUs idle (on 2 CPUs,
    4 workers run the suite in 3:25 where 2 take 3:57)."""
    return 2 * (os.cpu_count() or 1)
