"""A settable clock: the fake never reads the real time, so tests are reproducible."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

EPOCH = datetime(2026, 1, 5, 12, 0, 0, tzinfo=UTC)


class FakeClock:
    """Callable returning the current fake time; `advance` and `set` move it."""

    def __init__(self, start: datetime = EPOCH) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        """Move forward by a timedelta's keyword arguments, e.g. `advance(hours=24)`."""
        self.now += timedelta(**delta)
        return self.now

    def set(self, when: datetime) -> None:
        self.now = when
