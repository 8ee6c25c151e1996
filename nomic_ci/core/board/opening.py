"""The board's opening pieces, as the rules set them: rule 11's Cop Car (seeds 000/004), where
it initially is and its initial health. A passed proposal that changes them is recorded with
the pieces the rules gave before (`Record.opening`), so `verify` begins the board from the
rules in force when the game began, not from those in force now; records without it (none
changed them, or an older engine wrote them) leave the rules now as the opening."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from .boardfile import Board, CopCar


def opening(bindings: Mapping[str, Any]) -> CopCar | None:
    """The Cop Car as the board's rules put it on the board when a game begins."""
    rule = bindings.get("cop_car")
    return CopCar(rule.start, rule.health) if rule else None


def amended(board: Board, before: CopCar | None, after: CopCar | None) -> Board:
    """The board once a passed proposal makes the opening Cop Car `after` where it was
    `before`. "Initially, space 4 has this feature": a new start or health only says how it
    began, so one still in force stays where it is, as it is. One no rule makes a feature any
    more leaves the board; one a rule makes a feature again starts where and as it says."""
    if after is None:
        return replace(board, cop_car=None)
    if before is None and board.cop_car is None:
        return replace(board, cop_car=after)
    return board


def dump_opening(car: CopCar | None) -> dict:
    return {"cop_car": None if car is None else {"space": car.space, "health": car.health}}


def read_opening(data: Mapping[str, Any]) -> CopCar | None:
    """A record's `opening` as `dump_opening` wrote it (raises KeyError, TypeError or
    ValueError if not)."""
    car = data["cop_car"]
    if car is None:
        return None
    space, health = car["space"], car["health"]
    if not all(isinstance(n, int) and not isinstance(n, bool) and n > 0
               for n in (space, health)):
        raise ValueError(f"the Cop Car's space and health are whole numbers above 0, not "
                         f"{space!r} and {health!r}")
    return CopCar(space, health)


def openings(records: Sequence[Any], bindings: Mapping[str, Any]) -> tuple[CopCar | None, dict]:
    """The opening Cop Car of the game whose decisions are `records` and whose rules are now
    `bindings`, and for each record that changed it (by its index in `records`) the Cop Car
    it opened with before and after: each one's `before` is the rules until then, and the
    last one's `after` the rules now."""
    changed = sorted((r.decided, i) for i, r in enumerate(records) if r.opening is not None)
    befores = [read_opening(records[i].opening) for _, i in changed]
    afters = befores[1:] + [opening(bindings)]
    start = befores[0] if befores else opening(bindings)
    return start, {i: (b, a) for (_, i), b, a in zip(changed, befores, afters)}
