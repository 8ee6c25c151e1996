"""A repository's objects, read through one `git cat-file --batch` a command.

A command reads the default branch's tip, its trees and a few dozen files, and more
for each proposal: one git process for all of it, where each read was a process of its
own (a few milliseconds each, most of a short command's time after Python's start-up).
The process answers each name as the repository is when it is asked: a branch moved
by another git process meanwhile is read where it now points.
"""

from __future__ import annotations

import re
import subprocess
import weakref
from pathlib import Path
from typing import Mapping, NamedTuple, Sequence

from ..core.errors import GameError

TREE_MODE = 0o040000
FILE_MODE = 0o100644
SUBMODULE_MODE = 0o160000  # a commit of another repository: no content here
# Bytes of names sent at once. Git has read every name before them (their answers are
# in), so the pipe is empty, and a page fits in any pipe (Linux gives at least one):
# sent together, more could leave both processes waiting, git to write answers, this to
# write names.
PIPE_ROOM = 4096


def blob_id(content: bytes) -> str:
    """The id git (and GitHub) give a file of this content: SHA-1 of its blob object."""
    return object_id(b"blob", content)[0]


def object_id(kind: bytes, content: bytes) -> tuple[str, bytes]:
    """The id git gives an object of this kind (blob, tree, commit) and content, and the
    bytes it stores, compressed, for it."""
    import hashlib  # loading OpenSSL costs a command that never hashes (core/dice.py)
    data = b"%s %d\0" % (kind, len(content)) + content
    return hashlib.sha1(data).hexdigest(), data


def write_loose(objects: Path, kind: bytes, content: bytes) -> str:
    """An object written into the object database `objects` as git writes a loose one
    (compressed, read-only, put in its place whole), by its sha: a git process an object
    was most of the time a commit took."""
    import os
    import tempfile
    import zlib
    sha, data = object_id(kind, content)
    path = objects / sha[:2] / sha[2:]
    if not path.exists():
        path.parent.mkdir(exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix="tmp_obj_", delete=False) as tmp:
            tmp.write(zlib.compress(data))
        os.chmod(tmp.name, 0o444)
        os.replace(tmp.name, path)
    return sha


def tree_content(entries: Mapping[bytes, tuple[int, str]]) -> bytes:
    """A tree object's content: its entries (name -> mode, sha) in git's order, by name, a
    folder's as if it ended in /."""
    ordered = sorted(entries.items(), key=lambda e: e[0] + b"/" if e[1][0] == TREE_MODE
                     else e[0])
    return b"".join(b"%o %s\0" % (mode, name) + bytes.fromhex(sha)
                    for name, (mode, sha) in ordered)


class GitError(GameError):
    pass


class GitObject(NamedTuple):
    sha: str
    kind: str  # blob, tree, commit or tag
    content: bytes


def askable(name: str) -> bool:
    """Whether the reader can ask `name` exactly: a request is a line, and git drops a
    carriage return at its end."""
    return bool(name) and "\n" not in name and not name.endswith("\r")


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
        """The objects `names` name (None for a name that names none, or that the reader
        cannot ask), many at a time: a game's thousands of records are read in one go."""
        lines = [name.encode(errors="surrogateescape") + b"\n" if askable(name) else None
                 for name in names]
        asked = [line for line in lines if line is not None]
        answers: dict[bytes, GitObject] = {}
        start = 0
        while start < len(asked):
            end, size = start + 1, len(asked[start])
            while end < len(asked) and size + len(asked[end]) <= PIPE_ROOM:
                size += len(asked[end])
                end += 1
            answers.update(self._ask(asked[start:end]))
            start = end
        return [answers.get(line) if line else None for line in lines]

    def _ask(self, lines: list[bytes]) -> dict[bytes, GitObject]:
        process = self._started()
        answers = {}
        line = lines[0]  # the name being answered, for the error if git stops
        try:
            process.stdin.write(b"".join(lines))
            process.stdin.flush()
            for line in lines:
                header = process.stdout.readline()
                if header.endswith((b" missing\n", b" ambiguous\n")):  # after the name asked
                    continue
                sha, kind, size = header.split()  # none when git stopped
                content = process.stdout.read(int(size) + 1)
                if len(content) != int(size) + 1:
                    raise ValueError("a short answer")
                answers[line] = GitObject(sha.decode(), kind.decode(), content[:-1])
        except (OSError, ValueError):  # git stopped: killed, or on a name it cannot read
            self.close()
            raise GitError(f"git stopped while reading {line[:-1].decode(errors='replace')!r}",
                           path=str(self.path), hint="run the command again; if it stops "
                           "again, check the repository with 'git fsck'") from None
        return answers

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
    for pipe in (process.stdin, process.stdout):
        try:
            pipe.close()  # the end of its input: git exits
        except OSError:
            pass  # it already had
    process.wait()


# a tree's entry: its octal mode, a space, its name, a NUL and its binary sha
_ENTRY = re.compile(rb"([0-7]+) ([^\0]*)\0(.{20})", re.DOTALL)


def tree_entries(content: bytes) -> list[tuple[int, bytes, str]]:
    """The (mode, name, sha) of each entry of a tree object, in the tree's order (git's:
    what `git ls-tree` lists); a name is left as bytes, which need not be UTF-8."""
    # split in C by a regular expression: a folder of records holds thousands of entries
    entries = _ENTRY.findall(content)
    if sum(len(mode) + len(name) for mode, name, _ in entries) + 22 * len(entries) \
            != len(content):  # bytes no entry matched
        raise GitError("git gave a tree that is not one",
                       hint="check the repository with 'git fsck'")
    modes = {mode: int(mode, 8) for mode in {mode for mode, _, _ in entries}}  # a handful
    return [(modes[mode], name, sha.hex()) for mode, name, sha in entries]
