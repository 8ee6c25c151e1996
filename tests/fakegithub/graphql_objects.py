"""The fake's GraphQL objects: the same world the REST routes serve, as GitHub's GraphQL types.

graphql-core resolves a field by reading the attribute of that name (calling it, with
the field's arguments, if it is a method); an interface or union by `typename` (see
graphql_api). Only the fields the engine's queries use are here; github-schema.graphql
(GitHub's schema, pruned) says what they must look like.
"""

from __future__ import annotations

import base64
from typing import Any

from graphql import GraphQLError

from .backend import Backend
from .shapes import iso, node_id
from .state import Comment, Issue, PullRequest, Reaction, Review, Status, User

MAX_PAGE = 100
REACTIONS = {"+1": "THUMBS_UP", "-1": "THUMBS_DOWN", "laugh": "LAUGH", "hooray": "HOORAY",
             "confused": "CONFUSED", "heart": "HEART", "rocket": "ROCKET", "eyes": "EYES"}
CHANGES = {"added": "ADDED", "removed": "DELETED", "modified": "MODIFIED", "renamed": "RENAMED",
           "copied": "COPIED", "changed": "CHANGED"}
TRUNCATE = 512 * 1024  # GitHub gives no text for a blob larger than this


class NotFound(GraphQLError):
    """GitHub's NOT_FOUND: the field is null and the error says why."""

    type = "NOT_FOUND"


def _cursor(index: int) -> str:
    return base64.b64encode(f"cursor:v2:{index}".encode()).decode()


def _index(cursor: str) -> int:
    try:
        return int(base64.b64decode(cursor).decode().rsplit(":", 1)[1])
    except (ValueError, IndexError):
        raise GraphQLError(f"`{cursor}` does not appear to be a valid cursor.") from None


def connection(items: list[Any], first: int | None = None, last: int | None = None,
               after: str | None = None, before: str | None = None, **_: Any) -> dict[str, Any]:
    """A page of `items` as GitHub pages a connection: `first`/`after` or `last`/`before`,
    one of them required, 100 at most."""
    if first is None and last is None:
        raise GraphQLError("You must provide a `first` or `last` value to properly paginate "
                           "the connection.")
    for name, value in (("first", first), ("last", last)):
        if value is not None and not 0 <= value <= MAX_PAGE:
            raise GraphQLError(f"Requesting {value} records on the connection exceeds the "
                               f"`{name}` limit of {MAX_PAGE} records.")
    start = _index(after) + 1 if after else 0
    end = _index(before) if before else len(items)
    if first is not None:
        end = min(end, start + first)
    if last is not None:
        start = max(start, end - last)
    return {"nodes": items[start:end], "totalCount": len(items),
            "pageInfo": {"hasNextPage": end < len(items), "hasPreviousPage": start > 0,
                         "startCursor": _cursor(start) if end > start else None,
                         "endCursor": _cursor(end - 1) if end > start else None}}


class Actor:
    def __init__(self, user: User) -> None:
        self.typename = "Bot" if user.type == "Bot" else "User"
        # GraphQL names a bot without the `[bot]` REST adds
        self.login = user.login.removesuffix("[bot]") if user.type == "Bot" else user.login
        self.databaseId = user.id
        self.id = node_id(self.typename, user.id)


class Blob:
    typename = "Blob"

    def __init__(self, b: Backend, sha: str) -> None:
        data = b.git.read_blob(sha)
        self.oid = sha
        self.id = node_id("Blob", sha)
        self.byteSize = len(data)
        try:
            text = data.decode()
            self.isBinary = b"\0" in data
        except UnicodeDecodeError:
            text, self.isBinary = None, True
        self.isTruncated = len(data) > TRUNCATE
        self.text = None if self.isBinary or self.isTruncated else text


class Tree:
    typename = "Tree"

    def __init__(self, b: Backend, sha: str, prefix: str = "") -> None:
        self.b, self.oid, self.prefix = b, sha, prefix
        self.id = node_id("Tree", sha)

    def entries(self, _info) -> list[TreeEntry]:
        return [TreeEntry(self.b, e.type, e.sha, f"{self.prefix}{e.path}")
                for e in self.b.git.ls_tree(self.oid)]


