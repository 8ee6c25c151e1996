"""The fake's in-memory world: users, pull requests and what hangs off them.

Git content (branches, commits, files) lives in the real repository; this
module holds only what GitHub keeps beside git: who the users are, the pull
requests and their reviews, comments, labels, reactions and commit
statuses.  Records refer to users by numeric id, as GitHub does, so that a
renamed login shows up everywhere at once.
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass, field
from datetime import datetime

REVIEW_STATES = ("APPROVED", "CHANGES_REQUESTED", "COMMENTED", "DISMISSED", "PENDING")
REACTIONS = ("+1", "-1", "laugh", "confused", "heart", "hooray", "rocket", "eyes")
STATUS_STATES = ("error", "failure", "pending", "success")


@dataclass
class User:
    id: int
    login: str
    type: str = "User"  # User, Bot or Organization
    created_at: datetime | None = None


@dataclass
class Review:
    id: int
    user_id: int
    state: str
    commit_id: str | None
    submitted_at: datetime | None
    body: str = ""


@dataclass
class Comment:
    id: int
    number: int  # the issue (pull request) it is on
    user_id: int
    body: str
    created_at: datetime
    updated_at: datetime


@dataclass
class Reaction:
    id: int
    user_id: int
    content: str
    created_at: datetime


@dataclass
class Label:
    id: int
    name: str
    color: str = "ededed"
    description: str | None = None


@dataclass
class Status:
    id: int
    sha: str
    state: str
    context: str
    description: str | None
    target_url: str | None
    creator_id: int
    created_at: datetime


@dataclass
class PullRequest:
    """A pull request; its head commit is whatever its head ref points at."""

    number: int
    id: int
    issue_id: int  # the PR's issue has an id of its own
    user_id: int
    title: str
    body: str | None
    head_ref: str  # branch name in the head repository
    fork_owner_id: int | None  # the head is in this user's fork; None: in the repository itself
    base_ref: str
    draft: bool
    created_at: datetime
    updated_at: datetime
    state: str = "open"
    closed_at: datetime | None = None
    merged_at: datetime | None = None
    merged_by_id: int | None = None
    merge_commit_sha: str | None = None
    closed_head_sha: str | None = None  # head frozen when the PR closed
    closed_base_sha: str | None = None  # base tip frozen when the PR closed
    mergeable: bool | None = None  # None: computed from git
    mergeable_null_reads: int = 0  # answer `mergeable: null` this many more times
    mergeable_state: str | None = None  # None: derived
    labels: list[str] = field(default_factory=list)
    reviews: list[Review] = field(default_factory=list)
    reactions: list[Reaction] = field(default_factory=list)
    ready_events: list[datetime] = field(default_factory=list)  # each time a draft became ready

    @property
    def merged(self) -> bool:
        return self.merged_at is not None


@dataclass
class Issue:
    """A plain issue (not a pull request); it shares the numbers of pull requests."""

    number: int
    id: int
    user_id: int
    title: str
    body: str | None
    created_at: datetime
    updated_at: datetime
    state: str = "open"
    closed_at: datetime | None = None
    labels: list[str] = field(default_factory=list)
    reactions: list[Reaction] = field(default_factory=list)
    pinned: bool = False


@dataclass
class Secret:
    """An Actions secret: the fake unseals what it is sent, so a test can read the value."""

    value: str
    created_at: datetime
    updated_at: datetime


@dataclass
class Variable:
    value: str
    created_at: datetime
    updated_at: datetime


@dataclass
class Ruleset:
    """A repository ruleset, as sent (name, target, enforcement, conditions, rules, bypass)."""

    id: int
    body: dict
    created_at: datetime
    updated_at: datetime


@dataclass
class Dispatch:
    """A workflow_dispatch event: a run of the workflow at `ref`, queued for a test to run."""

    id: int
    workflow: str  # its path, .github/workflows/engine.yml
    ref: str
    sha: str
    actor_id: int
    created_at: datetime


@dataclass
class App:
    """A GitHub App: the public half of its key, and whether it is installed here."""

    public_key_pem: str
    installed: bool = True


@dataclass
class Hosting:
    """What a host sets up beside the repository's content: Actions settings, secrets,
    variables, rulesets, and the runs that workflow dispatches started."""

    secrets: dict[str, Secret] = field(default_factory=dict)
    variables: dict[str, Variable] = field(default_factory=dict)
    rulesets: dict[int, Ruleset] = field(default_factory=dict)
    rulesets_allowed: bool = True  # off: a private repository on a free plan
    dispatches: list[Dispatch] = field(default_factory=list)
    apps: dict[int, App] = field(default_factory=dict)  # GitHub Apps, by id
    actions_enabled: bool = True
    allowed_actions: str = "all"
    disabled_workflows: set[str] = field(default_factory=set)  # by path
    # by path: a workflow with a schedule GitHub turned off, every trigger with it, after 60
    # days without a commit in a public repository; only enabling it turns it back on
    inactive_workflows: set[str] = field(default_factory=set)
    approval_policy: str = "first_time_contributors"  # fork pull requests' runs (public)
    # the merge buttons a repository offers, as `allow_merge_commit` and its kin name them;
    # GitHub offers all three to a new repository, the fake no rebase (it makes none)
    merge_methods: dict[str, bool] = field(default_factory=lambda: {
        "merge": True, "squash": True, "rebase": False})
    fork_workflows: dict = field(default_factory=lambda: {  # fork pull requests' runs (private)
        "run_workflows_from_fork_pull_requests": True, "send_write_tokens_to_workflows": False,
        "send_secrets_and_variables": False, "require_approval_for_fork_pr_workflows": True})


@dataclass
class World:
    """Everything the fake knows besides git, plus one id sequence for all records."""

    owner: str
    name: str
    default_branch: str = "main"
    repo_id: int = 1296269
    users: dict[int, User] = field(default_factory=dict)
    pulls: dict[int, PullRequest] = field(default_factory=dict)
    issues: dict[int, Issue] = field(default_factory=dict)  # plain issues
    pinning_allowed: bool = True  # off: pinning is refused, as for a token without the right
    created: bool = True  # off: the repository is not there yet, until a host creates it
    private: bool = False
    hosting: Hosting = field(default_factory=Hosting)
    comments: dict[int, Comment] = field(default_factory=dict)
    labels: dict[str, Label] = field(default_factory=dict)
    statuses: list[Status] = field(default_factory=list)
    _ids: itertools.count = field(default_factory=lambda: itertools.count(1001))
    _numbers: itertools.count = field(default_factory=lambda: itertools.count(1))

    @property
    def full_name(self) -> str:
        return f"{self.owner}/{self.name}"

    def next_id(self) -> int:
        return next(self._ids)

    def copy(self) -> World:
        """A deep copy, sharing nothing, that numbers on from where this world is."""
        ids, numbers = next(self._ids), next(self._numbers)  # a count's position can't be read:
        self._ids, self._numbers = itertools.count(ids), itertools.count(numbers)  # take, put back
        memo = {id(self._ids): itertools.count(ids), id(self._numbers): itertools.count(numbers)}
        return copy.deepcopy(self, memo)

    def next_number(self) -> int:
        return next(self._numbers)

    def user_by_login(self, login: str) -> User | None:
        wanted = login.lower()  # logins are case-insensitive on GitHub
        return next((u for u in self.users.values() if u.login.lower() == wanted), None)

    def label_named(self, name: str) -> Label | None:
        wanted = name.lower()
        return next((lab for key, lab in self.labels.items() if key.lower() == wanted), None)

    def comments_on(self, number: int) -> list[Comment]:
        return sorted((c for c in self.comments.values() if c.number == number), key=lambda c: c.id)
