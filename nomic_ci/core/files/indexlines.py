"""An index of records as JSON lines, and what adds them all up, `FOLDER/totals.json`: the
proposals' history and the board's actions share it.

The lines are kept in pieces of twenty, by thousands (`indexpieces`): the open thousand's
in `FOLDER/latest/`, each full thousand's in its own folder, where they move, by name, when
its last line is written. So a new record rewrites one piece and the totals, a few lines,
where a thousand-line file was sent whole to GitHub (whose API takes a changed file whole);
a run lists `latest/` with the index's folder, and a closed thousand's folder only when a
line of it is asked for. An older engine's files of a thousand lines are read as they are,
and the first line written after a partial one splits it into pieces.

A run reads only the pieces of the lines it needs (the latest, mostly) and each line the
first time it is read; what it needs of all of them (how many dice they rolled, each rule's
changes, the latest lines that moved each score) is in the totals. So a run in a game's
tenth year reads and writes what it did on its first day.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from dataclasses import fields
from itertools import zip_longest
from types import MappingProxyType
from typing import Callable, Generic, Iterable, Iterator, Mapping, Sequence, TypeVar, overload

from ..errors import GameError
from .gamefiles import Moved
from .indexpieces import OPEN, IndexPieces, ceil

T = TypeVar("T")
TOTALS = "totals.json"
KEPT = 256  # of the lines that moved each quantity, the totals name the latest (a chart draws 100)


class IndexLines(IndexPieces, Sequence[T], Generic[T]):
    """The lines of an index, each read from its file and parsed the first time it is
    asked for; where they are kept is `IndexPieces`'."""

    def __init__(self, lines: Sequence[str] = (), files: Mapping[str, str] | None = None,
                 shards: Sequence[str] = ()) -> None:
        """The index of these lines, or, with `files`, of the index files `shards` among
        them (in order, `shards_in`), each read when a line of it is first asked for."""
        self._files: Mapping[str, str] = {} if files is None else files
        if shards:
            self._paths = list(shards)
            self._chunks: list[list[str] | None] = [None] * len(shards)
        else:
            lines = list(lines)
            self._paths = self.layout(len(lines))
            self._chunks = list(self.cut(lines, self._paths))
        self._sources: list[str | None] = list(shards) or [None] * len(self._paths)
        self._starts = self.first_lines(self._paths)
        self._read: dict[int, T] = {}
        self._changed = set() if shards else set(range(len(self._chunks)))  # to write
        self._gone: set[str] = set()  # files of `files` to remove (pieces moved, split)
        self._totals: dict | None = None  # read, or added up, when first asked for
        self._totals_written = not shards  # whether the totals are to write

    def _parse(self, line: str, path: str, number: int) -> T:
        """One line as the value it stands for; a GameError naming the file and the line."""
        raise NotImplementedError

    def _tally(self, totals: dict, line: str, index: int) -> None:
        """Add a line, the `index`-th, to the totals."""
        totals["lines"] += 1
        for name in self._moved(line, index):
            latest = totals["moved"].setdefault(name, [])
            latest.append(index)
            del latest[:-KEPT]

    def _moved(self, line: str, index: int) -> Iterable[str]:
        """The quantities a line moved ("points", a counter such as "money"), whose latest
        lines the totals name (`moving`)."""
        return ()

    def _chunk(self, number: int) -> list[str]:
        """The lines of the `number`-th file, read the first time they are asked for. A file
        before the last holds the lines the engine writes in it, or none is read: each
        line's place is worked out from that."""
        chunk = self._chunks[number]
        if chunk is None:
            path = self._sources[number]
            try:
                text = self._files[path]
            except KeyError:
                raise GameError("is missing, and the index's lines after it are read from "
                                "the wrong places", path=path, hint=HINT) from None
            chunk = text.removesuffix("\n").split("\n") if text else []
            holds = self.holds(self._paths[number])
            if number < len(self._chunks) - 1 and len(chunk) != holds:
                raise GameError(f"holds {len(chunk)} lines, not {holds} as the engine "
                                "writes every file of the index but the last",
                                path=path, hint=HINT)
            self._chunks[number] = chunk
        return chunk

    def _line(self, index: int) -> str:
        number = bisect_right(self._starts, index) - 1
        return self._chunk(number)[index - self._starts[number]]

    def lines(self, newest_first: bool = False) -> Iterator[tuple[int, str]]:
        """Each line and its place, file by file (newest first: from the last file back)."""
        numbers = range(len(self._chunks))
        for number in reversed(numbers) if newest_first else numbers:
            chunk = self._chunk(number)
            start = self._starts[number]
            places = range(len(chunk) - 1, -1, -1) if newest_first else range(len(chunk))
            for place in places:
                yield start + place, chunk[place]

    def __len__(self) -> int:
        if not self._chunks:
            return 0
        return self._starts[-1] + len(self._chunk(len(self._chunks) - 1))

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index = range(len(self))[index]
        if index not in self._read:
            self._read[index] = self._parse(self._line(index), *self.where(index))
        return self._read[index]

    def having(self, *names: str, newest_first: bool = False) -> Iterator[T]:
        """The values where one of these fields is not empty. An index line leaves empty
        fields out, so the lines without one are skipped unread; newest first, only the
        files up to the last line taken are read."""
        # JSON escapes the quotes in a text, so a title cannot hold `"rules": `; a login in
        # a points map can, which is why each value found is asked too
        needles = [f'"{name}": ' for name in names]
        found = (index for index, line in self.lines(newest_first)
                 if any(needle in line for needle in needles))
        return (self[i] for i in found if any(getattr(self[i], name) for name in names))

    def moving(self, name: str) -> Iterator[T]:
        """The values of the lines that moved `name` (`_moved`), newest first: the latest
        KEPT from the totals, with no line read to find them; older ones, where there may
        be some, by reading back from there."""
        kept = self.totals["moved"].get(name, [])
        if isinstance(kept, list) and kept == sorted(
                i for i in kept if type(i) is int and 0 <= i < len(self)):
            start = kept[0] if kept else 0  # the lines before it are read back, where needed
        else:  # totals edited by hand (`verify` names them): every line is read
            kept, start = [], len(self)
        yield from (self[i] for i in reversed(kept))
        if len(kept) < KEPT and start < len(self):
            return  # the totals name every line that moved it
        for index in range(start - 1, -1, -1):
            if name in self._moved(self._line(index), index):
                yield self[index]

    def where(self, index: int) -> tuple[str, int]:
        """The index file and line a line was read from (or is written to)."""
        number = bisect_right(self._starts, index) - 1
        return self._sources[number] or self._paths[number], index - self._starts[number] + 1

    @property
    def totals(self) -> dict:
        """What all the lines add up to: from the index's totals file, else (an index the
        engine wrote before it kept one) from every line, once."""
        if self._totals is None:
            text = self._files.get(self.folder + TOTALS) if self._chunks and \
                not self._totals_written else None
            if text is not None:
                try:
                    self._totals = json.loads(text)
                except ValueError as exc:
                    raise GameError(f"not the index's totals ({exc})",
                                    path=self.folder + TOTALS, hint=HINT) from None
            if not isinstance(self._totals, dict) or any(
                    not isinstance(self._totals.get(key), type(empty))
                    for key, empty in self._empty_totals().items() if empty is not None):
                # none, or an older engine's, which kept less: added up again, and written
                # with the next line (a run that writes none adds them up again)
                self._totals = self._empty_totals()
                for index, line in self.lines():
                    self._tally(self._totals, line, index)
                self._totals_written = bool(self._chunks)
        return self._totals

    def _empty_totals(self) -> dict:
        return {"lines": 0, "moved": {}}

    def _appended(self, line: str) -> "IndexLines[T]":
        """A copy with `line` after the last (its files read or not as here: the last one
        copied), the totals added to. The line goes in the last piece, or a new one; after
        an older engine's partial file, in pieces with that file's lines; and where it fills
        its thousand, the thousand's pieces move to its folder."""
        added = self.__class__.__new__(self.__class__)
        added.__dict__.update(self.__dict__)
        added._chunks, added._paths = list(self._chunks), list(self._paths)
        added._sources, added._gone = list(self._sources), set(self._gone)
        added._read, added._changed = dict(self._read), set(self._changed)
        count = len(self)
        last = len(self._chunks) - 1
        if last >= 0 and len(self._chunk(last)) < self.holds(self._paths[last]):
            lines, start = self._chunk(last) + [line], last
        else:
            lines, start = [line], last + 1
        paths = self.layout(count + 1)[-ceil(len(lines), self.per_piece):]
        added._gone.update(set(self._paths[start:]) - set(paths))  # split, or full: moved
        del added._chunks[start:], added._paths[start:], added._sources[start:]
        for path, chunk in zip(paths, self.cut(lines, paths)):
            added._changed.add(len(added._chunks))
            added._chunks.append(chunk)
            added._paths.append(path)
            added._sources.append(None)  # (in no file yet)
        if (count + 1) % self.per_file == 0:  # its thousand is full: to its own folder
            place = f"{self.folder}{count // self.per_file:04d}/"
            for number, path in enumerate(added._paths):
                if path.startswith(self.folder + OPEN):
                    added._gone.add(path)
                    added._paths[number] = place + path.removeprefix(self.folder + OPEN)
        added._starts = self.first_lines(added._paths)
        totals = json.loads(json.dumps(self.totals))  # a copy: this one's stays as it is
        self._tally(totals, line, count)
        added._totals, added._totals_written = totals, True
        return added

    def texts(self, like: Mapping[str, str] = MappingProxyType({})) -> dict[str, str]:
        """The index files as the engine writes them, and the totals; what the files `like`
        keep as an older engine wrote it (a thousand as one file, the totals indented)
        kept so."""
        lines = [line for _, line in self.lines()]
        paths = self.layout(len(lines), self.whole_thousands(like))
        found = {path: "".join(line + "\n" for line in chunk)
                 for path, chunk in zip(paths, self.cut(lines, paths))}
        if lines:
            found[self.folder + TOTALS] = totals_text(self.totals,
                                                      like.get(self.folder + TOTALS))
        return found

    def written(self) -> dict[str, str | Moved | None]:
        """What this index changes in its files (a run's new lines: the last piece, or a
        new one), and the totals where they changed: a piece moved to its thousand's folder
        by name (`Moved`), not by its text, and None for a file removed."""
        found: dict[str, str | Moved | None] = {path: None for path in self._gone}
        for number, path in enumerate(self._paths):
            if number in self._changed:
                found[path] = "".join(line + "\n" for line in self._chunk(number))
            elif self._sources[number] != path:
                found[path] = Moved(self._sources[number])
        if self._totals_written:
            found[self.folder + TOTALS] = totals_text(self.totals)
        return found

    def check(self) -> list[str]:
        """What is not as the engine writes it, found without reading every file: the files
        where the engine writes them, the last one's lines, and the totals there, counting
        them all. A thousand an older engine kept as one file is as the engine writes it."""
        misplaced = self.misplaced()
        if misplaced is not None:
            return [misplaced]
        if not self._chunks:
            return []
        if self.folder + TOTALS not in self._files:
            return [f"{self.folder}{TOTALS} is missing"]
        try:
            counted = self.totals.get("lines")
            last = self._files[self._paths[-1]]
            if not last.endswith("\n") or "\n\n" in last or len(self) != counted:
                return [f"{self._paths[-1]} or {self.folder}{TOTALS} is not written as the "
                        f"engine writes them ({len(self):,} lines, the totals count "
                        f"{counted!r})"]
        except GameError as error:
            return [str(error)]
        return []

    def misplaced(self) -> str | None:
        """A file of the index missing, or not where the engine writes it; None where each
        is (told by their names and the last one's lines)."""
        paths = set(self._paths)
        shelves = dict.fromkeys(p.rsplit("/", 1)[0] + "/" for p in self._paths  # closed ones
                                if "/" in p[len(self.folder):] and OPEN not in p)
        missing = next((piece for shelf in shelves for piece in self.pieces_in(shelf)
                        if piece not in paths), None)
        if missing is not None:  # (else every line after it seems out of place)
            return f"{missing} is missing"
        try:
            expected = self.layout(len(self), self.whole_thousands(self._paths))
        except GameError as error:
            return str(error)
        wrong = next(((p, e) for p, e in zip_longest(self._paths, expected) if p != e), None)
        if wrong is None:
            return None
        path, place = wrong
        if place is not None and place not in paths:
            return f"{place} is missing"
        return f"{path} is not where the engine writes a file of the index" + (
            f" ({place})" if place else "")


