"""A local git repository as a forge: the embedded default for offline play and the demo.

A proposal is a local branch, its changes are its difference from the default
branch, and votes are recorded by the CLI. What a forge server would hold
(proposals, reviews, comments) is kept in git beside the game, on a ref of its own
(`localrecords`). A passed proposal is really merged with git. A run builds its
commits in the object database and moves the default branch once at the end.
"""

from __future__ import annotations

import fcntl
import json
import os
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import IO, Collection, Mapping, Sequence

from ..core.errors import GameError
from ..core.facts import Account, Comment, ForgeState, Proposal, Review, ReviewState
from ..core.files import GAME_DIRS
from ..core.files.changes import Listed, file_changes
from ..core.files.deferral import deferred
from ..core.files.gamefiles import Moved, game_files
from ..core.files.state import GAME_ISSUE, Tell, reply_id
from ..core.replies import also_told
from ..core.times import iso, moment
from ..core.words import number_in
from ..core.voting.decision import VoteView
from ..text.quoting import notice
from .gitplumbing import Git
from .interface import MergeResult, MergeStatus
from .localrecords import LocalRecords

MERGES = "merges.json"  # what merging each head into the tip changes, by the two commits
LOCK = "lock"  # held while a command changes the game, so two never interleave


def _answered(first: int, told: str) -> list[int]:
    """The comments a reply answers: the first, and those whose marks it begins with (a
    player's answers, one reply). It is kept under the latest of them, as GitHub shows it
    after them all, since a run reads the files of comments from the newest back: kept under
    the first, a file or more before a later one it answers, it went unread by a listing
    that returned the later one, which was answered again."""
    return [first, *(number_in(told_id.removeprefix("reply-")) or first
                     for told_id in also_told(told) if told_id.startswith("reply-"))]


