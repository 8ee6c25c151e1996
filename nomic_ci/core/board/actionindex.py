"""The board's actions as an index, `actions/index/` (`IndexLines`): a line per action record.

A run needs of the actions only how many there are (the next one's number), how many dice
they rolled (the next roll's number) and, rarely, the points and counters they moved (for
the score chart): the index says that, and a run reads nothing else of them, parsing a line
only when it needs what is in it, so a game's ten-thousandth action costs what its first
did. As with the proposals' history (`core/files/history.py`) the records stay the truth:
the engine appends a line with each record it writes (to the last piece of twenty lines,
so an action rewrites no more than that), `render` rebuilds the index from the records where
it does not list them all, and `verify` reads every record once and checks the index line
by line.
"""

from __future__ import annotations

import json
import re
from dataclasses import field
from datetime import datetime
from types import MappingProxyType
from typing import Iterable, Iterator, Mapping, Sequence

from ..files.gamefiles import under
from ..files.indexlines import (IndexLines, bad_line, index_problems, json_text, points,
                                whole)
from ..frozen import frozen
from ..times import iso, moment
from .actionlog import DIR, INDEX, ActionRecord, load_action, load_actions

_DICE = re.compile(r'"dice": ([0-9]+)')


@frozen
class ActionSummary:
    """What a run needs of an action record: who, when, what, how many dice, which points,
    and which counters (money, level...) it changed: the score chart's steps (core/scores.py)."""

    number: int
    path: str
    at: datetime
    login: str
    command: str
    dice: int = 0
    points: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    stats: Mapping[str, Mapping[str, int]] = field(default_factory=lambda: MappingProxyType({}))


def summary_of(record: ActionRecord) -> ActionSummary:
    return ActionSummary(record.number, record.path, record.at, record.login, record.command,
                         len(record.dice), MappingProxyType(dict(record.points)), record.stats)


def is_action(path: str) -> bool:
    """A file of actions/ that must be an action record (read only when asked for)."""
    return path.startswith(DIR) and not path.startswith(INDEX)


def index_line(s: ActionSummary) -> str:
    entry = {"number": s.number, "file": s.path.removeprefix(DIR), "at": iso(s.at),
             "login": s.login, "command": s.command, "dice": s.dice, "points": dict(s.points),
             "stats": {login: dict(moved) for login, moved in s.stats.items()}}
    return json_text({k: v for k, v in entry.items() if v not in (0, {}) or k == "number"})


def _summary(line: str, path: str, line_number: int) -> ActionSummary:
    try:
        e = json.loads(line)
        return ActionSummary(whole(e["number"]), DIR + str(e["file"]), moment(e["at"]),
                             str(e["login"]), str(e["command"]), whole(e.get("dice", 0)),
                             points(e.get("points")), _stats(e.get("stats")))
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise bad_line(exc, path, line_number) from None


def _stats(data: Mapping[str, object] | None) -> Mapping[str, Mapping[str, int]]:
    """A line's counters moved, by login and counter."""
    if not data:
        return _NO_STATS
    return MappingProxyType({str(login): points(moved) for login, moved in data.items()})


_NO_STATS: Mapping[str, Mapping[str, int]] = MappingProxyType({})


class ActionLog(IndexLines[ActionSummary]):
    """The actions in order, a line each, each line parsed the first time it is read; the
    whole record (dice with their inputs, effects) read from its file only when asked for."""

    folder = INDEX

    def __init__(self, lines: Sequence[str] = (), files: Mapping[str, str] | None = None,
                 shards: Sequence[str] = ()) -> None:
        super().__init__(lines, files, shards)  # the game's files: its records' too
        self._records: dict[int, ActionRecord] = {}  # whole records known without reading

    @classmethod
    def of(cls, records: Iterable[ActionRecord]) -> "ActionLog":
        """The log of these whole records (as `verify` reads them, or before any index)."""
        records = list(records)
        log = cls([index_line(summary_of(r)) for r in records])
        log._records = dict(enumerate(records))
        return log

    def _parse(self, line: str, path: str, number: int) -> ActionSummary:
        return _summary(line, path, number)

    def _empty_totals(self) -> dict:
        return {**super()._empty_totals(), "dice": 0}

    def _tally(self, totals: dict, line: str, index: int) -> None:
        super()._tally(totals, line, index)
        totals["dice"] += int(m[1]) if (m := _DICE.search(line)) else 0

    def _moved(self, line: str, index: int) -> list[str]:
        if '"points": ' not in line and '"stats": ' not in line:
            return []  # an index line leaves out what did not move: most are read no further
        try:
            e = json.loads(line)
            counters = {name for moved in (e.get("stats") or {}).values()
                        for name, n in moved.items() if n}
            return (["points"] if e.get("points") else []) + sorted(counters)
        except (ValueError, TypeError, AttributeError) as exc:
            raise bad_line(exc, *self.where(index)) from None

    def dice(self) -> int:
        """How many dice the actions rolled (from the totals: no line read)."""
        return self.totals["dice"]

    def record(self, index: int) -> ActionRecord:
        """The whole record, from its file."""
        index = range(len(self))[index]
        if index not in self._records:
            path = self[index].path
            self._records[index] = load_action(path, self._files[path])
        return self._records[index]

    def records(self) -> Iterator[ActionRecord]:
        return (self.record(i) for i in range(len(self)))

    def added(self, record: ActionRecord) -> "ActionLog":
        """The log with one more action, the latest."""
        added = self._appended(index_line(summary_of(record)))
        added._records = {**self._records, len(self): record}
        return added


def read_actions(files: Mapping[str, str]) -> ActionLog:
    """The actions: from the index, else (a game made before the index) from the records."""
    shards = ActionLog.shards_in(files)
    if not shards:
        return actions_of_records(files)
    return ActionLog(files=files, shards=shards)


def actions_of_records(files: Mapping[str, str]) -> ActionLog:
    """The actions as their records say (each one read: slow in a long game)."""
    paths = [p for p in under(files, DIR) if is_action(p)]
    if not paths:
        return ActionLog(files=files)
    return ActionLog.of(load_actions({p: files[p] for p in paths}))


def check_index(files: Mapping[str, str], truth: ActionLog) -> list[str]:
    """Where `actions/index/` is not what the records (`truth`, read whole) make."""
    return index_problems(INDEX, {path: files[path] for path in under(files, INDEX)},
                          lambda: read_actions(files), truth, "actions",
                          "in the order of the actions")
