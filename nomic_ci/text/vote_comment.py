"""Where a vote stands, as players see it on the proposal: the sticky comment, the
one-line commit status, and the final result the comment becomes once it is decided.

Every sentence comes from the rules in force: how votes are cast (reviews, 👍/👎 or
both), when the vote ends (a window, every vote in, the schedule's days, a guard) and
what a push does (restart the vote, or withdraw the proposal).
"""

from __future__ import annotations

from ..core.files.records import Outcome, Record
from ..core.mechanics.config import GameConfig
from ..core.times import format_duration
from ..core.voting.admission import Requirement, involved
from ..core.voting.decision import VoteView
from .quoting import quoted

MARKER = "<!-- nomic-ci:vote -->"  # finds the engine's sticky comment (with its author)


def sticky_comment(view: VoteView) -> str:
    tally, needed, config = view.tally, view.needed, view.config
    name = f"Proposal {view.number}" if view.number is not None else "The request to join"
    lines = [MARKER, f"### {name}: where the vote stands", ""]
    if view.warning:
        lines += [f"**Warning: {quoted(view.warning, None)}.**", ""]
    if view.engine:
        lines += [engine_warning(view), ""]
    if view.terms is not None:
        lines.append(f"It needs {view.terms}.")
    elif isinstance(needed, Requirement):
        lines.append(f"{quoted(what_it_needs(needed, len(tally.eligible)), None)}.")
    else:
        lines.append(f"It cannot pass as it is: {quoted(needed, None)}.")
    lines += [when_it_ends(view), "A push refuses it: a request to join may not change after "
              "it is made." if view.terms is not None else what_a_change_does(config)]
    if view.changes:
        lines += ["", "If it passes:"] + [f"- {quoted(change, None)}" for change in view.changes]
    lines += ["", "| player | vote | on commit |", "|---|---|---|"]
    for ballot in tally.counted:
        lines.append(f"| {ballot.login} | {'yes' if ballot.yes else 'no'} | "
                     f"{(ballot.commit or '')[:7]} |")
    for login in tally.not_voted:
        lines.append(f"| {login} | not yet | |")
    if tally.left_out:
        lines += ["", "Not counted:"]
        lines += [f"- {quoted(b.login)}: {quoted(b.reason or '', None)}" for b in tally.left_out]
    lines += ["", how_to_vote(config)]
    return "\n".join(lines) + "\n"


def engine_warning(view: VoteView) -> str:
    """A proposal that changes code the workflows run: if it passes, that code runs with the
    engine's write token and the dice secret."""
    shown = ", ".join(quoted(p) for p in view.engine[:5]) + \
        (f" and {len(view.engine) - 5} more" if len(view.engine) > 5 else "")
    needs = (f"; it needs {view.needed.needs(len(view.tally.eligible))}"
             if isinstance(view.needed, Requirement) else "")
    return (f"**It changes code the engine's workflows run ({shown}): if it passes, that code "
            f"runs with the game's write token and dice secret. Read every line of it before "
            f"you vote{needs}.**")


def what_it_needs(needed: Requirement, eligible: int) -> str:
    """'It involves rules 101, so it needs rule 104, rules 100–199: a majority of the eligible
    voters: 2 of 3', the count said once."""
    rules = ", ".join(f"{n:03d}" for n in needed.rules)
    said, detail = needed.explanation, needed.needs(eligible)
    named = str(needed.threshold)
    if said.endswith(named):  # the explanation names the threshold: add the count to it
        said = said[:-len(named)] + detail
    elif not said.endswith(detail):
        said += f" ({detail})"
    return f"It involves rules {rules}, so it needs {said}"


