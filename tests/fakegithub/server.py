"""FakeGitHub: a stateful GitHub REST API on 127.0.0.1 for offline tests.

    with FakeGitHub() as gh:
        gh.add_user("alice", id=101)
        gh.create_branch("p1", {"rules/301.md": "..."}, author="alice")
        number = gh.open_pr("alice", "p1", title="Add rule 301")
        api = Github(base_url=gh.url, auth=Auth.Token("x"), retry=None,
                     seconds_between_requests=None, seconds_between_writes=None)
        api.get_repo(gh.full_name).get_pull(number).merge(sha=gh.head_sha(number))

This module serves HTTP and dispatches through the route table (and `POST
/graphql` to graphql_api.py, beside the REST root as on GitHub); the helpers
that arrange a scenario (users, branches, PRs, reviews...) are in
scenario.py, the domain logic in backend.py.
"""

from __future__ import annotations

import email.utils
import json
import re
import tempfile
import threading
import traceback
import urllib.parse
from collections.abc import Callable, Mapping
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from . import githttp, graphql_api, routes_git, routes_hosting, routes_issues, routes_pulls, routes_repo
from .backend import Backend
from .clock import FakeClock
from .errors import ApiError, not_found
from .gitrepo import GitRepo, Identity
from .recording import Fault, RecordedRequest, RequestLog
from .routing import Call, Response, Route, Router
from .scenario import Scenario
from .shapes import Urls
from .state import App, User, World

ROUTES: list[Route] = (
    routes_repo.ROUTES + routes_pulls.ROUTES + routes_issues.ROUTES + routes_git.ROUTES + routes_hosting.ROUTES
)

DEFAULT_FILES = {"README.md": "# A game of Nomic\n"}


