"""Counters besides points, and experience (seed 003 rules 4.2 and 12).

`starting_stats` gives every player's counters their first values (money,
level, experience, hit points). With `experience`, the proposer of an accepted
proposal gains `proposer` experience and each player who voted yes gains
`yes_voter`; whenever a player's experience reaches 10 times their level, it
drops by that much and their level rises by one.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from .binding import Binding
from .values import count, is_mapping


def parse_stats(value: Any) -> Mapping[str, int]:
    if not is_mapping(value) or not value:
        raise ValueError("a mapping such as {money: 10000, level: 1}")
    return MappingProxyType({str(k): count(v) for k, v in value.items()})


def parse_experience(value: Any) -> Mapping[str, int]:
    if not is_mapping(value) or set(value) != {"proposer", "yes_voter"}:
        raise ValueError("{proposer: N, yes_voter: N}")
    return MappingProxyType({k: count(v) for k, v in value.items()})


BINDINGS = (
    Binding("starting_stats", parse_stats, "a mapping such as {money: 10000, level: 1}",
            "the counters every player starts with, besides points"),
    Binding("experience", parse_experience, "{proposer: N, yes_voter: N}",
            "experience for the proposer of an accepted proposal and for each yes voter; "
            "every 10 × level experience is a level"),
)


def level_up(level: int, experience: int) -> tuple[int, int]:
    """Rule 12.3: while experience is at least 10 × level, spend it for a level.

    Read as written, at a level of 0 or below too (12.1: "Negative values are acceptable",
    and 12.4 takes a level 1 player to -1): 10 × a negative level is negative, so the player
    gains that much experience for each level back up to 1, and goes on from there. The
    climb to level 1 is summed at once, so a level of -1,000,000 costs no million steps."""
    if level <= 0 and experience >= 10 * level:
        experience += 10 * (-level) * (1 - level) // 2  # 10 × (|level| + … + 1 + 0)
        level = 1
    while experience >= 10 * level:
        experience -= 10 * level
        level += 1
    return level, experience
