"""Proposals that state events (seed 004, rule 4: "the events stated in the proposal take
effect"): a passed proposal may change the players' points and the board. Its changes to
`state/players.yaml` and `state/board.yaml` are checked before the vote, as the game they
would leave, and recorded with its decision (`points_stated`, `board`), so `verify` still
explains every point and every token.

The binding names points and the board, and nothing else: who the players are (their
seats, each an account id), their turn order, vetoes and activity change only through the
rules' own procedures, never as an event a proposal states (`beyond_events`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...mechanics.binding import Binding
from ...mechanics.values import flag
from ...files import BOARD, PLAYERS

EVENT_FILES = (PLAYERS, BOARD)

BINDINGS = (
    Binding("stated_events", flag, "true or false",
            "a passed proposal's stated events take effect: it may change the points in "
            "state/players.yaml and the board in state/board.yaml"),
)


def may_change(config: Any, path: str) -> bool:
    """Whether a proposal may change this file outside rules/ as its stated events."""
    return bool(config.board.get("stated_events")) and path in EVENT_FILES


def beyond_events(config: Any, before: Any, after: Any) -> str | None:
    """What a proposal's stated events change in `state/players.yaml` besides the points (the
    states before and after it), if anything."""
    old, new = before.players, after.players
    cite = config.cite("stated_events")
    if [p.id for p in old] != [p.id for p in new] or [p.login for p in old] != \
            [p.login for p in new]:
        seats = {(p.login, p.id) for p in old} ^ {(p.login, p.id) for p in new}
        what = ("the players' turn order" if not seats else
                f"who holds a seat ({', '.join(sorted(f'{login} ({id_})' for login, id_ in seats))})")
        return f"its stated events change {what}: they may change the points and the board " \
               f"alone ({cite}); the players change by the rules' own procedures"
    for was, now in zip(old, new):
        if replace(was, points=0) != replace(now, points=0):
            field = next(name for name in ("veto", "inactive_since", "stats")
                         if getattr(was, name) != getattr(now, name))
            return f"its stated events change {now.login}'s {field.replace('_', ' ')}: they " \
                   f"may change the points and the board alone ({cite})"
    return None
