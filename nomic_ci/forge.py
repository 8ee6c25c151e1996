"""What the engine needs from a forge, the place proposals and votes live.

Two forges implement it: the local git repository (localforge.py) and
GitHub. The engine talks only to this interface; the game core to neither.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Collection, Mapping, Protocol, Sequence

from .model import Comment, Proposal
from .rules import is_rule_text
from .state import PLAYERS

if TYPE_CHECKING:
    from .voting import VoteView

GAME_DIRS = ("rules/", "state/", "proposals/")
# a merged proposal that changes these changes the engine itself: the run stops, so the
# new engine takes over on the next run
ENGINE_PATHS = ("nomic_ci/", ".github/", "pyproject.toml")


def text_needed(path: str) -> bool:
    """Whether the core needs a changed file's new content (`Proposal.texts`)."""
    return is_rule_text(path) or path == PLAYERS


class MergeStatus(enum.Enum):
    MERGED = "merged"
    HEAD_MOVED = "head moved"  # the proposal changed after its votes were counted
    NOT_MERGEABLE = "not mergeable"  # a conflict, or a branch protection
    PENDING = "pending"  # the forge is still working out whether it can merge


@dataclass(frozen=True)
class MergeResult:
    status: MergeStatus
    detail: str = ""


class Forge(Protocol):
    def read_files(self) -> Mapping[str, str]:
        """The game's files (rules/, state/, proposals/) at the tip of the default branch."""
        ...

    def proposals(self, known: Collection[str], reactions: bool = False) -> Sequence[Proposal]:
        """Every open proposal, plus those with the keys in `known`, whatever their state;
        with their reactions when the rules count them as votes."""
        ...

    def merge(self, proposal: Proposal, message: str) -> MergeResult:
        """Merge the proposal exactly at `proposal.head` into the default branch."""
        ...

    def close(self, proposal: Proposal, message: str, outcome: str) -> None:
        """Close the proposal unmerged, telling its players why; `outcome` is the record's."""
        ...

    def announce(self, proposal: Proposal, message: str) -> None:
        """Tell the proposal's players something (a comment)."""
        ...

    def show(self, proposal: Proposal, view: "VoteView") -> None:
        """Show where the proposal's vote stands on the proposal itself."""
        ...

    def comments(self) -> Sequence[Comment]:
        """Players' comments that may hold commands (edited ones marked; deleted ones gone)."""
        ...

    def reply(self, comment: Comment, message: str) -> None:
        """Answer a comment where it was written."""
        ...

    def write_files(self, files: Mapping[str, str], message: str) -> None:
        """Commit these files to the default branch (the engine's own changes)."""
        ...

    def finish(self) -> None:
        """Make everything written in this run visible at once."""
        ...
