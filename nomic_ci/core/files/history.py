"""The game's history: every decision record, as a line of `proposals/index/` (`IndexLines`).

A run reads what it needs of the history (the dice rolled so far, a proposal's outcome,
the latest decisions for the READMEs) from the index, and parses only the lines it reads,
so a run in a game's tenth year costs what it did on its first day. The records stay the
truth: the engine appends a line with each record it writes (to the last piece of
twenty lines, so a decision rewrites no more than that), `render` rebuilds the index
from the records where it does not list them all, and `verify` reads every record and
checks the index line by line.
"""

from __future__ import annotations

import json
import re
from dataclasses import field
from datetime import datetime
from types import MappingProxyType
from typing import Callable, Iterable, Iterator, Mapping

from ..frozen import frozen
from .adjustments import ADJUSTMENTS
from .folders import TWICE, moves
from .gamefiles import under
from .indexlines import IndexLines, bad_line, json_text, points as _points, whole as _int
from .records import DIR, Outcome, Record, load_record
from ..errors import GameError
from ..facts import Account
from ..times import iso, moment
from ..words import number_in

INDEX = DIR + "index/"  # pieces of lines: a decision rewrites only the last (IndexLines)
README = DIR + "README.md"
LATEST_CHANGES = 10  # of each rule's changes, the totals keep the latest (rules/README.md)
_RECORD = re.compile(  # in its folder of a hundred, or at the top (a game made before)
    r"^proposals/(?:[0-9]{4,}-[0-9]{4,}/)?([0-9]{4,}|(?:refused|request)-[A-Za-z0-9_.-]+?)"
    r"-[a-z0-9-]*\.yaml$")


@frozen
class RecordSummary:
    """What the rest of a run needs of a record: all of it but the ballots and the dice's
    inputs, which only `verify` reads."""

    number: int | None
    key: str
    path: str
    title: str
    author: Account
    outcome: Outcome
    reason: str
    opened: datetime
    decided: datetime
    rules: tuple[int, ...] = ()
    threshold: str | None = None
    yes: int = 0
    no: int = 0
    rolls: tuple[int, ...] = ()  # each die's result
    points: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    points_stated: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    points_began: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


def summary_of(record: Record, path: str | None = None) -> RecordSummary:
    return RecordSummary(record.number, record.key, path or record.path, record.title,
                         record.author, record.outcome, record.reason, record.opened,
                         record.decided,
                         record.rules, record.threshold, record.yes, record.no,
                         tuple(d.result for d in record.dice), record.points,
                         record.points_stated, record.points_began)


def is_record(path: str) -> bool:
    """A file of proposals/ that must be a decision record (not of its index: its files and
    its totals)."""
    return path.startswith(DIR) and path not in (README, ADJUSTMENTS) \
        and not path.startswith(INDEX)


def record_paths(files: Iterable[str]) -> list[str]:
    """The decision records among these paths; any other file in proposals/ is an error."""
    paths = under(files, DIR)
    found = [path for path in paths if _RECORD.match(path)]  # a record's name: it is one
    if len(found) != len(paths):  # the index, the README, or a file that must not be there
        named = set(found)
        stray = next((path for path in paths if path not in named and is_record(path)), None)
        if stray is not None:
            raise GameError("not a proposal record file name", path=stray,
                            hint="proposals/ holds only records written by nomic-ci, a "
                                 "hundred to a folder (0100-0199/0123-slug.yaml), its index, "
                                 "the admin's adjustments.yaml and its README")
    return found


def read_history(files: Mapping[str, str]) -> "History":
    """The history: from the index, else (a game made before the index) from the records."""
    shards = History.shards_in(files)
    if not shards:
        return history_of_records(files)
    return History(files=files, shards=shards)


def moved_records(files: Mapping[str, str],
                  say: Callable[[str], None] = lambda line: None) -> dict[str, str | None]:
    """The records not where the engine keeps them (at the top of proposals/, in a game
    made before its folders of a hundred), moved there: `folders.moves`."""
    return moves(((p, load_record(p, files[p]).home) for p in record_paths(files)), files, say)


def history_of_records(files: Mapping[str, str]) -> "History":
    """The history as the records themselves say (each one read: slow in a long game)."""
    return History.of(summary_of(load_record(p, files[p]), p) for p in record_paths(files))


def in_order(summaries: Iterable[RecordSummary]) -> tuple[RecordSummary, ...]:
    """In the order they were decided (at one moment: by number, then the unnumbered
    refusals); two records with one number is an error."""
    summaries = list(summaries)
    seen: dict[int, str] = {}
    for summary in summaries:
        if summary.number is None:
            continue
        if summary.number in seen:
            first, second = sorted((seen[summary.number], summary.path))
            raise GameError(f"proposal {summary.number} is also recorded in {first}",
                            path=second, hint=TWICE)
        seen[summary.number] = summary.path
    return tuple(sorted(summaries, key=_order))


