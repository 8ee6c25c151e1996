"""Test helpers that arrange the fake's world directly, in Python (not over HTTP).

They do what players and GitHub do outside the engine's API calls: join,
push branches, open pull requests, review, comment, react, get renamed.
Users are named by login (or numeric id); everything is stored by id.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING

from .backend import Changes
from .gitrepo import GitRepo
from .state import REACTIONS, REVIEW_STATES, Comment, Label, PullRequest, Reaction, Review, User, World

if TYPE_CHECKING:
    from .backend import Backend

HEAD = "HEAD"  # add_review's default commit_id: the PR's head at the time of the review

UserRef = str | int


class Scenario:
    """Mixin for FakeGitHub: `self.backend` and `self._lock` come from it."""

    backend: Backend
    _lock: threading.RLock

    @property
    def world(self) -> World:
        return self.backend.world

    @property
    def git(self) -> GitRepo:
        return self.backend.git

    @property
    def full_name(self) -> str:
        return self.world.full_name

    def _user(self, who: UserRef) -> User:
        if isinstance(who, int):
            return self.world.users[who]
        return self.backend.user_named(who)

    def _when(self, when: datetime | None) -> datetime:
        return when or self.backend.now()

    # -- users -----------------------------------------------------------

    def add_user(self, login: str, id: int | None = None, type: str = "User") -> User:  # noqa: A002
        """Register a GitHub account (type User, Bot or Organization)."""
        with self._lock:
            if self.world.user_by_login(login):
                raise ValueError(f"login {login} is taken")
            user_id = id if id is not None else self.world.next_id()
            if user_id in self.world.users:
                raise ValueError(f"user id {user_id} is taken")
            user = User(user_id, login, type, self.backend.now())
            self.world.users[user_id] = user
            return user

    def rename_user(self, who: UserRef, new_login: str) -> User:
        """Change a login; the id, and so everything the user did, stays."""
        with self._lock:
            user = self._user(who)
            if user.login.lower() == self.world.owner.lower():
                raise ValueError("renaming the repository's owner is not supported")
            user.login = new_login
            return user

    def authenticate_as(self, who: UserRef, *, user_endpoint_forbidden: bool = False) -> None:
        """Make the API token act as `who`; GitHub App tokens get 403 from GET /user."""
        with self._lock:
            self.backend.token_user_id = self._user(who).id
            self.backend.user_endpoint_forbidden = user_endpoint_forbidden

    # -- git content -----------------------------------------------------

    def create_branch(
        self,
        name: str,
        changes: Changes | None = None,
        *,
        renames: Mapping[str, str] | None = None,
        author: UserRef | None = None,
        message: str | None = None,
        start: str | None = None,
        fork: UserRef | None = None,
    ) -> str:
        """Create branch `name` from `start` (default branch) with one commit of changes; its sha.

        With `fork`, the branch lives in that user's fork of the repository.
        """
        with self._lock:
            ref = self.backend.branch_ref(name, self._user(fork).id if fork is not None else None)
            if self.git.ref_sha(ref):
                raise ValueError(f"branch {name} exists")
            base = self.git.resolve(start or f"refs/heads/{self.world.default_branch}")
            if not changes and not renames:
                self.git.update_ref(ref, base)  # type: ignore[arg-type]
                return base  # type: ignore[return-value]
            who = self._user(author) if author is not None else self._user(fork or self.world.owner)
            return self.backend.commit_changes(
                ref, changes or {}, message or f"Changes on {name}\n", who, renames, base
            )

    def commit(
        self,
        branch: str,
        changes: Changes,
        *,
        renames: Mapping[str, str] | None = None,
        author: UserRef | None = None,
        message: str | None = None,
        fork: UserRef | None = None,
    ) -> str:
        """Commit changes (path -> content, None deletes) on top of an existing branch; the new sha."""
        with self._lock:
            ref = self.backend.branch_ref(branch, self._user(fork).id if fork is not None else None)
            if self.git.ref_sha(ref) is None:
                raise ValueError(f"no branch {branch}")
            who = self._user(author) if author is not None else self._user(fork or self.world.owner)
            return self.backend.commit_changes(ref, changes, message or f"Update {branch}\n", who, renames)

    def branch_sha(self, branch: str) -> str | None:
        return self.git.ref_sha(f"refs/heads/{branch}")

    def file_at(self, path: str, ref: str | None = None) -> str | None:
        """A file's text at `ref` (default branch), None if absent: to assert what the engine committed."""
        commit = self.git.resolve(ref or f"refs/heads/{self.world.default_branch}")
        entry = self.git.entry_at(commit, path) if commit else None
        return self.git.read_blob(entry.sha).decode() if entry and entry.type == "blob" else None

    # -- pull requests ---------------------------------------------------

    def open_pr(
        self,
        author: UserRef,
        head: str,
        title: str = "A proposal",
        body: str | None = "",
        *,
        draft: bool = False,
        created_at: datetime | None = None,
        base: str | None = None,
        fork: bool = False,
    ) -> int:
        """Open a pull request from branch `head` (in the author's fork with `fork`); its number."""
        with self._lock:
            user = self._user(author)
            fork_owner_id = user.id if fork else None
            if self.git.ref_sha(self.backend.branch_ref(head, fork_owner_id)) is None:
                raise ValueError(f"no branch {head} in {'the fork' if fork else 'the repository'}")
            when = self._when(created_at)
            pr = PullRequest(
                number=self.world.next_number(),
                id=self.world.next_id(),
                issue_id=self.world.next_id(),
                user_id=user.id,
                title=title,
                body=body,
                head_ref=head,
                fork_owner_id=fork_owner_id,
                base_ref=base or self.world.default_branch,
                draft=draft,
                created_at=when,
                updated_at=when,
            )
            self.world.pulls[pr.number] = pr
            self.git.update_ref(f"refs/pull/{pr.number}/head", self.backend.head_sha(pr))
            return pr.number

    def pull(self, number: int) -> PullRequest:
        """The pull request's record, to assert on (state, merged, labels...)."""
        return self.backend.pull(number)

    def head_sha(self, number: int) -> str:
        with self._lock:
            return self.backend.head_sha(self.backend.pull(number))

    def push(
        self,
        number: int,
        changes: Changes,
        *,
        renames: Mapping[str, str] | None = None,
        author: UserRef | None = None,
        message: str | None = None,
    ) -> str:
        """Push a new commit to the PR's head branch; the new head sha."""
        with self._lock:
            pr = self.backend.pull(number)
            ref = self.backend.branch_ref(pr.head_ref, pr.fork_owner_id)
            who = self._user(author) if author is not None else self._user(pr.user_id)
            sha = self.backend.commit_changes(ref, changes, message or f"Update #{number}\n", who, renames)
            self.git.update_ref(f"refs/pull/{number}/head", sha)
            pr.updated_at = self.backend.now()
            return sha

    def set_mergeable(
        self, number: int, mergeable: bool | None = None, *, null_reads: int = 0, state: str | None = None
    ) -> None:
        """Override git's answer (None: compute it); the next `null_reads` GETs answer `mergeable: null`."""
        with self._lock:
            pr = self.backend.pull(number)
            pr.mergeable, pr.mergeable_null_reads, pr.mergeable_state = mergeable, null_reads, state

    def set_draft(self, number: int, draft: bool, *, at: datetime | None = None) -> None:
        """Turn a pull request into a draft, or mark it ready for review (GitHub records a
        ready_for_review event then, at `at` or now)."""
        with self._lock:
            pr = self.backend.pull(number)
            if pr.draft and not draft:
                pr.ready_events.append(self._when(at))
            pr.draft = draft

    # -- reviews, comments, reactions, labels ------------------------------

    def add_review(
        self,
        number: int,
        user: UserRef,
        state: str,
        *,
        commit_id: str | None = HEAD,
        submitted_at: datetime | None = None,
        body: str = "",
    ) -> int:
        """Record a review; `commit_id` defaults to the current head (None: GitHub's null)."""
        state = state.upper()
        if state not in REVIEW_STATES:
            raise ValueError(f"review state {state} is not one of {REVIEW_STATES}")
        with self._lock:
            pr = self.backend.pull(number)
            sha = self.backend.head_sha(pr) if commit_id == HEAD else commit_id
            when = None if state == "PENDING" else self._when(submitted_at)
            review = Review(self.world.next_id(), self._user(user).id, state, sha, when, body)
            pr.reviews.append(review)
            pr.updated_at = max(pr.updated_at, when or pr.updated_at)
            return review.id

    def dismiss_review(self, number: int, review_id: int) -> None:
        with self._lock:
            review = next(r for r in self.backend.pull(number).reviews if r.id == review_id)
            review.state = "DISMISSED"

    def open_issue(self, user: UserRef, title: str, *, created_at: datetime | None = None
                   ) -> int:
        """A plain issue a player opens (where comment commands may be written, too)."""
        from .state import Issue
        with self._lock:
            when = self._when(created_at)
            issue = Issue(self.world.next_number(), self.world.next_id(), self._user(user).id,
                          title, None, when, when)
            self.world.issues[issue.number] = issue
            return issue.number

    def add_comment(
        self, number: int, user: UserRef, body: str, *, created_at: datetime | None = None
    ) -> int:
        with self._lock:
            pr = self.backend.issue(number)  # a pull request's thread, or a plain issue's
            when = self._when(created_at)
            comment = Comment(self.world.next_id(), number, self._user(user).id, body, when, when)
            self.world.comments[comment.id] = comment
            pr.updated_at = max(pr.updated_at, when)
            return comment.id

    def add_reaction(
        self, number: int, user: UserRef, content: str, *, created_at: datetime | None = None
    ) -> int:
        """A reaction (+1, -1, laugh, ...) on the PR's issue."""
        if content not in REACTIONS:
            raise ValueError(f"reaction {content} is not one of {REACTIONS}")
        with self._lock:
            pr = self.backend.pull(number)
            reaction = Reaction(self.world.next_id(), self._user(user).id, content, self._when(created_at))
            pr.reactions.append(reaction)
            return reaction.id

    def vanish(self, number: int) -> None:
        """GitHub shows an issue or a pull request no more, nor anything on it: deleted by an
        admin, or hidden with its author's account when GitHub flags it as spam. Every
        request about it is answered 404, and no listing holds it."""
        with self._lock:
            self.backend.issue(number)  # one there is
            self.world.pulls.pop(number, None)
            self.world.issues.pop(number, None)
            for comment in [c for c in self.world.comments.values() if c.number == number]:
                del self.world.comments[comment.id]

    def add_label(self, name: str, color: str = "ededed", description: str | None = None) -> Label:
        """Create a repository label."""
        with self._lock:
            label = Label(self.world.next_id(), name, color, description)
            self.world.labels[name] = label
            return label