class TreeEntry:
    def __init__(self, b: Backend, kind: str, sha: str, path: str) -> None:
        self.b, self.type, self.oid, self.path = b, kind, sha, path
        self.name = path.rsplit("/", 1)[-1]

    def object(self, _info) -> Any:
        return git_object(self.b, self.oid, self.type, f"{self.path}/")


class StatusContext:
    def __init__(self, b: Backend, status: Status) -> None:
        self.state = status.state.upper()
        self.description = status.description
        self.targetUrl = status.target_url
        self.context = status.context
        self.createdAt = iso(status.created_at)
        self.creator = Actor(b.user(status.creator_id))


class CommitStatus:
    def __init__(self, b: Backend, statuses: list[Status]) -> None:
        self.b, self.statuses = b, statuses

    def context(self, _info, name: str) -> StatusContext | None:
        mine = [s for s in self.statuses if s.context == name]
        return StatusContext(self.b, max(mine, key=lambda s: s.id)) if mine else None


class Commit:
    typename = "Commit"

    def __init__(self, b: Backend, sha: str) -> None:
        self.b, self.oid = b, sha
        self.id = node_id("Commit", sha)

    @property
    def tree(self) -> Tree:
        return Tree(self.b, self.b.git.commit_info(self.oid).tree)

    @property
    def committedDate(self) -> str:  # noqa: N802 - GitHub's name
        return iso(self.b.git.commit_info(self.oid).committer.when)

    def file(self, _info, path: str) -> TreeEntry | None:
        entry = self.b.git.entry_at(self.oid, path.strip("/"))
        return TreeEntry(self.b, entry.type, entry.sha, entry.path) if entry else None

    def parents(self, _info, **page) -> dict[str, Any]:
        return connection([Commit(self.b, sha) for sha in self.b.git.commit_info(self.oid).parents],
                          **page)

    @property
    def status(self) -> CommitStatus | None:
        found = [s for s in self.b.world.statuses if s.sha == self.oid]
        return CommitStatus(self.b, found) if found else None


def git_object(b: Backend, sha: str, kind: str | None = None, prefix: str = "") -> Any:
    kind = kind or b.git.object_type(sha)
    if kind == "blob":
        return Blob(b, sha)
    if kind == "tree":
        return Tree(b, sha, prefix)
    return Commit(b, sha) if kind == "commit" else None


class Ref:
    def __init__(self, b: Backend, name: str, sha: str) -> None:
        self.name, self.target = name, Commit(b, sha)


class ReviewObject:
    def __init__(self, b: Backend, review: Review) -> None:
        self.fullDatabaseId = str(review.id)
        self.state = review.state
        self.submittedAt = iso(review.submitted_at)
        self.author = Actor(b.user(review.user_id))
        self.commit = Commit(b, review.commit_id) if review.commit_id else None


class IssueComment:
    typename = "IssueComment"

    def __init__(self, b: Backend, comment: Comment) -> None:
        self.b, self.number = b, comment.number
        self.id = node_id("IssueComment", comment.id)
        self.databaseId = comment.id
        self.url = b.urls.html(f"/pull/{comment.number}#issuecomment-{comment.id}")  # as REST
        self.body = comment.body
        self.author = Actor(b.user(comment.user_id))
        self.createdAt = iso(comment.created_at)
        edited = comment.updated_at > comment.created_at
        self.lastEditedAt = iso(comment.updated_at) if edited else None

    @property
    def pullRequest(self) -> Pull | None:  # noqa: N802 - GitHub's name
        pr = self.b.world.pulls.get(self.number)
        return Pull(self.b, pr) if pr is not None else None  # None: a plain issue's


class ReactionObject:
    def __init__(self, b: Backend, reaction: Reaction) -> None:
        self.databaseId = reaction.id
        self.content = REACTIONS[reaction.content]
        self.createdAt = iso(reaction.created_at)
        user = Actor(b.user(reaction.user_id))
        user.typename = "User"  # the field's type is User, whoever reacted
        self.user = user


class ReadyForReviewEvent:
    typename = "ReadyForReviewEvent"

    def __init__(self, when) -> None:
        self.createdAt = iso(when)


