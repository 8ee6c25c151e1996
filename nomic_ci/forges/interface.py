"""What the engine needs from a forge, the place proposals and votes live.

Two forges implement it: a local git repository (`localforge`) and GitHub
(`githubforge`). The engine (`reconcile`) talks only to this interface; the game
core to neither.

The engine relies on these orderings, and each forge keeps them:
- **State before players.** `close`, `announce` and `reply` may wait until `finish`:
  players are told only once the state that records what they are told is in, so a
  run that stops half-way has told nobody, and the next run tells them (Reclose).
- **Flush before merging.** `merge` first commits what `write_files` collected, so a
  merge goes on top of the state that led to it.
- **One visible change.** Nothing written is final before `finish`; a forge that can
  (the local one) moves the default branch once, with compare-and-swap.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Collection, Mapping, Protocol, Sequence

from ..core.facts import Comment, Proposal
from ..core.files.records import Outcome
from ..core.voting.decision import VoteView

# a merged proposal that changes these changes the engine itself: the run stops, so the
# new engine takes over on the next run
ENGINE_PATHS = ("nomic_ci/", ".github/", "pyproject.toml")


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
        """The game's files (`core.files.GAME_DIRS`) at the tip of the default branch, with
        what this run has written."""
        ...

    def proposals(self, known: Collection[str], reactions: bool = False) -> Sequence[Proposal]:
        """Every open proposal, plus those with the keys in `known`, whatever their state;
        with their reactions when the rules count them as votes."""
        ...

    def merge(self, proposal: Proposal, message: str) -> MergeResult:
        """Merge the proposal exactly at `proposal.head` into the default branch, after
        committing what was written so far."""
        ...

    def close(self, proposal: Proposal, message: str, outcome: Outcome) -> None:
        """Close the proposal unmerged (if it is open), telling its players why."""
        ...

    def announce(self, proposal: Proposal, message: str) -> None:
        """Tell the proposal's players something (a comment)."""
        ...

    def show(self, proposal: Proposal, view: VoteView) -> None:
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
        """Make everything written in this run visible, then tell the players."""
        ...
