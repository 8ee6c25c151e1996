"""Issue endpoints: plain issues (the engine's game issue), and the issue side of pull
requests: the issue, comments, labels, reactions.

On GitHub every pull request is also an issue with the same number; the
engine's sticky comment, labels and the 👍/👎 votes of some rulesets live on
that issue.
"""

from __future__ import annotations

import base64
import urllib.parse
from typing import Any

from .backend import Backend
from .errors import ApiError, checked_body, checked_title, invalid, not_found
from .routes_pulls import association, edit_title_body_state
from .routing import Call, Response, Route, page_args, paginate
from .shapes import iso, label, node_id, simple_user
from .state import REACTIONS, Comment, Issue, Label, PullRequest, Reaction

ISSUES = "/repos/{owner}/{repo}/issues"
LABELS = "/repos/{owner}/{repo}/labels"


def reaction_rollup(url: str, reactions: list[Reaction]) -> dict[str, Any]:
    counts = {content: sum(r.content == content for r in reactions) for content in REACTIONS}
    return {"url": url, "total_count": len(reactions), **counts}


def issue_json(b: Backend, pr: PullRequest | Issue) -> dict[str, Any]:
    """An issue as GitHub shows it: a plain one, or the issue side of a pull request (its
    own id, the pull request's links and `draft`)."""
    urls = b.urls
    url = urls.repo(f"/issues/{pr.number}")
    plain = isinstance(pr, Issue)
    html = urls.html(f"/{'issues' if plain else 'pull'}/{pr.number}")
    issue_id = pr.id if plain else pr.issue_id
    shown = {
        "id": issue_id,
        "node_id": node_id("Issue", issue_id),
        "url": url,
        "repository_url": urls.repo(),
        "labels_url": f"{url}/labels{{/name}}",
        "comments_url": f"{url}/comments",
        "events_url": f"{url}/events",
        "html_url": html,
        "number": pr.number,
        "state": pr.state,
        "state_reason": "completed" if pr.state == "closed" else None,
        "title": pr.title,
        "body": pr.body,
        "user": simple_user(urls, b.user(pr.user_id)),
        "labels": [label(urls, b.world.labels[name]) for name in pr.labels],
        "assignee": None,
        "assignees": [],
        "milestone": None,
        "locked": False,
        "active_lock_reason": None,
        "comments": len(b.world.comments_on(pr.number)),
        "closed_at": iso(pr.closed_at),
        "created_at": iso(pr.created_at),
        "updated_at": iso(pr.updated_at),
        "author_association": association(b, pr.user_id),
        "reactions": reaction_rollup(f"{url}/reactions", pr.reactions),
    }
    if not plain:
        shown["pull_request"] = {
            "url": urls.repo(f"/pulls/{pr.number}"),
            "html_url": html,
            "diff_url": f"{html}.diff",
            "patch_url": f"{html}.patch",
            "merged_at": iso(pr.merged_at),
        }
        shown["draft"] = pr.draft
    return shown


def comment_json(b: Backend, comment: Comment) -> dict[str, Any]:
    url = b.urls.repo(f"/issues/comments/{comment.id}")
    return {
        "id": comment.id,
        "node_id": node_id("IssueComment", comment.id),
        "url": url,
        "html_url": b.urls.html(f"/pull/{comment.number}#issuecomment-{comment.id}"),
        "issue_url": b.urls.repo(f"/issues/{comment.number}"),
        "body": comment.body,
        "user": simple_user(b.urls, b.user(comment.user_id)),
        "created_at": iso(comment.created_at),
        "updated_at": iso(comment.updated_at),
        "author_association": association(b, comment.user_id),
        "reactions": reaction_rollup(f"{url}/reactions", []),
    }


def reaction_json(b: Backend, reaction: Reaction) -> dict[str, Any]:
    return {
        "id": reaction.id,
        "node_id": node_id("Reaction", reaction.id),
        "user": simple_user(b.urls, b.user(reaction.user_id)),
        "content": reaction.content,
        "created_at": iso(reaction.created_at),
    }


