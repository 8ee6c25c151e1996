"""`POST /graphql`: GitHub's GraphQL API over the fake's world, checked against GitHub's schema.

Every query is parsed, validated and executed by graphql-core against
github-schema.graphql (GitHub's published schema, pruned by prune_graphql.py), so a
query GitHub would refuse is refused here too, and every answer has the shape GitHub's
schema gives it. Errors come back as GitHub sends them: HTTP 200 with an `errors` list
(and `data` where execution began).
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from graphql import (DocumentNode, ExecutionResult, GraphQLError, GraphQLSchema, build_schema,
                     execute_sync, parse, validate)

from .backend import Backend
from .graphql_objects import NotFound, Query

SCHEMA = Path(__file__).with_name("github-schema.graphql")
PATH = "/graphql"  # where GitHub serves it, beside the REST API's root


@cache
def schema() -> GraphQLSchema:
    return build_schema(SCHEMA.read_text())


@lru_cache(maxsize=256)
def checked(query: str) -> tuple[DocumentNode | None, tuple[GraphQLError, ...]]:
    """The query parsed and validated against the schema, as graphql_sync does before it
    executes: once per query text (the engine sends the same few queries all the time, and
    validating one took longer than answering it)."""
    try:
        document = parse(query)
    except GraphQLError as error:
        return None, (error,)
    return document, tuple(validate(schema(), document))


def execute(b: Backend, body: Any) -> dict[str, Any]:
    """The answer to one GraphQL request body: `{"data": ...}` and/or `{"errors": [...]}`."""
    if not isinstance(body, dict) or not isinstance(body.get("query"), str):
        return {"errors": [{"message": "A query attribute must be specified and must be a "
                                       "string."}]}
    variables = body.get("variables") or {}
    document, errors = checked(body["query"])
    if errors:
        result = ExecutionResult(data=None, errors=list(errors))
    else:
        result = execute_sync(schema(), document, root_value=Query(b), variable_values=variables,
                              operation_name=body.get("operationName"),
                              type_resolver=lambda value, *_: value.typename)
    answer: dict[str, Any] = {}
    if result.data is not None or result.errors is None:
        answer["data"] = result.data
    if result.errors:
        answer["errors"] = [_error(e) for e in result.errors]
    return answer


def _error(error) -> dict[str, Any]:
    formatted = dict(error.formatted)
    if isinstance(error.original_error, NotFound) or isinstance(error, NotFound):
        formatted["type"] = NotFound.type
    return formatted

