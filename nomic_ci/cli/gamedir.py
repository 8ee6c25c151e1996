"""The game a command acts on, and the time it acts at."""

from __future__ import annotations

import os
import re
from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from typing import Collection

from ..core.errors import GameError
from ..core.files import GAME_DIRS
from ..core.files.deferral import KEPT, alone, deferred
from ..core.files.gamefiles import GameFiles
from ..core.times import moment
from ..forges.localforge import LocalForge


def now_from(text: str | None) -> datetime:
    # NOMIC_CI_NOW stands in for --now where no flag can be passed (a rehearsal under act)
    text = text or os.environ.get("NOMIC_CI_NOW") or None
    if text is None:
        return datetime.now(timezone.utc).replace(microsecond=0)
    try:
        return moment(text)
    except ValueError:
        raise GameError(f"--now {text!r} is not a time",
                        hint="give an ISO-8601 time with its timezone, such as "
                             "2026-05-01T12:00:00Z") from None


def ends_from(text: str) -> datetime:
    """--ends: a time with its timezone, or a date alone, which ends the game as it begins
    (00:00 UTC)."""
    try:
        return moment(f"{text}T00:00:00Z" if _DATE.fullmatch(text.strip()) else text)
    except ValueError as error:
        raise GameError(f"--ends {text!r} is not {error}",
                        hint="give a date, such as 2027-03-01 (the game ends as it begins, "
                             "00:00 UTC), or a time with its timezone") from None


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def working_files(root: Path) -> GameFiles:
    """The game's files as they are in the working directory (the records' texts are read
    when first asked for, and a folder of records is listed then too: `deferral.KEPT`)."""
    paths, unlisted = [], {}
    for top in GAME_DIRS:
        kept = KEPT.get(top)
        if kept is None or not (root / top).is_dir():
            paths += _listed(root, top.rstrip("/"))
            continue
        for name in kept:  # found by name, without listing the records beside them
            path = f"{top}{name}"
            if (root / path).is_symlink() and (root / path).is_dir():
                continue  # as os.walk: a link to a folder is not followed
            paths += _listed(root, path) if (root / path).is_dir() else \
                [path] if (root / path).is_file() else []
        unlisted[top] = kept, partial(_records_in, root, top, kept)
    if not paths:
        raise GameError("no game here (no rules/ or state/)", path=str(root),
                        hint="pass --repo DIR, or make a game with 'nomic-ci init DIR'")
    later = {path for path in paths if deferred(path)}
    return GameFiles({path: _read(root / path) for path in sorted(paths) if path not in later},
                     {path: path for path in later},
                     lambda asked: {path: _read(root / path) for path in asked}, unlisted,
                     alone)


def _records_in(root: Path, folder: str, kept: Collection[str]) -> dict[str, str]:
    """The records on disk in a folder of them, path -> path: every file but those under
    the names it keeps."""
    found = []
    with os.scandir(root / folder) as entries:
        for entry in entries:
            if entry.name in kept:
                continue
            path = folder + entry.name
            if not entry.is_dir():
                found.append(path)
            elif not entry.is_symlink():  # as os.walk: a link to a folder is not followed
                found += _listed(root, path)
    return {path: path for path in found}


def _listed(root: Path, top: str) -> list[str]:
    """Every file under root/top, as a path from the root (os.walk: pathlib is slow at this)."""
    base, found = str(root / top), []
    for folder, _, names in os.walk(base):
        inside = top + folder[len(base):].replace(os.sep, "/")
        found += [f"{inside}/{name}" for name in names]
    return found


def _read(path: Path) -> str:
    """The file's text, its line endings made line feeds as text mode makes them (its bytes
    decoded here: text mode took three times as long over ten thousand records)."""
    with open(path, "rb") as file:
        data = file.read()
    try:
        text = data.decode()
    except UnicodeDecodeError:
        return ""  # not a text file: whatever reads it as one says what is wrong
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def forge_for_reading(root: Path, now: datetime) -> LocalForge | None:
    """The game repository at `root`, only to look at, or None where there is none (no git
    repository, or no commit on its default branch yet)."""
    if not (root / ".git").exists():
        return None
    try:
        return LocalForge(root, now, writing=False)
    except GameError:
        return None
