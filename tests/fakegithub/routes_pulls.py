"""Pull request endpoints: list, get, edit, files, commits, reviews, merge."""

from __future__ import annotations

import urllib.parse
from typing import Any

from .backend import Backend
from .errors import checked_body, checked_title, invalid
from .gitrepo import FileChange
from .routing import Call, Response, Route, paginate
from .shapes import iso, label, node_id, repository, simple_user
from .state import PullRequest, Review, User

PULLS = "/repos/{owner}/{repo}/pulls"


def association(b: Backend, user_id: int) -> str:
    """OWNER for the repository's owner, CONTRIBUTOR for everyone else (enough for the engine)."""
    return "OWNER" if b.user(user_id).login.lower() == b.world.owner.lower() else "CONTRIBUTOR"


def _branch_end(b: Backend, ref: str, sha: str, owner: User, is_fork: bool) -> dict[str, Any]:
    """`head` or `base`: the branch, its tip, and the repository (a fork's for fork heads)."""
    repo_id = 10_000_000 + owner.id if is_fork else b.world.repo_id
    return {
        "label": f"{owner.login}:{ref}",
        "ref": ref,
        "sha": sha,
        "user": simple_user(b.urls, owner),
        "repo": repository(b.urls, owner, b.world.name, repo_id, b.world.default_branch, fork=is_fork),
    }


def pull_json(b: Backend, pr: PullRequest, detail: bool = False) -> dict[str, Any]:
    """A pull request: the list shape, or with `detail` the single-PR shape (mergeable, counts)."""
    urls = b.urls
    url = urls.repo(f"/pulls/{pr.number}")
    issue_url = urls.repo(f"/issues/{pr.number}")
    html = urls.html(f"/pull/{pr.number}")
    head, base = b.head_sha(pr), b.base_sha(pr)
    link = lambda href: {"href": href}  # noqa: E731
    data: dict[str, Any] = {
        "url": url,
        "id": pr.id,
        "node_id": node_id("PullRequest", pr.id),
        "html_url": html,
        "diff_url": f"{html}.diff",
        "patch_url": f"{html}.patch",
        "issue_url": issue_url,
        "commits_url": f"{url}/commits",
        "review_comments_url": f"{url}/comments",
        "review_comment_url": urls.repo("/pulls/comments{/number}"),
        "comments_url": f"{issue_url}/comments",
        "statuses_url": urls.repo(f"/statuses/{head}"),
        "number": pr.number,
        "state": pr.state,
        "locked": False,
        "title": pr.title,
        "user": simple_user(urls, b.user(pr.user_id)),
        "body": pr.body,
        "labels": [label(urls, b.world.labels[name]) for name in pr.labels],
        "milestone": None,
        "active_lock_reason": None,
        "created_at": iso(pr.created_at),
        "updated_at": iso(pr.updated_at),
        "closed_at": iso(pr.closed_at),
        "merged_at": iso(pr.merged_at),
        "merge_commit_sha": pr.merge_commit_sha,
        "assignee": None,
        "assignees": [],
        "requested_reviewers": [],
        "requested_teams": [],
        "head": _branch_end(b, pr.head_ref, head, b.head_owner(pr), pr.fork_owner_id is not None),
        "base": _branch_end(b, pr.base_ref, base, b.owner(), False),
        "_links": {
            "self": link(url),
            "html": link(html),
            "issue": link(issue_url),
            "comments": link(f"{issue_url}/comments"),
            "review_comments": link(f"{url}/comments"),
            "review_comment": link(urls.repo("/pulls/comments{/number}")),
            "commits": link(f"{url}/commits"),
            "statuses": link(urls.repo(f"/statuses/{head}")),
        },
        "author_association": association(b, pr.user_id),
        "auto_merge": None,
        "draft": pr.draft,
    }
    if detail:
        data.update(_detail(b, pr))
    return data


def _detail(b: Backend, pr: PullRequest) -> dict[str, Any]:
    mergeable = b.mergeable(pr, consume=True)
    files = b.files(pr, limit=None)
    return {
        "merged": pr.merged,
        "mergeable": mergeable,
        "rebaseable": mergeable,
        "mergeable_state": b.mergeable_state(pr, mergeable),
        "merged_by": simple_user(b.urls, b.user(pr.merged_by_id)) if pr.merged_by_id else None,
        "comments": len(b.world.comments_on(pr.number)),
        "review_comments": 0,
        "maintainer_can_modify": False,
        "commits": len(b.commits(pr)),
        "additions": sum(f.additions for f in files),
        "deletions": sum(f.deletions for f in files),
        "changed_files": len(files),
    }


def diff_entry(b: Backend, head: str, change: FileChange) -> dict[str, Any]:
    path = urllib.parse.quote(change.filename)
    entry = {
        "sha": change.blob_sha,
        "filename": change.filename,
        "status": change.status,
        "additions": change.additions,
        "deletions": change.deletions,
        "changes": change.additions + change.deletions,
        "blob_url": b.urls.html(f"/blob/{head}/{path}"),
        "raw_url": b.urls.html(f"/raw/{head}/{path}"),
        "contents_url": b.urls.repo(f"/contents/{path}?ref={head}"),
    }
    if change.previous_filename:
        entry["previous_filename"] = change.previous_filename
    return entry


