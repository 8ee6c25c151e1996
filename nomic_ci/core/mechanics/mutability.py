"""Immutable rules and transmutation (seed 001 rules 102, 103, 108 and 109).

With `immutability: enforced`, a proposal may not amend or repeal a rule whose
front matter says `mutable: false`; it may transmute it (change only its
`mutable` field), which needs `transmutation_needs`.
"""

from __future__ import annotations

from .thresholds import parse_threshold
from .binding import Binding
from .values import choice

BINDINGS = (
    Binding("immutability", choice("enforced"), "'enforced'",
            "a proposal may not amend or repeal an immutable rule, only transmute it"),
    Binding("transmutation_needs", parse_threshold, "a threshold such as 'unanimous'",
            "the threshold of a proposal that makes an immutable rule mutable"),
)
