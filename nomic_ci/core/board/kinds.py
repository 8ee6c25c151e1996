"""Every kind of board mechanic, each one module with its bindings."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ..mechanics.binding import Binding
from . import (bank, commerce, copcar, events, fate, features, fives, frontier, gulag, houses,
               jail, looping, movement, ring, shop, snakes, trades, unlucky)
from . import claims, crafts, gathering, locations, trade  # the Suber world (seed 001)

KINDS = (ring, movement, fives, jail, gulag, fate, frontier, features, copcar, shop, bank,
         houses, looping, commerce, trades, snakes, unlucky, events,
         locations, gathering, trade, crafts, claims)

BINDINGS: Mapping[str, Binding] = MappingProxyType(
    {binding.key: binding for kind in KINDS for binding in kind.BINDINGS})
