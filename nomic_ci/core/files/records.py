"""One record per decided proposal, `proposals/0100-0199/0123-slug.yaml` (a hundred to a
folder: `folders.py`): what was decided and why.

A record holds everything needed to re-check the decision later: the votes
counted and left out (with the commit each was cast on), the threshold, and
every die with the inputs that produced it.
"""

from __future__ import annotations

import enum
import functools
import re
from types import MappingProxyType
from dataclasses import field
from datetime import datetime
from typing import Any, Mapping


from . import yamlio
from .folders import READ_FROM, home, read_from
from ..errors import GameError
from ..frozen import frozen
from ..times import iso, moment
from ..facts import Account
from ..words import number_in

DIR = "proposals/"


class Outcome(enum.Enum):
    PASSED = "passed"
    FAILED = "failed"
    REFUSED = "refused"
    RETRACTED = "retracted"


@frozen
class Ballot:
    """One vote, counted or left out, with the commit it was cast on."""

    login: str
    yes: bool
    commit: str | None
    at: datetime | None
    reason: str = ""  # why it was left out; empty when counted
    strength: int = 1  # how much it counts (seed 003 rule 15.4: a VoteInReserve spent)


class CountsBallots:
    """`yes` and `no` of the `counted` ballots, for a tally and for a decision's record."""

    counted: tuple[Ballot, ...]

    @property
    def yes(self) -> int:
        return sum(b.strength for b in self.counted if b.yes)

    @property
    def no(self) -> int:
        return sum(b.strength for b in self.counted if not b.yes)


@frozen
class DieRoll:
    """One die as records keep it: what it was for, its result, and how anyone can check it."""

    purpose: str
    sides: int
    result: int
    inputs: Mapping[str, Any]
    method: str
    commitment: str | None = None  # the secret it was drawn from (dice.SECRET_METHOD)


@frozen
class Record(CountsBallots):
    """A decided proposal as its record (at `path`) holds it: the outcome, and all that made it."""

    number: int | None  # None: refused, or a request to join, where the rules number only
    # proper proposals
    key: str
    title: str
    author: Account
    outcome: Outcome
    reason: str
    opened: datetime
    decided: datetime
    head: str | None = None
    rules: tuple[int, ...] = ()
    threshold: str | None = None
    counted: tuple[Ballot, ...] = ()
    left_out: tuple[Ballot, ...] = ()
    dice: tuple[DieRoll, ...] = ()
    points: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    turn_to: str | None = None
    experience: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    # points a passed proposal set itself, by changing state/players.yaml where the rules let it
    points_stated: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    # where a passed proposal changed the points a player starts with: the start each player
    # then playing began with, less the new one (no one's points moved: core/scores.py)
    points_began: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    board: str | None = None  # state/board.yaml as a passed proposal's stated events left it
    # the board's opening pieces as the rules gave them before a passed proposal changed them
    # (`board.opening`): where verify's replay of the board begins
    opening: Mapping[str, Any] | None = None

    @property
    def path(self) -> str:
        """Its file: where it was read from (`folders.read_from`), else where the engine
        writes it (`home`)."""
        return self.__dict__.get(READ_FROM) or self.home

    @property
    def home(self) -> str:
        """Where the engine writes it: in the folder of its number's hundred, or (a refusal,
        a request to join, with none) of its forge key's."""
        slug = re.sub(r"[^a-z0-9]+", "-", self.title.lower()).strip("-")[:48].strip("-")
        # unnumbered: a refusal, or a request to join where only rule-changes are numbered
        kind = "refused" if self.outcome is Outcome.REFUSED else "request"
        name = f"{self.number:04d}" if self.number is not None else f"{kind}-{self.key}"
        by = self.number if self.number is not None else number_in(self.key)
        return home(DIR, f"{name}-{slug or 'proposal'}.yaml", by, 4)


def die_data(d: DieRoll) -> dict:
    """A die as records and the state write it."""
    return {"purpose": d.purpose, "sides": d.sides, "result": d.result, "method": d.method,
            "inputs": dict(d.inputs), **({"commitment": d.commitment} if d.commitment else {})}


def load_dice(data: Any) -> tuple[DieRoll, ...]:
    """Dice as `die_data` wrote them (raises KeyError, TypeError or ValueError if not)."""
    return tuple(DieRoll(str(d["purpose"]), int(d["sides"]), int(d["result"]),
                         yamlio.read_only(d["inputs"]), str(d["method"]), d.get("commitment"))
                 for d in data or ())


