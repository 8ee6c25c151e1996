"""Counting the votes on one proposal.

A vote is a player's latest review that approves, requests changes, or was
dismissed (which withdraws the vote); comments and pending reviews are not
votes. A vote counts only when it was cast on the proposal's current head and
before the vote closed. Every vote left out is reported with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Callable, Iterable, Sequence

from .model import Account, Review, ReviewState
from .state import GameState, Player

VOTE_STATES = {ReviewState.APPROVED, ReviewState.CHANGES_REQUESTED, ReviewState.DISMISSED}


@dataclass(frozen=True)
class Ballot:
    """One vote, counted or left out, with the commit it was cast on."""

    login: str
    yes: bool
    commit: str | None
    at: datetime | None
    reason: str = ""  # why it was left out; empty when counted


class CountsBallots:
    """`yes` and `no` of the `counted` ballots, for a tally and for a decision's record."""

    counted: tuple[Ballot, ...]

    @property
    def yes(self) -> int:
        return sum(1 for b in self.counted if b.yes)

    @property
    def no(self) -> int:
        return sum(1 for b in self.counted if not b.yes)


@dataclass(frozen=True)
class Tally(CountsBallots):
    eligible: tuple[str, ...]  # logins of the eligible voters
    counted: tuple[Ballot, ...]
    left_out: tuple[Ballot, ...]
    veto_yes: bool  # a veto holder other than the proposer voted yes

    @property
    def not_voted(self) -> tuple[str, ...]:
        voted = {b.login for b in self.counted}
        return tuple(login for login in self.eligible if login not in voted)

    @property
    def complete(self) -> bool:
        return not self.not_voted


def latest_votes(state: GameState, reviews: Iterable[Review]) -> dict[str, Review]:
    """Each voter's latest vote-like review, by player login (or by account for strangers):
    one vote each, whatever account spelling they use; duplicates and arrival order do not
    matter."""
    latest: dict[str, Review] = {}
    for review in sorted(set(reviews), key=lambda r: (r.submitted_at, r.id)):
        if review.state in VOTE_STATES:
            player = state.player(review.author)
            latest[player.login if player else f"?{review.author.login.lower()}"] = review
    return latest


def count_votes(state: GameState, *, voters: Sequence[Player], proposer: Account,
                proposer_votes_yes: bool, reviews: Iterable[Review], head: str,
                until: datetime, opened: datetime,
                out_of_time: Callable[[datetime], str | None] = lambda at: None) -> Tally:
    """The tally as it stood at `until`, for a proposal whose head is `head`.

    `out_of_time` says why a vote cast at a given moment does not count, if the
    rules allow votes only at some times (a weekly schedule's voting days)."""
    reviews = tuple(reviews)
    eligible = {p.login for p in voters}
    author = state.player(proposer)
    counted: list[Ballot] = []
    left_out: list[Ballot] = []
    if author is not None and proposer_votes_yes and author.login in eligible:
        counted.append(Ballot(author.login, True, head, opened))
    for review in latest_votes(state, (r for r in reviews if r.submitted_at <= until)).values():
        account = review.author
        player = state.player(account)
        yes = review.state is ReviewState.APPROVED
        name = player.login if player else account.login
        ballot = Ballot(name, yes, review.commit, review.submitted_at)
        if review.state is ReviewState.DISMISSED:
            continue  # a withdrawn vote is no vote, and says nothing either way
        if player is None:
            reason = "not a player"
        elif player.login not in eligible:
            reason = "not an eligible voter"
        elif author is not None and player.login == author.login and proposer_votes_yes:
            reason = "the proposer's own proposal already counts as their yes"
        elif review.commit != head:
            reason = (f"cast on an older version ({(review.commit or 'unknown')[:7]}); "
                      f"the proposal is now at {head[:7]}")
        elif out_of_time(review.submitted_at):
            reason = out_of_time(review.submitted_at)
        else:
            counted.append(ballot)
            continue
        left_out.append(Ballot(name, yes, review.commit, review.submitted_at, reason))
    for review in latest_votes(state, (r for r in reviews if r.submitted_at > until)).values():
        if review.state is not ReviewState.DISMISSED:
            player = state.player(review.author)
            account = review.author
            left_out.append(Ballot(player.login if player else account.login,
                                   review.state is ReviewState.APPROVED, review.commit,
                                   review.submitted_at, "cast after the vote closed"))
    veto_yes = any(b.yes and b.login != (author.login if author else None)
                   and _has_veto(state, b.login) for b in counted)
    order = {p.login: i for i, p in enumerate(state.players)}
    counted.sort(key=lambda b: order.get(b.login, len(order)))
    return Tally(eligible=tuple(p.login for p in voters), counted=tuple(counted),
                 left_out=tuple(left_out), veto_yes=veto_yes)


def _has_veto(state: GameState, login: str) -> bool:
    return any(p.login == login and p.veto for p in state.players)
