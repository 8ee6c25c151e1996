"""Fixtures, and how many workers run the suite: shared builders live in builders.py,
imported by name where used."""

from __future__ import annotations

import os

import pytest

from builders import make_files


@pytest.fixture
def files() -> dict[str, str]:
    return make_files()


def pytest_xdist_auto_num_workers(config) -> int:
    """`-n auto`: two workers a CPU. The end-to-end cases spend much of their time waiting
    on git, act and the fake GitHub's sockets, so one a CPU leaves the CPUs idle (on 2 CPUs,
    4 workers run the suite in 3:25 where 2 take 3:57)."""
    return 2 * (os.cpu_count() or 1)
