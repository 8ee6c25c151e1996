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


# what the workflows run with the write token: the engine, the workflows and the locks that
# install it, and any Python a passed proposal could have put on an import path
ENGINE_PATHS = ("nomic_ci/", ".github/")
ENGINE_FILES = ("pyproject.toml",)
CODE_ENDINGS = (".py", ".pth")


def is_engine_code(path: str) -> bool:
    """Whether `path` is code the workflows run, or could run: a change to it passed is a
    change to the engine itself."""
    return path.startswith(ENGINE_PATHS) or path in ENGINE_FILES or path.endswith(CODE_ENDINGS)


def engine_code(changes: Iterable[FileChange]) -> tuple[str, ...]:
    """The paths of code the workflows run that `changes` touch (both names of a rename)."""
    return tuple(dict.fromkeys(p for c in changes for p in (c.path, c.previous_path)
                               if p is not None and is_engine_code(p)))


def text_needed(path: str) -> bool:
    """Whether the core needs a changed file's new content (`Proposal.texts`): every file of
    the game it reads, to judge the game a proposal would leave behind."""
    return is_rule_text(path) or (path.startswith(("state/", "proposals/"))
                                  and path.endswith(".yaml"))


def file_changes(listed: Iterable[Listed], read: Callable[[str], bytes | None]
                 ) -> tuple[tuple[FileChange, ...], tuple[tuple[str, str], ...], list[str]]:
    """The changes, the texts the core needs, and what makes the proposal unreadable: a
    name that is not UTF-8 (a forge gives its bytes as surrogate escapes), or a file the core
    needs that is not UTF-8 text or not a file at all. `read(path)` gives a file's new
    content, or None where no file is there (a submodule), and is called only for the files
    the core reads."""
    changes: list[FileChange] = []
    texts: list[tuple[str, str]] = []
    problems: list[str] = []
    for status, path, previous in listed:
        odd = next((p for p in (path, previous) if p is not None and not _utf8(p)), None)
        if odd is not None:
            shown = odd.encode(errors="surrogateescape").decode(errors="replace")
            problems.append(f"the name {shown!r} is not UTF-8: rename the file")
            continue
        kind = ChangeKind.of(status)
        changes.append(FileChange(path, kind, previous if kind is ChangeKind.RENAMED else None))
        if kind is not ChangeKind.REMOVED and text_needed(path):
            content = read(path)
            if content is None:
                problems.append(f"{path} is not a file (a submodule?): make it a text file")
                continue
            try:
                texts.append((path, content.decode()))
            except UnicodeDecodeError:
                problems.append(f"{path} is not UTF-8 text: save it as UTF-8")
    return tuple(changes), tuple(texts), problems


def _utf8(name: str) -> bool:
    return name.isascii() or not any("\udc80" <= c <= "\udcff" for c in name)


def unlisted(changed: Iterable[str], changes: Iterable[FileChange]) -> list[str]:
    """The paths a merge changes (files, or folders) that none of the proposal's listed
    changes is at or under: what its diff from the merge base does not show."""
    listed = {p for c in changes for p in (c.path, c.previous_path) if p}
    hidden = [path for path in changed
              if not any(p == path or p.startswith(path + "/") for p in listed)]
    # a folder is named only where nothing in it is
    return sorted(path for path in hidden
                  if not any(other.startswith(path + "/") for other in hidden))
