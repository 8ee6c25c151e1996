"""The game's files, path -> text, where the records are read only when asked for.

A run needs the indexes (`proposals/index/`, `actions/index/`), not the ten thousand
records behind them, so a forge lists every file but defers reading the records (the
decisions' and the board actions'): the first time one is asked for, all of them are read
in one batch (only `verify` and a few lookups do).
"""

from __future__ import annotations

from typing import Callable, Collection, Hashable, Iterator, Mapping

from .history import is_record
from ..board.actionindex import is_action

# reads the deferred files' texts, by handle (a blob's sha, a path on disk), in one batch
Reader = Callable[[Collection[Hashable]], Mapping[Hashable, str]]


class _Deferred:
    """The texts not read yet, shared by a game's files and every changed copy of them."""

    def __init__(self, handles: Mapping[str, Hashable], read: Reader) -> None:
        self.handles = dict(handles)
        self.read = read
        self.texts: dict[str, str] | None = None

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

    def changed(self, changes: Mapping[str, str | None]) -> "GameFiles":
        """These files with `changes` made: a text per path, None where a file is removed."""
        texts = {p: t for p, t in self._texts.items() if p not in changes}
        texts.update({p: t for p, t in changes.items() if t is not None})
        return GameFiles(texts, _shared=self._deferred, _gone=self._gone | frozenset(changes))


def deferred(path: str) -> bool:
    """A record a forge reads only when asked for: a decision's or a board action's."""
    return is_record(path) or is_action(path)


def game_files(files: Mapping[str, str]) -> GameFiles:
    """`files` as GameFiles (as they are, where they are already)."""
    return files if isinstance(files, GameFiles) else GameFiles(files)
