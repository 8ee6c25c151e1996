"""Winning: a points target (seed 002 rule 101) and an end date (rule 107)."""

from __future__ import annotations

from .binding import Binding
from ..times import moment
from .values import count


def quantity(value) -> str:
    if not isinstance(value, str) or not value.replace("_", "").isalnum():
        raise ValueError("the name of a quantity, such as points or vp")
    return value.lower()


BINDINGS = (
    Binding("victory_points", lambda v: count(v, minimum=1), "a whole number of at least 1",
            "the first player to reach this many points wins and the game ends"),
    Binding("victory_quantity", quantity, "a quantity's name, such as vp",
            "the quantity `victory_points` counts (points unless a rule names another, which "
            "players start with at 0 and which only the rules that say so change)"),
    Binding("ends_at", moment, "a time such as 2027-03-01T00:00:00Z",
            "at this time the game ends and the highest score wins (ties win together)"),
    Binding("max_winners", lambda v: count(v, minimum=1), "a whole number of at least 1",
            "no more than this many players win: of more, those with the most points, then "
            "the earliest in the turn order"),
)
