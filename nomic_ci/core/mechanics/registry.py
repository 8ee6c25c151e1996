"""Every kind of binding the engine knows, by key."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from . import (activity, bankruptcy, commands, guard, layers, membership, mutability, pausing,
               precedence, progress, proposing, schedule, scoring, timing, victory)
from .binding import Binding

KINDS = (victory, scoring, timing, layers, mutability, precedence, membership, activity,
         commands, proposing, guard, progress, schedule, pausing, bankruptcy)

BINDINGS: Mapping[str, Binding] = MappingProxyType(
    {binding.key: binding for kind in KINDS for binding in kind.BINDINGS})