@dataclass
class LocalForge:
    """The `Forge` of one command on a local game: the repository at `root`, locked if it writes."""

    root: Path
    now: datetime
    git: Git = field(init=False)
    records: LocalRecords = field(init=False)
    tip: str = field(init=False)  # the default branch as this run has built it
    base_tip: str = field(init=False)  # the default branch as this run found it
    messages: list[str] = field(default_factory=list)  # what the forge "posted", for the CLI
    writing: bool = True  # False: only looking, so no lock and no check of the working tree
    _lock: IO | None = field(default=None, init=False, repr=False)
    # read once a run: nothing but players moves the branches, and no player acts mid-run
    _tips: dict[str, str] | None = field(default=None, init=False, repr=False)
    # what each head changes, worked out once a run (again after a merge moves the base)
    _changes: dict[str, tuple] = field(default_factory=dict, init=False, repr=False)
    _made: dict[tuple, tuple] = field(default_factory=dict, init=False, repr=False)
    # what merging a head into a tip changes, by "TIP HEAD": facts of two commits, kept
    # across commands in MERGES (None: not read yet)
    _merges: dict[str, list | None] | None = field(default=None, init=False, repr=False)
    _merges_new: bool = field(default=False, init=False, repr=False)
    _wrote: bool = field(default=False, init=False, repr=False)  # objects, by this command
    # the game's files at a commit, read once: a command reads them, then its run
    _files: tuple[str, Mapping[str, str]] | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.git = Git(self.root)
        if not (self.root / ".git").exists() and self.git.run(
                "rev-parse", "--git-dir", check=False).returncode != 0:
            raise GameError("not a git repository", path=str(self.root),
                            hint="make a game with 'nomic-ci init DIR', or pass --repo DIR")
        if self.writing:
            self._take_lock()
        self.records = LocalRecords(self.git, self.git.head_branch() or "main")
        tip = self.git.rev(self.branch)
        if tip is None:
            raise GameError(f"the default branch {self.branch!r} has no commits",
                            path=str(self.root))
        self.tip = self.base_tip = tip
        if self.writing:
            self.git.resume()  # a command that stopped before bringing the working tree
            self._refuse_uncommitted_changes()

    def _take_lock(self) -> None:
        """One command at a time changes a game: a second one stops at once and says so."""
        path = self.git.engine_path(LOCK)
        path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = path.open("w")
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._lock.close()
            raise GameError("another nomic-ci command is changing this game right now",
                            path=str(self.root), hint="wait until it is done, then run this "
                            "command again") from None

    def _refuse_uncommitted_changes(self) -> None:
        """The engine's commit moves the checked-out branch and its files: edits of the game's
        files not committed yet would be half overwritten, so stop before changing anything."""
        if self.git.head_branch() != self.branch:
            return
        status = self.git.run("status", "--porcelain", "--", *GAME_DIRS).stdout.decode()
        if status.strip():
            first = status.splitlines()[0][3:]  # after the two status letters and a space
            raise GameError(f"{first} has changes that are not committed", path=str(self.root),
                            hint=f"commit them on a branch (to propose them) or undo them; "
                                 f"the engine commits to {self.branch} itself")

    @property
    def branch(self) -> str:
        return self.records.default_branch

    # --- the forge's own records: proposals and votes ------------------------------------

    def open_proposal(self, branch: str, author: str, title: str) -> str:
        head = self.git.rev(f"refs/heads/{branch}")
        if head is None:
            raise GameError(f"there is no branch {branch!r}", path=str(self.root),
                            hint="commit your rule change on a branch first: git switch -c "
                                 f"{branch}; edit rules/; git commit -a")
        for key, open_branch in self.records.open_branches().items():
            if open_branch == branch:
                raise GameError(f"branch {branch!r} is already proposal {key} (forge key)",
                                hint="push more commits to it instead, or use another branch")
        if self._tips is not None:  # the open proposals' branches, as looked up: one more
            self._tips[branch] = head
        return self.records.new_proposal({
            "branch": branch, "title": title, "author": author, "opened": iso(self.now),
            "head": head, "state": "open", "closed": None, "reviews": [], "comments": []})

    def add_review(self, key: str, login: str, yes: bool) -> str:
        entry = self._entry(key)
        if entry["state"] != "open":
            raise GameError(f"that proposal is {entry['state']}, not open for votes")
        self._observe_push(key)
        entry["reviews"].append({
            "id": self.records.next_id(), "login": login,
            "state": "APPROVED" if yes else "CHANGES_REQUESTED",
            "commit": entry["head"], "at": iso(self.now)})
        return entry["head"]

    def add_comment(self, login: str, body: str) -> int:
        """A comment on the game, as a player writes one (a command such as /pass)."""
        number = self.records.next_id()  # one id sequence for reviews and comments
        self.records.add_comment({"id": number, "login": login, "body": body,
                                  "at": iso(self.now), "replies": []})
        return number

    def comments(self, since: datetime | None = None) -> Sequence[Comment]:
        """Players' comments; each answered where the engine's reply to it is told (alone,
        under it, or among the player's answers, under the first)."""
        read = list(self.records.comments_since(since))  # never edited: written is updated
        told = {id_ for c in read for r in c["replies"]
                for id_ in (r.get("told"), *also_told(r["body"]))}
        listed = (Comment(c["id"], Account(c["login"]), c["body"], moment(c["at"]),
                          answered=reply_id(c["id"]) in told) for c in read)
        return [c for c in listed if since is None or c.at >= since]

    def branch_of(self, key: str) -> str | None:
        """The branch a proposal was made from (None: no such proposal)."""
        entry = self.records.proposal(key)
        return entry["branch"] if entry else None

    def _entry(self, key: str) -> dict:
        entry = self.records.proposal(key)
        if entry is None:
            raise GameError(f"no proposal with forge key {key}")
        return entry

    def _close(self, key: str, state: str) -> None:
        self._entry(key).update(state=state, closed=iso(self.now))
        self.records.closed(key)

    def _observe_push(self, key: str) -> None:
        """The proposal's head is its branch's tip; a deleted branch closes the proposal."""
        entry = self._entry(key)
        if entry["state"] != "open":
            return
        if self._tips is None:  # the open proposals' branches alone: not every branch
            self._tips = self.git.branch_tips(set(self.records.open_branches().values()))
        current = self._tips.get(entry["branch"])
        if current is None:
            self._close(key, "closed")
        elif current != entry["head"]:
            # when it was pushed: its commit's time, as a player's git wrote it (a local
            # game trusts its players' clocks), never after the run that sees it
            made = moment(self.git.out("show", "-s", "--format=%cI", current).strip())
            entry["head"], entry["pushed"] = current, iso(min(made, self.now))

    # --- the Forge interface -------------------------------------------------------------

    def read_files(self) -> Mapping[str, str]:
        if self._files is None or self._files[0] != self.tip:
            self._files = self.tip, self.git.read_files(self.tip, GAME_DIRS)
        return self._files[1]

    def proposals(self, known: Collection[str], reactions: bool = False,
                  voters: Collection[Account] | None = None) -> Sequence[Proposal]:
        # locally, votes are recorded by the vote command whatever the rules call them
        found = []
        for key in sorted({*self.records.open_branches(), *known}, key=_by_number):
            entry = self.records.proposal(key)
            if entry is None:
                continue
            self._observe_push(key)
            if entry["state"] == "open" or key in known:
                found.append(self._proposal(key, entry))
        self._keep_merges()
        return found

    def _merging(self, head: str) -> tuple[list[Listed], str] | None:
        """What merging `head` into the tip changes (`Git.changes`), known from an earlier
        command where it asked the same of the same two commits: a tick with nothing new
        starts no git process for each proposal in its vote."""
        if self._merges is None:
            path = self.git.engine_path(MERGES)
            try:
                self._merges = json.loads(path.read_text()) if path.exists() else {}
            except (ValueError, UnicodeDecodeError):
                self._merges = {}  # unreadable: worked out again
        key = f"{self.tip} {head}"
        found = self._merges.get(key, False)
        try:
            if found is None:
                return None
            listed, made = [(status, path, prev) for status, path, prev in found[0]], found[1]
            if self.git.objects.read(made) is not None:  # `git gc` prunes a tree no ref holds
                return listed, made
        except (TypeError, ValueError, IndexError):  # not asked yet, or not as written
            pass
        merging = self.git.changes(self.tip, head)
        self._merges[key] = None if merging is None else [merging[0], merging[1]]
        self._merges_new = True
        return merging

    def _keep_merges(self) -> None:
        """Save what is known of merges into the tip (of older tips': nothing)."""
        if not self._merges_new or self._merges is None:
            return
        kept = {key: found for key, found in self._merges.items()
                if key.startswith(f"{self.tip} ")}
        path = self.git.engine_path(MERGES)
        part = path.with_name(f"{path.name}.{os.getpid()}")  # two commands may save at once
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            part.write_text(json.dumps(kept))
            part.replace(path)
        except OSError:
            pass  # a repository only to read: the next command works it out again
        self._merges_new = False

    def _proposal(self, key: str, entry: dict) -> Proposal:
        """The proposal as the core sees it: made once a run for what its entry says (the
        run asks at every step, and 200 proposals were made 41,000 times)."""
        seen = (key, entry["head"], entry["state"], entry["closed"], entry["title"],
                len(entry["reviews"]))
        made = self._made.get(seen)
        if made is None or made[0] is not self._changes.get(entry["head"]):  # or a merge since
            proposal = self._make(key, entry)
            made = self._made[seen] = self._changes[entry["head"]], proposal
        return made[1]

    def _make(self, key: str, entry: dict) -> Proposal:
        head = entry["head"]
        if head not in self._changes:
            merging = self._merging(head)
            if merging is None:
                self._changes[head] = (), (), [
                    f"branch {entry['branch']} shares no history with {self.branch}: make it "
                    f"from {self.branch} (git switch -c NAME {self.branch}), then the changes"]
            else:
                listed, made = merging
                self._changes[head] = file_changes(listed, partial(self.git.file_at, made))
        changes, texts, problems = self._changes[head]
        reviews = tuple(Review(r["id"], Account(r["login"]), ReviewState.parse(r["state"]),
                               r["commit"], moment(r["at"])) for r in entry["reviews"])
        return Proposal(key=key, title=entry["title"], author=Account(entry["author"]),
                        description=entry["title"],
                        head=head, opened_at=moment(entry["opened"]),
                        head_by=moment(entry["pushed"]) if entry.get("pushed") else None,
                        changes=changes, reviews=reviews,
                        texts=texts, state=ForgeState(entry["state"]),
                        problems=tuple(problems),
                        closed_at=moment(entry["closed"]) if entry["closed"] else None)

    def drafts(self) -> Sequence[tuple[str, Account]]:
        return []  # a local proposal is never a draft

    def merge(self, proposal: Proposal, message: str) -> MergeResult:
        entry = self._entry(proposal.key)
        if entry["state"] == "merged":
            return MergeResult(MergeStatus.MERGED)
        if entry["head"] != proposal.head:
            return MergeResult(MergeStatus.HEAD_MOVED)
        tree = self.git.merge_tree(self.tip, proposal.head)
        if tree is None:
            return MergeResult(MergeStatus.NOT_MERGEABLE,
                               f"branch {entry['branch']} conflicts with {self.branch}")
        self.tip = self.git.commit_tree(tree, [self.tip, proposal.head], message, self.now)
        self._close(proposal.key, "merged")
        self._changes.clear()  # other proposals may now differ from the default branch
        self.messages.append(message)
        return MergeResult(MergeStatus.MERGED)

    def tell(self, message: Tell) -> None:
        text = notice(message.message, message.mentions)
        told = {"at": iso(self.now), "body": text, "told": message.id}
        if message.reply_to is not None:  # under the latest comment it answers (`_answered`)
            comment = self.records.comment(max(_answered(message.reply_to, text)))
            place = comment["replies"] if comment is not None else None
        elif message.on == GAME_ISSUE:  # the game issue: its text, and comments on it
            if message.final is not None:
                self.records.set_game_issue(message.final)
            if message.title is not None:
                self.records.set_game_issue_title(message.title)
            if message.message and not self.records.told(message.id):
                self.records.tell_game_issue(message.id, told)
                self.messages.append(text)
            place = None
        else:
            place = self._entry(message.on)["comments"]
        if message.message and place is not None and all(c.get("told") != message.id
                                                         for c in place):
            place.append(told)
            self.messages.append(text)
        if message.close and message.on:
            if self._entry(message.on)["state"] == "open":
                self._close(message.on, "closed")

    def show(self, proposal: Proposal, view: VoteView) -> None:
        """Nothing to show: `nomic-ci status` reads the vote directly."""

    def write_files(self, files: Mapping[str, str | Moved | None], message: str) -> None:
        tree = self.git.tree_with(self.tip, files)
        if self._differs(files) or tree != self.git.tree_of(self.tip):
            base, self.tip = self.tip, self.git.commit_tree(tree, [self.tip], message, self.now)
            if self._files is not None and self._files[0] == base:  # spares reading them again
                self._files = self.tip, game_files(self._files[1]).changed(files)

    def _differs(self, files: Mapping[str, str]) -> bool:
        """Whether a text differs from the tip's as read (so its tree does, without asking
        git for the tip's tree); the records, read only when asked for, are not looked at."""
        if self._files is None or self._files[0] != self.tip:
            return False
        known = self._files[1]
        return any(path.startswith(GAME_DIRS) and not deferred(path)
                   and (path not in known or known[path] != text) for path, text in files.items())

    def publish(self) -> None:
        """Move the default branch (compare-and-swap), then save the forge's records."""
        if self.tip != self.base_tip:
            self.git.move_branch(self.branch, self.tip, self.base_tip)
            self.base_tip = self.tip
            self._wrote = True
        self.save()

    def finish(self) -> None:
        try:
            self.publish()
            if self._wrote:
                self.git.pack()
        finally:
            try:
                self.git.bring_worktree()  # where the branch is, whatever stopped the run
            finally:
                self.git.close()
        if self._lock is not None:
            self._lock.close()  # closing the file releases the lock
            self._lock = None

    def writes_made(self) -> int | None:
        return None  # a local repository has no limit on writes

    def requests_left(self) -> int | None:
        return None

    def listed_to(self) -> datetime | None:
        return None  # its listing reads every comment since: it stops short of none

    def answered_before(self) -> datetime | None:
        return None  # its listing reads only the latest files of comments: nothing to keep

    def keep_answered_before(self, moment: datetime) -> None:
        pass

    def save(self) -> None:
        if self.writing and self.records.save(self.now):
            self._wrote = True


def _by_number(key: str) -> tuple[int, str]:
    """Keys in the order the proposals were made (numbers, as the forge gives them)."""
    number = number_in(key)
    return (number, key) if number is not None else (0, key)