def _issue(call: Call) -> PullRequest | Issue:
    return call.backend.issue(call.int_param("issue_number"))


def _comment(call: Call) -> Comment:
    comment = call.backend.world.comments.get(call.int_param("comment_id"))
    if comment is None:
        raise not_found()
    return comment


# -- issues ---------------------------------------------------------------


def get_issue(call: Call) -> Response:
    return Response(200, issue_json(call.backend, _issue(call)))


def update_issue(call: Call) -> Response:
    b, pr = call.backend, _issue(call)
    if call.field("labels") is not None:
        pr.labels = _ensure_labels(b, call.field("labels"))
    if isinstance(pr, Issue):
        _edit_plain_issue(call, pr)
    else:
        edit_title_body_state(call, pr, "Issue")
    return Response(200, issue_json(b, pr))


def _edit_plain_issue(call: Call, issue: Issue) -> None:
    now = call.backend.now()
    checked_body("Issue", call.field("body"))
    checked_title("Issue", call.field("title"))
    for name in ("title", "body"):
        if call.field(name) is not None:
            setattr(issue, name, call.field(name))
            issue.updated_at = now
    state = call.field("state")
    if state not in (None, "open", "closed"):
        raise invalid("Issue", "state")
    if state is not None and state != issue.state:
        issue.state, issue.closed_at, issue.updated_at = state, (
            now if state == "closed" else None), now


def create_issue(call: Call) -> Response:
    b = call.backend
    title = call.field("title")
    if not isinstance(title, str) or not title:
        raise invalid("Issue", "title", "missing_field")
    now = b.now()
    issue = Issue(b.world.next_number(), b.world.next_id(), call.user.id,
                  checked_title("Issue", title),
                  checked_body("Issue", call.field("body")), now, now,
                  labels=_ensure_labels(b, _label_names(call.field("labels") or [])))
    b.world.issues[issue.number] = issue
    return Response(201, issue_json(b, issue))


def list_issues(call: Call) -> Response:
    """The repository's issues, pull requests among them as GitHub lists them, newest first;
    filtered by `state` (default open), `labels` (each of them) and `creator`."""
    b, query = call.backend, call.query
    wanted = query.get("state", "open")
    labels = [name.strip().lower() for name in query.get("labels", "").split(",") if name.strip()]
    creator = b.world.user_by_login(query["creator"]) if "creator" in query else None
    found = [i for i in [*b.world.pulls.values(), *b.world.issues.values()]
             if wanted in ("all", i.state)
             and all(name in [n.lower() for n in i.labels] for name in labels)
             and ("creator" not in query or (creator is not None and i.user_id == creator.id))]
    found.sort(key=lambda i: (i.created_at, i.number), reverse=query.get("direction") != "asc")
    return paginate(call, found, lambda i: issue_json(b, i))


# -- comments -------------------------------------------------------------


def list_comments(call: Call) -> Response:
    b = call.backend
    comments = b.world.comments_on(_issue(call).number)
    if "since" in call.query:
        comments = [c for c in comments if iso(c.updated_at) >= call.query["since"]]
    return paginate(call, comments, lambda c: comment_json(b, c))


def list_repo_comments(call: Call) -> Response:
    """Every issue and pull request comment of the repository, oldest first by default:
    by when each was written, or with `sort=updated` by when it was last written or edited
    (`since` keeps those updated since, either way)."""
    b = call.backend
    key = _updated if call.query.get("sort") == "updated" else _created
    comments = sorted(b.world.comments.values(), key=key)
    if "since" in call.query:
        comments = [c for c in comments if iso(c.updated_at) >= call.query["since"]]
    if call.query.get("direction") == "desc":
        comments.reverse()
    if b.comments_by_cursor:
        return _by_cursor(call, comments, key, lambda c: comment_json(b, c))
    return paginate(call, comments, lambda c: comment_json(b, c))