def totals_text(totals: dict, like: str | None = None) -> str:
    """The totals as the engine writes them: JSON without spaces (sent whole with every
    decision, where an older engine's indented lines were half of it), or indented as that
    engine wrote them where `like` is (verify takes them as they are)."""
    if like is not None and like.startswith("{\n"):
        return json.dumps(totals, ensure_ascii=False, sort_keys=True, indent=1) + "\n"
    return json.dumps(totals, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def json_text(value: object) -> str:
    """A value as an index line writes it: JSON, in UTF-8 but for the characters other than
    a line feed that Python reads as the end of a line (a title may hold one)."""
    text = json.dumps(value, ensure_ascii=False)
    # translate() goes a character at a time, in Python: most of an index's making
    return text.translate(_LINE_ENDS) if _LINE_END.search(text) else text


_LINE_ENDS = {ord(c): f"\\u{ord(c):04x}" for c in "\x85\u2028\u2029"}
_LINE_END = re.compile("[\x85\u2028\u2029]")


HINT = "the index is rendered from the records: run 'nomic-ci render' and commit the result"


def bad_line(exc: Exception, path: str, number: int) -> GameError:
    """The error for a line that is not what the index writes."""
    return GameError(f"not an index line ({type(exc).__name__}: {exc})", path=path,
                     line=number, hint=HINT)


def whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def points(data: Mapping[str, object] | None) -> Mapping[str, int]:
    """A line's points by login."""
    if not data:
        return _NO_POINTS
    return MappingProxyType({str(login): whole(n) for login, n in data.items()})


_NO_POINTS: Mapping[str, int] = MappingProxyType({})  # read-only: one serves every line


def index_problems(folder: str, written: Mapping[str, str], listed: Callable[[], IndexLines],
                   truth: IndexLines, noun: str, order: str) -> list[str]:
    """Where an index (`written`, the files of `folder`) is not what its records make
    (`truth`, read from the records themselves): a file missing or out of its place, the
    first line that differs and how, a count that differs, or a file not written as the
    engine writes it (a thousand an older engine kept as one file is). `listed` reads the
    index, only where its files differ from the truth's."""
    what_to_do = "run 'nomic-ci render' and commit the result"
    if not written:
        return [f"{folder} is missing: {what_to_do}"] if len(truth) else []
    wanted = truth.texts(like=written)
    if written == wanted:
        return []  # as the engine writes it: no line need be read
    try:
        lines = listed()
        misplaced = lines.misplaced()
        if misplaced is not None:
            return [f"{misplaced}: {what_to_do}"]
        for line, (said, real) in enumerate(zip(lines, truth)):
            wrong = next((f.name for f in fields(real)
                          if getattr(said, f.name) != getattr(real, f.name)), None)
            if wrong is not None:
                path, number = lines.where(line)
                # either was edited: rendering would write a record edited by hand into
                # the index, so git's history decides which to keep
                return [f"{path}: line {number} gives {said.path} the {wrong} "
                        f"{_shown(getattr(said, wrong))}, but the record {real.path} says "
                        f"{_shown(getattr(real, wrong))}: see which one was edited "
                        f"('git log -p -- {real.path} {path}'); restore an edited record "
                        f"from git history, or, where the record is right, {what_to_do}"]
    except GameError as error:
        return [f"{error}"]
    if len(lines) != len(truth):
        return [f"{folder} lists {len(lines)} {noun}, but there are {len(truth)}: {what_to_do}"]
    wrong_file = next(p for p in sorted({*written, *wanted}) if written.get(p) != wanted.get(p))
    return [f"{wrong_file} is not written as the engine writes it (lines {order}, "
            f"{truth.per_piece} a file, a thousand to a folder): {what_to_do}"]


def _shown(value: object) -> str:
    return repr(dict(value) if isinstance(value, Mapping) else getattr(value, "value", value))
