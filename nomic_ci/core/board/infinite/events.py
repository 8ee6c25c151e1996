"""Proposals that state events (seed 004, rule 4: "the events stated in the proposal take
effect"): a passed proposal may change the players' points and the board. Its changes to
`state/players.yaml` and `state/board.yaml` are checked before the vote, as the game they
would leave, and recorded with its decision (`points_stated`, `board`), so `verify` still
explains every point and every token."""

from __future__ import annotations

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
