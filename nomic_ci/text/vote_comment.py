"""Where a vote stands, as players see it on the proposal: the sticky comment and the
one-line commit status."""

from __future__ import annotations

from ..core.voting.admission import Requirement
from ..core.voting.decision import VoteView

MARKER = "<!-- nomic-ci:vote -->"  # finds the engine's sticky comment (with its author)


def sticky_comment(view: VoteView) -> str:
    tally, needed = view.tally, view.needed
    lines = [MARKER, f"### Proposal {view.number}: where the vote stands", ""]
    if isinstance(needed, Requirement):
        rules = ", ".join(f"{n:03d}" for n in needed.rules)
        lines.append(f"Involves rules {rules}, so it needs {needed.explanation} "
                     f"({needed.threshold.explain(len(tally.eligible))}).")
    else:
        lines.append(f"It cannot pass as it is: {needed}.")
    if view.deadline:
        lines.append(f"The vote closes at {view.deadline:%Y-%m-%d %H:%M} UTC, or as soon as every "
                     "eligible voter has voted. A push restarts it.")
    lines += ["", "| player | vote | on commit |", "|---|---|---|"]
    for ballot in tally.counted:
        lines.append(f"| {ballot.login} | {'yes' if ballot.yes else 'no'} | "
                     f"{(ballot.commit or '')[:7]} |")
    for login in tally.not_voted:
        lines.append(f"| {login} | not yet | |")
    if tally.left_out:
        lines += ["", "Not counted:"]
        lines += [f"- {b.login}: {b.reason}" for b in tally.left_out]
    lines += ["", "Vote by approving (yes) or requesting changes (no) on the current commit."]
    return "\n".join(lines) + "\n"


def status_line(view: VoteView) -> str:
    tally, needed = view.tally, view.needed
    eligible = len(tally.eligible)
    parts = [f"{tally.yes}/{eligible} yes", f"{tally.no} no"]
    if isinstance(needed, Requirement):
        parts.append(f"needs {needed.threshold.required_yes(eligible)}"
                     if needed.threshold.counts_voters else f"needs {needed.threshold}")
    if view.deadline:
        parts.append(f"closes {view.deadline:%Y-%m-%d %H:%M} UTC")
    return " · ".join(parts)
