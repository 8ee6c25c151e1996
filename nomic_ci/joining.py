"""Joining the game by proposal (seed 001 rule 214).

A pull request from someone who is not yet a player, whose only change is to
add its author at the end of `state/players.yaml` with the starting points, is
a request to join. It passes when `join_window` goes by with no objection (a
player's "no"); after an objection it is put to a majority vote of the eligible
voters, decided `join_window` after the objection. The engine then seats the
new player itself (game.py), and closes the request.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from .errors import GameError
from .mechanics.values import hours
from .model import ChangeKind, Proposal, ReviewState
from .state import PLAYERS, parse_players
from .thresholds import Threshold

if TYPE_CHECKING:
    from .game import Game
    from .state import OpenProposal


def is_join_request(game: "Game", proposal: Proposal) -> bool:
    if game.config.join_window is None or [(c.path, c.kind) for c in proposal.changes] != [
            (PLAYERS, ChangeKind.MODIFIED)]:
        return False
    try:
        after = parse_players(dict(proposal.texts).get(PLAYERS, ""))
    except GameError:
        return False
    before = game.state.players
    if len(after) != len(before) + 1 or after[:-1] != before:
        return False
    joiner = after[-1]
    expected = replace(joiner, login=proposal.author.login, points=game.config.starting_points,
                       veto=False, inactive_since=None, stats=())
    return joiner == expected and joiner.id in (None, proposal.author.id)


def objection(game: "Game", proposal: Proposal, since: datetime) -> datetime | None:
    """When a player first objected (voted no), if anyone has."""
    times = [r.submitted_at for r in proposal.reviews
             if r.state is ReviewState.CHANGES_REQUESTED and r.submitted_at >= since
             and game.state.player(r.author) is not None]
    return min(times) if times else None


def join_due(game: "Game", open_: "OpenProposal", proposal: Proposal, now: datetime):
    """(when, passed, threshold text, why) once the request is decided, else None."""
    window, cite = game.config.join_window, game.config.cite("join_window")
    objected = objection(game, proposal, open_.opened)
    if objected is None:
        closes = open_.opened + window
        if closes <= now:
            return closes, True, f"no objection within {hours(window)} ({cite})", \
                "nobody objected"
        return None
    closes = objected + window
    if closes > now:
        return None
    return closes, None, f"{Threshold('majority')} after an objection ({cite})", \
        f"a player objected, so the players voted for {hours(window)}"