# a ballot as `_ballot` writes most: the ones a record counts, read as a table (quicktable)
BALLOT_COLUMNS = ("login", "vote", "commit", "at")


def _ballot(b: Ballot) -> dict:
    entry = {"login": b.login, "vote": "yes" if b.yes else "no", "commit": b.commit,
             "at": iso(b.at)}
    if b.reason:
        entry["reason"] = b.reason
    if b.strength != 1:
        entry["strength"] = b.strength
    return entry


def dump_record(record: Record) -> str:
    data = {
        "number": record.number,
        "title": record.title,
        "author": record.author.login,
        "author_id": record.author.id,
        "forge_key": record.key,
        "outcome": record.outcome.value,
        "reason": record.reason,
        "opened": iso(record.opened),
        "decided": iso(record.decided),
        "head": record.head,
        "rules": list(record.rules),
        "threshold": record.threshold,
        "votes": [_ballot(b) for b in record.counted],
        "left_out": [_ballot(b) for b in record.left_out],
        "dice": [die_data(d) for d in record.dice],
        "points": dict(record.points),
        "turn_to": record.turn_to,
    }
    if record.experience:
        data["experience"] = dict(record.experience)
    if record.points_stated:
        data["points_stated"] = dict(record.points_stated)
    if record.points_began:
        data["points_began"] = dict(record.points_began)
    if record.board is not None:
        data["board"] = yamlio.literal(record.board)
    if record.opening is not None:
        data["opening"] = {k: None if v is None else dict(v) for k, v in record.opening.items()}
    return yamlio.dump(data)


def read_record(path: str, text: str) -> Record:
    """Parse one record (`load_record`, not kept: `verify` reads each record once)."""
    data = yamlio.read(text, path, table=("votes", BALLOT_COLUMNS))
    try:
        return read_from(path, Record(
            number=None if data["number"] is None else int(data["number"]),
            key=str(data["forge_key"]),
            title=str(data["title"]),
            author=Account(str(data["author"]), data.get("author_id")),
            outcome=Outcome(data["outcome"]),
            reason=str(data.get("reason") or ""),
            opened=moment(data["opened"]),
            decided=moment(data["decided"]),
            head=_text(data.get("head")),
            rules=tuple(int(n) for n in data.get("rules") or ()),
            threshold=_text(data.get("threshold")),
            counted=tuple(_load_ballot(b) for b in data.get("votes") or ()),
            left_out=tuple(_load_ballot(b) for b in data.get("left_out") or ()),
            dice=load_dice(data.get("dice")),
            points=MappingProxyType({str(k): int(v)
                                     for k, v in (data.get("points") or {}).items()}),
            turn_to=_text(data.get("turn_to")),
            experience=MappingProxyType({str(k): int(v)
                                         for k, v in (data.get("experience") or {}).items()}),
            points_stated=MappingProxyType({str(k): int(v) for k, v in
                                            (data.get("points_stated") or {}).items()}),
            points_began=MappingProxyType({str(k): int(v) for k, v in
                                           (data.get("points_began") or {}).items()}),
            board=None if data.get("board") is None else str(data["board"]),
            opening=_opening(data.get("opening")),
        ))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise GameError(f"not a valid proposal record ({type(exc).__name__}: {exc})",
                        path=path, hint="records are written by nomic-ci; restore this one "
                                        "from git history") from None


# cached, because a run reads the same history at every step (so what it returns is frozen:
# every caller shares it)
load_record = functools.lru_cache(maxsize=8192)(read_record)


def _opening(value: Any) -> Mapping[str, Any] | None:
    """A record's `opening`, checked as the board reads it (a ValueError if it cannot)."""
    if value is None:
        return None
    from ..board.opening import read_opening  # the board's modules: for a game with one
    read_opening(value)
    return yamlio.read_only(value)


def _text(value: Any) -> str | None:
    """A text as a plain `str` (ruamel.yaml's quoted ones are its own kind, which only it
    writes), or None."""
    return None if value is None else str(value)


def _load_ballot(data: Mapping[str, Any]) -> Ballot:
    # its fields in order, not by name: a played game's records hold 90,000 ballots, and
    # each name was a third of a ballot's making
    at = data.get("at")
    return Ballot(str(data["login"]), data["vote"] == "yes", _text(data.get("commit")),
                  moment(at) if at else None, str(data.get("reason") or ""),
                  int(data.get("strength", 1)))
