"""Judgments (seed 001 rule 211) as values, and their records, `judgments/NNNN-slug.yaml`.

A Judgment is a question a player insisted on, and everything that happened to it in order:
each ruling, consent, vote to overrule or to nullify, and what the engine made of the votes
(a Judge overruled, an overrule nullified, the next turn begun, the game ended). While it is
pending it is part of the state (`judgment` in `state/game.yaml`); when the next turn begins
it is written, whole, as its record. Both are written as `judgment_data` says, and `verify`
replays each step (core/players/judgment.py). The procedure's rules are the `judgment`
binding's (core/mechanics/judging.py).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from typing import Any, Mapping

from . import fields as typed, yamlio
from .gamefiles import under
from ..errors import GameError
from ..frozen import frozen
from ..times import iso, moment

DIR = "judgments/"
README = DIR + "README.md"
_NAME = re.compile(r"^judgments/([0-9]{4,})-[a-z0-9-]*\.yaml$")

# what a step is: a player's command (the Judge's ruling among them), the administrator's,
RULING, CONSENT, OVERRULE, NULLIFY, ADMIN_OVERRULE = (
    "ruling", "consent", "overrule", "nullify", "administrator overrules")
# or what the engine made of the votes: a Judge overruled, an overrule undone,
OVERRULED, NULLIFIED = "overruled", "nullified"
# and how it ended: the next turn began, the game ended, the rules no longer have Judgment
TURN_BEGAN, GAME_ENDED, LAPSED = "next turn", "game ended", "lapsed"
PLAYERS_STEPS = (RULING, CONSENT, OVERRULE, NULLIFY)
ENDINGS = (TURN_BEGAN, GAME_ENDED, LAPSED)
ENDED = {TURN_BEGAN: "the next turn began", GAME_ENDED: "the game ended",
         LAPSED: "the rules in force no longer have Judgment"}  # how each ending reads
STEPS = (*PLAYERS_STEPS, ADMIN_OVERRULE, OVERRULED, NULLIFIED, *ENDINGS)

# a ruling's verdict, where the question has one, and what it says; the last two end the
# game where a rule names a winner for a game that cannot go on (rule 213)
VERDICTS = {"yes": "yes", "no": "no", "paradox": "the move is equally legal and illegal",
            "unplayable": "further play is impossible"}
UNPLAYABLE = ("paradox", "unplayable")


@frozen
class Step:
    """One thing that happened to a Judgment, in the order it happened."""

    at: datetime
    did: str  # one of STEPS
    by: str | None = None  # who (a player, the administrator); None: the engine
    verdict: str | None = None  # a ruling's, one of VERDICTS (None: it has none)
    text: str = ""  # a ruling's reasons, an overrule's why, how it ended
    judge: str | None = None  # the Judge from this step on, where it names a new one
    active: tuple[str, ...] = ()  # the engine's steps, and a ruling `paradox` or
    # `unplayable` (rule 213's winner is fixed by it): the active players then, in turn order
    needs: str | None = None  # the engine's steps: the share of them the vote needed
    comment: int | None = None  # the comment it answers


@frozen
class Judgment:
    """A question put to a Judge, and all that happened to it since."""

    number: int
    question: str
    by: str  # the player who invoked it
    at: datetime
    mover: str  # whose turn it was: the one moving, who may not judge
    judge: str  # the first Judge
    side: str  # "preceding" or "following": where each Judge is found from the last
    order: tuple[str, ...]  # the players in turn order when it was invoked: its Judges'
    active: tuple[str, ...]  # and the active ones among them then
    on: str = ""  # the issue or pull request it was invoked on (its forge key)
    comment: int | None = None  # the comment that invoked it
    steps: tuple[Step, ...] = ()
    turn_ended: datetime | None = None  # the mover's turn ended: the next waits for consent
    ended: datetime | None = None  # when the next turn began, or the game ended

    @property
    def path(self) -> str:
        slug = re.sub(r"[^a-z0-9]+", "-", self.question.lower()).strip("-")[:48].strip("-")
        return f"{DIR}{self.number:04d}-{slug or 'question'}.yaml"

    def then(self, step: Step) -> "Judgment":
        """The Judgment with one more step (an ending ends it)."""
        return replace(self, steps=self.steps + (step,),
                       ended=step.at if step.did in ENDINGS else self.ended)


def _text(text: str) -> str:
    return yamlio.literal(text) if "\n" in text else text


def judgment_data(judgment: Judgment) -> dict:
    """A Judgment as its record and the state write it."""
    data: dict[str, Any] = {
        "number": judgment.number, "question": _text(judgment.question), "by": judgment.by,
        "at": iso(judgment.at), **({"on": judgment.on} if judgment.on else {}),
        "comment": judgment.comment, "mover": judgment.mover, "judge": judgment.judge,
        "side": judgment.side, "order": list(judgment.order),
        "active": list(judgment.active),
        "steps": [_step_data(s) for s in judgment.steps]}
    if judgment.turn_ended is not None:
        data["turn_ended"] = iso(judgment.turn_ended)
    if judgment.ended is not None:
        data["ended"] = iso(judgment.ended)
    return data


def _step_data(step: Step) -> dict:
    data: dict[str, Any] = {"at": iso(step.at), "did": step.did}
    for key in ("by", "verdict", "text", "judge", "needs", "active", "comment"):
        value = getattr(step, key)
        if value not in (None, "", ()):
            data[key] = _text(value) if key == "text" else \
                list(value) if key == "active" else value
    return data


def dump_judgment(judgment: Judgment) -> str:
    return yamlio.dump(judgment_data(judgment))


def load_judgment(node: Any, path: str, where: str = "") -> Judgment:
    """A Judgment as `judgment_data` wrote it; every problem names the file, field and line."""
    item = typed.Fields(node, path, where)
    steps = []
    for index, step_node in enumerate(item.get("steps", typed.items, "a list of its steps")):
        step = typed.Fields(step_node, path, f"{where}step {index + 1}: ")
        steps.append(Step(
            at=step.get("at", moment, "a time"),
            did=step.get("did", _one_of(STEPS), "one of " + ", ".join(STEPS)),
            by=step.get("by", typed.login, "a login", optional=True),
            verdict=step.get("verdict", _one_of(tuple(VERDICTS)), "one of "
                             + ", ".join(VERDICTS), optional=True),
            text=step.get("text", typed.text, "text", optional=True, default=""),
            judge=step.get("judge", typed.login, "a login", optional=True),
            active=step.get("active", typed.logins, "a list of logins", optional=True,
                            default=()),
            needs=step.get("needs", typed.text, "a share of the players", optional=True),
            comment=step.get("comment", typed.whole, "a comment id", optional=True)))
    return Judgment(
        number=item.get("number", _positive, "a whole number from 1"),
        question=item.get("question", typed.text, "the question"),
        by=item.get("by", typed.login, "the login of the player who invoked it"),
        at=item.get("at", moment, "a time"),
        mover=item.get("mover", typed.login, "the login of the player moving"),
        judge=item.get("judge", typed.login, "the first Judge's login"),
        side=item.get("side", _one_of(("preceding", "following")), "preceding or following"),
        order=item.get("order", typed.logins, "the players then, in turn order"),
        active=item.get("active", typed.logins, "the active players then, in turn order"),
        on=str(item.get("on", lambda v: v if isinstance(v, (str, int)) else typed.text(v),
                        "the issue or pull request it was invoked on", optional=True,
                        default="")),
        comment=item.get("comment", typed.whole, "a comment id", optional=True),
        steps=tuple(steps),
        turn_ended=item.get("turn_ended", moment, "a time", optional=True),
        ended=item.get("ended", moment, "a time", optional=True))


def _one_of(options: tuple[str, ...]):
    def parse(value: Any) -> str:
        if value not in options:
            raise ValueError
        return value
    return parse


def _positive(value: Any) -> int:
    number = typed.whole(value)
    if number < 1:
        raise ValueError
    return number


def judgment_paths(files: Mapping[str, str]) -> list[str]:
    """The records of judgments/, in their numbers' order; any other file there is an error."""
    paths = [p for p in under(files, DIR) if p != README]
    for path in paths:
        if not _NAME.match(path):
            raise GameError("not a Judgment record's file name", path=path,
                            hint="judgments/ holds only the records nomic-ci writes "
                                 "(NNNN-slug.yaml) and its README")
    return sorted(paths, key=lambda p: int(_NAME.match(p)[1]))


def read_judgments(files: Mapping[str, str], latest: int | None = None
                   ) -> tuple[Judgment, ...]:
    """Every ended Judgment (or the `latest` few), by number: each record read, and named as
    its number says."""
    paths = judgment_paths(files)
    return tuple(read_judgment(files, path)
                 for path in (paths if latest is None else paths[len(paths) - latest:]))


def read_judgment(files: Mapping[str, str], path: str) -> Judgment:
    """The ended Judgment recorded at `path`, named as its number says."""
    judgment = load_judgment(yamlio.read(files[path], path), path)
    if judgment.path.split("-", 1)[0] != path.split("-", 1)[0]:
        raise GameError(f"Judgment {judgment.number} is recorded under another number",
                        path=path, hint="restore the record nomic-ci wrote from git history")
    return judgment


def judgments_recorded(files: Mapping[str, str]) -> int:
    """How many Judgments have ended: the next is numbered one more (and one pending)."""
    return sum(1 for p in under(files, DIR) if _NAME.match(p))
