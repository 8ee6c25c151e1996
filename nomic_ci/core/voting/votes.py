"""The one reader of votes: who voted what on a proposal, from the sources the rules name.

Everything that needs to know how players voted (the tally, inactivity, objections to
a request to join, and through the tally experience, the vote comment and `status`)
reads votes here, so they cannot disagree. A vote is a review that approves or
requests changes, a dismissal (which withdraws it), or, where the rules say so, a
👍 or 👎 reaction; comments and pending reviews are not votes.
"""

from __future__ import annotations

from datetime import datetime
from typing import Iterable

from ..facts import Proposal, ReviewState
from ..files.state import OpenProposal, Player
from ..frozen import frozen
from ..game import Game

_REVIEW_CHOICES = {ReviewState.APPROVED: True, ReviewState.CHANGES_REQUESTED: False,
                   ReviewState.DISMISSED: None}
_REACTION_CHOICES = {"+1": True, "-1": False}


@frozen
class Vote:
    """One vote as it was cast. `voter` is the player's login, or the account's login for
    someone who is not a player; `yes` is None for a withdrawn vote (a dismissed review)."""

    voter: str
    player: Player | None
    yes: bool | None
    commit: str | None
    at: datetime
    id: int
    early: bool = False  # cast before its vote began: on a draft, before it was ready

    @property
    def withdrawn(self) -> bool:
        return self.yes is None


def votes_cast(game: Game, proposal: Proposal, open_: OpenProposal) -> tuple[Vote, ...]:
    """Every vote cast on the proposal, oldest first. A reaction is a vote on the version
    being voted on when it was made: on `open_.head` if made since its vote started, else on
    none the game knows (removing it withdraws it, as the forge no longer lists it). A vote
    cast before the proposal was one (on a draft: feedback, not a vote) is `early`."""
    sources, state = game.config.votes_from, game.state
    began = proposal.proposed_at
    found: list[Vote] = []
    if "reviews" in sources:
        for review in set(proposal.reviews):  # a review listed twice is one vote
            if review.state in _REVIEW_CHOICES:
                player = state.player(review.author)
                found.append(Vote(player.login if player else review.author.login, player,
                                  _REVIEW_CHOICES[review.state], review.commit,
                                  review.submitted_at, review.id, review.submitted_at < began))
    if "reactions" in sources:
        for reaction in set(proposal.reactions):
            if reaction.content in _REACTION_CHOICES:
                player = state.player(reaction.author)
                found.append(Vote(player.login if player else reaction.author.login, player,
                                  _REACTION_CHOICES[reaction.content],
                                  open_.head if reaction.at >= open_.head_since else None,
                                  reaction.at, -reaction.id, reaction.at < began))
    return tuple(sorted(found, key=lambda v: (v.at, v.id)))


def latest_votes(votes: Iterable[Vote]) -> tuple[Vote, ...]:
    """Each voter's latest vote: one vote each, whatever account spelling they use.
    Strangers are kept apart from players who share their login's spelling."""
    latest: dict[tuple[bool, str], Vote] = {}
    for vote in sorted(votes, key=lambda v: (v.at, v.id)):
        latest[(vote.player is not None, vote.voter.lower())] = vote
    return tuple(latest.values())


def objection(game: Game, open_: OpenProposal, proposal: Proposal) -> datetime | None:
    """When a player first objected (voted no) to a request to join since it was made, if
    anyone has (seed 001 rule 214: an objection puts it to a vote)."""
    times = [v.at for v in votes_cast(game, proposal, open_)
             if v.yes is False and v.at >= open_.opened and v.player is not None]
    return min(times) if times else None
