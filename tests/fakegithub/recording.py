"""What tests observe and inject: the request log and scripted faults.

Tests of a reconciling engine need to assert how much it talked to GitHub
(a no-op run must write nothing) and how it survives GitHub misbehaving (a
500, a 409 race, or a response lost after the write happened).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class RecordedRequest:
    """One request the fake answered, with the answer."""

    method: str
    path: str  # without the API prefix and query string, e.g. /repos/o/r/pulls
    query: dict[str, str]
    body: Any  # the decoded JSON request body, or None
    status: int
    response: Any  # the decoded JSON response body, or None
    operation: tuple[str, str] | None  # (method, OpenAPI path template) of the matched route
    faulted: bool = False  # the status came from an injected fault

    @property
    def is_write(self) -> bool:
        """Anything but a GET, except a GraphQL query (a POST that only reads)."""
        if self.path == "/graphql" and self.method == "POST":
            query = self.body.get("query") if isinstance(self.body, dict) else None
            return isinstance(query, str) and query.lstrip().startswith("mutation")
        return self.method != "GET"


@dataclass
class Fault:
    """Answer `status` to the next `times` requests matching method and path regex.

    With `after=True` the request is carried out first and only its answer is
    replaced — the write happened but the client never learns it (a crash or a
    lost response).
    """

    method: str | None
    path: str  # a regular expression matched against the whole path
    status: int
    times: int = 1
    after: bool = False
    body: dict[str, Any] | Callable[[Any], Any] | None = None  # or made from the real answer
    skip: int = 0  # let this many matching requests through first
    _regex: re.Pattern = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._regex = re.compile(self.path)

    def matches(self, method: str, path: str) -> bool:
        return (self.method is None or self.method.upper() == method) and bool(self._regex.fullmatch(path))

    def answer(self, real: Any = None) -> Any:
        """The body to send: given, made from the real answer (`after=True`), or GitHub's."""
        if callable(self.body):
            return self.body(real)
        return (
            self.body if self.body is not None else {"message": _MESSAGES.get(self.status, "Injected fault")}
        )


_MESSAGES = {
    500: "Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    409: "Conflict",
    422: "Validation Failed",
    403: "Forbidden",
    404: "Not Found",
}


class RequestLog:
    """Thread-safe list of recorded requests plus the pending faults."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.requests: list[RecordedRequest] = []
        self.faults: list[Fault] = []
        self.writes_left: int | None = None  # None: alive; 0: dead (see FakeGitHub.kill_after)

    def record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)
            if self.writes_left and request.is_write and not request.faulted:
                self.writes_left -= 1

    def add_fault(self, fault: Fault) -> Fault:
        with self._lock:
            self.faults.append(fault)
        return fault

    def take_fault(self, method: str, path: str) -> Fault | None:
        """The first pending fault matching the request, consuming one of its uses."""
        with self._lock:
            if self.writes_left == 0:  # the client was killed: nothing it sends arrives
                return Fault(None, ".*", 502)
            for fault in self.faults:
                if fault.times > 0 and fault.matches(method, path):
                    if fault.skip > 0:
                        fault.skip -= 1
                        return None
                    fault.times -= 1
                    return fault
        return None

    def reads(self) -> list[RecordedRequest]:
        with self._lock:
            return [r for r in self.requests if not r.is_write]

    def count(self, method: str | None = None, path_prefix: str | None = None) -> int:
        return len(self.select(method, path_prefix))

    def select(self, method: str | None = None, path_prefix: str | None = None) -> list[RecordedRequest]:
        with self._lock:
            return [
                r
                for r in self.requests
                if (method is None or r.method == method.upper())
                and (path_prefix is None or r.path.startswith(path_prefix))
            ]

    def writes(self) -> list[RecordedRequest]:
        with self._lock:
            return [r for r in self.requests if r.is_write]

    def clear(self) -> None:
        with self._lock:
            self.requests.clear()
