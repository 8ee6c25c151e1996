"""When a proposal's vote is decided, and how: the votes that count, the window, the
special conditions of guarded rules, requests to join, and proposals merged on the forge.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from .admission import Requirement, problems, requirement
from .joining import join_due
from .mechanics.values import hours
from .model import Proposal, Review, ReviewState
from .state import OpenProposal
from .tally import Tally, count_votes
from .thresholds import Threshold
from .transitions import Decide

if TYPE_CHECKING:
    from .game import Game


def tally_at(game: Game, open_: OpenProposal, proposal: Proposal, until: datetime) -> Tally:
    """The votes on the version the game knows (`open_.head`) as they stood at `until`."""
    schedule = game.config.schedule
    days = schedule.describe(schedule.vote) if schedule else ""

    def out_of_time(at: datetime) -> str | None:
        if schedule is None or schedule.may_vote(at):
            return None
        return f"cast outside the voting days ({days}, {game.config.cite('schedule')})"
    return count_votes(game.state, voters=game.eligible_voters, proposer=proposal.author,
                       proposer_votes_yes=game.config.proposer_votes_yes,
                       reviews=votes_of(game, open_, proposal), head=open_.head, until=until,
                       opened=open_.head_since, out_of_time=out_of_time)


def votes_of(game: Game, open_: OpenProposal, proposal: Proposal) -> tuple[Review, ...]:
    """The proposal's votes from the sources the rules name: reviews, and 👍/👎 reactions
    (a reaction is a vote on the version being voted on; removing it withdraws it)."""
    sources = game.config.votes_from
    votes = proposal.reviews if "reviews" in sources else ()
    if "reactions" in sources:
        votes += tuple(Review(-r.id, r.author, ReviewState.APPROVED if r.content == "+1"
                              else ReviewState.CHANGES_REQUESTED, open_.head, r.at)
                       for r in proposal.reactions if r.content in ("+1", "-1"))
    return votes


def vote_deadline(game: Game, open_: OpenProposal,
                  proposal: Proposal | None = None) -> datetime | None:
    """When the vote closes at the latest: it starts when the proposal opens, and again at
    every push. A proposal involving a guarded rule has the guard's own window."""
    guard = game.config.guard
    if guard and proposal is not None and guard.covers(_involved(game, proposal)):
        return open_.head_since + guard.until
    if game.config.schedule:
        return game.config.schedule.results_after(open_.head_since)
    window = game.config.voting_window
    return open_.head_since + window if window else None


def vote_due(game: Game, open_: OpenProposal, proposal: Proposal, now: datetime) -> Decide | None:
    """Decided at the first moment every eligible voter had voted, or at the deadline."""
    start = max(open_.head_since, game.state.last_change)
    deadline = vote_deadline(game, open_)
    horizon = min(now, deadline) if deadline else now
    moments = sorted({start} | {r.submitted_at for r in votes_of(game, open_, proposal)
                                if start < r.submitted_at <= horizon})
    if game.config.guard and game.config.guard.covers(_involved(game, proposal)):
        return _guarded_due(game, open_, proposal, now)
    if not game.config.decide_when_all_voted:
        moments = []
    for moment in moments:
        if moment > horizon:
            break
        tally = tally_at(game, open_, proposal, moment)
        if tally.complete and tally.eligible:
            return _decision(game, open_, proposal, moment, tally, "every eligible voter voted")
    if deadline is not None and deadline <= now:
        at = max(deadline, game.state.last_change)
        return _decision(game, open_, proposal, at, tally_at(game, open_, proposal, at),
                         f"its voting window closed ({game.config.cite('voting_window')})")
    return None


def _involved(game: Game, proposal: Proposal) -> tuple[int, ...]:
    needed = requirement(game, proposal)
    return needed.rules if isinstance(needed, Requirement) else ()


