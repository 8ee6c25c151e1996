"""Kinds of machine bindings a rule may enact, one module a kind.

A binding is a key under a rule's `bindings:` with a parser that checks its
value against the kind's schema. `config.derive_config` gathers them from
the rules in force.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Binding:
    key: str
    parse: Callable[[Any], Any]  # raises ValueError with what was expected
    expects: str  # what a valid value looks like, for error messages
    doc: str  # what the binding makes the engine do


def registry() -> dict[str, Binding]:
    from . import (activity, commands, guard, layers, mutability, players, precedence,
                   progress, proposing, schedule, scoring, timing, victory)

    found: dict[str, Binding] = {}
    for module in (victory, scoring, timing, layers, mutability, precedence, players, activity,
                   commands, proposing, guard, progress, schedule):
        for binding in module.BINDINGS:
            found[binding.key] = binding
    return found