def when_it_ends(view: VoteView) -> str:
    config, deadline = view.config, view.deadline
    guard = config.guard
    if view.terms is not None and deadline:  # a request to join: its window, not a vote's
        return f"It is decided at {deadline:%Y-%m-%d %H:%M} UTC."
    if guard and isinstance(view.needed, Requirement) and guard.covers(involved(view.needed)):
        rules = (f"Rule {guard.low:03d} is" if guard.low == guard.high else
                 f"Rules {guard.low:03d}–{guard.high:03d} are")
        return (f"{rules} guarded ({config.cite('guard')}): "
                f"it passes once it has been open {format_duration(guard.quiet)} with no vote "
                f"against, or when the vote closes at {deadline:%Y-%m-%d %H:%M} UTC with at "
                f"least {guard.ratio} votes for each against.")
    all_voted = config.decide_when_all_voted
    if config.schedule and deadline:
        days = config.schedule.describe(config.schedule.vote)
        return (f"Votes count on the voting days ({days}, {config.schedule.zone}; "
                f"{config.cite('schedule')}); the result is decided at "
                f"{deadline:%Y-%m-%d %H:%M} UTC.")
    if deadline:
        return (f"The vote closes at {deadline:%Y-%m-%d %H:%M} UTC"
                f"{', or as soon as every eligible voter has voted' if all_voted else ''}.")
    return ("The vote closes as soon as every eligible voter has voted." if all_voted else
            "No rule closes the vote: it stays open until one does.")


def what_a_change_does(config: GameConfig) -> str:
    if config.edits == "retract":
        return (f"Changing it (a push, or its title or description) withdraws it "
                f"({config.cite('edits')}).")
    return ("A push restarts the vote: votes on an earlier commit no longer count. One "
            "after the vote has closed does not save a proposal the vote failed.")


def how_to_vote(config: GameConfig) -> str:
    reviews, reactions = "reviews" in config.votes_from, "reactions" in config.votes_from
    if reviews and reactions:
        return ("Vote by approving (yes) or requesting changes (no) on the current commit, or "
                "with 👍 (yes) or 👎 (no) on the description.")
    if reactions:
        return "Vote with 👍 (yes) or 👎 (no) on the pull request's description."
    return "Vote by approving (yes) or requesting changes (no) on the current commit."


def final_comment(record: Record) -> str:
    """The sticky comment once the proposal is decided: nothing on it asks for votes."""
    what = {Outcome.PASSED: f"passed, merged at {(record.head or '')[:7]}",
            Outcome.FAILED: "failed", Outcome.REFUSED: "refused",
            Outcome.RETRACTED: "withdrawn"}[record.outcome]
    name = f"Proposal {record.number}" if record.number is not None else "This proposal"
    lines = [MARKER, f"### {name}: {what}", ""]
    if record.reason:
        lines.append(quoted(f"{record.reason[0].upper()}{record.reason[1:]}", None) + ".")
    if record.threshold:
        lines.append(f"It needed {quoted(record.threshold, None)}.")
    if record.counted:
        lines += ["", "| player | vote | on commit |", "|---|---|---|"]
        lines += [f"| {b.login} | {'yes' if b.yes else 'no'} | {(b.commit or '')[:7]} |"
                  for b in record.counted]
    if record.left_out:
        lines += ["", "Not counted:"]
        lines += [f"- {quoted(b.login)}: {quoted(b.reason or '', None)}"
                  for b in record.left_out]
    if record.dice:
        lines += ["", "Dice: " + "; ".join(f"{d.purpose}: {d.result}" for d in record.dice)]
    lines += ["", f"Decided at {record.decided:%Y-%m-%d %H:%M} UTC; the record is "
                  f"`{record.path}`."]
    return "\n".join(lines) + "\n"


def status_line(view: VoteView) -> str:
    tally, needed = view.tally, view.needed
    eligible = len(tally.eligible)
    parts = [f"{tally.yes}/{eligible} yes", f"{tally.no} no"]
    if isinstance(needed, Requirement) and needed.terms is not None:
        parts.append(f"needs the terms of {view.config.cite('guard')}")
    elif isinstance(needed, Requirement):
        parts.append(f"needs {needed.threshold.required_yes(eligible)}"
                     if needed.threshold.counts_voters else f"needs {needed.threshold}")
    if view.deadline:
        parts.append(f"closes {view.deadline:%Y-%m-%d %H:%M} UTC")
    return " · ".join(parts)
