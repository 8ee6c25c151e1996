"""A repository's objects, read through one `git cat-file --batch` a command.

A command reads the default branch's tip, its trees and a few dozen files, and more
for each proposal: one git process for all of it, where each read was a process of its
own (a few milliseconds each, most of a short command's time after Python's start-up).
The process answers each name as the repository is when it is asked: a branch moved
by another git process meanwhile is read where it now points.
"""

from __future__ import annotations

import subprocess
import weakref
from pathlib import Path
from typing import Iterator, NamedTuple, Sequence

TREE_MODE = b"40000"
SUBMODULE_MODE = b"160000"  # a commit of another repository: no content here
PIPE_ROOM = 32_768  # bytes of names sent at once: half of Linux's smallest pipe buffer


class GitObject(NamedTuple):
    sha: str
    kind: str  # blob, tree, commit or tag
    content: bytes


class ObjectReader:
    """Objects by name (a sha, or an expression such as `main^{commit}` or `sha:path`),
    read by one `git cat-file --batch` started at the first read and ended by `close`
    (or when the reader is dropped)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._process: subprocess.Popen | None = None
        self._close: weakref.finalize | None = None

    def read(self, name: str) -> GitObject | None:
        """The object `name` names, or None where it names none."""
        return self.read_all([name])[0]

    def read_all(self, names: Sequence[str]) -> list[GitObject | None]:
        """The objects `names` name (None for a name that names none), asked many at a time:
        a request waits for git's answer where a game's thousands of records do not."""
        lines = [name.encode() + b"\n" for name in names]
        found: list[GitObject | None] = []
        start = 0
        while start < len(lines):
            # as many names as the pipe holds while git has read all the ones before
            # (asking more could block both processes: git writing answers, this asking)
            end, size = start + 1, len(lines[start])
            while end < len(lines) and size + len(lines[end]) <= PIPE_ROOM:
                size += len(lines[end])
                end += 1
            found += self._ask(lines[start:end])
            start = end
        return found

    def _ask(self, lines: list[bytes]) -> list[GitObject | None]:
        asked = [line for line in lines if line != b"\n" and line.count(b"\n") == 1]
        if asked:  # (an empty name, or one with a line break, names nothing git could read)
            process = self._started()
            process.stdin.write(b"".join(asked))
            process.stdin.flush()
        answers = {}
        for line in asked:
            header = process.stdout.readline()
            if not header:
                raise OSError(f"git cat-file stopped in {self.path}")
            if header.endswith((b" missing\n", b" ambiguous\n")):  # after the name asked
                continue
            sha, kind, size = header.split()
            content = process.stdout.read(int(size) + 1)[:-1]  # and the newline after it
            answers[line] = GitObject(sha.decode(), kind.decode(), content)
        return [answers.get(line) for line in lines]

    def _started(self) -> subprocess.Popen:
        if self._process is None:
            self._process = subprocess.Popen(["git", "cat-file", "--batch"], cwd=self.path,
                                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=subprocess.DEVNULL)
            self._close = weakref.finalize(self, _end, self._process)
        return self._process

    def close(self) -> None:
        if self._close is not None:
            self._close()
            self._process = self._close = None


def _end(process: subprocess.Popen) -> None:
    process.stdin.close()  # end of input: git exits
    process.stdout.close()
    process.wait()


def tree_entries(content: bytes) -> Iterator[tuple[bytes, str, str]]:
    """The (mode, name, sha) of each entry of a tree object, in the tree's order (git's:
    what `git ls-tree` lists)."""
    start = 0
    while start < len(content):
        space = content.index(b" ", start)
        end = content.index(b"\0", space)
        yield (content[start:space], content[space + 1:end].decode(),
               content[end + 1:end + 21].hex())
        start = end + 21
