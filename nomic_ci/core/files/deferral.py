"""Which of a game's files a forge reads only when asked for (`gamefiles.GameFiles`): the
records, a decision's or a board action's, thousands in a long game, behind their indexes."""

from __future__ import annotations

from .history import is_record
from ..board.actionindex import is_action


def deferred(path: str) -> bool:
    """A record a forge reads only when asked for: a decision's or a board action's."""
    return is_record(path) or is_action(path)
