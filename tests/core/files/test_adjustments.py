"""The admin's adjustments: read back as written, and refused when they say nothing."""

import pytest

from nomic_ci.core.errors import GameError
from nomic_ci.core.files.adjustments import (ADJUSTMENTS, Adjustment, dump_adjustments,
                                             read_adjustments)
from nomic_ci.core.files.history import read_history

from builders import T0


def test_adjustments_round_trip_and_are_no_record():
    written = (Adjustment(T0, "bob", -3, "a roll made twice", "alice"),
               Adjustment(T0, "carol", 2, "a ruling", "alice"),
               Adjustment(T0, None, 0, "a token misplaced", "alice", "tokens: []\n", 4))
    files = {ADJUSTMENTS: dump_adjustments(written)}
    assert read_adjustments(files) == written
    assert read_adjustments({}) == () and not read_history(files)


@pytest.mark.parametrize("entry, words", [
    ("  - {at: 2026-05-01T12:00:00Z, login: bob, points: 0, reason: x, by: alice}\n",
     "adjustment 1 changes nothing or says not why"),
    ("  - {at: 2026-05-01T12:00:00Z, login: bob, points: 2, reason: ' ', by: alice}\n",
     "adjustment 1 changes nothing or says not why"),
    ("  - {at: 2026-05-01T12:00:00Z, reason: x, by: alice}\n",
     "adjustment 1: missing field 'login'"),  # neither points nor a board
    ("  - {at: 2026-05-01T12:00:00Z, login: bob, points: 2, reason: x}\n",
     "adjustment 1: missing field 'by'"),
    ("  - {at: 2026-05-01T12:00:00Z, login: bob, points: 1e99, reason: x, by: alice}\n",
     "adjustment 1: field 'points' must be a whole number of points"),
])
def test_a_broken_adjustment_is_an_error_naming_the_file(entry, words):
    with pytest.raises(GameError) as error:
        read_adjustments({ADJUSTMENTS: "adjustments:\n" + entry})
    assert error.value.path == ADJUSTMENTS and words in error.value.message
