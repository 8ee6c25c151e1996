"""Active and inactive players (seed 001 rule 206).

A player who has not voted `inactive_after` the start of a vote, or not
proposed `inactive_after` the start of their turn, becomes inactive: no longer
an eligible voter (with `eligible_voters: active-players`), and their turns are
skipped. Casting a vote makes them active again.
"""

from __future__ import annotations

from .binding import Binding
from .values import duration

BINDINGS = (
    Binding("inactive_after", duration, "a duration such as '36h'",
            "a player who has not voted this long after a vote started, or not proposed this "
            "long after their turn started, becomes inactive"),
)
