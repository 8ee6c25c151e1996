"""The fake's domain logic, shared by the HTTP handlers and the test helpers.

It ties the in-memory records (state.py) to the real git repository
(gitrepo.py): where a pull request's head lives, what it changes, whether it
merges cleanly, and how a merge lands on the base branch.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from functools import lru_cache

from . import shapes
from .errors import ApiError, invalid, not_found
from .gitrepo import FILE_MODE, FileChange, GitRepo, Identity
from .shapes import Urls
from .state import Issue, PullRequest, User, World

Changes = Mapping[str, "str | bytes | None"]  # path -> new content, None deletes

MAX_FILES = 3000  # GitHub's files API lists at most this many files


class Backend:
    """World + git + clock + URLs, and the operations that need more than one of them."""

    def __init__(self, git: GitRepo, world: World, clock: Callable[[], datetime], urls: Urls) -> None:
        self.git = git
        self.world = world
        self.clock = clock
        self.urls = urls
        self.token_user_id: int | None = None
        self.user_endpoint_forbidden = False  # GitHub App installation tokens get 403 on GET /user
        # how `reviews(author:)` answers a login no account has (whether GitHub lists no
        # reviews or answers NOT_FOUND is unverified): "empty", or "error" (the field null)
        self.unknown_review_author = "empty"
        # the repository's comments listed by cursor (`after=`) as GitHub may list a large
        # set: its Link header names the next page by cursor, and `page` past the first is
        # refused (422), as GitHub says to follow the Link header, never to make the URL
        self.comments_by_cursor = False
        self._diff = lru_cache(maxsize=256)(self.git.diff_files)

    def now(self) -> datetime:
        when = self.clock()
        return when if when.tzinfo else when.replace(tzinfo=UTC)

    # -- lookups ---------------------------------------------------------

    def user(self, user_id: int) -> User:
        return self.world.users[user_id]

    def token_user(self) -> User:
        if self.token_user_id is None:
            raise ApiError(401, "Bad credentials")
        return self.user(self.token_user_id)

    def user_named(self, login: str) -> User:
        found = self.world.user_by_login(login)
        if found is None:
            raise not_found()
        return found

    def owner(self) -> User:
        return self.user_named(self.world.owner)

    def pull(self, number: int) -> PullRequest:
        pr = self.world.pulls.get(number)
        if pr is None:
            raise not_found()
        return pr

    def issue(self, number: int) -> PullRequest | Issue:
        """An issue: a pull request's issue side, or a plain issue."""
        found = self.world.pulls.get(number) or self.world.issues.get(number)
        if found is None:
            raise not_found()
        return found

    def identity(self, user: User) -> Identity:
        """A git author for `user`, with the noreply address GitHub links back to the account."""
        return Identity(user.login, f"{user.id}+{user.login}@users.noreply.github.com", self.now())

    def user_for_email(self, email: str) -> User | None:
        """The account a commit email belongs to, as GitHub links commit authors to users."""
        user_id, _, rest = email.partition("+")
        if rest.endswith("@users.noreply.github.com") and user_id.isdigit():
            return self.world.users.get(int(user_id))
        return None

    def rest_commit(self, sha: str) -> dict:
        """A commit as the commits endpoints show it, with its author's and committer's accounts."""
        info = self.git.commit_info(sha)
        author, committer = self.user_for_email(info.author.email), self.user_for_email(info.committer.email)
        return shapes.rest_commit(self.urls, info, author, committer)

    # -- where things live in git ----------------------------------------

    def branch_ref(self, branch: str, fork_owner_id: int | None = None) -> str:
        """A branch of the repository, or of a user's fork (kept under refs/forks/<user id>/)."""
        if fork_owner_id is None:
            return f"refs/heads/{branch}"
        return f"refs/forks/{fork_owner_id}/heads/{branch}"

    def head_owner(self, pr: PullRequest) -> User:
        """Who owns the repository the PR's head branch is in."""
        return self.owner() if pr.fork_owner_id is None else self.user(pr.fork_owner_id)

    def head_sha(self, pr: PullRequest) -> str:
        if pr.closed_head_sha:
            return pr.closed_head_sha
        sha = self.git.ref_sha(self.branch_ref(pr.head_ref, pr.fork_owner_id))
        # A deleted head branch leaves GitHub's refs/pull/N/head behind.
        return sha or self.git.ref_sha(f"refs/pull/{pr.number}/head")  # type: ignore[return-value]

    def base_sha(self, pr: PullRequest) -> str:
        return pr.closed_base_sha or self.git.resolve(self.branch_ref(pr.base_ref))  # type: ignore[return-value]

    def files(self, pr: PullRequest, limit: int | None = MAX_FILES) -> list[FileChange]:
        """What the PR changes: base...head (from the merge base), capped like GitHub's list."""
        head, base = self.head_sha(pr), self.base_sha(pr)
        merge_base = self.git.merge_base(base, head) or base
        return self._diff(merge_base, head)[:limit]

    def commits(self, pr: PullRequest) -> list[str]:
        return self.git.commits_between(self.base_sha(pr), self.head_sha(pr))

    # -- writing git -----------------------------------------------------

    def commit_changes(
        self,
        ref: str,
        changes: Changes,
        message: str,
        author: User,
        renames: Mapping[str, str] | None = None,
        start: str | None = None,
    ) -> str:
        """Commit `changes` (and `renames`, old -> new) on top of `ref` (or `start`); move `ref`."""
        parent = self.git.resolve(ref) or (self.git.resolve(start) if start else None)
        if parent is None:
            raise ValueError(f"nothing to commit on: {ref} does not exist and no start given")
        edits: list[tuple[str, str | None, str]] = []
        for old, new in (renames or {}).items():
            entry = self.git.entry_at(parent, old)
            if entry is None:
                raise ValueError(f"cannot rename {old}: not in {parent}")
            edits += [(old, None, entry.mode), (new, entry.sha, entry.mode)]
        written = [(p, c) for p, c in changes.items() if c is not None]
        shas = self.git.write_blobs([c.encode() if isinstance(c, str) else c for _, c in written])
        edits += [(p, sha, FILE_MODE) for (p, _), sha in zip(written, shas, strict=False)]
        edits += [(p, None, FILE_MODE) for p, c in changes.items() if c is None]
        tree = self.git.build_tree(self.git.commit_info(parent).tree, edits)
        who = self.identity(author)
        sha = self.git.commit_tree(tree, [parent], message, who, who)
        self.git.update_ref(ref, sha)
        return sha

    # -- mergeability and merging ----------------------------------------

    def mergeable(self, pr: PullRequest, consume: bool = False) -> bool | None:
        """True/False, or None while "GitHub is computing it" (configured null reads)."""
        if pr.state != "open":
            return None
        if pr.mergeable_null_reads > 0:
            if consume:
                pr.mergeable_null_reads -= 1
            return None
        if pr.mergeable is not None:
            return pr.mergeable
        return self.git.merge_tree(self.base_sha(pr), self.head_sha(pr)) is not None

    def mergeable_state(self, pr: PullRequest, mergeable: bool | None) -> str:
        if pr.mergeable_state:
            return pr.mergeable_state
        if mergeable is None:
            return "unknown"
        if not mergeable:
            return "dirty"
        return "draft" if pr.draft else "clean"

    def test_merge(self, pr: PullRequest) -> str | None:
        """GitHub's test merge of an open pull request into its base, as its
        `potentialMergeCommit` (none where they conflict, or once it is closed)."""
        if self.mergeable(pr) is not True:  # closed, still computing, or conflicting
            return None
        base, head = self.base_sha(pr), self.head_sha(pr)
        tree = self.git.merge_tree(base, head)
        if tree is None:
            return None
        github = Identity("GitHub", "noreply@github.com", self.now())
        return self.git.commit_tree(tree, [base, head], f"Merge {head} into {base}\n", github,
                                    github)

    def merge(
        self, pr: PullRequest, sha: str | None, method: str, title: str | None, message: str | None
    ) -> str:
        """Merge `pr` into its base as GitHub does, or raise the error GitHub answers."""
        if method not in ("merge", "squash", "rebase"):
            raise invalid("PullRequest", "merge_method")
        if pr.state != "open":
            raise ApiError(405, "Pull Request is not mergeable")
        head, base = self.head_sha(pr), self.base_sha(pr)
        if sha and sha != head:
            raise ApiError(409, "Head branch was modified. Review and try the merge again.")
        if pr.draft:
            raise ApiError(405, "Pull Request is still a draft")
        if not self.world.hosting.merge_methods[method]:
            raise ApiError(405, f"{method.capitalize()} merges are not allowed on this "
                                "repository.")
        tree = self.git.merge_tree(base, head)
        if tree is None or pr.mergeable is False:
            raise ApiError(405, "Pull Request is not mergeable")
        merger = self.token_user()
        if method == "merge":
            parents = [base, head]
            title = title or f"Merge pull request #{pr.number} from {self.head_owner(pr).login}/{pr.head_ref}"
            message = pr.title if message is None else message
        else:
            parents = [base]
            title = title or f"{pr.title} (#{pr.number})"
            message = (pr.body or "") if message is None else message
        text = title + (f"\n\n{message}" if message else "") + "\n"
        committer = Identity("GitHub", "noreply@github.com", self.now())
        new = self.git.commit_tree(tree, parents, text, self.identity(merger), committer)
        if not self.git.update_ref(self.branch_ref(pr.base_ref), new, base):
            raise ApiError(409, "Base branch was modified. Review and try the merge again.")
        self.close(pr, merged_by=merger, merge_commit=new, frozen=(head, base))
        return new

    def close(
        self,
        pr: PullRequest,
        merged_by: User | None = None,
        merge_commit: str | None = None,
        frozen: tuple[str, str] | None = None,
    ) -> None:
        """Close (or, with `merged_by`, merge-close) `pr`, freezing its head and base."""
        now = self.now()
        pr.closed_head_sha, pr.closed_base_sha = frozen or (self.head_sha(pr), self.base_sha(pr))
        pr.state, pr.closed_at, pr.updated_at = "closed", now, now
        if merged_by is not None:
            pr.merged_at, pr.merged_by_id, pr.merge_commit_sha = now, merged_by.id, merge_commit

    def reopen(self, pr: PullRequest) -> None:
        if pr.merged:
            raise invalid(
                "PullRequest",
                "state",
                "custom",
                message="state cannot be changed. The pull request has been merged.",
            )
        pr.state, pr.closed_at, pr.updated_at = "open", None, self.now()
        pr.closed_head_sha = pr.closed_base_sha = None
