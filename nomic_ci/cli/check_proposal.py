"""`nomic-ci check-proposal`: tell a player what their proposal involves before anyone votes.

Compares two directories, the default branch and the proposal, as data (the
proposal's code is never run), and reports the rule files' problems and the
layer and threshold that apply, using the default branch's rules.
"""

from __future__ import annotations

import hashlib
import os
from datetime import datetime, timezone
from pathlib import Path

from ..core.facts import Account, FileChange, Proposal
from ..core.files import GAME_DIRS
from ..core.files.changes import Listed, file_changes
from ..core.game import load_game
from ..core.voting.admission import Requirement, problems, requirement

SKIP = {".git"}


def _contents(root: Path) -> dict[str, bytes]:
    """Every file under `root` as git keeps it, and so as the engine reads it from GitHub: a
    symbolic link is the path it names, never what it points to (a proposal's link to a file
    outside its checkout is not that file)."""
    found = {}
    for folder, dirs, files in os.walk(root):  # os.walk lists a linked folder, never enters it
        dirs[:] = [d for d in dirs if d not in SKIP]
        for name in files + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            path = Path(folder, name)
            found[path.relative_to(root).as_posix()] = \
                os.readlink(path).encode() if path.is_symlink() else path.read_bytes()
    return dict(sorted(found.items()))


def changes_between(base: Path, head: Path
                    ) -> tuple[tuple[FileChange, ...], dict[str, str], list[str]]:
    """The file changes from `base` to `head` (a removed file whose content reappears is a
    rename), the text of every file the core reads that the proposal adds or changes, and
    which of those are not text."""
    before, after = _contents(base), _contents(head)
    added = [p for p in after if p not in before]
    removed = [p for p in before if p not in after]
    listed: list[Listed] = [("modified", p, None) for p in after
                            if p in before and before[p] != after[p]]
    by_digest = {hashlib.sha256(after[p]).digest(): p for p in added}
    for path in removed:
        twin = by_digest.pop(hashlib.sha256(before[path]).digest(), None)
        if twin is not None:
            added.remove(twin)
            listed.append(("renamed", twin, path))
        else:
            listed.append(("removed", path, None))
    listed += [("added", p, None) for p in added]
    changes, texts, unreadable = file_changes(sorted(listed, key=lambda entry: entry[1]),
                                              after.__getitem__)
    return changes, dict(texts), unreadable


def check(base: Path, head: Path) -> tuple[bool, list[str]]:
    """(acceptable, lines to show the player)."""
    game = load_game({path: data.decode(errors="replace")
                      for path, data in _contents(base).items()
                      if path.startswith(GAME_DIRS)})
    changes, texts, unreadable = changes_between(base, head)
    now = datetime.now(timezone.utc)
    proposal = Proposal(key="check", title="", author=Account("?"), head="", opened_at=now,
                        changes=changes, texts=tuple(texts.items()),
                        problems=tuple(unreadable))
    found = problems(game, proposal)
    lines = [f"It changes {len(changes)} file(s): "
             + ", ".join(c.path for c in changes[:10]) + (" …" if len(changes) > 10 else "")]
    needed = requirement(game, proposal) if changes else "it changes nothing"
    if isinstance(needed, Requirement):
        eligible = len(game.eligible_voters)
        lines.append(f"It involves rule(s) {', '.join(f'{n:03d}' for n in needed.rules)}: "
                     f"{needed.explanation} ({needed.threshold.explain(eligible)}).")
    lines += [f"Problem: {problem}" for problem in found]
    if not found:
        lines.append("Its rule files are well formed. Whether it is your turn is checked when "
                     "the engine sees it.")
    return not found, lines
