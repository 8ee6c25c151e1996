"""Git's smart HTTP protocol at a repository's `clone_url`, as GitHub serves it, so a host
can `git push` the game: git's own `git http-backend` answers, over the fake's bare
repository. A push needs a token (any, as the API), sent as HTTP Basic credentials."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .server import FakeGitHub

_GIT_PATH = re.compile(r"^/(?P<owner>[^/]+)/(?P<name>[^/]+?)\.git(?P<rest>/.*)$")


def git_path(path: str) -> re.Match | None:
    """Where a request for a repository's git protocol is, if it is one."""
    return _GIT_PATH.match(path)


def serve(fake: FakeGitHub, match: re.Match, method: str, query: str,
          headers: Mapping[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
    world = fake.world
    if (match["owner"].lower(), match["name"].lower()) != (world.owner.lower(),
                                                          world.name.lower()) \
            or not world.created:
        return 404, {"Content-Type": "text/plain"}, b"Repository not found.\n"
    if not headers.get("Authorization"):
        return 401, {"WWW-Authenticate": 'Basic realm="GitHub"'}, b""
    repo = fake.git.path
    env = {"GIT_PROJECT_ROOT": str(repo.parent), "GIT_HTTP_EXPORT_ALL": "1",
           "PATH_INFO": f"/{repo.name}{match['rest']}", "REQUEST_METHOD": method,
           "QUERY_STRING": query, "CONTENT_TYPE": headers.get("Content-Type") or "",
           "CONTENT_LENGTH": str(len(body)), "REMOTE_USER": fake.backend.token_user().login,
           "REMOTE_ADDR": "127.0.0.1", "GIT_HTTP_MAX_REQUEST_BUFFER": "100M",
           "PATH": "/usr/bin:/bin"}
    if headers.get("Content-Encoding"):
        env["HTTP_CONTENT_ENCODING"] = headers["Content-Encoding"]
    if headers.get("Git-Protocol"):
        env["GIT_PROTOCOL"] = headers["Git-Protocol"]
    done = subprocess.run(["git", "http-backend"], input=body, env=env, capture_output=True,
                          check=False)
    head, _, payload = done.stdout.partition(b"\r\n\r\n")
    if not _:
        return 500, {"Content-Type": "text/plain"}, done.stderr
    status, answer = 200, {}
    for line in head.decode("latin-1").split("\r\n"):
        key, _, value = line.partition(":")
        if key.lower() == "status":
            status = int(value.split()[0])
        elif key:
            answer[key.strip()] = value.strip()
    if method == "POST" and match["rest"].endswith("git-receive-pack"):
        fake.git.pushed()
    return status, answer, payload


def read_chunked(rfile) -> bytes:
    """A request body sent in chunks (git sends a large push so)."""
    body = b""
    while True:
        size = int(rfile.readline().split(b";")[0].strip() or b"0", 16)
        if size == 0:
            rfile.readline()
            return body
        body += rfile.read(size)
        rfile.readline()
