"""Where an index's lines are kept (`indexlines.IndexLines`): its files' paths, and how many
lines each holds. No line is read here.

The lines are kept in pieces of `per_piece` (twenty), and the pieces by thousands
(`per_file`): the open thousand's in `FOLDER/latest/` (`00.jsonl`, `01.jsonl`...), each
full thousand's in its own folder (`FOLDER/0009/`). An older engine kept a thousand lines a
file (`FOLDER/0009.jsonl`): those are read as they are.
"""

from __future__ import annotations

import re
from typing import Collection, Iterable, Iterator, Mapping, Sequence

from .gamefiles import listed

OPEN = "latest/"  # in an index's folder: the open thousand's pieces
_WHOLE = re.compile(r"([0-9]{4,})\.jsonl")  # an older engine's file of a thousand lines


class IndexPieces:
    folder: str  # where the index files are, such as "proposals/index/"
    per_file = 1000  # lines in each thousand (a closed one's folder)
    per_piece = 20  # lines in each piece: what a new line rewrites

    @classmethod
    def shards_in(cls, files: Mapping[str, str]) -> list[str]:
        """The index's files among `files`, in order: a closed thousand's pieces named by
        its folder, where the forge has not listed it (`gamefiles.listed`)."""
        found = []
        for path in listed(files, cls.folder):
            if path.endswith("/"):
                found += cls.pieces_in(path)
            elif path.endswith(".jsonl"):
                found.append(path)
        return found

    @classmethod
    def pieces_in(cls, folder: str) -> list[str]:
        """The paths of a full thousand's pieces in its folder (ending in /)."""
        return [f"{folder}{n:02d}.jsonl" for n in range(cls.per_file // cls.per_piece)]

    def layout(self, count: int, whole: Collection[int] = ()) -> list[str]:
        """Where the engine writes `count` lines: the thousands numbered in `whole` as one
        file each, as an older engine wrote them (where a game has them), else in pieces."""
        paths = []
        for thousand in range(ceil(count, self.per_file)):
            lines = min(self.per_file, count - thousand * self.per_file)
            if thousand in whole:
                paths.append(f"{self.folder}{thousand:04d}.jsonl")
                continue
            place = f"{thousand:04d}/" if lines == self.per_file else OPEN
            paths += [f"{self.folder}{place}{n:02d}.jsonl"
                      for n in range(ceil(lines, self.per_piece))]
        return paths

    def whole_thousands(self, paths: Iterable[str]) -> set[int]:
        """The thousands these files keep as one file each (an older engine's)."""
        return {int(m[1]) for p in paths if (m := _WHOLE.fullmatch(p[len(self.folder):]))}

    def holds(self, path: str) -> int:
        """How many lines the engine writes in a file, before the last."""
        return self.per_file if _WHOLE.fullmatch(path[len(self.folder):]) else self.per_piece

    def first_lines(self, paths: Sequence[str]) -> list[int]:
        """The place of each file's first line among all the index's lines."""
        starts = [0]
        for path in paths[:-1]:
            starts.append(starts[-1] + self.holds(path))
        return starts

    def cut(self, lines: list[str], paths: Sequence[str]) -> Iterator[list[str]]:
        """`lines` in the files `paths`, each holding what the engine writes in it."""
        at = 0
        for path in paths:
            yield lines[at:at + self.holds(path)]
            at += self.holds(path)


def ceil(count: int, each: int) -> int:
    """How many of `each` hold `count`."""
    return -(-count // each)
