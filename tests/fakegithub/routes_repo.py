"""Repository-level endpoints: the repository, users, branches, contents, commits, statuses."""

from __future__ import annotations

import urllib.parse
from typing import Any

from .backend import Backend
from .errors import ApiError, invalid, not_found
from .gitrepo import TreeEntry
from .routes_git import base64_lines
from .routing import Call, Response, Route, paginate
from .shapes import private_user, public_user, repository, status
from .state import STATUS_STATES, Status

REPO = "/repos/{owner}/{repo}"


def repo_json(b: Backend) -> dict[str, Any]:
    open_count = sum(pr.state == "open" for pr in b.world.pulls.values())
    w = b.world
    offered = w.hosting.merge_methods
    return {**repository(b.urls, b.owner(), w.name, w.repo_id, w.default_branch,
                         open_issues=open_count, private=w.private),
            "allow_merge_commit": offered["merge"], "allow_squash_merge": offered["squash"],
            "allow_rebase_merge": offered["rebase"]}


def _commit_sha(b: Backend, ref: str) -> str:
    """A branch name, full ref or (abbreviated) sha -> commit sha, or 404/422 as GitHub answers."""
    sha = b.git.ref_sha(f"refs/heads/{ref}") or b.git.ref_sha(f"refs/tags/{ref}") or b.git.resolve(ref)
    if sha is None:
        raise ApiError(422, f"No commit found for SHA: {ref}")
    return sha


# -- repository and users -------------------------------------------------


def get_repo(call: Call) -> Response:
    return Response(200, repo_json(call.backend))


def get_authenticated_user(call: Call) -> Response:
    if call.backend.user_endpoint_forbidden:
        raise ApiError(403, "Resource not accessible by integration")
    return Response(200, private_user(call.backend.urls, call.user))


def get_user(call: Call) -> Response:
    b = call.backend
    return Response(200, public_user(b.urls, b.user_named(call.params["username"])))


def get_branch(call: Call) -> Response:
    b = call.backend
    name = call.params["branch"]
    sha = b.git.ref_sha(f"refs/heads/{name}")
    if sha is None:
        raise ApiError(404, "Branch not found")
    url = b.urls.repo(f"/branches/{urllib.parse.quote(name)}")
    return Response(
        200,
        {
            "name": name,
            "commit": b.rest_commit(sha),
            "_links": {"self": url, "html": b.urls.html(f"/tree/{name}")},
            "protected": False,
            "protection": {
                "enabled": False,
                "required_status_checks": {"enforcement_level": "off", "contexts": [], "checks": []},
            },
            "protection_url": f"{url}/protection",
        },
    )


def get_commit(call: Call) -> Response:
    b = call.backend
    return Response(200, b.rest_commit(_commit_sha(b, call.params["ref"])))


# -- contents -------------------------------------------------------------


def get_contents(call: Call) -> Response:
    b = call.backend
    ref = call.query.get("ref") or b.world.default_branch
    try:
        commit = _commit_sha(b, ref)
    except ApiError:
        raise ApiError(404, f"No commit found for the ref {ref}") from None
    path = call.params.get("path", "").strip("/")
    entry = b.git.entry_at(commit, path)
    if entry is None:
        raise not_found()
    if entry.type == "tree":
        children = b.git.ls_tree(f"{commit}:{path}" if path else commit)
        return Response(200, [_content(b, ref, e, f"{path}/{e.path}" if path else e.path) for e in children])
    data = _content(b, ref, entry, path)
    blob = b.git.read_blob(entry.sha)
    if entry.mode == "120000":
        data["target"] = blob.decode()
    else:
        data.update(content=base64_lines(blob), encoding="base64")
    return Response(200, data)


