"""The facts a forge reports, that the game core decides on: plain frozen values.

A forge (local git, GitHub) turns what it knows into these; the core never sees
a forge object.
"""

from __future__ import annotations

import enum
from dataclasses import field
from datetime import datetime

from .frozen import frozen


@frozen
class Account:
    """Someone on the forge. `id` is the numeric user id where the forge has one."""

    login: str
    id: int | None = None


class ChangeKind(enum.Enum):
    ADDED = "added"
    MODIFIED = "modified"
    REMOVED = "removed"
    RENAMED = "renamed"

    @classmethod
    def of(cls, status: str) -> "ChangeKind":
        """The kind of a change as git (`A`, `R100`) or GitHub (`added`, `copied`) spells it:
        a copy is a new file, anything else unknown (a type change) a modification."""
        return _STATUSES.get(status.lower(), _STATUSES.get(status[:1], cls.MODIFIED))


_STATUSES = {"added": ChangeKind.ADDED, "copied": ChangeKind.ADDED, "removed": ChangeKind.REMOVED,
             "renamed": ChangeKind.RENAMED, "A": ChangeKind.ADDED, "C": ChangeKind.ADDED,
             "D": ChangeKind.REMOVED, "R": ChangeKind.RENAMED}


@frozen
class FileChange:
    """One file a proposal changes; `previous_path` is set for renames."""

    path: str
    kind: ChangeKind
    previous_path: str | None = None


class ReviewState(enum.Enum):
    """A review's state, normalized from the forge's spelling (`approved`, `APPROVED`)."""

    APPROVED = "APPROVED"
    CHANGES_REQUESTED = "CHANGES_REQUESTED"
    COMMENTED = "COMMENTED"
    DISMISSED = "DISMISSED"
    PENDING = "PENDING"

    @classmethod
    def parse(cls, text: str) -> "ReviewState":
        return cls(text.upper())


@frozen
class Review:
    """A review as the forge reports it; only some states are votes (see tally)."""

    id: int
    author: Account
    state: ReviewState
    commit: str | None
    submitted_at: datetime


@frozen
class Reaction:
    """An emoji reaction on a proposal; `+1` and `-1` are votes where the rules say so."""

    id: int
    author: Account
    content: str
    at: datetime


class ForgeState(enum.Enum):
    OPEN = "open"
    MERGED = "merged"
    CLOSED = "closed"


@frozen
class Proposal:
    """Everything the core needs to know about one proposal on the forge.

    `key` is the forge's own identifier (a PR number, a local branch id);
    the game gives the proposal its number. `head` is its current version: the
    game notices a new head as a push, and its vote starts again.
    `texts` holds the new content of every rule file the proposal adds or
    modifies, and of `state/players.yaml` if it changes it, so the core can check
    the rules it would enact and recognize a request to join. `problems` are
    reasons the forge could not read it completely (such as too many files):
    such a proposal is never tallied.
    """

    key: str
    title: str
    author: Account
    head: str
    opened_at: datetime
    changes: tuple[FileChange, ...] = ()
    reviews: tuple[Review, ...] = ()
    texts: tuple[tuple[str, str], ...] = ()
    reactions: tuple[Reaction, ...] = ()
    description: str = ""  # the title and body players read: an edit of it can retract
    state: ForgeState = ForgeState.OPEN
    closed_at: datetime | None = None
    problems: tuple[str, ...] = field(default=())
    into: str | None = None  # the branch it would merge into, where that is not the default
    draft: bool = False  # not ready for review: not a proposal (yet, or any more)
    ready_at: datetime | None = None  # when it last became ready for review, if a draft before
    # a moment by which its head was pushed, as the forge knows it (GitHub: when the pull
    # request last changed, which a push does; locally: its head's commit time): a push
    # shown by then to come before its vote's end restarts the vote (due.py)
    head_by: datetime | None = None

    @property
    def proposed_at(self) -> datetime:
        """When it became a proposal: a draft is none until it is ready for review, so its
        vote window starts then."""
        return max(self.opened_at, self.ready_at) if self.ready_at else self.opened_at

    @property
    def description_hash(self) -> str:
        """A fingerprint of what players read of the proposal, to notice an edit."""
        import hashlib  # here: most commands never need it, and it is slow to import
        return hashlib.sha256(self.description.encode()).hexdigest()[:16]


@frozen
class Comment:
    """A comment a player wrote on the forge: where commands such as `/pass` come from.

    `on` is the key of the proposal (or issue) it was written on; `edited` says
    whether it was changed after it was posted; `answered`, whether the engine's reply to it
    is there (a command that changes nothing is recorded nowhere else).
    """

    id: int
    author: Account
    body: str
    at: datetime
    edited: bool = False
    on: str | None = None
    answered: bool = False
