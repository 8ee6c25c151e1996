"""Counting the votes on one proposal.

Each voter's latest vote counts when it was cast on the proposal's current head and
before the vote closed; a withdrawn vote is no vote. Every vote left out is reported
with its reason.
"""

from __future__ import annotations

from datetime import datetime
from typing import Iterable, Iterator

from ..facts import Proposal
from ..files.records import Ballot, CountsBallots
from ..files.state import OpenProposal
from ..frozen import frozen
from ..game import Game
from .votes import Vote, latest_votes, votes_cast


@frozen
class Tally(CountsBallots):
    """The votes on a proposal at a moment (`count_votes`): who may vote, what counted, what not."""

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


def tally_at(game: Game, open_: OpenProposal, proposal: Proposal, until: datetime) -> Tally:
    """The votes on the version the game knows (`open_.head`) as they stood at `until`."""
    return count_votes(game, open_, votes_cast(game, proposal, open_), until)


def count_votes(game: Game, open_: OpenProposal, votes: tuple[Vote, ...],
                until: datetime) -> Tally:
    """The tally of these votes (from `votes_cast`) as it stood at `until`."""
    state, config = game.state, game.config
    eligible = {p.login for p in game.eligible_voters}
    author = state.player(open_.author)
    proposer_yes = author is not None and config.proposer_votes_yes
    counted: list[Ballot] = []
    left_out: list[Ballot] = []
    if proposer_yes and author.login in eligible:
        counted.append(Ballot(author.login, True, open_.head, open_.head_since))
    for vote in latest_votes(v for v in votes if v.at <= until):
        if vote.withdrawn:
            continue  # a withdrawn vote is no vote, and says nothing either way
        reason = _left_out(game, open_, vote, eligible, author.login if proposer_yes else None)
        ballot = Ballot(vote.voter, vote.yes, vote.commit, vote.at, reason,
                        _strength(game, vote.voter, open_.number))
        (left_out if reason else counted).append(ballot)
    for vote in latest_votes(v for v in votes if v.at > until):
        if not vote.withdrawn:
            left_out.append(Ballot(vote.voter, vote.yes, vote.commit, vote.at,
                                   "cast after the vote closed"))
    vetoes = {p.login for p in state.players if p.veto} - {author.login if author else None}
    order = {p.login: i for i, p in enumerate(state.players)}
    counted.sort(key=lambda b: order.get(b.login, len(order)))
    return Tally(eligible=tuple(p.login for p in game.eligible_voters), counted=tuple(counted),
                 left_out=tuple(left_out), veto_yes=any(b.yes and b.login in vetoes
                                                        for b in counted))


@frozen
class Standing:
    """How a tally stood at one moment, in counts: enough to know when a vote is decided."""

    at: datetime
    voted: int  # eligible voters whose vote counts
    eligible: int
    no: int

    @property
    def complete(self) -> bool:
        return self.voted == self.eligible


def standings(game: Game, open_: OpenProposal, votes: tuple[Vote, ...],
              moments: Iterable[datetime]) -> Iterator[Standing]:
    """The tally's counts at each of `moments` (in order), as `count_votes` would give them,
    kept up to date vote by vote: a thousand voters cost a thousand steps, not a thousand
    tallies of a thousand."""
    eligible = {p.login for p in game.eligible_voters}
    author = game.state.player(open_.author)
    proposer_yes = author.login if author is not None and game.config.proposer_votes_yes \
        else None
    ballots: dict[str, int] = {}  # each counted voter's number of counted votes (one)
    no = 0
    if proposer_yes in eligible:
        ballots[proposer_yes] = 1
    latest: dict[tuple[bool, str], tuple[Vote, bool]] = {}  # each voter's vote, and if it counts
    ordered = sorted(votes, key=lambda v: (v.at, v.id))
    index = 0
    for moment in moments:
        while index < len(ordered) and ordered[index].at <= moment:
            vote = ordered[index]
            index += 1
            key = (vote.player is not None, vote.voter.lower())
            if key in latest and latest[key][1]:  # the vote it replaces counted: no more
                old = latest[key][0]
                ballots[old.voter] -= 1
                if not ballots[old.voter]:
                    del ballots[old.voter]
                no -= not old.yes
            counts = not vote.withdrawn and not _left_out(game, open_, vote, eligible,
                                                          proposer_yes)
            latest[key] = (vote, counts)
            if counts:
                ballots[vote.voter] = ballots.get(vote.voter, 0) + 1
                no += not vote.yes
        yield Standing(moment, len(ballots), len(eligible), no)


def _strength(game: Game, login: str, number: int | None) -> int:
    """How much a vote counts: once, but for seed 003's strengthened votes (rule 15.4)."""
    if "reserves" not in game.config.board:
        return 1
    from ..board.bored.reserves import strength  # only a game with a board loads it (core/board)
    return strength(game, login, number)


def _left_out(game: Game, open_: OpenProposal, vote: Vote, eligible: set[str],
              proposer_yes: str | None) -> str:
    """Why a vote does not count; empty when it does."""
    if vote.player is None:
        return "not a player"
    if vote.voter not in eligible:
        return "not an eligible voter"
    if vote.voter == proposer_yes:
        return "the proposer's own proposal already counts as their yes"
    if vote.early:  # feedback on a draft is no vote: it would pass the moment it is ready
        return ("cast while it was a draft, before its vote began: vote again now that it is "
                "ready for review")
    if vote.commit != open_.head:
        return (f"cast on an older version ({(vote.commit or 'unknown')[:7]}); "
                f"the proposal is now at {open_.head[:7]}")
    if _before_restart(open_, vote):
        # a vote binds to the version it was cast on, and to that version's time as the one
        # being voted on: a head that comes back after a push does not bring its votes back
        return (f"cast on {open_.head[:7]} before a push replaced it; the vote restarted since, "
                f"and only votes cast after that count")
    bankrupt = game.config.bankrupt_below
    broke = bankrupt.of(vote.player, game.config.starting_stats) if bankrupt else None
    if broke:
        return f"{broke}: a bankrupt player may not vote ({game.config.cite('bankrupt_below')})"
    schedule = game.config.schedule
    if schedule is not None and not schedule.may_vote(vote.at):
        return (f"cast outside the voting days ({schedule.describe(schedule.vote)}, "
                f"{game.config.cite('schedule')})")
    return ""


def _before_restart(open_: OpenProposal, vote: Vote) -> bool:
    """Whether a vote on the current head was cast before that head was last replaced."""
    return any(head == vote.commit and vote.at < until for head, until in open_.replaced)
