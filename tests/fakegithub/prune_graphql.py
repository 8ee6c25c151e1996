"""Prune GitHub's GraphQL schema to what the engine's queries reach.

Source: the npm package @octokit/graphql-schema, version 15.26.1, file
schema.graphql (GitHub's public GraphQL schema, as GitHub publishes it).
Its license:

    Copyright (c) GitHub 2025 - Licensed as MIT.

    Permission is hereby granted, free of charge, to any person obtaining
    a copy of this software and associated documentation files (the
    "Software"), to deal in the Software without restriction, including
    without limitation the rights to use, copy, modify, merge, publish,
    distribute, sublicense, and/or sell copies of the Software, and to
    permit persons to whom the Software is furnished to do so, subject to
    the following conditions:

    The above copyright notice and this permission notice shall be
    included in all copies or substantial portions of the Software.

    THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
    EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
    MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
    NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE
    LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION
    OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION
    WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

The output, github-schema.graphql beside this file, keeps the types and fields
the engine's queries (nomic_ci/forges/githubgraphql.py) select, with all their
arguments and the input types and enums those take, the fields an interface
they use asks of its kept implementations, and no descriptions. The fake
GitHub executes every query against it, so a query the engine sends that
GitHub's schema would refuse fails the tests. Regenerate it after changing
the engine's queries:

    python -m tests.fakegithub.prune_graphql            # runs `npm pack` in a temp dir
    python -m tests.fakegithub.prune_graphql PACKAGE    # an unpacked package dir or its .tgz
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import tempfile
from dataclasses import replace
from pathlib import Path

from graphql import (DocumentNode, GraphQLInterfaceType, GraphQLSchema, TypeInfo, TypeInfoVisitor, Visitor,
                     build_schema, get_named_type, parse, print_ast, validate, visit)
from graphql.language import ast

PACKAGE = "@octokit/graphql-schema"
VERSION = "15.26.1"
MEMBER = "package/schema.graphql"
OUTPUT = Path(__file__).with_name("github-schema.graphql")
HEADER = (f"# GitHub's GraphQL schema, pruned to what nomic-ci's engine queries (see "
          f"prune_graphql.py).\n# Source: npm {PACKAGE}@{VERSION} schema.graphql. "
          "Copyright (c) GitHub 2025 - Licensed as MIT\n# (the license text is in "
          "prune_graphql.py).\n\n")


def load_sdl(source: str | None) -> str:
    """GitHub's schema from a package dir, a .tgz, or `npm pack` of the pinned version."""
    if source and Path(source).is_dir():
        return (Path(source) / MEMBER.removeprefix("package/")).read_text()
    with tempfile.TemporaryDirectory() as tmp:
        if source is None:
            subprocess.run(["npm", "pack", f"{PACKAGE}@{VERSION}", "--silent"], cwd=tmp,
                           check=True, capture_output=True)
            source = str(next(Path(tmp).glob("*.tgz")))
        with tarfile.open(source) as tar:
            member = tar.extractfile(MEMBER)
            assert member is not None, f"{MEMBER} missing from {source}"
            return member.read().decode()


def engine_queries() -> list[str]:
    """Every shape of query the engine sends: the fixed ones, and a batch with each kind of
    aliased read."""
    if __package__:
        from nomic_ci.forges import githubgraphql as gql
    else:  # run as a file: import the engine from the repository root
        sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
        from nomic_ci.forges import githubgraphql as gql  # type: ignore[no-redef]
    kinds = ("files", "reviews", "reactions", "opinions", "by:alice")
    pull = gql.Pull({"number": 1}, cursors=dict.fromkeys(kinds, "x"))
    batch = gql.Batch()
    for kind in kinds:
        batch.page(pull, kind)
    batch.pull(2, reactions=True)
    for read in (("comment", "IC_x"), ("first", None), ("latest", None)):
        batch.said(pull, read)
    batch.blob("0123abcd:rules/101.md")
    batch.blob("0123456789abcdef0123456789abcdef01234567")
    return [gql.game_query(True), gql.game_query(False), gql.game_query(True, False), gql.TIP,
            gql.TIP_KNOWN, batch.text(), gql.PIN_ISSUE, gql.MERGING]


def used(schema: GraphQLSchema, documents: list[DocumentNode]) -> tuple[dict[str, set[str]],
                                                                         set[str]]:
    """The fields selected on each type, and the types named (fragments, variables)."""
    fields: dict[str, set[str]] = {}
    named: set[str] = set()
    info = TypeInfo(schema)

    class Collect(Visitor):
        def enter_field(self, node, *_):
            parent = info.get_parent_type()
            if parent is not None and not node.name.value.startswith("__"):
                fields.setdefault(parent.name, set()).add(node.name.value)

        def enter_named_type(self, node, *_):
            named.add(node.name.value)

    for document in documents:
        visit(document, TypeInfoVisitor(info, Collect()))
    return fields, named


