"""Looping (rule 13): advancing to or past the lowest space gains points, and ages Numbers."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import count, is_mapping


@frozen
class Looping:
    """The `looping` binding: the points for passing space 1, and how Numbers age at each loop."""

    points: int
    numbers_up_to: int | None  # Numbers grow by one a loop, and a new 1 is granted


def parse_looping(value: Any) -> Looping:
    if not is_mapping(value) or not {"points"} <= set(value) <= {"points", "numbers_up_to"}:
        raise ValueError("{points: 5, numbers_up_to: 7}")
    top = value.get("numbers_up_to")
    return Looping(count(value["points"]), None if top is None else count(top, minimum=1))


BINDINGS = (
    Binding("looping", parse_looping, "{points: 5, numbers_up_to: 7}",
            "a player who advances to or past space 1 gains `points` points; then each of "
            "their Numbers grows by one (one that would pass `numbers_up_to` becomes a new 1) "
            "and they are granted a Number 1"),
)


def passing(play, login: str, path: tuple[int, ...]) -> None:
    looping = play.config.board.get("looping")
    if looping is None or 1 not in path:
        return
    why = f"Looping ({play.cite('looping')})"
    play.gain(login, looping.points, f"{why}: {login} advanced to or past space 1")
    if looping.numbers_up_to is None:
        return
    token = play.token(login)
    grown = [n + 1 if n + 1 <= looping.numbers_up_to else 1 for n in token.numbers] + [1]
    play.hold(replace(token, numbers=tuple(grown)), why,
              f"{why}: {login}'s Numbers are now {', '.join(map(str, grown))}")
