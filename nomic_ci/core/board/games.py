"""Every kind of board mechanic, each one module with its bindings, by the keys it binds.

A kind's module is imported only when a rule binds one of its keys (`binding`): a game
without a board never loads the board's modules, and starts the quicker for it. A test
checks that this table and the modules' own BINDINGS agree.
"""

from __future__ import annotations

from importlib import import_module
from types import MappingProxyType, ModuleType
from typing import Mapping

from ..mechanics.binding import Binding

# binding key -> the module under core/board that defines it
MODULE_OF: Mapping[str, str] = MappingProxyType({
    "ring": "ring", "movement": "infinite.movement", "fives": "infinite.fives", "jail": "infinite.jail",
    "gulag": "infinite.gulag", "master_of_your_fate": "infinite.fate", "frontier": "infinite.frontier",
    "feature_order": "infinite.features", "cop_car": "infinite.copcar", "shop": "infinite.shop", "bank": "infinite.bank",
    "houses": "infinite.houses", "looping": "infinite.looping", "commerce": "infinite.commerce", "trades": "infinite.trades",
    "snakes_and_ladders": "infinite.snakes", "unlucky": "infinite.unlucky", "stated_events": "infinite.events",
    # the Suber world (seed 001)
    "locations": "suber.locations", "location_resources": "suber.gathering", "trade": "suber.trading",
    "professions": "suber.crafts", "claims": "suber.claims",
    # BoredNomic (seed 003)
    "money": "bored.money", "last_solvent_wins": "bored.money", "money_wins": "bored.money",
    "hit_points": "bored.vitals", "level_reset": "bored.vitals", "grid": "bored.grid",
    "update_turns": "bored.updates", "go": "bored.go", "property": "bored.deeds",
    "hens": "bored.hens", "arena": "bored.arena", "ticket": "bored.arena",
    "inquisition": "bored.inquisition", "reserves": "bored.reserves",
})


def _module(name: str) -> ModuleType:
    return import_module(f"{__package__}.{name}")


def binding(key: str) -> Binding:
    """The board binding `key` (one of MODULE_OF's)."""
    return next(b for b in _module(MODULE_OF[key]).BINDINGS if b.key == key)


def every_kind() -> tuple[ModuleType, ...]:
    """Every kind's module, each once (imports them all: for listing every binding)."""
    return tuple(_module(name) for name in dict.fromkeys(MODULE_OF.values()))
