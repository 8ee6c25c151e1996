"""The game's files, path -> text, where the records are read only when asked for.

A run needs of the indexes (`proposals/index/`, `actions/index/`) their last piece and
their totals, and not the ten thousand records behind them, so a forge defers reading
those too: a file of an index is read by itself when asked for (`deferral.alone`); the
first time a record is asked for, all of them are read in one batch (only `verify` and a
few lookups do). It may defer listing them too: a folder of records
(`deferral.KEPT`) is listed the first time a path that may be in it is asked for, as is
an index's closed thousand (`deferral.shelved`, found by `listed` without listing it). Which
files a forge defers is `deferral.deferred`; a run looks for the others by folder (`under`),
without walking the records' paths. A change may move a file by name (`Moved`).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Callable, Collection, Hashable, Iterable, Iterator, Mapping

from ..frozen import frozen

# reads the deferred files' texts, by handle (a blob's sha, a path on disk), in one batch
Reader = Callable[[Collection[Hashable]], Mapping[Hashable, str]]
# a folder of records not listed yet: the names in it that are not records (a forge has
# read those), and what lists its records, path -> handle
Unlisted = tuple[Collection[str], Callable[[], Mapping[str, Hashable]]]


@frozen
class Moved:
    """A change that puts at a path the file that is at `path` before the change (which
    the change removes): a forge moves it by name (its blob's id), never reading or
    sending its text. An index's full thousand moves to its folder so."""

    path: str


class _Deferred:
    """The texts not read yet, and the folders of records not listed yet, shared by a
    game's files and every changed copy of them."""

    def __init__(self, handles: Mapping[str, Hashable], read: Reader,
                 unlisted: Mapping[str, Unlisted], alone: Callable[[str], bool]) -> None:
        self._handles = dict(handles)
        self.read = read
        self.alone = alone
        self.unlisted = dict(unlisted)
        self.texts: dict[str, str] | None = None
        self._alone: dict[str, str] = {}  # the files read by themselves
        self._sorted: list[str] | None = None

    def handles(self, reaching: str = "", prefix: bool = True) -> dict[str, Hashable]:
        """The deferred paths and their handles, once every folder of records that
        `reaching` may name a path in (a prefix of paths, or else one path) is listed."""
        for folder, (kept, listing) in list(self.unlisted.items()):
            rest = reaching[len(folder):] if reaching.startswith(folder) else None
            if (prefix and folder.startswith(reaching)) or (
                    rest is not None and (rest.split("/", 1)[0] not in kept
                                          or prefix and "/" not in rest)):
                self._handles.update(listing())
                del self.unlisted[folder]
                self._sorted = None
        return self._handles

    def under(self, prefix: str, listing: bool = True) -> list[str]:
        """The deferred paths that start with `prefix`, found by bisection: they sort from
        `prefix` to just before the text whose last character is the next one. Without
        `listing`, those known without listing a folder."""
        handles = self.handles(prefix) if listing else self._handles
        if self._sorted is None:
            self._sorted = sorted(handles)
        if not prefix:
            return list(self._sorted)
        beyond = prefix[:-1] + chr(ord(prefix[-1]) + 1)
        return self._sorted[bisect_left(self._sorted, prefix):bisect_left(self._sorted, beyond)]

    def text(self, path: str) -> str:
        if self.texts is not None and path in self.texts:
            return self.texts[path]
        if self.alone(path):
            if path not in self._alone:
                handle = self._handles[path]
                self._alone[path] = self.read([handle])[handle]
            return self._alone[path]
        if self.texts is None:
            handles = {p: h for p, h in self.handles().items() if not self.alone(p)}
            found = self.read(list(dict.fromkeys(handles.values())))
            self.texts = {p: found[h] for p, h in handles.items() if h in found}
        return self.texts[path]

    def passing(self, paths: list[str]) -> dict[str, str]:
        """These paths' texts, those not read yet read in one batch and not kept."""
        kept = self.texts or {}
        unread = {p: self._handles[p] for p in paths if p not in kept and not self.alone(p)}
        found = self.read(list(dict.fromkeys(unread.values()))) if unread else {}
        return {p: kept[p] if p in kept else found[unread[p]] if p in unread else self.text(p)
                for p in paths}


class GameFiles(Mapping[str, str]):
    def __init__(self, texts: Mapping[str, str], deferred: Mapping[str, Hashable] | None = None,
                 read: Reader | None = None, unlisted: Mapping[str, Unlisted] | None = None,
                 alone: Callable[[str], bool] = lambda path: False,
                 _shared: _Deferred | None = None, _gone: frozenset[str] = frozenset(),
                 _moved: Mapping[str, str] | None = None) -> None:
        """`texts` read, and the `deferred` paths' handles, which `read` reads when asked
        for: those `alone` says by themselves, the others all at once."""
        self._texts = dict(texts)
        self._deferred = _shared or _Deferred(deferred or {}, read or (lambda handles: {}),
                                              unlisted or {}, alone)
        self._moved = dict(_moved or {})  # a path -> the deferred path its file moved from
        self._gone = _gone | frozenset(self._texts)  # deferred paths shadowed or removed

    def __getitem__(self, path: str) -> str:
        if path in self._texts:
            return self._texts[path]
        if path in self._moved:
            path = self._moved[path]
        elif path in self._gone:
            raise KeyError(path)
        if path not in self._deferred.handles(path, prefix=False):
            raise KeyError(path)
        return self._deferred.text(path)

    def __contains__(self, path: object) -> bool:
        return path in self._texts or path in self._moved or (
            isinstance(path, str) and path not in self._gone
            and path in self._deferred.handles(path, prefix=False))

    def __iter__(self) -> Iterator[str]:
        yield from self._texts
        yield from self._moved
        yield from (p for p in self._deferred.handles() if p not in self._gone)

    def handle(self, path: str) -> Hashable | None:
        """How the forge names a file not read nor changed since (a blob's id), where it
        is one; None where this run knows only its text."""
        if path in self._texts or path not in self:
            return None
        path = self._moved.get(path, path)
        return self._deferred.handles(path, prefix=False)[path]

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def under(self, prefix: str) -> list[str]:
        """The paths that start with `prefix`, sorted: what a run reads (rules, state, the
        indexes) is found without walking ten thousand records' paths."""
        return sorted([p for p in self._texts if p.startswith(prefix)]
                      + [p for p in self._moved if p.startswith(prefix)]
                      + [p for p in self._deferred.under(prefix) if p not in self._gone])

    def listed(self, prefix: str) -> list[str]:
        """As `under`, but a folder not listed yet stays so, named by itself (ending in /):
        a closed thousand of an index is listed only when a line of it is asked for."""
        folders = [f for f in self._deferred.unlisted if f.startswith(prefix)]
        return sorted([p for p in self._texts if p.startswith(prefix)]
                      + [p for p in self._moved if p.startswith(prefix)]
                      + [p for p in self._deferred.under(prefix, listing=False)
                         if p not in self._gone] + folders)

    def each(self, paths: list[str], batch: int = 500) -> Iterator[tuple[str, str]]:
        """Each path and its text, the deferred ones read `batch` at a time and not kept:
        `verify` reads each of ten thousand records once, and had held all their texts
        (44 MB at once, a third of its memory)."""
        for at in range(0, len(paths), batch):
            paths_now = paths[at:at + batch]
            for path in paths_now:
                if path not in self:
                    raise KeyError(path)
            read = self._deferred.passing([self._moved.get(p, p) for p in paths_now
                                           if p not in self._texts])
            yield from ((p, self._texts[p] if p in self._texts else read[self._moved.get(p, p)])
                        for p in paths_now)

    def changed(self, changes: Mapping[str, "str | Moved | None"]) -> "GameFiles":
        """These files with `changes` made: a text per path, None where a file is removed,
        `Moved` where one moved here (its text still read only when asked for)."""
        texts = {p: t for p, t in self._texts.items() if p not in changes}
        moved = {p: s for p, s in self._moved.items() if p not in changes}
        for path, change in changes.items():
            if isinstance(change, Moved) and change.path in self._texts:
                texts[path] = self._texts[change.path]
            elif isinstance(change, Moved):
                moved[path] = self._moved.get(change.path, change.path)
            elif change is not None:
                texts[path] = change
        return GameFiles(texts, _shared=self._deferred, _gone=self._gone | frozenset(changes),
                         _moved=moved)


def under(files: Iterable[str], prefix: str) -> list[str]:
    """The paths of `files` that start with `prefix`, sorted (a game's files, `GameFiles`,
    find them without walking every path)."""
    if isinstance(files, GameFiles):
        return files.under(prefix)
    return sorted(p for p in files if p.startswith(prefix))


def changes(files: Mapping[str, str], path: str, change: "str | Moved | None") -> bool:
    """Whether `change` would change `path` in `files`, reading no text it need not: a
    removal, where the file is there; a move, where none is there yet (a run writes its
    changes again later, the moves made by then); a text, where it differs."""
    if change is None:
        return path in files
    if isinstance(change, Moved):
        return path not in files
    return files.get(path) != change


def listed(files: Iterable[str], prefix: str) -> list[str]:
    """The paths of `files` that start with `prefix`, sorted, and the folders there a forge
    has not listed yet (`GameFiles.listed`)."""
    if isinstance(files, GameFiles):
        return files.listed(prefix)
    return under(files, prefix)


def game_files(files: Mapping[str, str]) -> GameFiles:
    """`files` as GameFiles (as they are, where they are already)."""
    return files if isinstance(files, GameFiles) else GameFiles(files)
