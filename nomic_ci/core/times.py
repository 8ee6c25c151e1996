"""Moments and durations as the game's files write them and players read them."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any


FIRST_YEAR, LAST_YEAR = 1970, 2999


def moment(value: Any) -> datetime:
    """An ISO-8601 time with a timezone; YAML may already have parsed it."""
    if isinstance(value, datetime):
        parsed = value
    elif isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value)  # Python 3.11 reads a Z as UTC
        except ValueError:
            parsed = None
    else:
        parsed = None
    if parsed is None:
        raise ValueError("a time such as 2027-03-01T00:00:00Z")
    if parsed.tzinfo is None:
        # ruamel reads a 'Z' timestamp as naive UTC; a bare local time is ambiguous
        if not isinstance(value, datetime):
            raise ValueError("a time with its timezone, such as 2027-03-01T00:00:00Z")
        parsed = parsed.replace(tzinfo=timezone.utc)
    if not FIRST_YEAR <= parsed.year <= LAST_YEAR:
        # far from the calendar's ends, so a deadline years later is still a date
        raise ValueError(f"a time between the years {FIRST_YEAR} and {LAST_YEAR}, such as "
                         "2027-03-01T00:00:00Z")
    return parsed if parsed.tzinfo is timezone.utc else parsed.astimezone(timezone.utc)


def iso(value: datetime | None) -> str | None:
    """The one way times are written in the game's files: UTC, to the second, with a Z."""
    return None if value is None else value.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def hours(delta: timedelta) -> str:
    """'36 hours', for the reasons players read."""
    return f"{delta.total_seconds() / 3600:g} hours"


def format_duration(delta: timedelta) -> str:
    """'48h', '7d' or '90m', as bindings write durations."""
    minutes = int(delta.total_seconds() // 60)
    if minutes % (24 * 60) == 0:
        return f"{minutes // (24 * 60)}d"
    if minutes % 60 == 0:
        return f"{minutes // 60}h"
    return f"{minutes}m"


def shown(moment: datetime) -> str:
    """'2026-05-03 12:00 UTC', as players read a moment."""
    return f"{moment.astimezone(timezone.utc):%Y-%m-%d %H:%M} UTC"


def relative(moment: datetime, now: datetime) -> str:
    """'in 3 h', '2 d ago', 'now': how far `moment` is from `now`, in whole units of the
    largest that fits twice (so 36 hours are '36 h', not '1 d')."""
    seconds = (moment - now).total_seconds()
    span = abs(seconds)
    for unit, size in (("d", 86_400), ("h", 3_600), ("min", 60)):
        if span >= 2 * size or unit == "min" and span >= size:
            count = int(span // size)
            return f"in {count} {unit}" if seconds > 0 else f"{count} {unit} ago"
    return "now"


def shown_from(moment: datetime, now: datetime) -> str:
    """'2026-05-03 12:00 UTC (in 3 h)': exact, and how far from `now`."""
    return f"{shown(moment)} ({relative(moment, now)})"
