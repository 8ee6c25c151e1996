"""Go (seed 003 rule 13): passing over the square named Go pays $200. The seed names no
square Go; square 1, where every player starts (6.6), is read as Go: `go: {square: 1,
money: 200}`. Passing over is rule 6.7's: the squares between the one left and the one
landed on; a jump (6.8) passes over none."""

from __future__ import annotations

from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import counts
from .money import receive

NAME = "Go"


@frozen
class Go:
    """The `go` binding: the square read as Go, and the money for passing over it."""

    square: int
    money: int


def parse_go(value: Any) -> Go:
    found = counts(value, "{square: 1, money: 200}", ("square", "money"))
    if found["square"] < 1:
        raise ValueError("{square: 1, money: 200} with a square of at least 1")
    return Go(**found)


BINDINGS = (
    Binding("go", parse_go, "{square: 1, money: 200}",
            "each time a player passes over the square named Go, they get `money`"),
)


def passing(play, login: str, path: tuple[int, ...]) -> None:
    """Pay for each time the move passes over Go (every square of `path` but the last)."""
    rule = play.config.board.get("go")
    if rule is None or "money" not in play.config.board:
        return
    for square in path[:-1]:
        if square == rule.square:
            receive(play, login, rule.money, f"passing {NAME} ({play.cite('go')})")
