"""Joining the game by proposal (seed 001 rule 214).

A pull request from someone who is not yet a player, whose only change is to
add its author at the end of `state/players.yaml` with the starting points, is
a request to join. It passes when `join_window` goes by with no objection (a
player's "no"); after an objection it is put to a vote, decided `join_window`
after the objection, that needs `join_needs` (a majority of the eligible voters
where no rule binds it). The engine then seats the
new player itself (apply.py), and closes the request.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from ..errors import GameError
from ..facts import ChangeKind, Proposal
from ..files import PLAYERS
from ..files.state import OpenProposal
from ..files.statefile import parse_players
from ..game import Game
from ..times import hours
from ..transitions import Decide
from ..voting.decision import join_needs
from ..voting.tally import tally_at
from ..voting.votes import objection


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


def join_decision(game: Game, open_: OpenProposal, proposal: Proposal,
                  now: datetime) -> Decide | None:
    """The request's decision, once it is due: unopposed at the end of its window, or by
    the vote `join_window` after the first objection."""
    window, cite = game.config.join_window, game.config.cite("join_window")
    objected = objection(game, open_, proposal)
    closes = (objected or open_.opened) + window
    if closes > now:
        return None
    at = max(closes, game.state.last_change)
    tally = tally_at(game, open_, proposal, at)
    if objected is None:
        passed, threshold = True, f"no objection within {hours(window)} ({cite})"
        why = "nobody objected"
    else:
        eligible = len(tally.eligible)
        need, by = join_needs(game.config)
        passed = need.is_met(tally.yes, eligible, no=tally.no)
        threshold = f"{need} after an objection ({by})"
        why = (f"a player objected, so the players voted for {hours(window)}: {tally.yes} yes, "
               f"{tally.no} no of {eligible} eligible; {need.explain(eligible)} — "
               f"{'met' if passed else 'not met'}")
    # its content cannot have changed: a push to a request to join refuses it
    return Decide(at, proposal, open_, passed, tally, threshold, (), why)
