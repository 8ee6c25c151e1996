"""One long-lived `git cat-file --batch-command` that reads objects for GitRepo.

A git process costs milliseconds, and the fake reads thousands of objects in a
test run (most of them just written, so no cache has them yet); one process
answers them all, a line of question each.
"""

from __future__ import annotations

import subprocess
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager, suppress


class CatFile:
    """Objects by name, read through one `git cat-file --batch-command` started at first use.

    The server's threads and the test's share it: a lock keeps each question with its
    answer, and a question cut short ends the process (the next starts another).  Objects
    written after it started are found too: git looks on disk again (new loose objects,
    new packs) for an object it does not know.
    """

    def __init__(self, git_dir: str, env: dict[str, str]) -> None:
        self._command = ["git", "--git-dir", git_dir, "cat-file", "--batch-command"]
        self._env = env
        self._lock = threading.Lock()
        self._proc: subprocess.Popen | None = None
        self._finalizer: weakref.finalize | None = None  # ends the process, at the latest when self goes

    def info(self, name: str) -> tuple[str, int] | None:
        """(type, size) of the object `name`, or None when there is none."""
        with self._question() as proc:
            return _header(proc, "info", name)

    def contents(self, name: str) -> tuple[str, bytes] | None:
        """(type, contents) of the object `name`, or None when there is none."""
        with self._question() as proc:
            found = _header(proc, "contents", name)
            if found is None:
                return None
            kind, size = found
            data = proc.stdout.read(size + 1)  # the contents, then a newline
            if len(data) != size + 1:
                raise ChildProcessError("git cat-file ended in the middle of an object")
            return kind, data[:size]

    def close(self) -> None:
        """End the process; a later read starts another."""
        with self._lock:
            self._stop()

    @contextmanager
    def _question(self) -> Iterator[subprocess.Popen]:
        """The process, for one question and its answer.  A question cut short (by an error,
        an interrupt) ends it: what is left of its answer must not be read as the next one's."""
        with self._lock:
            try:
                yield self._process()
            except BaseException:
                self._stop()
                raise

    def _process(self) -> subprocess.Popen:
        if self._proc is None:
            self._proc = subprocess.Popen(self._command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.DEVNULL, env=self._env)
            self._finalizer = weakref.finalize(self, _end, self._proc)
        return self._proc

    def _stop(self) -> None:
        finalizer, self._proc, self._finalizer = self._finalizer, None, None
        if finalizer is not None:
            finalizer()


def _header(proc: subprocess.Popen, command: str, name: str) -> tuple[str, int] | None:
    """Ask `command` (info or contents) of `name`; the answer's first line is `<sha> <type>
    <size>`, or `<name> missing` (or `ambiguous`, for an abbreviated sha)."""
    proc.stdin.write(f"{command} {name}\n".encode())
    proc.stdin.flush()
    fields = proc.stdout.readline().split()
    if not fields:
        raise ChildProcessError(f"git cat-file ended (asked: {command} {name})")
    return (fields[1].decode(), int(fields[2])) if len(fields) == 3 else None


def _end(proc: subprocess.Popen) -> None:
    """Close the process's input (cat-file exits at its end) and wait for it."""
    with suppress(BrokenPipeError):  # it has ended already: what was left to send goes too
        proc.stdin.close()
    proc.wait()
    proc.stdout.close()
