"""When a proposal's vote is decided, and how: the window, every voter having voted, the
special conditions of guarded rules, and proposals merged on the forge. (Requests to join
are decided by `players.joining`.)

Each decision reads the votes once (`votes.votes_cast`) and works out what the proposal
needs once (`admission.requirement`).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Callable

from ..facts import Proposal
from ..files.state import MAX_NAMED, OpenProposal, Standing
from ..files.changes import engine_code
from ..frozen import frozen
from ..game import Game
from ..mechanics.config import GameConfig
from ..mechanics.thresholds import Threshold
from ..times import hours
from ..transitions import Decide
from .admission import Requirement, involved, problems, requirement
from .tally import Tally, count_votes, standings, tally_at
from .votes import Vote, objection, votes_cast
from .whatif import never_passes, what_if


def vote_deadline(game: Game, open_: OpenProposal, rules: tuple[int, ...]) -> datetime | None:
    """When the vote on a proposal involving `rules` closes at the latest: it starts when
    the proposal opens, and again at every push. A guarded rule has its own window."""
    guard = game.config.guard
    if guard and guard.covers(rules):
        return open_.head_since + guard.until
    if game.config.schedule:
        return game.config.schedule.results_after(open_.head_since)
    window = game.config.voting_window
    return open_.head_since + window if window else None


@frozen
class VoteEnd:
    """A vote over at `at`, not yet judged: `decide()` counts it and reads the game the
    proposal would leave. A run deciding 200 votes that ended together picks the earliest of
    them at each step, and judging all 200 each time was most of the run."""

    at: datetime
    decide: Callable[[], Decide]


def vote_due(game: Game, open_: OpenProposal, proposal: Proposal, now: datetime) -> Decide | None:
    """Decided at the first moment every eligible voter had voted, or at the deadline."""
    end = vote_end(game, open_, proposal, now)
    return end.decide() if end is not None else None


def vote_end(game: Game, open_: OpenProposal, proposal: Proposal,
             now: datetime) -> VoteEnd | None:
    """When the vote is over, if it is by `now` (`vote_due`, judged only when asked)."""
    return _vote_end(game, open_, proposal, requirement(game, proposal), now)


def _vote_end(game: Game, open_: OpenProposal, proposal: Proposal, needed: Requirement | str,
              now: datetime) -> VoteEnd | None:
    votes = votes_cast(game, proposal, open_)
    if game.config.guard and game.config.guard.covers(involved(needed)):
        return _guarded_end(game, open_, proposal, needed, votes, now)
    start = max(open_.head_since, game.state.last_change)
    deadline = vote_deadline(game, open_, involved(needed))
    horizon = min(now, deadline) if deadline else now

    def decided(at: datetime, why: str) -> VoteEnd:
        return VoteEnd(at, lambda: _decision(game, open_, proposal, needed, at,
                                             count_votes(game, open_, votes, at), why))

    if game.config.decide_when_all_voted and start <= horizon:
        # (when the window closed before the game's last change, there is no such moment)
        moments = sorted({start} | {v.at for v in votes if start < v.at <= horizon})
        done = next((s for s in standings(game, open_, votes, moments)
                     if s.complete and s.eligible), None)
        if done is not None:
            return decided(done.at, "every eligible voter voted")
    if deadline is not None and deadline <= now:
        return decided(max(deadline, game.state.last_change),
                       f"its voting window closed ({game.config.cite('voting_window')})")
    return None


def _guarded_end(game: Game, open_: OpenProposal, proposal: Proposal,
                 needed: Requirement | str, votes: tuple[Vote, ...],
                 now: datetime) -> VoteEnd | None:
    """A guarded rule's conditions: no vote against after `quiet`, else `ratio` to one at
    `until` (its own window, whatever the voting window says)."""
    guard, cite = game.config.guard, game.config.cite("guard")
    quiet, until = open_.head_since + guard.quiet, open_.head_since + guard.until
    moments = sorted(m for m in {quiet} | {v.at for v in votes if quiet < v.at < until}
                     if m <= now and m < until)
    quiet_at = next((s.at for s in standings(game, open_, votes, moments) if s.no == 0), None)
    if quiet_at is not None:
        return VoteEnd(max(quiet_at, game.state.last_change), lambda: _guarded(
            game, open_, proposal, needed, max(quiet_at, game.state.last_change),
            count_votes(game, open_, votes, quiet_at), True,
            f"no vote against it {hours(guard.quiet)} or more after its vote started ({cite})"))
    if until > now:
        return None
    at = max(until, game.state.last_change)

    def decide() -> Decide:
        tally = count_votes(game, open_, votes, at)
        passed = tally.yes >= guard.ratio * tally.no
        return _guarded(game, open_, proposal, needed, at, tally, passed,
                        f"at {hours(guard.until)}: {tally.yes} for, {tally.no} against; it "
                        f"needs {guard.ratio} for each against ({cite})")
    return VoteEnd(at, decide)


def _guarded(game: Game, open_: OpenProposal, proposal: Proposal, needed: Requirement | str,
             at: datetime, tally: Tally, passed: bool, why: str) -> Decide:
    found = problems(game, proposal, needed)
    if found:
        passed, why = False, f"{why}, but it cannot pass: {'; '.join(found)}"
    return Decide(at, proposal, open_, passed, tally, f"the passing conditions of "
                  f"{game.config.cite('guard')}", involved(needed), why)


def _decision(game: Game, open_: OpenProposal, proposal: Proposal, needed: Requirement | str,
              at: datetime, tally: Tally, why: str) -> Decide:
    found = problems(game, proposal, needed)  # its last version may have broken the first's
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


def merged_decision(game: Game, open_: OpenProposal, proposal: Proposal,
                    now: datetime) -> Decide:
    """A proposal already merged on the forge passed: its content is in force either way."""
    merged_at = max(min(proposal.closed_at or now, now), game.state.last_change)
    needed = requirement(game, proposal)
    end = _vote_end(game, open_, proposal, needed, merged_at)
    decision = end.decide() if end is not None else None
    if decision is not None and decision.passed:
        return decision
    return Decide(merged_at, proposal, open_, True, tally_at(game, open_, proposal, merged_at),
                  needed.explanation if isinstance(needed, Requirement) else "none",
                  involved(needed), "merged on the forge by someone other than the engine, "
                                    "before its vote finished: its changes are in force")


@frozen
class VoteView:
    """Where an open proposal's vote stands, as players see it on the proposal and in
    `nomic-ci status`."""

    number: int | None  # None: a request to join
    tally: Tally
    needed: Requirement | str
    deadline: datetime | None
    config: GameConfig  # the rules in force, which say how votes are cast and when they end
    changes: tuple[str, ...] = ()  # what it would change in the mechanics if it passed
    warning: str | None = None  # why it can never pass as the rules stand, if it cannot
    terms: str | None = None  # a request to join's terms, in place of a requirement
    engine: tuple[str, ...] = ()  # the code the workflows run that it changes


def vote_view(game: Game, open_: OpenProposal, proposal: Proposal, now: datetime) -> VoteView:
    if open_.join:
        return _join_view(game, open_, proposal, now)
    needed = requirement(game, proposal)
    return VoteView(open_.number, tally_at(game, open_, proposal, now), needed,
                    vote_deadline(game, open_, involved(needed)), game.config,
                    what_if(game, proposal), never_passes(game, proposal, needed),
                    engine=engine_code(proposal.changes))


def _join_view(game: Game, open_: OpenProposal, proposal: Proposal, now: datetime) -> VoteView:
    """A request to join (seed 001 rule 214): it passes unopposed when its window ends; a
    player's objection puts it to a vote that closes a window later."""
    config = game.config
    objected = objection(game, open_, proposal)
    closes = (objected or open_.opened) + config.join_window
    need, by = join_needs(config)
    tally = tally_at(game, open_, proposal, now)
    terms = (f"{need.explain(len(tally.eligible))} ({by}): a player objected" if objected else
             f"no objection ({config.cite('join_window')}); after one, {need} ({by})")
    return VoteView(None, tally, "a request to join", closes, config, terms=terms)