def _created(comment: Comment) -> tuple[float, int]:
    return comment.created_at.timestamp(), comment.id


def _updated(comment: Comment) -> tuple[float, int]:
    return comment.updated_at.timestamp(), comment.id


def _by_cursor(call: Call, comments: list[Comment], key, render) -> Response:
    """A page of the listing after the cursor `after` (the last comment of the page before,
    as GitHub's opaque cursor names it, by the listing's order): a comment deleted meanwhile
    moves nothing."""
    page, per_page = page_args(call)
    if page > 1:
        raise ApiError(422, "Pagination with the page parameter is not supported for large "
                            "datasets, please use cursor based pagination (after/before)")
    after = call.query.get("after")
    if after is not None:
        moment, _, number = base64.b64decode(after).decode().partition("|")
        comments = [c for c in comments if key(c) > (float(moment), int(number))]
    chunk = comments[:per_page]
    headers = {}
    if len(comments) > per_page:
        moment, number = key(chunk[-1])
        cursor = base64.b64encode(f"{moment!r}|{number}".encode()).decode()
        query = {k: v for k, v in call.query.items() if k not in ("page", "after")}
        headers["Link"] = (f'<{call.backend.urls.api(call.path)}?'
                           f'{urllib.parse.urlencode({**query, "after": cursor})}>; rel="next"')
    return Response(200, [render(c) for c in chunk], headers)


def create_comment(call: Call) -> Response:
    b, pr = call.backend, _issue(call)
    body = call.field("body")
    if not isinstance(body, str) or not body:
        raise invalid("IssueComment", "body", "missing_field")
    checked_body("IssueComment", body)
    now = b.now()
    comment = Comment(b.world.next_id(), pr.number, call.user.id, body, now, now)
    b.world.comments[comment.id] = comment
    pr.updated_at = now  # GitHub bumps a PR's updated_at on every comment
    return Response(201, comment_json(b, comment))


def get_comment(call: Call) -> Response:
    return Response(200, comment_json(call.backend, _comment(call)))


def update_comment(call: Call) -> Response:
    comment = _comment(call)
    body = call.field("body")
    if not isinstance(body, str) or not body:
        raise invalid("IssueComment", "body", "missing_field")
    checked_body("IssueComment", body)
    comment.body, comment.updated_at = body, call.backend.now()
    return Response(200, comment_json(call.backend, comment))


def delete_comment(call: Call) -> Response:
    del call.backend.world.comments[_comment(call).id]
    return Response(204)


# -- labels ---------------------------------------------------------------


def _label_names(body: Any) -> list[str]:
    """Labels come as ["a"], {"labels": ["a"]} or [{"name": "a"}]; GitHub takes all three."""
    items = body.get("labels", []) if isinstance(body, dict) else body or []
    if not isinstance(items, list):
        raise invalid("Label", "labels")
    return [item["name"] if isinstance(item, dict) else str(item) for item in items]


def _ensure_labels(b: Backend, names: list[str]) -> list[str]:
    """The repository's label names for `names`, creating missing ones as GitHub does."""
    result = []
    for name in names:
        lab = b.world.label_named(name) or _create_label(b, name)
        if lab.name not in result:
            result.append(lab.name)
    return result


def _create_label(b: Backend, name: str, color: str = "ededed", description: str | None = None) -> Label:
    lab = Label(b.world.next_id(), name, color, description)
    b.world.labels[name] = lab
    return lab


def _labels_response(call: Call, pr: PullRequest, status: int = 200) -> Response:
    b = call.backend
    return Response(status, [label(b.urls, b.world.labels[name]) for name in pr.labels])


def list_issue_labels(call: Call) -> Response:
    b, pr = call.backend, _issue(call)
    return paginate(call, pr.labels, lambda name: label(b.urls, b.world.labels[name]))


def add_issue_labels(call: Call) -> Response:
    b, pr = call.backend, _issue(call)
    pr.labels = _ensure_labels(b, pr.labels + _label_names(call.body))
    return _labels_response(call, pr)


