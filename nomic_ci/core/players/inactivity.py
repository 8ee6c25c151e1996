"""Who becomes inactive and who is active again (seed 001 rule 206), and when.

A player who has not voted `inactive_after` the start of a vote, or not proposed
`inactive_after` the start of their turn, becomes inactive; a vote brings them
back. A player the rules keep from proposing (another proposal in its vote, one
proposal a turn) is not timed for it: their time starts when that vote ends. Votes are read as the tally reads them (`voting.votes`), so a vote that
counts is never taken for silence. Each deadline is acted on only while the game
has not moved past it, so a player made active again by a late vote is not made
inactive again for it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Mapping

from ..facts import ForgeState, Proposal
from ..game import Game
from ..times import hours
from ..transitions import Activate, Deactivate
from ..voting.votes import votes_cast


def deactivations(game: Game, by_key: Mapping[str, Proposal]) -> list[Deactivate]:
    """Rule 206's timers: each player who did not vote or propose in time, at the deadline."""
    state, after, cite = game.state, game.config.inactive_after, game.config.cite("inactive_after")
    due: list[Deactivate] = []

    def timer(deadline: datetime, login: str, why: str) -> None:
        if state.last_change <= deadline:
            due.append(Deactivate(deadline, login, f"{why} ({cite})"))
    for open_ in state.open_proposals:
        proposal = by_key.get(open_.key)
        if proposal is None or proposal.state is not ForgeState.OPEN or open_.join:
            continue  # a request to join is not a vote on a rule-change
        deadline = open_.head_since + after
        voted = {v.voter for v in votes_cast(game, proposal, open_)
                 if v.player is not None and open_.head_since <= v.at <= deadline}
        if game.config.proposer_votes_yes:
            voted.add(open_.author.login)
        for player in game.eligible_voters:
            if player.login not in voted:
                timer(deadline, player.login, f"{player.login} did not vote on proposal "
                                              f"{open_.number} within {hours(after)}")
    if not may_propose_now(game):
        return due  # no timer for not proposing while the rules forbid proposing
    holder = next((p for p in state.players if p.login == state.turn), None)
    if holder and holder.active and state.turn_started:
        timer(state.turn_started + after, state.turn,
              f"{state.turn} did not propose within {hours(after)} of their turn's start")
    return due


def may_propose_now(game: Game) -> bool:
    """Whether the player whose turn it is may propose: not with a proposal of their own in
    its vote, nor, one proposal a turn, while anyone's is (seed 001 rules 202 and 206); nor
    once their turn is over and the next waits for consent (rule 211)."""
    if game.state.judgment is not None and game.state.judgment.turn_ended is not None:
        return False
    rule_changes = [o for o in game.state.open_proposals if not o.join]
    if game.config.proposing == "one-a-turn":
        return not rule_changes
    return all(o.author.login != game.state.turn for o in rule_changes)


def reactivations(game: Game, by_key: Mapping[str, Proposal], now: datetime) -> list[Activate]:
    """An inactive player who votes is active again, from the moment of the vote."""
    state = game.state
    due: list[Activate] = []
    for open_ in state.open_proposals:
        proposal = by_key.get(open_.key)
        if proposal is None or proposal.state is not ForgeState.OPEN or open_.join:
            continue
        for vote in votes_cast(game, proposal, open_):
            player = vote.player
            if player and not player.active and player.inactive_since <= vote.at <= now:
                at = max(vote.at, state.last_change)
                due.append(Activate(at, player.login,
                                    f"{player.login} voted on proposal {open_.number}"))
    return due
