"""Fixtures only: shared builders live in builders.py, imported by name where used."""

from __future__ import annotations

import pytest

from builders import make_files


@pytest.fixture
def files() -> dict[str, str]:
    return make_files()
