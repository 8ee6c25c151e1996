"""Locations (seed 001, rule 302): each player is in exactly one; on their turn a player may
`/move LOCATION` once, never to or from a closed one (the Desert); everyone starts in the
City, and a player with no location (a token not in one of the locations) is in the City.

Rule 306 may slow moving down to once every N of the player's turns (`trade.move_every`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import is_list, is_mapping


@frozen
class Locations:
    """The `locations` binding: the Suber world's places, where players start, which are closed."""

    places: tuple[str, ...]
    start: str  # where players start, and where a player with no location is
    closed: tuple[str, ...]  # no player moves to or from these themselves


def parse(value: Any) -> Locations:
    shape = "{places: [Prairie, City, Desert], start: City, closed: [Desert]}"
    if not is_mapping(value) or not {"places", "start"} <= set(value) <= {"places", "start",
                                                                         "closed"}:
        raise ValueError(shape)
    places, closed = value["places"], value.get("closed", ())
    if not is_list(places) or not places or not is_list(closed) or not all(
            isinstance(p, str) and p.isalpha() and p[:1].isupper() for p in places) \
            or len(set(places)) != len(places):
        raise ValueError(f"{shape}, each location a different capitalised word")
    if value["start"] not in places or not set(closed) <= set(places):
        raise ValueError(f"{shape}: start and closed name locations of places")
    return Locations(tuple(places), value["start"], tuple(closed))


BINDINGS = (
    Binding("locations", parse, "{places: [Prairie, City, Desert], start: City, closed: [Desert]}",
            "every player is in one of these locations, from `start`; on their turn a player "
            "may /move to another once, never to or from a `closed` one"),
)


def rule(view) -> Locations:
    return view.config.board["locations"]


def location_of(view, login: str) -> str:
    """Where `login` is: their token's location, else the start (rule 302: "their location
    automatically becomes the City if they do not have any location")."""
    space = view.token(login).space
    return space if space in rule(view).places else rule(view).start


def named(view, word: str) -> str | None:
    """The location a player wrote, whatever its case."""
    return next((p for p in rule(view).places if p.lower() == word.lower()), None)


def relocate(play, login: str, place: str, why: str) -> None:
    """`login` is now in `place`: their turns in a row there start again (rule 308), unless
    they were there already (Bread or Stew that leaves them where they are changes nothing,
    or it would wipe their progress to a claim)."""
    if location_of(play, login) == place:
        return
    play.place(login, place, why)
    settler = play.board.world.settler(login)
    play.settle(replace(settler, stay=0), why)


def move(play, login: str, words: list[str]) -> str | None:
    """`/move LOCATION` on the player's turn (rule 302), once every N turns (rule 306)."""
    places, cite = rule(play), play.cite("locations")
    place = named(play, " ".join(words)) if words else None
    if place is None:
        return f"say where: /move LOCATION, one of {', '.join(places.places)} ({cite})"
    here, settler = location_of(play, login), play.board.world.settler(login)
    if place == here:
        return f"{login} is already in the {here}"
    if here in places.closed or place in places.closed:
        return f"no one moves to or from the {here if here in places.closed else place} " \
               f"themselves ({cite})"
    if settler.moved == settler.turns:
        return f"{login} has already moved this turn ({cite}: once a turn)"
    trade = play.config.board.get("trade")
    if trade is not None and settler.moved is not None \
            and settler.turns - settler.moved < trade.move_every:
        return f"{login} moved {settler.turns - settler.moved} turn(s) ago, and a player " \
               f"changes location once every {trade.move_every} turns ({play.cite('trade')})"
    relocate(play, login, place, f"a move ({cite})")
    play.settle(replace(play.board.world.settler(login), moved=settler.turns), f"a move ({cite})")
    return None
