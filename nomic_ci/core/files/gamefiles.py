"""The game's files, path -> text, where the records are read only when asked for.

A run needs the indexes (`proposals/index/`, `actions/index/`), not the ten thousand
records behind them, so a forge lists every file but defers reading the records (the
decisions' and the board actions'): the first time one is asked for, all of them are read
in one batch (only `verify` and a few lookups do). Which files a forge defers is
`deferral.deferred`; a run looks for the others by folder (`under`), without walking the
records' paths.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Callable, Collection, Hashable, Iterable, Iterator, Mapping

# reads the deferred files' texts, by handle (a blob's sha, a path on disk), in one batch
Reader = Callable[[Collection[Hashable]], Mapping[Hashable, str]]


class _Deferred:
    """The texts not read yet, shared by a game's files and every changed copy of them."""

    def __init__(self, handles: Mapping[str, Hashable], read: Reader) -> None:
        self.handles = dict(handles)
        self.read = read
        self.texts: dict[str, str] | None = None
        self._sorted: list[str] | None = None

    def under(self, prefix: str) -> Iterator[str]:
        """The deferred paths that start with `prefix`, found by bisection."""
        if self._sorted is None:
            self._sorted = sorted(self.handles)
        at = bisect_left(self._sorted, prefix)
        while at < len(self._sorted) and self._sorted[at].startswith(prefix):
            yield self._sorted[at]
            at += 1

    def text(self, path: str) -> str:
        if self.texts is None:
            found = self.read(list(dict.fromkeys(self.handles.values())))
            self.texts = {p: found[h] for p, h in self.handles.items() if h in found}
        return self.texts[path]


class GameFiles(Mapping[str, str]):
    def __init__(self, texts: Mapping[str, str], deferred: Mapping[str, Hashable] | None = None,
                 read: Reader | None = None, _shared: _Deferred | None = None,
                 _gone: frozenset[str] = frozenset()) -> None:
        self._texts = dict(texts)
        self._deferred = _shared or _Deferred(deferred or {}, read or (lambda handles: {}))
        self._gone = _gone | frozenset(self._texts)  # deferred paths shadowed or removed

    def __getitem__(self, path: str) -> str:
        if path in self._texts:
            return self._texts[path]
        if path in self._gone or path not in self._deferred.handles:
            raise KeyError(path)
        return self._deferred.text(path)

    def __contains__(self, path: object) -> bool:
        return path in self._texts or (path in self._deferred.handles and path not in self._gone)

    def __iter__(self) -> Iterator[str]:
        yield from self._texts
        yield from (p for p in self._deferred.handles if p not in self._gone)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def under(self, prefix: str) -> list[str]:
        """The paths that start with `prefix`, sorted: what a run reads (rules, state, the
        indexes) is found without walking ten thousand records' paths."""
        return sorted([p for p in self._texts if p.startswith(prefix)]
                      + [p for p in self._deferred.under(prefix) if p not in self._gone])

    def changed(self, changes: Mapping[str, str | None]) -> "GameFiles":
        """These files with `changes` made: a text per path, None where a file is removed."""
        texts = {p: t for p, t in self._texts.items() if p not in changes}
        texts.update({p: t for p, t in changes.items() if t is not None})
        return GameFiles(texts, _shared=self._deferred, _gone=self._gone | frozenset(changes))


def under(files: Iterable[str], prefix: str) -> list[str]:
    """The paths of `files` that start with `prefix`, sorted (a game's files, `GameFiles`,
    find them without walking every path)."""
    if isinstance(files, GameFiles):
        return files.under(prefix)
    return sorted(p for p in files if p.startswith(prefix))


def game_files(files: Mapping[str, str]) -> GameFiles:
    """`files` as GameFiles (as they are, where they are already)."""
    return files if isinstance(files, GameFiles) else GameFiles(files)