def set_issue_labels(call: Call) -> Response:
    pr = _issue(call)
    pr.labels = _ensure_labels(call.backend, _label_names(call.body))
    return _labels_response(call, pr)


def remove_issue_label(call: Call) -> Response:
    pr = _issue(call)
    lab = call.backend.world.label_named(call.params["name"])
    if lab is None or lab.name not in pr.labels:
        raise ApiError(404, "Label does not exist")
    pr.labels.remove(lab.name)
    return _labels_response(call, pr)


def remove_all_issue_labels(call: Call) -> Response:
    _issue(call).labels = []
    return Response(204)


def list_repo_labels(call: Call) -> Response:
    b = call.backend
    labels = sorted(b.world.labels.values(), key=lambda lab: lab.name.lower())
    return paginate(call, labels, lambda lab: label(b.urls, lab))


def get_repo_label(call: Call) -> Response:
    lab = call.backend.world.label_named(call.params["name"])
    if lab is None:
        raise not_found()
    return Response(200, label(call.backend.urls, lab))


def create_repo_label(call: Call) -> Response:
    b = call.backend
    name = call.field("name")
    if not isinstance(name, str) or not name:
        raise invalid("Label", "name", "missing_field")
    if b.world.label_named(name):
        raise invalid("Label", "name", "already_exists")
    lab = _create_label(b, name, (call.field("color") or "ededed").lstrip("#"), call.field("description"))
    return Response(201, label(b.urls, lab))


# -- reactions ------------------------------------------------------------


def list_reactions(call: Call) -> Response:
    b, pr = call.backend, _issue(call)
    wanted = call.query.get("content")
    reactions = [r for r in pr.reactions if wanted is None or r.content == wanted]
    return paginate(call, reactions, lambda r: reaction_json(b, r))


def create_reaction(call: Call) -> Response:
    b, pr = call.backend, _issue(call)
    content = call.field("content")
    if content not in REACTIONS:
        raise invalid("Reaction", "content")
    for existing in pr.reactions:
        if existing.user_id == call.user.id and existing.content == content:
            return Response(200, reaction_json(b, existing))
    reaction = Reaction(b.world.next_id(), call.user.id, content, b.now())
    pr.reactions.append(reaction)
    return Response(201, reaction_json(b, reaction))


ROUTES = [
    Route("GET", ISSUES + "/comments", list_repo_comments),  # before /{issue_number} matches it
    Route("GET", ISSUES, list_issues),
    Route("POST", ISSUES, create_issue),
    Route("GET", ISSUES + "/{issue_number}", get_issue),
    Route("PATCH", ISSUES + "/{issue_number}", update_issue),
    Route("GET", ISSUES + "/{issue_number}/comments", list_comments),
    Route("POST", ISSUES + "/{issue_number}/comments", create_comment),
    Route("GET", ISSUES + "/comments/{comment_id}", get_comment),
    Route("PATCH", ISSUES + "/comments/{comment_id}", update_comment),
    Route("DELETE", ISSUES + "/comments/{comment_id}", delete_comment),
    Route("GET", ISSUES + "/{issue_number}/labels", list_issue_labels),
    Route("POST", ISSUES + "/{issue_number}/labels", add_issue_labels),
    Route("PUT", ISSUES + "/{issue_number}/labels", set_issue_labels),
    Route("DELETE", ISSUES + "/{issue_number}/labels", remove_all_issue_labels),
    Route("DELETE", ISSUES + "/{issue_number}/labels/{name}", remove_issue_label),
    Route("GET", ISSUES + "/{issue_number}/reactions", list_reactions),
    Route("POST", ISSUES + "/{issue_number}/reactions", create_reaction),
    Route("GET", LABELS, list_repo_labels),
    Route("POST", LABELS, create_repo_label),
    Route("GET", LABELS + "/{name}", get_repo_label),
]