class FakeGitHub(Scenario):
    """One repository `owner/name` on a fake GitHub, backed by a real bare git repository.

    `clock` is any callable returning a datetime (default: a FakeClock at a
    fixed date).  The API token's account is `token_login` (a GitHub App's
    bot by default); every token is accepted, a missing one answers 401.
    `prefix` is the API path prefix: with one (as on GitHub Enterprise),
    PyGithub refuses any URL the fake returns that does not point back at it.
    With `created=False` the repository is not there until the API creates it
    (empty); its `clone_url` then takes a `git push` (githttp.py).
    """

    def __init__(
        self,
        owner: str = "nomic",
        name: str = "game",
        *,
        repo_path: str | Path | None = None,
        clock: Callable[[], datetime] | None = None,
        files: dict[str, str | bytes] | None = None,
        owner_id: int = 1,
        owner_type: str = "Organization",
        token_login: str = "nomic-ci[bot]",
        token_id: int = 41898282,
        token_type: str = "Bot",
        prefix: str = "/api/v3",
        created: bool = True,
    ) -> None:
        self._tmp = None if repo_path else tempfile.TemporaryDirectory(prefix="fakegithub-")
        path = Path(repo_path) if repo_path else Path(self._tmp.name) / f"{name}.git"
        self.clock = clock or FakeClock()
        self.prefix = prefix.rstrip("/")
        self.log = RequestLog()
        self.router = Router(ROUTES)
        self.rate_remaining = 4999  # what X-RateLimit-Remaining says: the requests left this hour
        # whether each request spends one of them, and none is answered once they are spent
        # (GitHub's 403 "API rate limit exceeded", until the hour's reset); off, they stay put
        self.rate_spent = False
        # a classic token's (or GitHub CLI's) scopes, which GitHub names in every answer's
        # X-OAuth-Scopes; None, a fine-grained token's or an App's, which names none
        self.token_scopes: list[str] | None = None
        self.internal_errors: list[str] = []  # tracebacks of bugs in the fake itself
        self._meanwhile: list[tuple[str, re.Pattern, Callable[[], None]]] = []
        self._lock = threading.RLock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        world = World(owner, name, created=created)
        git = _open_or_init(path, world.default_branch)
        self.backend = Backend(git, world, self.clock, Urls("http://127.0.0.1:0", self.prefix, owner, name))
        self.add_user(owner, id=owner_id, type=owner_type)
        token_user = self.world.user_by_login(token_login) or self.add_user(token_login, id=token_id, type=token_type)
        self.backend.token_user_id = token_user.id
        if created and git.ref_sha(f"refs/heads/{world.default_branch}") is None:
            self._initial_commit(files if files is not None else DEFAULT_FILES)

    def _initial_commit(self, files: dict[str, str | bytes]) -> None:
        git, owner = self.git, self.backend.owner()
        shas = git.write_blobs([c.encode() if isinstance(c, str) else c for c in files.values()])
        tree = git.build_tree(None, [(p, sha, "100644") for p, sha in zip(files, shas, strict=False)])
        who = Identity(owner.login, f"{owner.id}+{owner.login}@users.noreply.github.com", self.backend.now())
        git.update_ref(
            f"refs/heads/{self.world.default_branch}", git.commit_tree(tree, [], "Initial commit\n", who, who)
        )

    # -- lifecycle -------------------------------------------------------

    def start(self) -> FakeGitHub:
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._httpd.block_on_close = False  # keep-alive connections must not block stop()
        self._httpd.fake = self  # type: ignore[attr-defined]
        host, port = self._httpd.server_address[:2]
        self.backend.urls = Urls(f"http://{host}:{port}", self.prefix, self.world.owner, self.world.name)
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.01}, name="fakegithub", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        self.git.close()
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def __enter__(self) -> FakeGitHub:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def graphql_path(self) -> str:
        """Where GitHub (and PyGithub) put the GraphQL API: beside the REST root (/api/v3)."""
        return self.prefix.removesuffix("/v3") + graphql_api.PATH

    def add_app(self, app_id: int, public_key_pem: str, installed: bool = True) -> None:
        """A GitHub App whose JWTs, signed with the private half of `public_key_pem`, this
        fake accepts; installed on the repository or not."""
        self.world.hosting.apps[app_id] = App(public_key_pem, installed)

    def secret_value(self, name: str) -> str | None:
        """What was sealed into the Actions secret `name` (None: there is none)."""
        return routes_hosting.secret_value(self.backend, name)

    @property
    def url(self) -> str:
        """The base_url to give PyGithub."""
        return self.backend.urls.base

    # -- observing and injecting -----------------------------------------

    @property
    def requests(self) -> list[RecordedRequest]:
        return list(self.log.requests)

    def count(self, method: str | None = None, path_prefix: str | None = None) -> int:
        """How many requests matched; `path_prefix` is relative to the API root, e.g. /repos/o/r/pulls."""
        return self.log.count(method, path_prefix)

    def writes(self) -> list[RecordedRequest]:
        """Every request that may change something (not a GET or a GraphQL query), in order."""
        return self.log.writes()

    def reads(self) -> list[RecordedRequest]:
        """Every request that changes nothing: GETs and GraphQL queries."""
        return self.log.reads()

    def clear_requests(self) -> None:
        self.log.clear()

    def meanwhile(self, method: str, path: str, action: Callable[[], None]) -> None:
        """Do `action` right after answering the next request whose path fully matches the
        regex `path`: what a player does on GitHub between two requests of one run."""
        self._meanwhile.append((method.upper(), re.compile(path), action))

    def fail(
        self,
        method: str | None,
        path: str,
        status: int,
        times: int = 1,
        *,
        after: bool = False,
        body: dict[str, Any] | Callable[[Any], Any] | None = None,
        skip: int = 0,
    ) -> Fault:
        """Answer `status` to the next `times` requests whose path fully matches the regex `path`
        (after letting `skip` of them through).

        With `after=True` the request is carried out and only its answer is
        lost: the write happened, the client sees an error. Status 0 (`DROP`) drops the
        connection without an answer. `body` may be a
        function of the real answer (with `after=True`): a partial GraphQL
        answer, say. GraphQL requests have the path /graphql.
        """
        return self.log.add_fault(Fault(method, path, status, times, after, body, skip))

    def kill_after(self, writes: int) -> None:
        """Carry out the next `writes` writes, then answer nothing more: the client was
        killed right after the last of them (until `revive`)."""
        self.log.writes_left = writes

    def revive(self) -> None:
        self.log.writes_left = None

    # -- dispatch --------------------------------------------------------

    def dispatch(
        self, method: str, target: str, headers: Mapping[str, str], raw: bytes
    ) -> tuple[int, dict[str, str], bytes]:
        """Answer one HTTP request: (status, headers, body)."""
        parts = urllib.parse.urlsplit(target)
        path = parts.path[len(self.prefix) :] if parts.path.startswith(self.prefix) else None
        if parts.path == self.graphql_path:
            path = graphql_api.PATH
        query = dict(urllib.parse.parse_qsl(parts.query, keep_blank_values=True))
        body = _decode(raw)
        with self._lock:
            spent = self.rate_spent and self.rate_remaining <= 0
            fault = None if spent else self.log.take_fault(method, path or parts.path)
            route = None
            if spent:
                response = Response(403, {
                    "message": "API rate limit exceeded for installation.",
                    "documentation_url": "https://docs.github.com/rest/using-the-rest-api/"
                                         "rate-limits-for-the-rest-api"})
            elif fault and not fault.after:
                response = Response(fault.status, fault.answer())
            else:
                route, response = self._handle(method, path, query, body, headers)
                if fault:
                    response = Response(fault.status, fault.answer(response.body))
            self.log.record(
                RecordedRequest(
                    method,
                    path or parts.path,
                    query,
                    body,
                    response.status,
                    response.body,
                    route.operation if route else None,
                    faulted=fault is not None,
                )
            )
            if self.rate_spent and self.rate_remaining > 0:
                self.rate_remaining -= 1
            for then in [m for m in self._meanwhile
                         if m[0] == method and m[1].fullmatch(path or parts.path)][:1]:
                self._meanwhile.remove(then)
                then[2]()
        payload = b"" if response.body is None else json.dumps(response.body).encode()
        return response.status, {**self._standard_headers(), **response.headers}, payload

    def _handle(self, method, path, query, body, headers) -> tuple[Route | None, Response]:
        route = None
        try:
            if path is None or body is _INVALID:
                raise not_found() if path is None else ApiError(400, "Problems parsing JSON")
            if not headers.get("Authorization"):
                raise ApiError(401, "Requires authentication")
            if path == graphql_api.PATH and method == "POST":
                return None, Response(200, graphql_api.execute(self.backend, body))
            route, params = self.router.match(method, path)
            self._check_repository(params)
            call = Call(self.backend, method, path, params, query, body, self.backend.token_user(),
                        headers.get("Authorization") or "")
            return route, route.handler(call)
        except ApiError as error:
            return route, Response(error.status, error.body())
        except Exception:  # a bug in the fake: answer 500 and keep it for the test to see
            self.internal_errors.append(traceback.format_exc())
            return route, Response(500, {"message": "fakegithub internal error"})

    def _check_repository(self, params: dict[str, str]) -> None:
        """Only the one repository exists (once created); GitHub answers 404 for any other."""
        if "repo" in params and not self.world.created:
            raise not_found()
        if "owner" in params and params["owner"].lower() != self.world.owner.lower():
            raise not_found()
        if "repo" in params and params["repo"].lower() != self.world.name.lower():
            raise not_found()

    def _standard_headers(self) -> dict[str, str]:
        reset = int(self.backend.now().timestamp()) + 3600
        return {
            "Content-Type": "application/json; charset=utf-8",
            "X-GitHub-Media-Type": "github.v3; format=json",
            "X-RateLimit-Limit": "5000",
            "X-RateLimit-Remaining": str(self.rate_remaining),
            "X-RateLimit-Reset": str(reset),
        } | ({} if self.token_scopes is None else {"X-OAuth-Scopes": ", ".join(self.token_scopes)})


