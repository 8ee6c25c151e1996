"""How many writes the engine may still make on a forge that limits them (GitHub).

GitHub allows 80 content-creating requests a minute and 500 an hour, whoever's token makes
them. The engine's writes are kept as a leaky bucket in the state (`GameState.writes`): each
write fills it by one, and it drains at `AN_HOUR` an hour; a run writes only while it is below
`AT_ONCE`. So in any minute at most `AT_ONCE` + 7 writes are made, and in any hour at most
`AT_ONCE` + `AN_HOUR`, both under GitHub's limits, whatever players do; what a run could not
write waits in the state for the next run.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from .files.state import WriteLevel

AN_HOUR = 400  # the bucket drains at this rate: 500 an hour, less a burst and a margin
AT_ONCE = 70  # the most writes in a burst: GitHub allows 80 a minute
DRAIN = timedelta(hours=1) / AN_HOUR  # 9 s a write


def level(writes: WriteLevel | None, now: datetime) -> int:
    """The bucket's level at `now`: what was written, less what has drained since."""
    if writes is None:
        return 0
    drained = max(now - writes.at, timedelta(0)) // DRAIN
    return max(0, writes.level - drained)


def available(writes: WriteLevel | None, now: datetime) -> int:
    """How many writes may be made now."""
    return max(0, AT_ONCE - level(writes, now))


def after(writes: WriteLevel | None, now: datetime, made: int) -> WriteLevel | None:
    """The bucket once `made` more writes are made at `now` (None: empty, nothing to keep)."""
    now = max(now, writes.at) if writes is not None else now
    filled = level(writes, now) + made
    return WriteLevel(filled, now) if filled else None


def wait(writes: WriteLevel | None, now: datetime, wanted: int) -> timedelta:
    """How long until `wanted` writes may be made."""
    short = wanted - available(writes, now)
    return DRAIN * max(short, 0)
