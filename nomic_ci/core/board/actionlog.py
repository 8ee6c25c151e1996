"""One record per player action, `actions/000100-000199/000123-login-command.json` (a
hundred to a folder: `core/files/folders.py`): who did what, when, with which dice (and
their inputs), and every effect in the order applied, each saying why. `verify` checks the
board and the points against them.

JSON, not YAML like the proposals' records: a game makes an action record with every move,
so a long game holds tens of thousands, and each run reads them all; JSON reads in
microseconds where YAML takes milliseconds (10,000 records: a third of a second, not two
minutes). Indented, one field a line, it reads and diffs as easily."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import field
from datetime import datetime
from types import MappingProxyType
from typing import Any, Callable, Mapping

from ..errors import GameError
from ..files.gamefiles import under
from ..files.yamlio import read_only
from ..files.folders import READ_FROM, TWICE, home, moves, read_from
from ..files.records import DieRoll
from ..frozen import frozen
from ..times import iso, moment

DIR = "actions/"
INDEX = DIR + "index/"  # the actions' index (actionindex.py), beside the records
# in its folder of a hundred, or at the top (where a game made before kept it)
_NAME = re.compile(r"^actions/(?:[0-9]{6,}-[0-9]{6,}/)?([0-9]{6,})-[a-z0-9-]*\.json$")


@frozen
class ActionRecord:
    """A board action, a player's or the engine's (a turn's end, an update); its file is `path`."""

    number: int  # the game's n-th action
    at: datetime
    login: str
    command: str  # as written, first line: "/roll"; or what the engine did: "turn end"
    comment: int | None  # the comment it answers, if a player's
    answer: str
    dice: tuple[DieRoll, ...] = ()
    effects: tuple[Mapping[str, Any], ...] = ()
    points: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def stats(self) -> Mapping[str, Mapping[str, int]]:
        """How much each player's counters (money, level...) changed, by login and counter:
        what its effects that change counters say they were and became, added up."""
        moved: dict[str, dict[str, int]] = {}
        for effect in self.effects:
            if "stats" in effect:
                mine = moved.setdefault(str(effect["stats"]), {})
                for name, became in effect["to"].items():
                    mine[name] = mine.get(name, 0) + became - effect["from"][name]
        return MappingProxyType({login: MappingProxyType(
            {name: delta for name, delta in sorted(counters.items()) if delta})
            for login, counters in moved.items() if any(counters.values())})

    @property
    def path(self) -> str:
        """Its file: where it was read from (`folders.read_from`), else where the engine
        writes it (`home`)."""
        return self.__dict__.get(READ_FROM) or self.home

    @property
    def home(self) -> str:
        """Where the engine writes it: in the folder of its number's hundred."""
        slug = re.sub(r"[^a-z0-9]+", "-", f"{self.login} {self.command}".lower()).strip("-")
        return home(DIR, f"{self.number:06d}-{slug[:40].strip('-')}.json", self.number, 6)


def dump_action(record: ActionRecord) -> str:
    return json.dumps({
        "number": record.number, "at": iso(record.at), "login": record.login,
        "command": record.command, "comment": record.comment, "answer": record.answer,
        "dice": [{"purpose": d.purpose, "sides": d.sides, "result": d.result,
                  "method": d.method, "inputs": dict(d.inputs),
                  **({"commitment": d.commitment} if d.commitment else {})}
                 for d in record.dice],
        "effects": [_plain(e) for e in record.effects],
        "points": dict(record.points)}, indent=1, ensure_ascii=False) + "\n"


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


@functools.lru_cache(maxsize=65536)
def load_action(path: str, text: str) -> ActionRecord:
    try:
        data = json.loads(text)
    except ValueError as exc:
        line = getattr(exc, "lineno", None)
        raise GameError(f"not valid JSON: {getattr(exc, 'msg', exc)}", path=path, line=line,
                        hint="action records are written by nomic-ci; restore this one from "
                             "git history") from None
    try:
        return read_from(path, ActionRecord(
            number=int(data["number"]), at=moment(data["at"]), login=str(data["login"]),
            command=str(data["command"]), comment=data.get("comment"),
            answer=str(data.get("answer") or ""),
            dice=tuple(DieRoll(str(d["purpose"]), int(d["sides"]), int(d["result"]),
                               read_only(d["inputs"]), str(d["method"]),
                               d.get("commitment")) for d in data.get("dice") or ()),
            effects=tuple(read_only(e) for e in data.get("effects") or ()),
            points=MappingProxyType({str(k): int(v)
                                     for k, v in (data.get("points") or {}).items()})))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise GameError(f"not a valid action record ({type(exc).__name__}: {exc})", path=path,
                        hint="action records are written by nomic-ci; restore this one from "
                             "git history") from None


def record_paths(files: Mapping[str, str]) -> list[str]:
    """The action records among the game's files; any other file in actions/ is an error."""
    found = [p for p in under(files, DIR) if not p.startswith(INDEX)]
    for path in found:
        if not _NAME.match(path):
            raise GameError("not an action record file name", path=path,
                            hint="actions/ holds only records written by nomic-ci, a "
                                 "hundred to a folder (000100-000199/000123-login-command."
                                 "json), and their index/")
    return found


def load_actions(files: Mapping[str, str]) -> tuple[ActionRecord, ...]:
    """Every action record, in the order they happened; numbered 1, 2, 3… without a gap."""
    found = sorted((load_action(path, files[path]) for path in record_paths(files)),
                   key=lambda r: (r.number, r.path))
    for index, record in enumerate(found, start=1):
        if index > 1 and record.number == found[index - 2].number:
            raise GameError(f"action {record.number} is also recorded in "
                            f"{found[index - 2].path}", path=record.path, hint=TWICE)
        if record.number != index:
            raise GameError(f"action {index} is missing (the next record is action "
                            f"{record.number})", path=record.path,
                            hint="restore the missing record from git history")
    return tuple(found)


def moved_actions(files: Mapping[str, str],
                  say: Callable[[str], None] = lambda line: None) -> dict[str, str | None]:
    """The action records not where the engine keeps them (at the top of actions/, in a
    game made before its folders of a hundred), moved there: `folders.moves`."""
    return moves(((p, load_action(p, files[p]).home) for p in record_paths(files)), files, say)
