"""Git data endpoints (blobs, trees, commits, refs) backed by the real repository.

The engine commits its state with compare-and-swap through these: blobs ->
tree (on a base tree) -> commit with parent P -> move the branch with
force=false, which fails as "not a fast forward" if the branch moved past P.
"""

from __future__ import annotations

import base64
from datetime import datetime
from typing import Any

from .backend import Backend
from .errors import ApiError, invalid, not_found
from .gitrepo import Identity, TreeEntry
from .routing import Call, Response, Route
from .shapes import git_commit, node_id

GIT = "/repos/{owner}/{repo}/git"
_MODES = {"100644": "blob", "100755": "blob", "120000": "blob", "040000": "tree", "160000": "commit"}


def base64_lines(data: bytes) -> str:
    """Base64 wrapped at 60 characters, as GitHub sends file content."""
    text = base64.b64encode(data).decode()
    return "".join(text[i : i + 60] + "\n" for i in range(0, len(text), 60))


def ref_json(b: Backend, ref: str, sha: str) -> dict[str, Any]:
    return {
        "ref": ref,
        "node_id": node_id("Ref", ref),
        "url": b.urls.repo(f"/git/{ref}"),
        "object": {"type": "commit", "sha": sha, "url": b.urls.repo(f"/git/commits/{sha}")},
    }


def tree_json(b: Backend, sha: str, recursive: bool) -> dict[str, Any]:
    entries = b.git.ls_tree(sha, recursive=recursive, trees=True)
    return {
        "sha": sha,
        "url": b.urls.repo(f"/git/trees/{sha}"),
        "tree": [_tree_entry(b, e) for e in entries],
        "truncated": False,
    }


def _tree_entry(b: Backend, e: TreeEntry) -> dict[str, Any]:
    entry = {"path": e.path, "mode": e.mode, "type": e.type, "sha": e.sha}
    if e.type == "blob":
        entry.update(size=e.size, url=b.urls.repo(f"/git/blobs/{e.sha}"))
    elif e.type == "tree":
        entry["url"] = b.urls.repo(f"/git/trees/{e.sha}")
    return entry


def _require(b: Backend, sha: Any, kind: str, message: str) -> str:
    if not isinstance(sha, str) or b.git.object_type(sha) != kind:
        raise ApiError(422, message)
    return sha


# -- blobs ----------------------------------------------------------------


def create_blob(call: Call) -> Response:
    b = call.backend
    content, encoding = call.field("content"), call.field("encoding", "utf-8")
    if not isinstance(content, str):
        raise invalid("Blob", "content", "missing_field")
    if encoding not in ("utf-8", "base64"):
        raise invalid("Blob", "encoding")
    data = base64.b64decode(content) if encoding == "base64" else content.encode()
    sha = b.git.write_blob(data)
    return Response(201, {"url": b.urls.repo(f"/git/blobs/{sha}"), "sha": sha})


def get_blob(call: Call) -> Response:
    b, sha = call.backend, call.params["file_sha"]
    if b.git.object_type(sha) != "blob":
        raise not_found()
    data = b.git.read_blob(sha)
    return Response(
        200,
        {
            "sha": sha,
            "node_id": node_id("Blob", sha),
            "size": len(data),
            "url": b.urls.repo(f"/git/blobs/{sha}"),
            "content": base64_lines(data),
            "encoding": "base64",
        },
    )


# -- trees ----------------------------------------------------------------


def create_tree(call: Call) -> Response:
    b = call.backend
    base_tree = call.field("base_tree")
    if base_tree is not None:
        _require(b, base_tree, "tree", "base_tree is not a valid tree oid")
    items = call.field("tree")
    if not isinstance(items, list):
        raise invalid("Tree", "tree", "missing_field")
    # the contents given inline, written at once (one git process, not one each)
    inline = [str(i["content"]).encode() for i in items if isinstance(i, dict) and "content" in i]
    blobs = dict(zip(inline, b.git.write_loose_blobs(inline)))
    edits: list[tuple[str, str | None, str]] = []
    for item in items:
        edits += _tree_edits(b, base_tree, item, blobs)
    sha = b.git.build_tree(base_tree, edits)
    return Response(201, tree_json(b, sha, recursive=False))


def _tree_edits(b: Backend, base_tree: str | None, item: Any,
                blobs: dict[bytes, str]) -> list[tuple[str, str | None, str]]:
    """Index edits for one `tree` item: a blob by sha or content (written into `blobs`), a
    deletion, or a whole subtree."""
    if not isinstance(item, dict) or not item.get("path") or item.get("mode") not in _MODES:
        raise invalid("Tree", "tree")
    path, mode = item["path"], item["mode"]
    if "content" in item:
        return [(path, blobs[str(item["content"]).encode()], mode)]
    if item.get("sha") is None:
        return [(e.path, None, e.mode) for e in _existing(b, base_tree, path, recursive=True)] or [
            (path, None, mode)
        ]
    if _MODES[mode] == "tree":
        sha = _require(b, item["sha"], "tree", f"Must supply a valid tree.sha: {item['sha']}")
        removed = [(e.path, None, e.mode) for e in _existing(b, base_tree, path, recursive=True)]
        added = [(f"{path}/{e.path}", e.sha, e.mode) for e in b.git.ls_tree(sha, recursive=True)]
        return removed + added
    return [(path, _require(b, item["sha"], "blob", f"Must supply a valid tree.sha: {item['sha']}"), mode)]


