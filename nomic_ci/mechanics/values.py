"""Parsers for the value types bindings share: durations, times, counts, dice."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

_DURATION = re.compile(r"^\s*(\d+)\s*([dhm])\s*$")
_UNITS = {"d": "days", "h": "hours", "m": "minutes"}


def duration(value: Any) -> timedelta:
    match = _DURATION.match(str(value)) if isinstance(value, str) else None
    if not match or int(match[1]) == 0:
        raise ValueError("a positive duration such as '48h', '7d' or '90m'")
    return timedelta(**{_UNITS[match[2]]: int(match[1])})


def hours(delta: timedelta) -> str:
    """'36 hours', for the reasons players read."""
    return f"{delta.total_seconds() / 3600:g} hours"


def format_duration(delta: timedelta) -> str:
    minutes = int(delta.total_seconds() // 60)
    if minutes % (24 * 60) == 0:
        return f"{minutes // (24 * 60)}d"
    if minutes % 60 == 0:
        return f"{minutes // 60}h"
    return f"{minutes}m"


def moment(value: Any) -> datetime:
    """An ISO-8601 time with a timezone; YAML may already have parsed it."""
    if isinstance(value, datetime):
        parsed = value
    elif isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            parsed = None
    else:
        parsed = None
    if parsed is None:
        raise ValueError("a time such as 2027-03-01T00:00:00Z")
    if parsed.tzinfo is None:
        # ruamel reads a 'Z' timestamp as naive UTC; a bare local time is ambiguous
        if isinstance(value, datetime):
            return parsed.replace(tzinfo=timezone.utc)
        raise ValueError("a time with its timezone, such as 2027-03-01T00:00:00Z")
    return parsed.astimezone(timezone.utc)


def iso(value: datetime | None) -> str | None:
    """The one way times are written in the game's files: UTC, to the second, with a Z."""
    return None if value is None else value.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def count(value: Any, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"a whole number of at least {minimum}")
    return value


def flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("true or false")
    return value


def choice(*options: str):
    def parse(value: Any) -> str:
        if value not in options:
            raise ValueError(" or ".join(repr(o) for o in options))
        return value
    return parse


@dataclass(frozen=True)
class Roll:
    """NdS: roll `count` dice of `sides` sides and add them."""

    count: int
    sides: int

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


_ROLL = re.compile(r"^\s*(\d*)d(\d+)\s*$")


def roll(value: Any) -> Roll:
    match = _ROLL.match(value) if isinstance(value, str) else None
    if not match or int(match[2]) < 2 or (match[1] and int(match[1]) == 0):
        raise ValueError("dice in NdS notation, such as 'd6' or '2d6'")
    return Roll(count=int(match[1] or 1), sides=int(match[2]))
