"""`proposals/adjustments.yaml`: points a game's admin changed by hand, each with who and why.

A game's admin may correct a score outside any proposal (a mistake, a ruling). The
correction is written here beside the change itself (`nomic-ci adjust` does both), so
`verify` can tell a correction from a score that nobody can explain. A correction that carries out a
Judge's ruling (seed 001 rule 211) cites its Judgment (`--judgment N`). A correction of the
board (`nomic-ci adjust --board FILE`) keeps the whole board as the admin set it, as a
passed proposal's stated events do: `verify` replays the actions up to it, then from it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Mapping

from . import fields as typed, yamlio
from ..errors import GameError
from ..frozen import frozen
from ..times import iso, moment

ADJUSTMENTS = "proposals/adjustments.yaml"
_HINT = "this file is written by `nomic-ci adjust`; restore it from git history"


@frozen
class Adjustment:
    """A correction in `proposals/adjustments.yaml`: a player's points or counter, or the board."""

    at: datetime
    login: str | None  # whose points change (None: only the board does)
    points: int  # added to the player's points (negative: taken away)
    reason: str
    by: str  # who made it: the game's admin
    board: str | None = None  # state/board.yaml as the admin set it, if they corrected it
    after_action: int = 0  # with a board or a counter: how many board actions came before it
    counter: str = "points"  # or a counter the rules keep, such as seed 003's money
    judgment: int | None = None  # the Judgment whose ruling it carries out (seed 001 rule 211)


def read_adjustments(files: Mapping[str, str]) -> tuple[Adjustment, ...]:
    if ADJUSTMENTS not in files:
        return ()
    doc = yamlio.read(files[ADJUSTMENTS], ADJUSTMENTS)
    found = []
    entries = typed.Fields(doc, ADJUSTMENTS).get("adjustments", typed.items, "a list")
    for index, node in enumerate(entries):
        item = typed.Fields(node, ADJUSTMENTS, f"adjustment {index + 1}: ")
        board = item.get("board", typed.text, "the board as the admin set it", optional=True)
        found.append(Adjustment(
            at=item.get("at", moment, "a time"),
            login=item.get("login", typed.login, "the player's login",
                           optional=board is not None),
            points=item.get("points", typed.whole, "a whole number of points, not 0",
                            optional=board is not None, default=0),
            reason=item.get("reason", typed.text, "why"),
            by=item.get("by", typed.login, "the admin's login"), board=board,
            after_action=item.get("after_action", typed.whole, "a number of actions",
                                  optional=True, default=0),
            counter=item.get("counter", typed.text, "the counter changed", optional=True,
                             default="points"),
            judgment=item.get("judgment", typed.whole, "the number of the Judgment it carries "
                              "out", optional=True)))
        if (found[-1].points == 0 or found[-1].login is None) and board is None \
                or not found[-1].reason.strip():
            raise GameError(f"adjustment {index + 1} changes nothing or says not why",
                            path=ADJUSTMENTS, line=yamlio.line_of(entries, index), hint=_HINT)
    return tuple(found)


def dump_adjustments(adjustments: tuple[Adjustment, ...]) -> str:
    return yamlio.dump({"adjustments": [
        {"at": iso(a.at), **({"login": a.login, "points": a.points} if a.points else {}),
         "reason": a.reason, "by": a.by,
         **({"after_action": a.after_action, "board": yamlio.literal(a.board)}
            if a.board is not None else {}),
         **({"counter": a.counter, "after_action": a.after_action}
            if a.counter != "points" else {}),
         **({"judgment": a.judgment} if a.judgment is not None else {})}
        for a in adjustments]})