class PullRequestCommit:
    typename = "PullRequestCommit"

    def __init__(self, b: Backend, sha: str) -> None:
        self.commit = Commit(b, sha)


class Pull:
    def __init__(self, b: Backend, pr: PullRequest) -> None:
        self.b, self.pr = b, pr
        self.number, self.title, self.body = pr.number, pr.title, pr.body or ""
        self.createdAt, self.closedAt = iso(pr.created_at), iso(pr.closed_at)
        self.updatedAt = iso(pr.updated_at)
        self.mergedAt = iso(pr.merged_at)
        self.state = "MERGED" if pr.merged else pr.state.upper()
        self.isDraft, self.baseRefName = pr.draft, pr.base_ref
        self.author = Actor(b.user(pr.user_id))

    @property
    def headRefOid(self) -> str:
        return self.b.head_sha(self.pr)

    @property
    def mergeable(self) -> str:
        found = self.b.mergeable(self.pr)
        return "UNKNOWN" if found is None else "MERGEABLE" if found else "CONFLICTING"

    @property
    def potentialMergeCommit(self) -> Commit | None:
        sha = self.b.test_merge(self.pr)
        return Commit(self.b, sha) if sha else None

    @property
    def changedFiles(self) -> int:
        return len(self.b.files(self.pr, limit=None))

    def files(self, _info, **page) -> dict[str, Any]:
        return connection([{"path": f.filename, "changeType": CHANGES[f.status]}
                           for f in self.b.files(self.pr)], **page)

    def reviews(self, _info, states=None, author=None, **page) -> dict[str, Any]:
        """GitHub's `states` and `author` filters; a pending review is shown to its author
        alone."""
        login = self.b.user
        if author is not None and self.b.unknown_review_author == "error" \
                and self.b.world.user_by_login(author) is None:
            raise NotFound(f"Could not resolve to a User with the login of '{author}'.")
        reviews = [r for r in sorted(self.pr.reviews, key=lambda r: r.id)
                   if (r.state != "PENDING" or r.user_id == self.b.token_user_id)
                   and (states is None or r.state in states)
                   and (author is None or login(r.user_id).login.lower() == author.lower())]
        return connection([ReviewObject(self.b, r) for r in reviews], **page)

    def latestOpinionatedReviews(self, _info, writersOnly=False, **page) -> dict[str, Any]:
        """Each account's latest approval or request for changes (a review commented, dismissed
        or pending is no opinion), in the order they were made. `writersOnly` needs to know
        who may write, which the fake does not."""
        if writersOnly:
            raise GraphQLError("the fake GitHub knows no write access: writersOnly is not served")
        latest: dict[int, Review] = {}
        opinions = [r for r in self.pr.reviews if r.state in ("APPROVED", "CHANGES_REQUESTED")]
        for review in sorted(opinions, key=lambda r: (r.submitted_at, r.id)):
            latest[review.user_id] = review
        return connection([ReviewObject(self.b, r) for r in sorted(latest.values(),
                                                                    key=lambda r: r.id)], **page)

    def labels(self, _info, **page) -> dict[str, Any]:
        return connection([{"name": name} for name in self.pr.labels], **page)

    def comments(self, _info, **page) -> dict[str, Any]:
        return connection([IssueComment(self.b, c) for c in self.b.world.comments_on(self.number)],
                          **page)

    def reactions(self, _info, **page) -> dict[str, Any]:
        return connection([ReactionObject(self.b, r) for r in self.pr.reactions], **page)

    def commits(self, _info, **page) -> dict[str, Any]:
        return connection([PullRequestCommit(self.b, sha) for sha in self.b.commits(self.pr)],
                          **page)

    def timelineItems(self, _info, itemTypes=None, **page) -> dict[str, Any]:
        # only the events the engine asks for are kept in the world
        events = [ReadyForReviewEvent(when) for when in self.pr.ready_events]
        wanted = itemTypes is None or "READY_FOR_REVIEW_EVENT" in itemTypes
        return connection(events if wanted else [], **page)


