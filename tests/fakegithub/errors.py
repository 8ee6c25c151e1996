"""GitHub's error answers, raised anywhere in the fake and rendered by the dispatcher."""

from __future__ import annotations

from typing import Any

DOCS = "https://docs.github.com/rest"


class ApiError(Exception):
    """An error response: `{"message", "documentation_url"}` plus `errors` for a 422."""

    def __init__(self, status: int, message: str, errors: list[dict[str, Any]] | None = None) -> None:
        super().__init__(f"{status} {message}")
        self.status = status
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "message": self.message,
            "documentation_url": DOCS,
            "status": str(self.status),
        }
        if self.errors is not None:
            body["errors"] = self.errors
        return body


def not_found() -> ApiError:
    return ApiError(404, "Not Found")


def invalid(resource: str, field: str, code: str = "invalid", **extra: Any) -> ApiError:
    """422 Validation Failed with one error, shaped as GitHub shapes them."""
    return ApiError(422, "Validation Failed", [{"resource": resource, "field": field, "code": code, **extra}])


TITLE_MOST = 256  # characters of an issue's or a pull request's title
BODY_MOST = 65536  # characters GitHub keeps of an issue's, a pull request's or a comment's text


def checked_body(resource: str, body: object) -> object:
    """A body to keep, or GitHub's 422 for one too long."""
    if isinstance(body, str) and len(body) > BODY_MOST:
        raise invalid(resource, "body", "custom",
                      message=f"body is too long (maximum is {BODY_MOST} characters)")
    return body


def checked_title(resource: str, title: object) -> object:
    """A title to keep, or GitHub's 422 for one too long."""
    if isinstance(title, str) and len(title) > TITLE_MOST:
        raise invalid(resource, "title", "custom",
                      message=f"title is too long (maximum is {TITLE_MOST} characters)")
    return title
