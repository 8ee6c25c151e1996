"""Every kind of binding the engine knows, by key."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from . import (activity, bankruptcy, commands, guard, layers, membership, mutability, pausing,
               precedence, progress, proposing, schedule, scoring, timing, victory)
from .binding import Binding
from ..board.kinds import KINDS as BOARD_KINDS

KINDS = (victory, scoring, timing, layers, mutability, precedence, membership, activity,
         commands, proposing, guard, progress, schedule, pausing, bankruptcy)

KINDS += BOARD_KINDS  # the board's mechanics (core/board/) are rules' bindings like the others

BINDINGS: Mapping[str, Binding] = MappingProxyType(
    {binding.key: binding for kind in KINDS for binding in kind.BINDINGS})