def _guarded_due(game: Game, open_: OpenProposal, proposal: Proposal,
                 now: datetime) -> Decide | None:
    """A guarded rule's conditions: no vote against after `quiet`, else `ratio` to one at
    `until` (its own window, whatever the voting window says)."""
    guard, cite = game.config.guard, game.config.cite("guard")
    quiet, until = open_.head_since + guard.quiet, open_.head_since + guard.until
    moments = {v.submitted_at for v in votes_of(game, open_, proposal)
               if quiet < v.submitted_at < until}
    for moment in sorted({quiet} | moments):
        if moment > now or moment >= until:
            break
        tally = tally_at(game, open_, proposal, moment)
        if tally.no == 0:
            return _guarded(game, open_, proposal, max(moment, game.state.last_change), tally,
                            True, f"no vote against it {hours(guard.quiet)} or more after its "
                                  f"vote started ({cite})")
    if until > now:
        return None
    at = max(until, game.state.last_change)
    tally = tally_at(game, open_, proposal, at)
    passed = tally.yes >= guard.ratio * tally.no
    return _guarded(game, open_, proposal, at, tally, passed,
                    f"at {hours(guard.until)}: {tally.yes} for, {tally.no} against; it needs "
                    f"{guard.ratio} for each against ({cite})")


def _guarded(game: Game, open_: OpenProposal, proposal: Proposal, at: datetime, tally: Tally,
             passed: bool, why: str) -> Decide:
    found = problems(game, proposal)
    if found:
        passed, why = False, f"{why}, but it cannot pass: {'; '.join(found)}"
    return Decide(at, proposal, open_, passed, tally, f"the passing conditions of "
                  f"{game.config.cite('guard')}", _involved(game, proposal), why)


def join_decision(game: Game, open_: OpenProposal, proposal: Proposal,
                   now: datetime) -> Decide | None:
    found = join_due(game, open_, proposal, now)
    if found is None:
        return None
    at, passed, threshold, why = found
    at = max(at, game.state.last_change)
    tally = tally_at(game, open_, proposal, at)
    if passed is None:
        eligible = len(tally.eligible)
        passed = Threshold("majority").is_met(tally.yes, eligible)
        why += f": {tally.yes} yes, {tally.no} no of {eligible} eligible"
    # its content cannot have changed: a push to a request to join refuses it
    return Decide(at, proposal, open_, passed, tally, threshold, (), why)


def merged_decision(game: Game, open_: OpenProposal, proposal: Proposal,
                     now: datetime) -> Decide:
    """A proposal already merged on the forge passed: its content is in force either way."""
    merged_at = max(min(proposal.closed_at or now, now), game.state.last_change)
    decision = vote_due(game, open_, proposal, merged_at)
    if decision is not None and decision.passed:
        return decision
    tally = tally_at(game, open_, proposal, merged_at)
    needed = requirement(game, proposal)
    return Decide(merged_at, proposal, open_, True, tally,
                  needed.explanation if isinstance(needed, Requirement) else "none",
                  needed.rules if isinstance(needed, Requirement) else (),
                  "merged on the forge by someone other than the engine, before its vote "
                  "finished: its changes are in force")


@dataclass(frozen=True)
class VoteView:
    """Where an open proposal's vote stands, for showing on the proposal."""

    number: int
    tally: Tally
    needed: Requirement | str
    deadline: datetime | None


def vote_view(game: Game, open_: OpenProposal, proposal: Proposal, now: datetime) -> VoteView:
    return VoteView(open_.number, tally_at(game, open_, proposal, now),
                    requirement(game, proposal), vote_deadline(game, open_, proposal))


def _decision(game: Game, open_: OpenProposal, proposal: Proposal, at: datetime, tally: Tally,
              why: str) -> Decide:
    needed = requirement(game, proposal)
    found = problems(game, proposal)  # its last version may have broken what the first had right
    if isinstance(needed, str) or found:
        reason = "; ".join(found) or str(needed)
        return Decide(at, proposal, open_, False, tally, "none", (),
                      f"{why}, but it cannot pass: {reason}")
    eligible = len(tally.eligible)
    passed = needed.threshold.is_met(tally.yes, eligible, tally.veto_yes, tally.no)
    verdict = "met" if passed else "not met"
    return Decide(at, proposal, open_, passed, tally, needed.explanation, needed.rules,
                  f"{why}: {tally.yes} yes, {tally.no} no of {eligible} eligible; "
                  f"{needed.threshold.explain(eligible)} — {verdict}")
