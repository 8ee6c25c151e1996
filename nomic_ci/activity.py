"""Who becomes inactive and who is active again (seed 001 rule 206), and when.

A player who has not voted `inactive_after` the start of a vote, or not proposed
`inactive_after` the start of their turn, becomes inactive; a vote brings them
back. Each deadline is acted on only while the game has not moved past it, so a
player made active again by a late vote is not made inactive again for it.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Mapping

from .mechanics.values import hours
from .model import ForgeState, Proposal
from .tally import VOTE_STATES
from .transitions import Activate, Deactivate

if TYPE_CHECKING:
    from .game import Game


def due_activity(game: Game, by_key: Mapping[str, Proposal], now: datetime) -> list[tuple]:
    """Who becomes inactive (rule 206's timers) or active again (by voting), and when."""
    state, after, cite = game.state, game.config.inactive_after, game.config.cite("inactive_after")
    due: list[tuple] = []
    # a deadline is only acted on while the game has not moved past it, so a player made
    # active again by a late vote is not made inactive again for the same deadline
    def timer(deadline: datetime, login: str, why: str) -> None:
        if state.last_change <= deadline:
            due.append((deadline, 1, Deactivate(deadline, login, f"{why} ({cite})")))
    for open_ in state.open_proposals:
        proposal = by_key.get(open_.key)
        if proposal is None or proposal.state is not ForgeState.OPEN or open_.join:
            continue  # a request to join is not a vote on a rule-change
        deadline = open_.head_since + after
        votes = [r for r in proposal.reviews if r.state in VOTE_STATES]
        voted = {p.login for r in votes if open_.head_since <= r.submitted_at <= deadline
                 and (p := state.player(r.author))}
        if game.config.proposer_votes_yes:
            voted.add(open_.author.login)
        for player in game.eligible_voters:
            if player.login not in voted:
                timer(deadline, player.login, f"{player.login} did not vote on proposal "
                                              f"{open_.number} within {hours(after)}")
        for review in sorted(votes, key=lambda r: (r.submitted_at, r.id)):
            player = state.player(review.author)
            if player and not player.active and player.inactive_since <= review.submitted_at <= now:
                due.append((max(review.submitted_at, state.last_change), 0, Activate(
                    max(review.submitted_at, state.last_change), player.login,
                    f"{player.login} voted on proposal {open_.number}")))
    proposing = {o.author.login for o in state.open_proposals}
    holder = next((p for p in state.players if p.login == state.turn), None)
    if holder and holder.active and state.turn_started and state.turn not in proposing:
        timer(state.turn_started + after, state.turn,
              f"{state.turn} did not propose within {hours(after)} of their turn's start")
    return due
