"""Fives (rule 8): landing on a space divisible by 5 gains 10 points."""

from __future__ import annotations

from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import count, is_mapping

NAME = "Fives"
TILE = True  # a tile of rule 8, not a feature of rule 11: a space with it has "no features"


@frozen
class Fives:
    """The `fives` binding: landing on a multiple of `divisible_by` gains `points`."""

    divisible_by: int
    points: int


def parse_fives(value: Any) -> Fives:
    if not is_mapping(value) or set(value) != {"divisible_by", "points"}:
        raise ValueError("{divisible_by: 5, points: 10}")
    return Fives(count(value["divisible_by"], minimum=1), count(value["points"]))


BINDINGS = (
    Binding("fives", parse_fives, "{divisible_by: 5, points: 10}",
            "a player who lands on a space whose number is divisible by `divisible_by` gains "
            "`points` points"),
)


def bound(board) -> bool:
    return "fives" in board


def present(view, space: int) -> bool:
    return space % view.config.board["fives"].divisible_by == 0


def land(play, login: str, space: int) -> None:
    fives = play.config.board["fives"]
    play.gain(login, fives.points, f"{NAME}: space {space} is divisible by {fives.divisible_by} "
                                   f"({play.cite('fives')})")
