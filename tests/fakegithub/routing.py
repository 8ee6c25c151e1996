"""The route table machinery: matching a request to a handler, and pagination.

Routes are written as GitHub's OpenAPI path templates so that one table
serves the dispatcher, the OpenAPI pruning script and the schema test.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import ApiError, not_found
from .state import User

if TYPE_CHECKING:
    from .backend import Backend

DEFAULT_PER_PAGE = 30
MAX_PER_PAGE = 100

# Path parameters that may contain slashes: git refs and file paths.
_GREEDY = {"ref", "path"}


@dataclass
class Response:
    """What a handler answers; `body` None means no body (204)."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Call:
    """One API request as a handler sees it."""

    backend: Backend
    method: str
    path: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    user: User
    authorization: str = ""  # the header as sent: a GitHub App's route reads its JWT

    def int_param(self, name: str) -> int:
        try:
            return int(self.params[name])
        except ValueError:
            raise not_found() from None

    def field(self, name: str, default: Any = None) -> Any:
        """A field of the JSON object body (GitHub ignores the fields it does not know)."""
        return self.body.get(name, default) if isinstance(self.body, dict) else default


Handler = Callable[[Call], Response]


@dataclass(frozen=True)
class Route:
    """METHOD template -> handler; `spec` names the OpenAPI operation it implements."""

    method: str
    template: str
    handler: Handler
    spec: tuple[str, str] | None = None  # (method, OpenAPI path) when it differs from ours
    regex: re.Pattern = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "regex", _compile(self.template))

    @property
    def operation(self) -> tuple[str, str]:
        return self.spec or (self.method.lower(), self.template)


def _compile(template: str) -> re.Pattern:
    pattern = ""
    for literal, name in re.findall(r"([^{]*)(?:\{(\w+)\})?", template):
        pattern += re.escape(literal)
        if name:
            pattern += f"(?P<{name}>{'.+' if name in _GREEDY else '[^/]+'})"
    return re.compile(pattern)


class Router:
    """Finds the route for a request; GitHub answers 404 to paths it does not serve."""

    def __init__(self, routes: list[Route]) -> None:
        self.routes = routes

    def match(self, method: str, path: str) -> tuple[Route, dict[str, str]]:
        for candidate in self.routes:
            if candidate.method != method:
                continue
            found = candidate.regex.fullmatch(path)
            if found:
                params = {k: urllib.parse.unquote(v) for k, v in found.groupdict().items()}
                return candidate, params
        raise not_found()


def page_args(call: Call) -> tuple[int, int]:
    """(page, per_page) from the query, clamped as GitHub clamps them."""
    try:
        per_page = int(call.query.get("per_page", DEFAULT_PER_PAGE))
        page = int(call.query.get("page", 1))
    except ValueError:
        raise ApiError(422, "Invalid pagination parameters") from None
    return max(page, 1), min(max(per_page, 1), MAX_PER_PAGE)


def paginate(call: Call, items: list[Any], render: Callable[[Any], Any]) -> Response:
    """One page of `items`, rendered, with an RFC 5988 Link header like GitHub's."""
    page, per_page = page_args(call)
    last = max(1, -(-len(items) // per_page))
    chunk = items[(page - 1) * per_page : page * per_page]
    links = []
    if page < last:
        links += [(page + 1, "next"), (last, "last")]
    if page > 1:
        links += [(1, "first"), (min(page - 1, last), "prev")]
    headers = {}
    if links:
        headers["Link"] = ", ".join(f'<{_page_url(call, n)}>; rel="{rel}"' for n, rel in links)
    return Response(200, [render(item) for item in chunk], headers)


def _page_url(call: Call, page: int) -> str:
    query = {key: value for key, value in call.query.items() if key != "page"} | {"page": str(page)}
    return f"{call.backend.urls.api(call.path)}?{urllib.parse.urlencode(query)}"
