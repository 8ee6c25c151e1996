"""Which rule wins when two rules bind the same thing (seed 002 rule 105)."""

from __future__ import annotations

from .binding import Binding
from .values import choice

LOWEST_NUMBER = "lowest-number"
IMMUTABLE_FIRST = "immutable-first"  # seed 001 rules 109 and 210

BINDINGS = (
    Binding("precedence", choice(LOWEST_NUMBER, IMMUTABLE_FIRST),
            f"{LOWEST_NUMBER!r} or {IMMUTABLE_FIRST!r}",
            "when two rules bind the same key, the rule with the lowest number wins "
            "(immutable-first: an immutable rule wins over a mutable one, then the lowest "
            "number)"),
)
