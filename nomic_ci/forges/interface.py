"""What the engine needs from a forge, the place proposals and votes live.

Two forges implement it: a local git repository (`localforge`) and GitHub
(`githubforge`). The engine (`reconcile`) talks only to this interface; the game
core to neither.

The engine relies on these orderings, and each forge keeps them:
- **State before players.** The engine tells players only what the published state
  lists in `to_tell`, and clears the list once told; `tell` is idempotent (each
  message is marked where it is told), so a run that stops anywhere in between is
  finished by the next without telling anything twice. An answer to a command that
  changed nothing is recorded only where it is told: `comments` says it is `answered`.
- **Flush before merging.** `merge` first commits what `write_files` collected, so a
  merge goes on top of the state that led to it.
- **Each write made once.** A write whose answer was lost is not repeated blindly: what it
  would create is looked for first (the mark of a message), or it is left to the next run,
  which reads everything again.
- **Compare-and-swap.** `publish` moves the default branch only from where this run
  found it: two runs at once cannot both record (and so tell) the same decision.
"""

from __future__ import annotations

import enum
from datetime import datetime, timedelta
from typing import Collection, Mapping, Protocol, Sequence

from ..core.facts import Account, Comment, Proposal
from ..core.files.gamefiles import Moved
from ..core.files.state import Tell
from ..core.frozen import frozen
from ..core.game import Game
from ..core.players.comment_commands import listed_since
from ..core.voting.decision import VoteView


# GitHub notifies only about the first 50 mentions of a comment (as people who met it report;
# GitHub documents no number): `tell` tells a message to more in a comment for each 50
MENTIONS_MOST = 50


def comments_of(message: Tell) -> int:
    """How many comments `tell` posts for a message (each a write)."""
    return max(1, -(-len(message.mentions) // MENTIONS_MOST))


class MergeStatus(enum.Enum):
    MERGED = "merged"
    HEAD_MOVED = "head moved"  # the proposal changed after its votes were counted
    NOT_MERGEABLE = "not mergeable"  # a conflict, or a branch protection
    PENDING = "pending"  # not now (the forge is still working it out, or is busy): try later
    REFUSED = "refused"  # for a reason that will not change by itself (a permission, a rule
    # the forge enforces): tried again at a few more runs, in case an admin fixes it, then failed


@frozen
class MergeResult:
    """What `Forge.merge` did: merged, not yet, or never (`detail`: why, for players or the log)."""

    status: MergeStatus
    detail: str = ""
    # where it was merged before this run read the game (by hand, or by a run that stopped
    # before recording it): the game's files on the commit it was merged onto, whose rules
    # are the ones it replaced (`Decide.rules_before`); None where the run merged it
    before: Mapping[str, str] | None = None


class Forge(Protocol):
    def read_files(self) -> Mapping[str, str]:
        """The game's files (`core.files.GAME_DIRS`) at the tip of the default branch, with
        what this run has written."""
        ...

    def proposals(self, known: Collection[str], reactions: bool = False,
                  voters: Collection[Account] | None = None) -> Sequence[Proposal]:
        """Every open proposal, plus those with the keys in `known`, whatever their state;
        with their reactions when the rules count them as votes. Given the players' accounts
        (`voters`), a forge may read of any other account's votes only its latest."""
        ...

    def drafts(self) -> Sequence[tuple[str, Account]]:
        """The open draft pull requests into the default branch, by key, with their authors
        (a draft is no proposal until it is ready for review)."""
        ...

    def merge(self, proposal: Proposal, message: str) -> MergeResult:
        """Merge the proposal exactly at `proposal.head` into the default branch, after
        committing what was written so far."""
        ...

    def tell(self, message: Tell) -> None:
        """Tell players something now, unless it is already told there: the comment, then the
        outcome's label and status, then closing the proposal where `message.close` says."""
        ...

    def show(self, proposal: Proposal, view: VoteView) -> None:
        """Show where the proposal's vote stands on the proposal itself."""
        ...

    def comments(self, since: datetime | None = None) -> Sequence[Comment]:
        """Players' comments that may hold commands (edited ones marked; deleted ones gone):
        at least those written or edited at or after `since` (all of them when None)."""
        ...

    def listed_to(self) -> datetime | None:
        """Where this run's listing of comments (`comments`) stopped short, its share of the
        forge's requests spent: every comment last written or edited before is listed, none
        at or after. None where the listing holds them all."""
        ...

    def answered_before(self) -> datetime | None:
        """Where an earlier run kept that every player's command written before is answered
        (`keep_answered_before`), so a listing may start there; None where nothing is kept."""
        ...

    def keep_answered_before(self, moment: datetime) -> None:
        """Keep for later runs that every player's command written before `moment` is
        answered, where the forge has a place for it that is no commit; or nothing. A forge
        whose clock is not the run's keeps no later than the latest time its own listing
        showed (a runner's clock ahead would pass a command posted while the run ran)."""
        ...

    def write_files(self, files: Mapping[str, str | Moved | None], message: str) -> None:
        """Commit these files to the default branch (the engine's own changes): a text, None
        for a file removed, or `Moved` for one moved by name (an index's full thousand)."""
        ...

    def publish(self) -> None:
        """Make everything written so far visible on the default branch."""
        ...

    def finish(self) -> None:
        """Publish, and end the run (release what it holds)."""
        ...

    def requests_left(self) -> int | None:
        """The requests the forge still allows this hour, as it last said (None: no limit, or
        not known yet)."""
        ...

    def writes_made(self) -> int | None:
        """The write requests this run has made, where the forge limits them (None: it does
        not; the engine then spends no budget)."""
        ...


def listed_comments(forge: Forge, game: Game) -> tuple[Sequence[Comment], datetime]:
    """The comments that may hold commands, and where their listing starts as the state
    knows it (`listed_since`: a day before the game last changed): as a run reads them, once,
    so what `status` and a preview say is due is what the next run does. Where an earlier run
    kept that every command before a later time was answered (`Forge.answered_before`), the
    listing starts there, and what it returns from before, as edited since, is left out."""
    since = listed_since(game)
    start = max(since, forge.answered_before() or since)
    # asked from a second before: GitHub's `since` is "updated after", and a command left
    # waiting at the kept second itself must be listed again, not passed for good
    asked = start - timedelta(seconds=1) if start > since else start
    return [c for c in forge.comments(asked) if c.at >= start], since


def clock_of(forge: Forge, game: Game, now: datetime) -> datetime:
    """The time a run plays the game to: `now`, or where its listing of comments stopped
    short (`Forge.listed_to`), so that no deadline passes over a command not read yet (one
    written before and edited since, unread, counts for nothing: an edited command does
    not). Never before the game's last change: the run that made it read every comment
    before."""
    listed_to = forge.listed_to()
    if listed_to is None:
        return now
    return max(game.state.last_change, min(now, listed_to - timedelta(seconds=1)))
