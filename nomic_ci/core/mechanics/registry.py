"""Every kind of binding the engine knows, by key.

The core's own kinds are imported here; the board's (core/board/games.py) only when a rule
binds one of their keys, so `binding` and `KEYS` import none of them. `every_kind` and
`BINDINGS`, every binding at once, import them all: they are for listing them (docs, tests).
"""

from __future__ import annotations

from types import MappingProxyType, ModuleType
from typing import Mapping

from . import (activity, bankruptcy, commands, guard, judging, layers, membership, mutability,
               pausing, precedence, progress, proposing, schedule, scoring, timing, victory)
from .binding import Binding
from ..board import games as board_kinds

KINDS = (victory, scoring, timing, layers, mutability, precedence, membership, activity,
         commands, proposing, guard, progress, schedule, pausing, bankruptcy, judging)

CORE_BINDINGS: Mapping[str, Binding] = MappingProxyType(
    {binding.key: binding for kind in KINDS for binding in kind.BINDINGS})

# every key a rule may bind: the core's, and the board's mechanics' (core/board/)
KEYS = frozenset(CORE_BINDINGS) | frozenset(board_kinds.MODULE_OF)


def binding(key: str) -> Binding | None:
    """The binding `key`, or None when no kind has it."""
    if key in CORE_BINDINGS:
        return CORE_BINDINGS[key]
    return board_kinds.binding(key) if key in board_kinds.MODULE_OF else None


def every_kind() -> tuple[ModuleType, ...]:
    """The core's kinds, then the board's (imported for it)."""
    return KINDS + board_kinds.every_kind()


def __getattr__(name: str) -> Mapping[str, Binding]:
    if name == "BINDINGS":  # every binding, the board's imported for it
        return MappingProxyType({binding.key: binding for kind in every_kind()
                                 for binding in kind.BINDINGS})
    raise AttributeError(name)