def prune(sdl: str, queries: list[str]) -> str:
    # GitHub's own schema repeats two fields and breaks a rule or two of the spec
    full = build_schema(sdl, assume_valid_sdl=True, assume_valid=True)
    documents = [parse(q) for q in queries]
    for document in documents:
        errors = validate(full, document)
        assert not errors, errors
    fields, named = used(full, documents)
    kept: set[str] = {"Query"} | named | set(fields)  # "Mutation" where a mutation is sent
    while True:
        size = (len(kept), sum(map(len, fields.values())))
        _reach(full, fields, kept)
        for name in kept:  # an interface needs a field: one every implementation has
            kind = full.type_map[name]
            if isinstance(kind, GraphQLInterfaceType) and not fields.get(name):
                fields[name] = {"id" if "id" in kind.fields else min(kind.fields)}
        for name in list(kept):  # a kept type keeps the fields its kept interfaces ask of it
            for interface in getattr(full.type_map[name], "interfaces", ()):
                if interface.name in kept:
                    fields.setdefault(name, set()).update(fields.get(interface.name, ()))
        if (len(kept), sum(map(len, fields.values()))) == size:
            break
    document = parse(sdl, no_location=True)
    definitions = []
    for node in document.definitions:
        name = getattr(getattr(node, "name", None), "value", None)
        if isinstance(node, ast.SchemaDefinitionNode):
            node = replace(node, operation_types=tuple(
                o for o in node.operation_types if o.type.name.value in kept))
        elif isinstance(node, ast.DirectiveDefinitionNode) or name not in kept:
            continue
        elif isinstance(node, (ast.ObjectTypeDefinitionNode, ast.InterfaceTypeDefinitionNode)):
            node = replace(node, fields=tuple(_bare(f) for f in node.fields
                                              if f.name.value in fields[name]),
                           interfaces=tuple(i for i in node.interfaces or () if i.name.value in kept))
        elif isinstance(node, ast.UnionTypeDefinitionNode):
            node = replace(node, types=tuple(t for t in node.types if t.name.value in kept))
        elif isinstance(node, ast.EnumTypeDefinitionNode):
            node = replace(node, values=tuple(_bare(v) for v in node.values))
        elif isinstance(node, ast.InputObjectTypeDefinitionNode):
            node = replace(node, fields=tuple(_bare(f) for f in node.fields))
        definitions.append(_bare(node))
    return HEADER + print_ast(replace(document, definitions=tuple(definitions))) + "\n"


def _reach(full: GraphQLSchema, fields: dict[str, set[str]], kept: set[str]) -> None:
    """Add to `kept` what kept fields return and take, and input types whole."""
    pending = list(kept)
    while pending:
        kind = full.type_map[pending.pop()]
        if hasattr(kind, "out_type"):  # an input object
            refs = [f.type for f in kind.fields.values()]
        else:
            refs = []
            for name in fields.get(kind.name, ()):
                field = kind.fields[name]
                refs += [field.type, *(arg.type for arg in field.args.values())]
        for ref in refs:
            name = get_named_type(ref).name
            if name not in kept:
                kept.add(name)
                pending.append(name)


def _plain(directives):
    """Only the directives every GraphQL server knows (`@deprecated`)."""
    return tuple(d for d in directives or () if d.name.value == "deprecated")


def _bare(node):
    """Without its description and any directive but `@deprecated`."""
    changes = {}
    if hasattr(node, "description"):
        changes["description"] = None
    if hasattr(node, "directives"):
        changes["directives"] = _plain(node.directives)
    if getattr(node, "arguments", None):
        changes["arguments"] = tuple(_bare(arg) for arg in node.arguments)
    return replace(node, **changes)


def main(argv: list[str]) -> None:
    text = prune(load_sdl(argv[0] if argv else None), engine_queries())
    schema = build_schema(text)
    for query in engine_queries():
        errors = validate(schema, parse(query))
        assert not errors, errors
    OUTPUT.write_text(text)
    print(f"wrote {OUTPUT} ({OUTPUT.stat().st_size // 1024} KiB, "
          f"{len([t for t in schema.type_map if not t.startswith('__')])} types)")


if __name__ == "__main__":
    main(sys.argv[1:])
