"""The Suber world (seed 001, rules 302-308): locations and their resources, trade,
professions and items, and claims. Its room gives the engine (core/board/rooms.py) the
players' commands, the world counting each turn as it ends, and where a player is.

| module | rules |
|---|---|
| `locations` | 302: each player in one location, `/move` once a turn |
| `gathering` | 305: `/gather` location resources after a turn, Landowners |
| `goods` | 305-307b: what a player holds and gives; 306: trade in one location |
| `crafts` | 307, 307b: professions, `/craft` and `/use` items |
| `claims` | 308: `/claim` territory, `/upgrade` it |
| `world_turns` | the world's bookkeeping as each turn ends |
| `world_commands` | the players' commands |
"""

from __future__ import annotations


def commands():
    from .world_commands import COMMANDS
    return COMMANDS


def unplayable(config) -> list[str]:
    """The world's resources, trade, professions and claims with no locations: every one of
    them is had, made or done in a location (rules 305-308), so a proposal taking
    `locations` out of rule 302 and leaving them would leave nothing to play them in."""
    from ..games import GAMES
    if "locations" in config.board:
        return []
    mine = next(game for game in GAMES if game.room == "suber").kinds
    left = [key for key in mine if key in config.board]
    return [f"it would leave the Suber world's {', '.join(left)} with no locations to be in: "
            "keep the 'locations' binding (rule 302), or take those out with it"]


def timers(game):
    from .world_turns import timers
    return timers(game)


def carry(game, transition, dice):
    """The world counting a turn that ended (world_turns.py)."""
    from ...transitions import WorldTurn
    from .world_turns import turn_ended
    return turn_ended(game, transition, dice) if isinstance(transition, WorldTurn) else None


def where(view, login: str) -> str | None:
    if "locations" not in view.config.board:
        return None
    from .locations import location_of
    return f"in the {location_of(view, login)}"
