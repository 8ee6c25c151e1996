"""The Suber world's part of `state/board.yaml` (seed 001, rules 302–308): what each player
has done that the world's rules count, and the last turn the world accounted for.

A player's location is their token's space (a location's name) and their resources and
items are their token's holdings, as on any board; what is kept here is only what those
cannot say: turns counted, Landowner status, a profession, lasting item effects, a claim.
Every change is an effect `{"settler": LOGIN, FIELD: VALUE...}` of an
action record, so `verify` replays it.
"""

from __future__ import annotations

from dataclasses import fields, replace
from datetime import datetime
from typing import Any, Mapping

from ..errors import GameError
from ..files import BOARD, fields as typed
from ..frozen import frozen
from ..times import iso, moment


@frozen
class Settler:
    """One player in the Suber world: what its rules count that their token cannot say."""

    login: str
    turns: int = 0  # own turns ended (rules 306, 307 and 308 count them)
    moved: int | None = None  # `turns` when they last changed location themselves (302, 306)
    stay: int = 0  # own turns ended in a row in their location (308)
    landowner: bool = True  # rule 305: lost by a skipped turn, regained by rolling
    gather: bool = False  # may roll for location resources (305): from their turn's end
    profession: str | None = None  # rule 307
    picked: int | None = None  # `turns` when they last picked a profession (307)
    effects: tuple[tuple[str, int], ...] = ()  # items used on them with a lasting effect
    fresh: tuple[tuple[str, int], ...] = ()  # items made this turn, not usable in it (307b)
    claim: str | None = None  # the location of their claim (308)
    upgrades: int = 0  # of their claim (308)
    held: int = 0  # own turns ended in a row at their claim, when last there (308)
    away: int = 0  # own turns ended in a row away from their claim (308)

    def count(self, field: str, name: str) -> int:
        return dict(getattr(self, field)).get(name, 0)


@frozen
class World:
    """`Board.world`: the settlers, by login, and the turn world_turns.py last saw begin."""

    turn: tuple[str, datetime] | None = None  # the turn the world last saw begin
    settlers: tuple[Settler, ...] = ()

    def settler(self, login: str) -> Settler:
        return next((s for s in self.settlers if s.login == login), Settler(login))

    def with_settler(self, settler: Settler) -> "World":
        others = tuple(s for s in self.settlers if s.login != settler.login)
        return replace(self, settlers=tuple(sorted(others + (settler,), key=lambda s: s.login)))


# --- the effects that change a settler, as action records hold them

def change_of(before: Settler, after: Settler) -> dict[str, Any]:
    """The fields that differ, as an effect holds them (plain values)."""
    return {f.name: _plain(getattr(after, f.name)) for f in fields(Settler)
            if f.name != "login" and getattr(before, f.name) != getattr(after, f.name)}


def changed(settler: Settler, effect: Mapping[str, Any]) -> Settler:
    """`settler` with an effect's changes applied (replaying a record)."""
    return replace(settler, **{key: _value(key, effect[key]) for key in effect
                               if key not in ("settler", "why")})


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return dict(value)
    return value


def _value(key: str, value: Any) -> Any:
    if key in ("effects", "fresh"):
        return _counts(value)
    if key in ("turns", "stay", "upgrades", "held", "away"):
        return typed.natural(value)
    if key in ("moved", "picked"):
        return None if value is None else typed.natural(value)
    if key in ("landowner", "gather"):
        return typed.flag(value)
    if key in ("profession", "claim"):
        return None if value is None else typed.text(value)
    raise ValueError(f"no settler field {key!r}")


def _counts(value: Any) -> tuple[tuple[str, int], ...]:
    if not value:
        return ()
    pairs = typed.counters(value)
    if any(n < 0 for _, n in pairs):
        raise ValueError
    return tuple(sorted((k, n) for k, n in pairs if n))


# --- reading and writing the `world:` section of state/board.yaml

def read_world(node: Any) -> World:
    if node is None:
        return World()
    doc = typed.Fields(node, BOARD, "world: ")
    turn = doc.get("turn", lambda v: v, "{login, started}, or null", optional=True)
    seen = None
    if turn is not None:
        item = typed.Fields(turn, BOARD, "world: turn: ")
        seen = (item.get("login", typed.login, "a login"), item.get("started", moment, "a time"))
    settlers, names = [], set()
    for index, entry in enumerate(doc.get("settlers", typed.items, "a list", optional=True,
                                          default=[])):
        item = typed.Fields(entry, BOARD, f"world: settlers {index + 1}: ")
        login = item.get("login", typed.login, "a player's login")
        if login.lower() in names:
            raise GameError(f"world: {login} is listed twice among the settlers", path=BOARD,
                            hint="keep one entry for each player")
        names.add(login.lower())
        values = {}
        for key in entry:
            if key == "login":
                continue
            values[key] = item.get(key, lambda v, k=key: _value(k, v),
                                   f"a valid {key.replace('_', ' ')}")
        settlers.append(Settler(login, **values))
    return World(seen, tuple(sorted(settlers, key=lambda s: s.login)))


def dump_world(world: World) -> dict[str, Any]:
    return {"turn": None if world.turn is None else {"login": world.turn[0],
                                                     "started": iso(world.turn[1])},
            "settlers": [{"login": s.login, **change_of(Settler(s.login), s)}
                         for s in world.settlers]}
