"""Check a GraphQL answer against the query and the schema, independently of graphql-core's
execution: every object has exactly the keys the query selects for its type, every value
the type the schema gives its field (null only where the schema allows it, enums among
their values, GitHub's scalars in their formats).

The fake answers through graphql-core, which coerces what its resolvers return (an int
becomes a String without complaint); this reads the answer as a client would.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from graphql import (GraphQLEnumType, GraphQLList, GraphQLNonNull, GraphQLObjectType,
                     GraphQLScalarType, GraphQLSchema, parse)
from graphql.language import ast

_SCALARS = {
    "Int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "Float": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "Boolean": lambda v: isinstance(v, bool),
    "String": lambda v: isinstance(v, str),
    "ID": lambda v: isinstance(v, str),
    "GitObjectID": lambda v: isinstance(v, str) and re.fullmatch(r"[0-9a-f]{40}", v) is not None,
    "BigInt": lambda v: isinstance(v, str) and v.isdigit(),
    "DateTime": lambda v: isinstance(v, str) and _iso(v),
}


def _iso(text: str) -> bool:
    try:
        datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
        return True
    except ValueError:
        return False


def shape_errors(schema: GraphQLSchema, query: str, variables: dict[str, Any] | None,
                 data: Any) -> list[str]:
    """Why `data` is not an answer GitHub's schema allows to `query` (empty when it is)."""
    document = parse(query)
    fragments = {d.name.value: d for d in document.definitions
                 if isinstance(d, ast.FragmentDefinitionNode)}
    operation = next(d for d in document.definitions if isinstance(d, ast.OperationDefinitionNode))
    checker = _Checker(schema, fragments, variables or {})
    root = schema.mutation_type if operation.operation is ast.OperationType.MUTATION else \
        schema.query_type
    checker.object(data, root, operation.selection_set, "data")
    return checker.errors


class _Checker:
    def __init__(self, schema, fragments, variables) -> None:
        self.schema, self.fragments, self.variables = schema, fragments, variables
        self.errors: list[str] = []

    def value(self, value: Any, kind: Any, selection: Any, path: str) -> None:
        if isinstance(kind, GraphQLNonNull):
            if value is None:
                self.errors.append(f"{path}: null where the schema says non-null")
                return
            kind = kind.of_type
        if value is None:
            return
        if isinstance(kind, GraphQLList):
            if not isinstance(value, list):
                self.errors.append(f"{path}: not a list")
                return
            for i, item in enumerate(value):
                self.value(item, kind.of_type, selection, f"{path}.{i}")
        elif isinstance(kind, GraphQLEnumType):
            if value not in kind.values:
                self.errors.append(f"{path}: {value!r} is not a {kind.name}")
        elif isinstance(kind, GraphQLScalarType):
            check = _SCALARS.get(kind.name, lambda v: isinstance(v, str))
            if not check(value):
                self.errors.append(f"{path}: {value!r} is not a {kind.name}")
        else:
            candidates = [kind] if isinstance(kind, GraphQLObjectType) else \
                self.schema.get_possible_types(kind)
            self.abstract(value, candidates, selection, path)

    def abstract(self, value: Any, candidates: list, selection: Any, path: str) -> None:
        """An object of one of `candidates`: the one whose selected keys it has."""
        if not isinstance(value, dict):
            self.errors.append(f"{path}: not an object")
            return
        named = value.get("__typename")
        fitting = [t for t in candidates if (named is None or t.name == named)
                   and set(self.fields(t, selection)) == set(value)]
        if not fitting:
            self.errors.append(f"{path}: keys {sorted(value)} fit none of "
                               f"{[t.name for t in candidates]}")
            return
        self.object(value, fitting[0], selection, path)

    def object(self, value: Any, kind: GraphQLObjectType, selection: Any, path: str) -> None:
        if not isinstance(value, dict):
            self.errors.append(f"{path}: not an object")
            return
        fields = self.fields(kind, selection)
        if set(fields) != set(value):
            self.errors.append(f"{path}: keys {sorted(value)}, the query selects "
                               f"{sorted(fields)}")
        for key, nodes in fields.items():
            name = nodes[0].name.value
            if name == "__typename":
                if value.get(key) != kind.name:
                    self.errors.append(f"{path}.{key}: not {kind.name}")
                continue
            merged = ast.SelectionSetNode(selections=tuple(
                s for n in nodes if n.selection_set for s in n.selection_set.selections))
            self.value(value.get(key), kind.fields[name].type, merged, f"{path}.{key}")

    def fields(self, kind: GraphQLObjectType, selection: Any) -> dict[str, list]:
        """The response keys the selection asks of an object of type `kind`."""
        found: dict[str, list] = {}
        for node in selection.selections if selection else ():
            if not self.included(node):
                continue
            if isinstance(node, ast.FieldNode):
                found.setdefault((node.alias or node.name).value, []).append(node)
                continue
            fragment = self.fragments[node.name.value] if isinstance(
                node, ast.FragmentSpreadNode) else node
            condition = fragment.type_condition
            if condition is None or self.applies(condition.name.value, kind):
                for key, nodes in self.fields(kind, fragment.selection_set).items():
                    found.setdefault(key, []).extend(nodes)
        return found

    def applies(self, condition: str, kind: GraphQLObjectType) -> bool:
        target = self.schema.get_type(condition)
        return target is kind or (not isinstance(target, GraphQLObjectType)
                                  and self.schema.is_sub_type(target, kind))

    def included(self, node: Any) -> bool:
        for directive in node.directives or ():
            argument = directive.arguments[0].value
            on = self.variables.get(argument.name.value) if isinstance(
                argument, ast.VariableNode) else argument.value
            if bool(on) != (directive.name.value == "include"):  # @include(false), @skip(true)
                return False
        return True
