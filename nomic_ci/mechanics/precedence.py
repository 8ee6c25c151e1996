"""Which rule wins when two rules bind the same thing (seed 002 rule 105)."""

from __future__ import annotations

from . import Binding
from .values import choice

LOWEST_NUMBER = "lowest-number"

BINDINGS = (
    Binding("precedence", choice(LOWEST_NUMBER), f"{LOWEST_NUMBER!r}",
            "when two rules bind the same key, the rule with the lowest number wins"),
)