def join_needs(config: GameConfig) -> tuple[Threshold, str]:
    """What a request to join needs once a player objects (a majority of the eligible voters
    where no rule binds it), and the rule that says so."""
    if config.join_needs:
        return config.join_needs, config.cite("join_needs")
    return Threshold("majority"), config.cite("join_window")


def needs_as_counted(view: VoteView, counted: Standing) -> bool:
    """Whether the proposal needs what it needed at the engine's count `counted`, whatever
    the number of eligible voters since ('a majority of the eligible voters: 2 of 3' is
    what '...: 3 of 4' is)."""
    def what(needs: str) -> str:
        head, _, count = needs.rpartition(": ")
        return head if head and re.fullmatch(r"[0-9]+ of [0-9]+", count) else needs
    return what(standing(view).needs) == what(counted.needs)


def standing(view: VoteView) -> Standing:
    """The vote as the state keeps it for the pages players read (`Standing`): texts made
    of printable characters alone, so they read back as they were written."""
    tally, needed = view.tally, view.needed
    needs = (view.terms if view.terms is not None else
             needed.needs(len(tally.eligible)) if isinstance(needed, Requirement)
             else f"it cannot pass as it is: {needed}")
    missing = tally.not_voted
    return Standing(tally.yes, tally.no, missing[:MAX_NAMED], len(missing[MAX_NAMED:]),
                    " ".join("".join(c if c.isprintable() else " " for c in needs).split()),
                    view.deadline)
