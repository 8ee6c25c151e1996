"""The board games the engine plays, each in a room of its own (a subpackage of core/board),
and which module binds each key a rule may give a board.

Names only: nothing here imports a game. A game's modules are imported when a rule in force
binds one of its keys (`binding`, `rooms_in_force`), so a game without a board never loads
any, and a game of one board never loads another's. Tests check that this table and the
modules' own BINDINGS and COMMANDS agree.
"""

from __future__ import annotations

from importlib import import_module
from types import MappingProxyType, ModuleType
from typing import Iterable, Mapping

from ..frozen import frozen
from ..mechanics.binding import Binding


@frozen
class BoardGame:
    """A board game the engine plays: its room, and what it binds and gives, by name."""

    room: str  # its subpackage of core/board
    title: str
    kinds: Mapping[str, str]  # each key its rules bind -> the room's module that defines it
    commands: tuple[str, ...]  # the players' commands its room gives (its COMMANDS' names)


# what any board may bind, whatever its game: the ring of numbered spaces (ring.py)
SHARED: Mapping[str, str] = MappingProxyType({"ring": "ring"})

GAMES = (
    BoardGame("infinite", "Infinite Nomic round 7's ring (seeds 000 and 004)", MappingProxyType({
        "movement": "movement", "fives": "fives", "jail": "jail", "gulag": "gulag",
        "master_of_your_fate": "fate", "frontier": "frontier", "feature_order": "features",
        "cop_car": "copcar", "shop": "shop", "bank": "bank", "houses": "houses",
        "looping": "looping", "commerce": "commerce", "trades": "commerce",
        "snakes_and_ladders": "snakes", "unlucky": "unlucky", "stated_events": "events"}),
        ("roll", "continue", "choose", "buy", "use", "deposit", "withdraw", "house", "escape",
         "rejoin", "explore", "trade", "accept", "decline")),
    BoardGame("suber", "the Suber world (seed 001, rules 302-308)", MappingProxyType({
        "locations": "locations", "location_resources": "gathering", "trade": "goods",
        "professions": "crafts", "claims": "claims"}),
        ("use", "move", "gather", "trade", "accept", "decline", "profession", "craft", "claim",
         "upgrade")),
    BoardGame("bored", "BoredNomic (seed 003)", MappingProxyType({
        "money": "money", "last_solvent_wins": "money", "money_wins": "money",
        "hit_points": "vitals", "level_reset": "vitals", "grid": "grid",
        "update_turns": "updates", "go": "go", "property": "deeds", "hens": "hens",
        "arena": "arena", "ticket": "arena", "inquisition": "inquisition",
        "reserves": "reserves"}),
        ("buy", "sell", "exchange", "heal", "reset", "fight", "release", "name", "reject",
         "correct", "wrong", "strengthen")),
)

# binding key -> its module, under core/board
MODULE_OF: Mapping[str, str] = MappingProxyType({
    **SHARED, **{key: f"{game.room}.{module}" for game in GAMES
                 for key, module in game.kinds.items()}})

# every command a board gives, in any game: a name the rules in force do not give is
# answered "the rules in force have no /x command", not "there is no /x command"
COMMANDS = frozenset(name for game in GAMES for name in game.commands)


def _module(name: str) -> ModuleType:
    return import_module(f"{__package__}.{name}")


def binding(key: str) -> Binding:
    """The board binding `key` (one of MODULE_OF's)."""
    return next(b for b in _module(MODULE_OF[key]).BINDINGS if b.key == key)


def every_kind() -> tuple[ModuleType, ...]:
    """Every kind's module, each once (imports them all: for listing every binding)."""
    return tuple(_module(name) for name in dict.fromkeys(MODULE_OF.values()))


def games_in_force(keys: Iterable[str]) -> tuple[BoardGame, ...]:
    """The games whose rooms the bound `keys` open, in GAMES' order."""
    keys = set(keys)
    return tuple(game for game in GAMES if keys & set(game.kinds))


def rooms_in_force(keys: Iterable[str]) -> tuple[ModuleType, ...]:
    """The rooms (imported) of the games whose keys are bound."""
    return tuple(_module(game.room) for game in games_in_force(keys))