def _content(b: Backend, ref: str, entry: TreeEntry, path: str) -> dict[str, Any]:
    kind = {"tree": "dir", "commit": "submodule"}.get(
        entry.type, "symlink" if entry.mode == "120000" else "file"
    )
    quoted = urllib.parse.quote(path)
    url = b.urls.repo(f"/contents/{quoted}?ref={urllib.parse.quote(ref)}")
    git_url = b.urls.repo(f"/git/{'trees' if kind == 'dir' else 'blobs'}/{entry.sha}")
    html = b.urls.html(f"/{'tree' if kind == 'dir' else 'blob'}/{ref}/{quoted}")
    return {
        "type": kind,
        "size": entry.size or 0,
        "name": path.rsplit("/", 1)[-1],
        "path": path,
        "sha": entry.sha,
        "url": url,
        "git_url": git_url,
        "html_url": html,
        "download_url": b.urls.html(f"/raw/{ref}/{quoted}") if kind == "file" else None,
        "_links": {"self": url, "git": git_url, "html": html},
    }


# -- statuses -------------------------------------------------------------


STATUSES_MOST = 1000  # of one context on one commit: GitHub refuses more


def create_status(call: Call) -> Response:
    b, sha = call.backend, call.params["sha"]
    if b.git.object_type(sha) != "commit":
        raise ApiError(422, f"No commit found for SHA: {sha}")
    state = call.field("state")
    if state not in STATUS_STATES:
        raise invalid("Status", "state")
    context, full = call.field("context") or "default", b.git.resolve(sha)
    if sum(1 for s in b.world.statuses if s.sha == full and s.context == context) >= STATUSES_MOST:
        raise ApiError(422, "Validation Failed", [{
            "resource": "Status", "code": "custom",
            "message": "This SHA and context has reached the maximum number of statuses."}])
    st = Status(
        b.world.next_id(),
        full,  # type: ignore[arg-type]
        state,
        context,
        call.field("description"),
        call.field("target_url"),
        call.user.id,
        b.now(),
    )
    b.world.statuses.append(st)
    return Response(201, status(b.urls, st, call.user))


def _statuses_for(b: Backend, ref: str) -> tuple[str, list[Status]]:
    """The commit `ref` names and its statuses, newest first."""
    sha = _commit_sha(b, ref)
    return sha, sorted((s for s in b.world.statuses if s.sha == sha), key=lambda s: s.id, reverse=True)


def list_statuses(call: Call) -> Response:
    b = call.backend
    _, statuses = _statuses_for(b, call.params["ref"])
    return paginate(call, statuses, lambda s: status(b.urls, s, b.user(s.creator_id)))


def combined_status(call: Call) -> Response:
    """The latest status per context, and their combined state as GitHub folds it."""
    b = call.backend
    sha, statuses = _statuses_for(b, call.params["ref"])
    latest: dict[str, Status] = {}
    for st in statuses:
        latest.setdefault(st.context, st)
    states = {s.state for s in latest.values()}
    if states & {"error", "failure"}:
        combined = "failure"
    elif not states or "pending" in states:
        combined = "pending"
    else:
        combined = "success"
    rendered = [
        {k: v for k, v in status(b.urls, s, b.user(s.creator_id)).items() if k != "creator"}
        for s in latest.values()
    ]
    return Response(
        200,
        {
            "state": combined,
            "statuses": rendered,
            "sha": sha,
            "total_count": len(rendered),
            "repository": repo_json(b),
            "commit_url": b.urls.repo(f"/commits/{sha}"),
            "url": b.urls.repo(f"/commits/{sha}/status"),
        },
    )


ROUTES = [
    Route("GET", "/user", get_authenticated_user),
    Route("GET", "/users/{username}", get_user),
    Route("GET", REPO, get_repo),
    Route("GET", REPO + "/branches/{branch}", get_branch),
    Route("GET", REPO + "/contents/", get_contents, spec=("get", REPO + "/contents/{path}")),
    Route("GET", REPO + "/contents/{path}", get_contents),
    Route("POST", REPO + "/statuses/{sha}", create_status),
    # PyGithub's Commit.get_statuses() reads the older alias of commits/{ref}/statuses.
    Route("GET", REPO + "/statuses/{ref}", list_statuses, spec=("get", REPO + "/commits/{ref}/statuses")),
    # The more specific commit routes first: {ref} may contain slashes.
    Route("GET", REPO + "/commits/{ref}/statuses", list_statuses),
    Route("GET", REPO + "/commits/{ref}/status", combined_status),
    Route("GET", REPO + "/commits/{ref}", get_commit),
]
