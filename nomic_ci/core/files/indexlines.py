"""An index of records as JSON lines, `FOLDER/NNNN.jsonl` of a thousand lines each: the
proposals' history and the board's actions share it. Each line is parsed the first time it
is read, so a run pays only for the lines it needs; a new record rewrites only the last file.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from dataclasses import fields
from itertools import accumulate
from types import MappingProxyType
from typing import Callable, Generic, Iterable, Iterator, Mapping, Sequence, TypeVar, overload

from ..errors import GameError

T = TypeVar("T")


class IndexLines(Sequence[T], Generic[T]):
    folder: str  # where the index files are, such as "proposals/index/"
    per_file = 1000  # lines in each file
    _text: tuple[str, list[int]] | None = None  # `_joined`, once asked for

    def __init__(self, lines: Sequence[str], starts: Sequence[tuple[int, str]] = ()) -> None:
        self._lines = list(lines)
        self._read: dict[int, T] = {}
        self._starts = list(starts)  # where each index file's lines begin, for errors

    def _parse(self, line: str, path: str, number: int) -> T:
        """One line as the value it stands for; a GameError naming the file and the line."""
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self._lines)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index = range(len(self))[index]
        if index not in self._read:
            self._read[index] = self._parse(self._lines[index], *self.where(index))
        return self._read[index]

    def having(self, *names: str, newest_first: bool = False) -> Iterator[T]:
        """The values where one of these fields is not empty. An index line leaves empty
        fields out, so the lines without one are skipped unread; newest first, only the
        lines up to the last one taken are looked at."""
        # JSON escapes the quotes in a text, so a title cannot hold `"rules": `; a login in
        # a points map can, which is why each value found is asked too
        needles = [f'"{name}": ' for name in names]
        if newest_first:
            found: Iterable[int] = (i for i in range(len(self) - 1, -1, -1)
                                    if any(needle in self._lines[i] for needle in needles))
        else:  # found in the whole index at once, in C: a scan line by line was the most
            found = self._found(needles)  # of a long game's render (six of 10,000 lines)
        return (self[i] for i in found if any(getattr(self[i], name) for name in names))

    def _found(self, needles: list[str]) -> list[int]:
        """The lines holding one of these texts, in order."""
        text, ends = self._joined()
        found: set[int] = set()
        for needle in needles:
            at = text.find(needle)
            while at != -1:
                line = bisect_left(ends, at)
                found.add(line)
                at = text.find(needle, ends[line])
        return sorted(found)

    def _joined(self) -> tuple[str, list[int]]:
        """The lines as one text, and where each line ends in it (at its line break)."""
        if self._text is None:
            self._text = "\n".join(self._lines), [
                end + i for i, end in enumerate(accumulate(map(len, self._lines)))]
        return self._text

    def where(self, index: int) -> tuple[str, int]:
        """The index file and line a line was read from."""
        if not self._starts:
            return self._shard(index), index % self.per_file + 1
        first, path = max((start for start in self._starts if start[0] <= index),
                          default=self._starts[0])
        return path, index - first + 1

    def _shard(self, index: int) -> str:
        return f"{self.folder}{index // self.per_file:04d}.jsonl"

    def texts(self) -> dict[str, str]:
        """The index files, `per_file` lines each, in order."""
        return {self._shard(start): "".join(line + "\n" for line in
                                            self._lines[start:start + self.per_file])
                for start in range(0, len(self._lines), self.per_file)}


def json_text(value: object) -> str:
    """A value as an index line writes it: JSON, in UTF-8 but for the characters other than
    a line feed that Python reads as the end of a line (a title may hold one)."""
    return json.dumps(value, ensure_ascii=False).translate(_LINE_ENDS)


_LINE_ENDS = {ord(c): f"\\u{ord(c):04x}" for c in "\x85\u2028\u2029"}


def shard_lines(files: Mapping[str, str], shards: Sequence[str]
                ) -> tuple[list[str], list[tuple[int, str]]]:
    """The lines of these index files, in order, and where each file's lines begin: split
    at line feeds alone, as they are written."""
    lines: list[str] = []
    starts: list[tuple[int, str]] = []
    for path in shards:
        starts.append((len(lines), path))
        text = files[path]
        lines += text.removesuffix("\n").split("\n") if text else []
    return lines, starts


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


def index_problems(folder: str, written: Mapping[str, str], wanted: Mapping[str, str],
                   listed: Callable[[], IndexLines], truth: Sequence, noun: str,
                   order: str) -> list[str]:
    """Where an index (`written`, the files of `folder`) is not what its records make
    (`truth`, read from the records themselves; `wanted`, its files): the first line that
    differs and how, a count that differs, or a file not written as the engine writes it.
    `listed` reads the index, only where its files differ from `wanted`."""
    what_to_do = "run 'nomic-ci render' and commit the result"
    if not written:
        return [f"{folder} is missing: {what_to_do}"] if len(truth) else []
    if written == wanted:
        return []  # as the engine writes it: no line need be read
    try:
        lines = listed()
        for line, (said, real) in enumerate(zip(lines, truth)):
            wrong = next((f.name for f in fields(real)
                          if getattr(said, f.name) != getattr(real, f.name)), None)
            if wrong is not None:
                path, number = lines.where(line)
                return [f"{path}: line {number} gives {said.path} the {wrong} "
                        f"{_shown(getattr(said, wrong))}, but the record {real.path} says "
                        f"{_shown(getattr(real, wrong))}: {what_to_do}"]
    except GameError as error:
        return [f"{error}"]
    if len(lines) != len(truth):
        return [f"{folder} lists {len(lines)} {noun}, but there are {len(truth)}: {what_to_do}"]
    wrong_file = next(p for p in sorted({*written, *wanted}) if written.get(p) != wanted.get(p))
    return [f"{wrong_file} is not written as the engine writes it (each file holds a thousand "
            f"lines, {order}): {what_to_do}"]


def _shown(value: object) -> str:
    return repr(dict(value) if isinstance(value, Mapping) else getattr(value, "value", value))
