"""Fixtures, and how many workers run the suite: shared builders live in builders.py,
imported by name where used."""

from __future__ import annotations

import gc
import os
import sys
import tempfile
import threading

import pytest
from hypothesis import settings

# Hypothesis fails an example that runs past its deadline (200 ms): a timed test, which on
# a machine shared with other work failed the suite (an example of 9 ms took 582 ms)
settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")

# A machine may set PYTHONDONTWRITEBYTECODE: then each worker rewrites every test module's
# assertions again, and each command a test runs compiles the engine again, some 15 s of
# the suite. The suite writes bytecode, as Python does by default (git ignores __pycache__/).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

from builders import make_files  # noqa: E402 (after the above, so it is cached too)


def _temporary_files_in_memory() -> None:
    """The suite's temporary files (tmp_path, and the temporary files of git, act and pip,
    through TMPDIR) go to /dev/shm where it is a memory file system with room to spare, as
    Linux has it by default. The tests make some 100,000 files and 38,000 folders (git
    repositories): on this project's 2-core machine's disk, that took 50 s of CPU and 35 s of
    the suite's 3 minutes. A TMPDIR set by hand wins. pytest keeps the last three runs'
    folders there (pytest-of-USER/pytest-N), some 250 MB each."""
    if os.environ.get("TMPDIR"):
        return
    shm = "/dev/shm"
    try:
        room = os.statvfs(shm)
    except OSError:
        return  # not Linux, or no /dev/shm
    if room.f_bavail * room.f_frsize >= 4 << 30 and os.access(shm, os.W_OK | os.X_OK):
        os.environ["TMPDIR"] = shm  # for git, act and pip, and for this process:
        tempfile.tempdir = None  # tempfile reads TMPDIR again


_temporary_files_in_memory()


@pytest.fixture
def files() -> dict[str, str]:
    return make_files()


# The folders of the long cases, in the order they start: the setup guide (an install and a
# game hosted on the fake GitHub), the rulesets' scripted games, the
# act runs and the fake GitHub's games take 5-25 s each where most other tests take
# milliseconds.
LONG_FIRST = ("tests/cli/test_setup_guide.py", "tests/rulesets/", "tests/act/", "tests/forges/")


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
    """`-n auto`: three workers for two CPUs. The end-to-end cases spend part of their time
    waiting on git, act and the fake GitHub's sockets, so one a CPU leaves the CPUs idle; two a
    CPU make each worker import and rewrite the whole suite once more, and contend. On a clean
    clone on 2 CPUs, 2 workers ran the suite in 2:44, 3 in 2:31, 4 in 3:00."""
    return max(2, (3 * (os.cpu_count() or 1) + 1) // 2)


_CLEANING: list[threading.Thread] = []


def pytest_sessionstart(session) -> None:
    """Delete the temporary directories of older runs while this one runs. A run leaves some
    100,000 files (git repositories) under pytest-of-USER, and pytest deletes the runs
    beyond the last three at the end, on one core with the others idle: 10-16 s of the suite
    on a machine that runs it often. This calls pytest's own cleanup (locks and all) at the
    start, in a thread of the process that schedules the tests, and waits for it at the end;
    where pytest's insides differ, pytest cleans at the end as before."""
    config = session.config
    if hasattr(config, "workerinput") or config.getini("tmp_path_retention_policy") == "none":
        return  # an xdist worker (the controller cleans), or a run that keeps nothing
    try:
        from _pytest.pathlib import cleanup_numbered_dir
        from _pytest.tmpdir import LOCK_TIMEOUT
        factory = config._tmp_path_factory
        if factory._given_basetemp is not None:
            return  # --basetemp: no numbered directories
        basetemp = factory.getbasetemp()
    except (ImportError, AttributeError):
        return
    keep = int(config.getini("tmp_path_retention_count"))
    if keep < 1 or not basetemp.name.startswith("pytest-"):
        return
    thread = threading.Thread(target=cleanup_numbered_dir, daemon=True, args=(
        basetemp.parent, "pytest-", keep, basetemp.stat().st_mtime - LOCK_TIMEOUT))
    thread.start()
    _CLEANING.append(thread)


def pytest_unconfigure(config) -> None:
    for thread in _CLEANING:
        thread.join()


def pytest_collection_finish(session) -> None:
    """What is alive once the tests are collected (the engine, pytest, hypothesis, the fake
    GitHub's schema) lives to the end: freeze it out of the garbage collector, which otherwise
    walks it again at each full collection, some 3-4 s of CPU a worker."""
    gc.freeze()