def review_json(b: Backend, pr: PullRequest, review: Review) -> dict[str, Any]:
    html = b.urls.html(f"/pull/{pr.number}#pullrequestreview-{review.id}")
    url = b.urls.repo(f"/pulls/{pr.number}")
    data = {
        "id": review.id,
        "node_id": node_id("PullRequestReview", review.id),
        "user": simple_user(b.urls, b.user(review.user_id)),
        "body": review.body,
        "state": review.state,
        "html_url": html,
        "pull_request_url": url,
        "author_association": association(b, review.user_id),
        "_links": {"html": {"href": html}, "pull_request": {"href": url}},
        "commit_id": review.commit_id,
    }
    if review.submitted_at is not None:  # a PENDING review has not been submitted
        data["submitted_at"] = iso(review.submitted_at)
    return data


# -- handlers -------------------------------------------------------------


def list_pulls(call: Call) -> Response:
    b, q = call.backend, call.query
    state = q.get("state", "open")
    if state not in ("open", "closed", "all"):
        raise invalid("PullRequest", "state")
    pulls = [pr for pr in b.world.pulls.values() if state == "all" or pr.state == state]
    if "head" in q:
        owner, _, ref = q["head"].partition(":")
        pulls = [pr for pr in pulls if b.head_owner(pr).login.lower() == owner.lower() and pr.head_ref == ref]
    if "base" in q:
        pulls = [pr for pr in pulls if pr.base_ref == q["base"]]
    sort = q.get("sort", "created")
    key = (lambda pr: pr.updated_at) if sort == "updated" else (lambda pr: pr.created_at)
    descending = q.get("direction", "desc" if sort == "created" else "asc") == "desc"
    pulls.sort(key=lambda pr: (key(pr), pr.number), reverse=descending)
    return paginate(call, pulls, lambda pr: pull_json(b, pr))


def get_pull(call: Call) -> Response:
    b = call.backend
    return Response(200, pull_json(b, b.pull(call.int_param("pull_number")), detail=True))


def update_pull(call: Call) -> Response:
    b = call.backend
    pr = b.pull(call.int_param("pull_number"))
    edit_title_body_state(call, pr, "PullRequest")
    return Response(200, pull_json(b, pr, detail=True))


def edit_title_body_state(call: Call, pr, resource: str) -> None:
    """What PATCH does to a pull request, through the pulls or the issues endpoint."""
    b = call.backend
    checked_body(resource, call.field("body"))
    checked_title(resource, call.field("title"))
    for name in ("title", "body"):
        if call.field(name) is not None:
            setattr(pr, name, call.field(name))
            pr.updated_at = b.now()
    state = call.field("state")
    if state == "closed" and pr.state == "open":
        b.close(pr)
    elif state == "open" and pr.state == "closed":
        b.reopen(pr)
    elif state not in (None, "open", "closed"):
        raise invalid(resource, "state")


def list_files(call: Call) -> Response:
    b = call.backend
    pr = b.pull(call.int_param("pull_number"))
    head = b.head_sha(pr)
    return paginate(call, b.files(pr), lambda change: diff_entry(b, head, change))


def list_commits(call: Call) -> Response:
    b = call.backend
    pr = b.pull(call.int_param("pull_number"))
    return paginate(call, b.commits(pr), b.rest_commit)


def list_reviews(call: Call) -> Response:
    b = call.backend
    pr = b.pull(call.int_param("pull_number"))
    return paginate(call, sorted(pr.reviews, key=lambda r: r.id), lambda r: review_json(b, pr, r))


def check_merged(call: Call) -> Response:
    pr = call.backend.pull(call.int_param("pull_number"))
    return Response(204 if pr.merged else 404)  # GitHub answers both without a body


def merge_pull(call: Call) -> Response:
    b = call.backend
    pr = b.pull(call.int_param("pull_number"))
    sha = b.merge(
        pr,
        sha=call.field("sha"),
        method=call.field("merge_method") or "merge",
        title=call.field("commit_title"),
        message=call.field("commit_message"),
    )
    return Response(200, {"sha": sha, "merged": True, "message": "Pull Request successfully merged"})


ROUTES = [
    Route("GET", PULLS, list_pulls),
    Route("GET", PULLS + "/{pull_number}", get_pull),
    Route("PATCH", PULLS + "/{pull_number}", update_pull),
    Route("GET", PULLS + "/{pull_number}/files", list_files),
    Route("GET", PULLS + "/{pull_number}/commits", list_commits),
    Route("GET", PULLS + "/{pull_number}/reviews", list_reviews),
    Route("GET", PULLS + "/{pull_number}/merge", check_merged),
    Route("PUT", PULLS + "/{pull_number}/merge", merge_pull),
]