_INVALID = object()
DROP = 0  # a fault's status that drops the connection instead of answering


def _open_or_init(path: Path, branch: str) -> GitRepo:
    """A test's repository (bare, or a work tree's .git), or a new bare one."""
    if (path / ".git").is_dir():
        return GitRepo(path / ".git")
    if (path / "HEAD").exists():
        return GitRepo(path)
    return GitRepo.init(path, branch)


def _decode(raw: bytes) -> Any:
    if not raw:
        return None
    try:
        return json.loads(raw)
    except ValueError:
        return _INVALID


class _Handler(BaseHTTPRequestHandler):
    """Reads the request, lets FakeGitHub.dispatch answer it, writes the answer."""

    protocol_version = "HTTP/1.1"  # keep-alive: one connection per PyGithub client
    disable_nagle_algorithm = True  # headers and body go out in two writes: no 40 ms delayed-ACK stall

    def _serve(self) -> None:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            raw = githttp.read_chunked(self.rfile)
        else:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
        fake = self.server.fake  # type: ignore[attr-defined]
        parts = urllib.parse.urlsplit(self.path)
        git = githttp.git_path(parts.path)
        if git is not None:
            with fake._lock:
                status, headers, payload = githttp.serve(fake, git, self.command, parts.query, self.headers, raw)
        else:
            status, headers, payload = fake.dispatch(self.command, self.path, self.headers, raw)
        if status == DROP:  # the connection drops before any answer
            self.close_connection = True
            return
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _serve

    def date_time_string(self, timestamp: float | None = None) -> str:
        """The Date header comes from the fake clock too."""
        return email.utils.format_datetime(self.server.fake.backend.now(), usegmt=True)  # type: ignore[attr-defined]

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        """Silence the per-request stderr line; the RequestLog records everything."""


__all__ = ["FakeGitHub", "FakeClock", "User"]