class Repository:
    def __init__(self, b: Backend) -> None:
        self.b = b

    @property
    def defaultBranchRef(self) -> Ref | None:
        name = self.b.world.default_branch
        sha = self.b.git.ref_sha(f"refs/heads/{name}")
        return Ref(self.b, name, sha) if sha else None

    def object(self, _info, expression: str | None = None, oid: str | None = None) -> Any:
        if oid is not None:
            return git_object(self.b, oid) if self.b.git.object_type(oid) else None
        rev, colon, path = (expression or "").partition(":")
        if not colon:
            sha = self.b.git.resolve(rev)
            return Commit(self.b, sha) if sha else None
        commit = self.b.git.resolve(rev)
        entry = self.b.git.entry_at(commit, path) if commit else None
        return git_object(self.b, entry.sha, entry.type, f"{path}/" if path else "") \
            if entry else None

    def pinnedIssues(self, _info, **page) -> dict[str, Any]:
        pinned = [i for i in self.b.world.issues.values() if i.pinned]
        return connection([{"issue": IssueObject(i)} for i in pinned], **page)

    def pullRequest(self, _info, number: int) -> Pull:
        pr = self.b.world.pulls.get(number)
        if pr is None:
            raise NotFound(f"Could not resolve to a PullRequest with the number of {number}.")
        return Pull(self.b, pr)

    def pullRequests(self, _info, states=None, baseRefName=None, headRefName=None,
                     orderBy=None, labels=None, **page) -> dict[str, Any]:
        pulls = [pr for pr in self.b.world.pulls.values()
                 if (states is None or ("MERGED" if pr.merged else pr.state.upper()) in states)
                 and (baseRefName is None or pr.base_ref == baseRefName)
                 and (headRefName is None or pr.head_ref == headRefName)
                 and (labels is None or set(labels) & set(pr.labels))]
        order = orderBy or {"field": "CREATED_AT", "direction": "ASC"}
        key = (lambda pr: pr.updated_at) if order["field"] == "UPDATED_AT" else (
            lambda pr: pr.created_at)
        pulls.sort(key=lambda pr: (key(pr), pr.number), reverse=order["direction"] == "DESC")
        return connection([Pull(self.b, pr) for pr in pulls], **page)


class IssueObject:
    def __init__(self, issue: Issue) -> None:
        self.number = issue.number
        self.id = node_id("Issue", issue.id)


class Query:
    """The root of queries, and of mutations (graphql-core resolves both on one root)."""

    def __init__(self, b: Backend) -> None:
        self.b = b

    def pinIssue(self, _info, input: dict[str, Any]) -> dict[str, Any]:  # noqa: A002 - GitHub's name
        """Pin an issue to the repository's issues page: at most 3, and only with a token
        that may (the fake refuses it when `world.pinning_allowed` is off, as GitHub refuses
        a token without the right)."""
        world = self.b.world
        issue = next((i for i in world.issues.values()
                      if node_id("Issue", i.id) == input["issueId"]), None)
        if issue is None:
            raise NotFound(f"Could not resolve to a node with the global id of "
                           f"'{input['issueId']}'")
        if not world.pinning_allowed:
            raise GraphQLError("Resource not accessible by integration",
                               extensions={"type": "FORBIDDEN"})
        if not issue.pinned and sum(i.pinned for i in world.issues.values()) >= 3:
            raise GraphQLError("Can't pin more than 3 issues")
        issue.pinned = True
        return {"issue": IssueObject(issue)}

    def node(self, _info, id: str) -> Any:  # noqa: A002 - GitHub's name
        """An object by its global id: the fake knows its comments' (a deleted one is not
        found, as on GitHub)."""
        comment = next((c for c in self.b.world.comments.values()
                        if node_id("IssueComment", c.id) == id), None)
        if comment is None:
            raise NotFound(f"Could not resolve to a node with the global id of '{id}'")
        return IssueComment(self.b, comment)

    def repository(self, _info, owner: str, name: str, **_: Any) -> Repository:
        world = self.b.world
        if (owner.lower(), name.lower()) != (world.owner.lower(), world.name.lower()):
            raise NotFound(f"Could not resolve to a Repository with the name '{owner}/{name}'.")
        return Repository(self.b)
