"""The proposals awaiting a fix (`state.awaiting_fix`): open, refused for a reason their
author can fix, and put to the vote as new at their next push. The game issue,
`state/README.md` and `status` list them, so no player takes theirs for lost, or for
in its vote."""

from __future__ import annotations

from datetime import datetime
from typing import Callable

from ..core.game import Game
from .quoting import quoted


NOTE = ("Each stays open, holds no turn and counts no vote; a push to its pull request puts "
        "it to the vote as new, if it is still its author's to make.")


def awaiting_lines(game: Game, link: Callable[[str], str],
                   when: Callable[[datetime], str]) -> list[str]:
    """A table of them (`awaiting_table`) and what awaiting a fix means; none where none
    awaits."""
    table = awaiting_table(game, link, when)
    return table + ["", NOTE] if table else []


def awaiting_table(game: Game, link: Callable[[str], str],
                   when: Callable[[datetime], str]) -> list[str]:
    """A table of them, each linked (`link`, from its forge key) with its author, since when
    (`when`) and what to fix; none where none awaits."""
    held = game.state.awaiting_fix
    if not held:
        return []
    lines = ["| proposal | by | since | what to fix |", "|---|---|---|---|"]
    return lines + [f"| {quoted(a.title)} ({link(a.key)}) | {quoted(a.author.login)} | "
                    f"{when(a.since)} | {quoted(a.reason)} |" for a in held]
