"""`judgments/README.md`, the page of the game's Judgments (seed 001 rule 211), and what the
game issue and the scoreboard say of the one pending.

Made from the game's files alone (the records in `judgments/`, the one pending in the
state), so `render --check` can tell whether it is up to date. A game that never had a
Judgment has no page.
"""

from __future__ import annotations

from datetime import datetime

from ..core.files.judgments import (ADMIN_OVERRULE, CONSENT, DIR, GAME_ENDED, LAPSED, NULLIFIED,
                                    NULLIFY, OVERRULE, OVERRULED, README, RULING, TURN_BEGAN,
                                    VERDICTS, Judgment, Step, judgment_paths, read_judgment)
from ..core.game import Game
from ..core.mechanics.judging import share
from ..core.players.judgment import consent
from ..core.players.judgment_replay import course
from .quoting import quoted

LATEST = 100  # ended Judgments the page shows at most; every one is in its own record
# and no more than fit in this many bytes: GitHub shows no Markdown file past 512 KiB, and a
# Judgment's steps (a quote each) are as many as its players make them
BUDGET = 400_000


def _when(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC") if moment else "—"


def render_judgments(game: Game) -> str | None:
    """The page (below the banner every rendered page has), or None where the game has had
    no Judgment."""
    pending = game.state.judgment
    paths = judgment_paths(game.files)
    if pending is None and not paths:
        return None
    lines = ["# Judgments", ""]
    procedure = game.config.judgment
    if procedure is not None:
        lines += [f"How a Judgment goes ({game.config.cite('judgment')}): {procedure}. Invoke "
                  "one with a comment `/judgment` and the question; the Judge answers with "
                  "`/ruling`, then `/consent` lets the next turn begin, `/overrule` votes "
                  "against the ruling.", ""]
    if pending is not None:
        lines += [f"## Judgment {pending.number}, pending", ""] + pending_lines(game) + [""]
    size = sum(len(line.encode()) + 1 for line in lines)
    shown = 0
    for path in reversed(paths[-LATEST:]):  # newest first, each read once shown: no more
        judgment = read_judgment(game.files, path)
        section = [f"## Judgment {judgment.number}", ""] + _summary(judgment) + [
            "", *_steps(judgment), "", f"Its record: [{judgment.path.removeprefix(DIR)}]"
                                       f"({judgment.path.removeprefix(DIR)}).", ""]
        size += sum(len(line.encode()) + 1 for line in section)
        if shown and size > BUDGET:
            break
        lines += section
        shown += 1
    if shown < len(paths):
        lines.append(f"The latest {shown} of {len(paths)} ended Judgments; each is in its own "
                     "record here.")
    return "\n".join(lines).rstrip() + "\n"


def _summary(judgment: Judgment) -> list[str]:
    on = f" on #{judgment.on}" if judgment.on else ""
    now = course(judgment)
    ruling = now.ruling
    said = (f"{ruling.by}'s, {_verdict(ruling)}: {quoted(ruling.text)}" if ruling
            else "none stands")
    return [f"> {quoted(judgment.question)}", "",
            f"- Invoked by {judgment.by}{on} at {_when(judgment.at)}, during "
            f"{judgment.mover}'s turn; first Judge: {judgment.judge}.",
            f"- Ruling: {said}."]


def _verdict(ruling: Step) -> str:
    return f"**{ruling.verdict}** ({VERDICTS[ruling.verdict]})" if ruling.verdict in (
        "paradox", "unplayable") else f"**{ruling.verdict}**" if ruling.verdict else \
        "with no verdict"


def pending_lines(game: Game) -> list[str]:
    """Where the Judgment pending stands: the page's section, and the game issue's."""
    judgment = game.state.judgment
    now = course(judgment)
    judge = now.judge or "no one (every player who could was overruled)"
    overruled = now.judged if now.judge is None else now.judged[:-1]
    before = f"; overruled before: {', '.join(overruled)}" if overruled else ""
    lines = _summary(judgment) + [f"- The Judge now: {judge}{before}."]
    procedure = game.config.judgment
    if now.ruling is not None and procedure is not None and procedure.overrule is not None:
        lines.append(f"- Votes to overrule it: {', '.join(now.overrules) or 'none'} "
                     f"(`/overrule`; it takes {share(procedure.overrule)}).")
    if now.admin is not None:
        lines.append(f"- The server administrator overruled {now.undone}: "
                     f"{quoted(now.admin.text)}. Votes to nullify that: "
                     f"{', '.join(now.nullifies) or 'none'} (`/nullify`).")
    agreed = consent(game)
    if agreed.needs is not None:
        waits = (f"{judgment.mover}'s turn ended at {_when(judgment.turn_ended)}; "
                 if judgment.turn_ended else "")
        lines.append(f"- {waits}{agreed.next}'s turn begins once {share(agreed.needs)} "
                     f"consent (`/consent`): {', '.join(agreed.given) or 'none yet'}.")
    return lines


WHAT = {RULING: "rules", CONSENT: "consents to the next turn", OVERRULE: "votes to overrule",
        NULLIFY: "votes to nullify the administrator's overrule",
        ADMIN_OVERRULE: "the server administrator overrules",
        OVERRULED: "the Judge is overruled", NULLIFIED: "the administrator's overrule is "
        "nullified", TURN_BEGAN: "the next turn begins", GAME_ENDED: "the game ends",
        LAPSED: "the rules no longer have Judgment"}


def _steps(judgment: Judgment) -> list[str]:
    lines = ["| when | who | what |", "|---|---|---|"]
    for step in judgment.steps:
        what = WHAT[step.did]
        if step.did == RULING:
            what += f" {_verdict(step)}"
        if step.judge and step.did in (OVERRULED, ADMIN_OVERRULE, NULLIFIED):
            what += f": the Judge is now {step.judge}"
        if step.did in (OVERRULED, ADMIN_OVERRULE) and not step.judge:
            what += ": no player is left to judge it"
        if step.text:
            what += f": {quoted(step.text)}"
        lines.append(f"| {_when(step.at)} | {step.by or '—'} | {what} |")
    return lines


def scoreboard_line(game: Game) -> str | None:
    """What the scoreboard (state/README.md) says of the Judgment pending, if one is."""
    judgment = game.state.judgment
    if judgment is None:
        return None
    now = course(judgment)
    return (f"**Judgment {judgment.number} is pending** ({game.config.cite('judgment')}): "
            f"the Judge is {now.judge or 'no one'}; see [the Judgments](../{README}).")

