"""What a proposal changes, as the core sees it: its file changes, and the new text of the
files the core reads (rule files, state files and records).

Each forge lists a proposal's changed files its own way (git's diff, GitHub's file list,
two checkouts compared); this is the one place that turns such a listing into facts.
"""

from __future__ import annotations

from typing import Callable, Iterable

from ..facts import ChangeKind, FileChange
from .rulefiles import is_rule_text

# (status as git or GitHub spells it, path, the path before a rename or None)
Listed = tuple[str, str, "str | None"]


def text_needed(path: str) -> bool:
    """Whether the core needs a changed file's new content (`Proposal.texts`): every file of
    the game it reads, to judge the game a proposal would leave behind."""
    return is_rule_text(path) or (path.startswith(("state/", "proposals/"))
                                  and path.endswith(".yaml"))


def file_changes(listed: Iterable[Listed], read: Callable[[str], bytes]
                 ) -> tuple[tuple[FileChange, ...], tuple[tuple[str, str], ...], list[str]]:
    """The changes, the texts the core needs, and what makes the proposal unreadable (a file
    it needs that is not UTF-8 text). `read(path)` gives a file's new content, and is called
    only for the files the core reads."""
    changes: list[FileChange] = []
    texts: list[tuple[str, str]] = []
    problems: list[str] = []
    for status, path, previous in listed:
        kind = ChangeKind.of(status)
        changes.append(FileChange(path, kind, previous if kind is ChangeKind.RENAMED else None))
        if kind is not ChangeKind.REMOVED and text_needed(path):
            try:
                texts.append((path, read(path).decode()))
            except UnicodeDecodeError:
                problems.append(f"{path} is not UTF-8 text: save it as UTF-8")
    return tuple(changes), tuple(texts), problems