def _existing(b: Backend, base_tree: str | None, path: str, recursive: bool) -> list[TreeEntry]:
    """Blobs at or under `path` in the base tree (what a deletion or a subtree replaces)."""
    if base_tree is None:
        return []
    return [
        e
        for e in b.git.ls_tree(base_tree, recursive=recursive)
        if e.path == path or e.path.startswith(path + "/")
    ]


def get_tree(call: Call) -> Response:
    b = call.backend
    sha = b.git.resolve_tree(call.params["tree_sha"])
    if sha is None:
        raise not_found()
    recursive = call.query.get("recursive") not in (None, "", "0", "false")
    return Response(200, tree_json(b, sha, recursive))


# -- commits --------------------------------------------------------------


def create_commit(call: Call) -> Response:
    b = call.backend
    message = call.field("message")
    if not isinstance(message, str):
        raise invalid("Commit", "message", "missing_field")
    tree = _require(b, call.field("tree"), "tree", "Tree SHA does not exist")
    parents = [
        _require(b, p, "commit", "Parent SHA does not exist or is not a commit object")
        for p in call.field("parents", [])
    ]
    default = b.identity(call.user)
    author = _person(call.field("author"), default)
    committer = _person(call.field("committer"), author)
    sha = b.git.commit_tree(tree, parents, message, author, committer)
    return Response(201, git_commit(b.urls, b.git.commit_info(sha)))


def _person(data: Any, default: Identity) -> Identity:
    if not isinstance(data, dict):
        return default
    when = default.when
    if data.get("date"):
        when = datetime.fromisoformat(data["date"].replace("Z", "+00:00"))
    return Identity(data.get("name", default.name), data.get("email", default.email), when)


def get_commit(call: Call) -> Response:
    b, sha = call.backend, call.params["commit_sha"]
    if b.git.object_type(sha) != "commit":
        raise not_found()
    return Response(200, git_commit(b.urls, b.git.commit_info(sha)))


# -- refs -----------------------------------------------------------------


def get_ref(call: Call) -> Response:
    b = call.backend
    ref = "refs/" + call.params["ref"]
    sha = b.git.ref_sha(ref)
    if sha is None:
        raise not_found()
    return Response(200, ref_json(b, ref, sha))


def update_ref(call: Call) -> Response:
    b = call.backend
    ref = "refs/" + call.params["ref"]
    current = b.git.ref_sha(ref)
    if current is None:
        raise ApiError(422, "Reference does not exist")
    new = _require(b, call.field("sha"), "commit", "Object does not exist")
    # a commit made on the ref's tip (as the engine's are) is a fast forward: no merge-base
    if not call.field("force", False) and current not in b.git.commit_info(new).parents \
            and not b.git.is_ancestor(current, new):
        raise ApiError(422, "Update is not a fast forward")
    if not b.git.update_ref(ref, new, current):
        raise ApiError(422, "Update is not a fast forward")
    return Response(200, ref_json(b, ref, new))


def create_ref(call: Call) -> Response:
    b = call.backend
    ref = call.field("ref")
    if not isinstance(ref, str) or not ref.startswith("refs/") or ref.count("/") < 2:
        raise ApiError(422, "ref must start with 'refs/' and have at least two slashes.")
    sha = _require(b, call.field("sha"), "commit", "Object does not exist")
    if b.git.ref_sha(ref) is not None:
        raise ApiError(422, "Reference already exists")
    b.git.update_ref(ref, sha)
    return Response(201, ref_json(b, ref, sha))


def delete_ref(call: Call) -> Response:
    b = call.backend
    ref = "refs/" + call.params["ref"]
    if b.git.ref_sha(ref) is None:
        raise ApiError(422, "Reference does not exist")
    b.git.delete_ref(ref)
    return Response(204)


ROUTES = [
    Route("POST", GIT + "/blobs", create_blob),
    Route("GET", GIT + "/blobs/{file_sha}", get_blob),
    Route("POST", GIT + "/trees", create_tree),
    Route("GET", GIT + "/trees/{tree_sha}", get_tree),
    Route("POST", GIT + "/commits", create_commit),
    Route("GET", GIT + "/commits/{commit_sha}", get_commit),
    Route("GET", GIT + "/ref/{ref}", get_ref),
    # GitHub still answers the plural form, and PyGithub's GitRef.url uses it.
    Route("GET", GIT + "/refs/{ref}", get_ref, spec=("get", GIT + "/ref/{ref}")),
    Route("PATCH", GIT + "/refs/{ref}", update_ref),
    Route("DELETE", GIT + "/refs/{ref}", delete_ref),
    Route("POST", GIT + "/refs", create_ref),
]
