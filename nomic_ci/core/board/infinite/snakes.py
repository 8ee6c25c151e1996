"""Snakes and Ladders (rule 20): paired features; a lower Ladder lifts a player to its upper
Ladder, an upper Snake drops them to its lower Snake, before the Cop Car acts."""

from __future__ import annotations

from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import is_mapping
from ..ring import advance, regress


@frozen
class SnakesAndLadders:
    """The `snakes_and_ladders` binding (the pairs themselves are the board's: `Board.pairs`)."""

    before: str | None  # the feature whose effects they precede, against the alphabet


def parse(value: Any) -> SnakesAndLadders:
    if not is_mapping(value) or not set(value) <= {"before"} or (
            value.get("before") is not None and not isinstance(value["before"], str)):
        raise ValueError("{before: Cop Car}, or {} for the alphabetical order")
    return SnakesAndLadders(value.get("before"))


BINDINGS = (
    Binding("snakes_and_ladders", parse, "{before: Cop Car}",
            "Snakes and Ladders are paired features: landing on a lower Ladder advances to its "
            "upper Ladder, landing on an upper Snake regresses to its lower Snake; these moves "
            "come before the feature `before` names"),
)


class _End:
    """One kind of end a player can land on: the lower Ladder, or the upper Snake."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.NAME = kind

    def bound(self, board) -> bool:
        return "snakes_and_ladders" in board

    def pair_at(self, view, space: int):
        return next((p for p in view.board.pairs if p.kind == self.kind and space in (
            p.lower, p.upper)), None)

    def present(self, view, space: int) -> bool:
        return self.pair_at(view, space) is not None

    def land(self, play, login: str, space: int) -> None:
        pair = self.pair_at(play, space)
        why = f"{pair.name('L' if space == pair.lower else 'U')} ({play.cite('snakes_and_ladders')})"
        total = play.total_spaces
        if self.kind == "Ladder" and space == pair.lower:
            play.move(login, advance(space, pair.upper - space, total), why)
        elif self.kind == "Snake" and space == pair.upper:
            play.move(login, regress(space, space - pair.lower, total), why)


LADDER, SNAKE = _End("Ladder"), _End("Snake")