class History(IndexLines[RecordSummary]):
    """The history in the order it was decided, one index line a record, each line parsed
    the first time it is read."""

    folder = INDEX

    @classmethod
    def of(cls, summaries: Iterable[RecordSummary]) -> "History":
        ordered = in_order(summaries)
        history = cls([index_line(s) for s in ordered])
        history._read = dict(enumerate(ordered))
        return history

    def _parse(self, line: str, path: str, number: int) -> RecordSummary:
        return _summary(line, path, number)

    def _empty_totals(self) -> dict:
        # the dice rolled; the largest forge key decided (a proposal with a larger one was
        # never decided); and each rule's changes, how many and the latest LATEST_CHANGES
        # as [number, day]
        return {**super()._empty_totals(), "dice": 0, "max_key": None, "rules": {}}

    def _tally(self, totals: dict, line: str, index: int) -> None:
        super()._tally(totals, line, index)
        try:
            e = json.loads(line)
            totals["dice"] += len(e.get("rolls", ()))
            key = number_in(str(e["key"]))
            if key is not None:
                totals["max_key"] = max(totals["max_key"] or 0, key)
            if e["outcome"] == Outcome.PASSED.value:
                for rule in e.get("rules", ()):
                    count, latest = totals["rules"].get(str(rule), (0, []))
                    totals["rules"][str(rule)] = [count + 1, (latest + [
                        [e["number"], str(e["decided"])[:10]]])[-LATEST_CHANGES:]]
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise bad_line(exc, *self.where(index)) from None

    def _moved(self, line: str, index: int) -> list[str]:
        if '"points' not in line:
            return []  # an index line leaves out what is empty: most are read no further
        try:
            e = json.loads(line)
            return ["points"] if e.get("points") or e.get("points_stated") else []
        except (ValueError, TypeError, AttributeError) as exc:
            raise bad_line(exc, *self.where(index)) from None

    def rule_changes(self) -> dict[int, tuple[int, list[tuple[int, str]]]]:
        """Each rule's changes by the passed records that list it: how many, and the latest
        LATEST_CHANGES of them (number, day), oldest first. From the totals: no line read
        (ten thousand parsed were most of a long game's render)."""
        return {int(rule): (count, [(number, day) for number, day in latest])
                for rule, (count, latest) in self.totals["rules"].items()}

    def dice(self) -> int:
        """How many dice the decided proposals rolled."""
        return self.totals["dice"]

    def find(self, key: str) -> RecordSummary | None:
        """The record of the proposal with this forge key: none where the key is larger
        than any decided (a new proposal, as a run asks of each), else looked for from the
        newest line back."""
        largest = self.totals.get("max_key")
        number = number_in(key)
        if number is not None and (largest is None or number > largest):
            return None
        wanted = f'"key": {json_text(key)}'
        return next((self[i] for i, line in self.lines(newest_first=True)
                     if wanted in line and self[i].key == key), None)

    def by(self, login: str) -> Iterator[RecordSummary]:
        """The records of this author's proposals."""
        wanted = f'"author": {json_text(login)}'
        return (self[i] for i, line in self.lines()
                if wanted in line and self[i].author.login == login)

    def added(self, summary: RecordSummary) -> "History":
        """The history with one more record, decided last (as a run decides them), or put
        in its place."""
        if not self or _order(self[-1]) < _order(summary):
            added = self._appended(index_line(summary))
            added._read[len(self)] = summary
            return added
        return History.of((*self, summary))


def _order(s: RecordSummary) -> tuple:
    return s.decided, s.number is None, s.number or 0, s.key


def index_line(s: RecordSummary) -> str:
    entry = {"number": s.number, "file": s.path.removeprefix(DIR), "outcome": s.outcome.value,
             "opened": iso(s.opened), "decided": iso(s.decided), "key": s.key,
             "author": s.author.login,
             "author_id": s.author.id, "title": s.title, "reason": s.reason,
             "rules": list(s.rules), "threshold": s.threshold, "yes": s.yes, "no": s.no,
             "rolls": list(s.rolls), "points": dict(s.points),
             "points_stated": dict(s.points_stated), "points_began": dict(s.points_began)}
    return json_text({k: v for k, v in entry.items() if v not in (None, "", [], {})
                      or k in _ALWAYS})


_ALWAYS = ("number", "yes", "no")  # written even when empty: None for no number, 0 votes


def _summary(line: str, path: str, line_number: int) -> RecordSummary:
    try:
        e = json.loads(line)
        return RecordSummary(
            number=None if e["number"] is None else _int(e["number"]),
            key=str(e["key"]), path=DIR + str(e["file"]), title=str(e["title"]),
            author=Account(str(e["author"]), e.get("author_id")),
            outcome=Outcome(e["outcome"]), reason=str(e.get("reason", "")),
            opened=moment(e["opened"]), decided=moment(e["decided"]),
            rules=tuple(_int(n) for n in e.get("rules", ())),
            threshold=e.get("threshold"), yes=_int(e["yes"]), no=_int(e["no"]),
            rolls=tuple(_int(n) for n in e.get("rolls", ())), points=_points(e.get("points")),
            points_stated=_points(e.get("points_stated")),
            points_began=_points(e.get("points_began")))
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise bad_line(exc, path, line_number) from None
