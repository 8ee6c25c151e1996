"""Joining the game by proposal (seed 001 rule 214).

A pull request from someone who is not yet a player, whose only change is to
add its author at the end of `state/players.yaml` with the starting points, is
a request to join. It passes when `join_window` goes by with no objection (a
player's "no"); after an objection it is put to a majority vote of the eligible
voters, decided `join_window` after the objection. The engine then seats the
new player itself (apply.py), and closes the request.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from ..errors import GameError
from ..facts import ChangeKind, Proposal
from ..files.state import PLAYERS, OpenProposal, parse_players
from ..game import Game
from ..times import hours
from ..voting.thresholds import Threshold
from ..voting.votes import votes_cast


def is_join_request(game: Game, proposal: Proposal) -> bool:
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


def objection(game: Game, open_: OpenProposal, proposal: Proposal) -> datetime | None:
    """When a player first objected (voted no) since the request was made, if anyone has."""
    times = [v.at for v in votes_cast(game, proposal, open_.head)
             if v.yes is False and v.at >= open_.opened and v.player is not None]
    return min(times) if times else None


def join_due(game: Game, open_: OpenProposal, proposal: Proposal, now: datetime):
    """(when, passed, threshold text, why) once the request is decided, else None."""
    window, cite = game.config.join_window, game.config.cite("join_window")
    objected = objection(game, open_, proposal)
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
