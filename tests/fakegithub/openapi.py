"""Validate the fake's answers against GitHub's own REST description (the pruned subset).

OpenAPI 3.0 schemas are JSON Schema plus `nullable`; converting that one
keyword lets the stock `jsonschema` validator check every recorded response
against the schema GitHub documents for its operation and status code.
"""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path
from typing import Any

import jsonschema

from .recording import RecordedRequest

SUBSET = Path(__file__).with_name("openapi-subset.json")


def to_json_schema(node: Any) -> Any:
    """OpenAPI 3.0 schema -> JSON Schema: `nullable: true` becomes "or null"."""
    if isinstance(node, list):
        return [to_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {
        key: to_json_schema(value) for key, value in node.items() if key not in ("nullable", "discriminator")
    }
    if node.get("nullable") is True:
        return {"anyOf": [{"type": "null"}, converted]}
    return converted


class ResponseValidator:
    """Looks up the documented schema of (operation, status) and validates a body with it."""

    def __init__(self, path: Path = SUBSET) -> None:
        self.spec = json.loads(path.read_text())

    @cached_property
    def _components(self) -> dict[str, Any]:
        return {"schemas": to_json_schema(self.spec["components"]["schemas"])}

    def operations(self) -> set[tuple[str, str]]:
        return {(method, path) for path, item in self.spec["paths"].items() for method in item}

    def schema_for(self, operation: tuple[str, str], status: int) -> dict[str, Any] | None:
        """The JSON schema of the response body, None when GitHub documents no body."""
        method, path = operation
        responses = self.spec["paths"][path][method]["responses"]
        response = responses.get(str(status))
        if response is None:
            raise KeyError(f"{method.upper()} {path} does not document status {status}")
        content = response.get("content") or {}
        media = content.get("application/json") or next(iter(content.values()), None)
        return to_json_schema(media["schema"]) if media else None

    def errors(self, request: RecordedRequest) -> list[str]:
        """Why the recorded response does not match GitHub's description (empty when it does)."""
        assert request.operation is not None, f"{request.method} {request.path} matched no route"
        try:
            schema = self.schema_for(request.operation, request.status)
        except KeyError as missing:
            return [str(missing)]
        if schema is None:
            return [] if request.response is None else ["GitHub sends no body here"]
        root = {"allOf": [schema], "components": self._components}
        validator = jsonschema.Draft4Validator(root, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
        return [
            f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator.iter_errors(request.response)
        ]
