"""The engine's write budget on a forge that limits writes: a leaky bucket in the state."""

from datetime import timedelta

from hypothesis import given, strategies as st

from nomic_ci.core import writes
from nomic_ci.core.files.state import WriteLevel

from builders import T0


def test_an_empty_bucket_allows_a_burst_and_drains_at_its_rate():
    assert writes.available(None, T0) == writes.AT_ONCE
    full = writes.after(None, T0, writes.AT_ONCE)
    assert writes.available(full, T0) == 0
    assert writes.available(full, T0 + writes.DRAIN * 10) == 10
    assert writes.available(full, T0 + timedelta(hours=1)) == writes.AT_ONCE
    assert writes.wait(full, T0, 5) == writes.DRAIN * 5


def test_nothing_written_keeps_nothing():
    assert writes.after(None, T0, 0) is None


@given(st.lists(st.tuples(st.integers(0, 600), st.integers(0, 200)), max_size=60))
def test_runs_that_write_what_the_bucket_allows_stay_within_githubs_limits(runs):
    """Runs at any moments, each writing all it may (and its last commits, 6, over it): no
    hour holds more than 500 writes, and no minute more than 80."""
    level, now, made = None, T0, []
    for gap, _ in runs:
        now += timedelta(seconds=gap)
        wrote = writes.available(level, now)
        wrote = wrote + 6 if wrote >= 11 else 0  # a run too short of budget writes nothing
        level = writes.after(level, now, wrote) if wrote else level
        made.append((now, wrote))
    for start, _ in made:
        assert sum(w for at, w in made if start <= at < start + timedelta(hours=1)) <= 500
        assert sum(w for at, w in made if start <= at < start + timedelta(minutes=1)) <= 80


def test_a_level_read_from_a_later_time_is_not_drained_backwards():
    level = WriteLevel(30, T0 + timedelta(minutes=5))
    assert writes.level(level, T0) == 30
    assert writes.after(level, T0, 1) == WriteLevel(31, T0 + timedelta(minutes=5))
