"""Parsers for the value types bindings share: durations, counts, flags, choices, dice."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any, Mapping

from ..frozen import frozen

# Every number a rule binds is bounded, so no value can overflow a later step (a deadline
# past the calendar's end, a million dice) after the proposal that set it has passed.
MAX_COUNT = 1_000_000_000
MAX_DURATION = timedelta(days=3650)
MAX_DICE, MAX_SIDES = 100, 1000
_DURATION = re.compile(r"^\s*([0-9]{1,9})\s*([dhm])\s*$")
_UNITS = {"d": "days", "h": "hours", "m": "minutes"}


def duration(value: Any) -> timedelta:
    match = _DURATION.match(value) if isinstance(value, str) else None
    length = timedelta(**{_UNITS[match[2]]: int(match[1])}) if match else None
    if length is None or not timedelta(0) < length <= MAX_DURATION:
        raise ValueError("a duration from 1m to 3650d (ten years), such as '48h', '7d' or "
                         "'90m'")
    return length


_RULES = re.compile(r"^\s*([0-9]{1,6})\s*(?:-\s*([0-9]{1,6})\s*)?$")  # rule numbers: 3 to 6 digits


def rule_range(value: Any) -> tuple[int, int]:
    """'100-199' (or '0' alone) as the lowest and the highest rule number it covers."""
    match = _RULES.match(str(value)) if isinstance(value, (str, int)) else None
    if not match or int(match[1]) > int(match[2] or match[1]):
        raise ValueError("rule numbers as 'LOW-HIGH', such as '100-199', with LOW at most HIGH")
    return int(match[1]), int(match[2] or match[1])


def is_list(value: Any) -> bool:
    """A YAML list, as rule files hold them (frozen into a tuple)."""
    return isinstance(value, (list, tuple))


def is_mapping(value: Any) -> bool:
    return isinstance(value, Mapping)


def count(value: Any, *, minimum: int = 0, maximum: int = MAX_COUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise ValueError(f"a whole number from {minimum} to {maximum:,}")
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


@frozen
class Roll:
    """NdS: roll `count` dice of `sides` sides and add them."""

    count: int
    sides: int

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


_ROLL = re.compile(r"^\s*([0-9]{0,4})d([0-9]{1,5})\s*$")


def roll(value: Any) -> Roll:
    match = _ROLL.match(value) if isinstance(value, str) else None
    dice, sides = (int(match[1] or 1), int(match[2])) if match else (0, 0)
    if not (1 <= dice <= MAX_DICE and 2 <= sides <= MAX_SIDES):
        raise ValueError(f"dice in NdS notation, 1 to {MAX_DICE} dice of 2 to {MAX_SIDES:,} "
                         "sides, such as 'd6' or '2d6'")
    return Roll(count=dice, sides=sides)


def counts(value: Any, expected: str, required: tuple[str, ...],
           optional: Mapping[str, int] | None = None) -> dict[str, Any]:
    """A binding's mapping of whole numbers, `required` keys and `optional` ones with their
    defaults; anything else is refused with `expected`."""
    optional = dict(optional or {})
    if not is_mapping(value) or not set(required) <= set(value) <= {*required, *optional}:
        raise ValueError(expected)
    return {**optional, **{k: count(v) for k, v in value.items()}}
