"""One long-lived `git cat-file --batch-command` that reads objects for GitRepo.

A git process costs milliseconds, and the fake reads thousands of objects in a
test run (most of them just written, so no cache has them yet); one process
answers them all, a line of question each.
"""

from __future__ import annotations

import subprocess
import threading
import weakref


class CatFile:
    """Objects by name, read through one `git cat-file --batch-command` started at first use.

    The server's threads and the test's share it: a lock keeps each question with its
    answer.  Objects written after it started are found too: git looks on disk again (new
    loose objects, new packs) for an object it does not know.
    """

    def __init__(self, git_dir: str, env: dict[str, str]) -> None:
        self._command = ["git", "--git-dir", git_dir, "cat-file", "--batch-command"]
        self._env = env
        self._lock = threading.Lock()
        self._proc: subprocess.Popen | None = None
        self._finalizer: weakref.finalize | None = None  # ends the process, at the latest when self goes

    def info(self, name: str) -> tuple[str, int] | None:
        """(type, size) of the object `name`, or None when there is none."""
        with self._lock:
            return self._ask("info", name)

    def contents(self, name: str) -> tuple[str, bytes] | None:
        """(type, contents) of the object `name`, or None when there is none."""
        with self._lock:
            found = self._ask("contents", name)
            if found is None:
                return None
            kind, size = found
            data = self._proc.stdout.read(size + 1)  # the contents, then a newline
            if len(data) != size + 1:
                raise ChildProcessError("git cat-file ended in the middle of an object")
            return kind, data[:size]

    def close(self) -> None:
        """End the process; a later read starts another."""
        with self._lock:
            if self._finalizer is not None:
                self._finalizer()
            self._proc = self._finalizer = None

    def _ask(self, command: str, name: str) -> tuple[str, int] | None:
        """Send one command; its answer's first line is `<sha> <type> <size>`, or
        `<name> missing` (or `ambiguous`, for an abbreviated sha)."""
        proc = self._process()
        proc.stdin.write(f"{command} {name}\n".encode())
        proc.stdin.flush()
        fields = proc.stdout.readline().split()
        if not fields:
            raise ChildProcessError(f"git cat-file ended (asked: {command} {name})")
        return (fields[1].decode(), int(fields[2])) if len(fields) == 3 else None

    def _process(self) -> subprocess.Popen:
        if self._proc is None:
            self._proc = subprocess.Popen(self._command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.DEVNULL, env=self._env)
            self._finalizer = weakref.finalize(self, _end, self._proc)
        return self._proc


def _end(proc: subprocess.Popen) -> None:
    """Close the process's input (cat-file exits at its end) and wait for it."""
    proc.stdin.close()
    proc.wait()
    proc.stdout.close()
