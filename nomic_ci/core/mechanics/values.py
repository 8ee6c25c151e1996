"""Parsers for the value types bindings share: durations, counts, flags, choices, dice."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Mapping

_DURATION = re.compile(r"^\s*(\d+)\s*([dhm])\s*$")
_UNITS = {"d": "days", "h": "hours", "m": "minutes"}


def duration(value: Any) -> timedelta:
    match = _DURATION.match(str(value)) if isinstance(value, str) else None
    if not match or int(match[1]) == 0:
        raise ValueError("a positive duration such as '48h', '7d' or '90m'")
    return timedelta(**{_UNITS[match[2]]: int(match[1])})


def is_list(value: Any) -> bool:
    """A YAML list, as rule files hold them (frozen into a tuple)."""
    return isinstance(value, (list, tuple))


def is_mapping(value: Any) -> bool:
    return isinstance(value, Mapping)


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
