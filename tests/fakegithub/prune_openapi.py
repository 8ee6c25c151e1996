"""Prune GitHub's REST OpenAPI description to what the fake implements.

Source: the npm package @octokit/openapi, version 23.0.2, file
generated/api.github.com.json (GitHub's official REST description with
Octokit extensions).  Its license:

    MIT License Copyright (c) 2020 Octokit contributors

    Permission is hereby granted, free of charge, to any person obtaining a
    copy of this software and associated documentation files (the
    "Software"), to deal in the Software without restriction, including
    without limitation the rights to use, copy, modify, merge, publish,
    distribute, sublicense, and/or sell copies of the Software, and to permit
    persons to whom the Software is furnished to do so, subject to the
    following conditions:

    The above copyright notice and this permission notice (including the next
    paragraph) shall be included in all copies or substantial portions of the
    Software.

    THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS
    OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
    MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN
    NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
    DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
    OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE
    USE OR OTHER DEALINGS IN THE SOFTWARE.

The output, openapi-subset.json beside this file, keeps for each operation
in the fake's route table only its responses (response $refs inlined,
headers dropped) and the component schemas they reach, without
descriptions and examples.  Regenerate it after adding a route:

    python -m tests.fakegithub.prune_openapi            # runs `npm pack` in a temp dir
    python -m tests.fakegithub.prune_openapi PACKAGE    # an unpacked package dir or its .tgz
"""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

PACKAGE = "@octokit/openapi"
VERSION = "23.0.2"
MEMBER = "package/generated/api.github.com.json"
OUTPUT = Path(__file__).with_name("openapi-subset.json")

# Schema keywords that only document; dropped to keep the subset small.
_DOC_KEYS = {"description", "example", "examples", "externalDocs", "x-github-breaking-changes"}


def load_description(source: str | None) -> dict[str, Any]:
    """GitHub's description from a package dir, a .tgz, or `npm pack` of the pinned version."""
    if source and Path(source).is_dir():
        return json.loads((Path(source) / MEMBER.removeprefix("package/")).read_text())
    with tempfile.TemporaryDirectory() as tmp:
        if source is None:
            subprocess.run(
                ["npm", "pack", f"{PACKAGE}@{VERSION}", "--silent"], cwd=tmp, check=True, capture_output=True
            )
            source = str(next(Path(tmp).glob("*.tgz")))
        with tarfile.open(source) as tar:
            member = tar.extractfile(MEMBER)
            assert member is not None, f"{MEMBER} missing from {source}"
            return json.load(member)


def strip_docs(node: Any, in_properties: bool = False) -> Any:
    """Drop documentation keywords, but never a property that happens to be named like one."""
    if isinstance(node, list):
        return [strip_docs(item) for item in node]
    if not isinstance(node, dict):
        return node
    return {
        key: strip_docs(value, in_properties=(key == "properties" and not in_properties))
        for key, value in node.items()
        if in_properties or key not in _DOC_KEYS
    }


def prune(spec: dict[str, Any], operations: list[tuple[str, str]]) -> dict[str, Any]:
    """The subset of `spec` that `operations` ((method, path) pairs) and their schemas need."""
    components = spec["components"]
    paths: dict[str, dict[str, Any]] = {}
    for method, path in operations:
        op = spec["paths"][path][method]
        responses = {}
        for code, response in op["responses"].items():
            if "$ref" in response:
                response = components["responses"][response["$ref"].rsplit("/", 1)[1]]
            responses[code] = {"content": response["content"]} if "content" in response else {}
        paths.setdefault(path, {})[method] = {
            "operationId": op["operationId"],
            "responses": strip_docs(responses),
        }
    schemas: dict[str, Any] = {}
    pending = _schema_refs(paths)
    while pending:
        name = pending.pop()
        if name not in schemas:
            schemas[name] = strip_docs(components["schemas"][name])
            pending |= _schema_refs(schemas[name])
    return {
        "openapi": spec["openapi"],
        "info": {
            "title": "GitHub REST API subset for tests/fakegithub",
            "version": spec["info"]["version"],
            "x-source": f"npm {PACKAGE}@{VERSION} {MEMBER}",
            "license": {"name": "MIT"},
        },
        "paths": dict(sorted(paths.items())),
        "components": {"schemas": dict(sorted(schemas.items()))},
    }


def _schema_refs(node: Any) -> set[str]:
    if isinstance(node, list):
        return set().union(*(_schema_refs(item) for item in node)) if node else set()
    if not isinstance(node, dict):
        return set()
    found = set().union(*(_schema_refs(v) for v in node.values())) if node else set()
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
        found.add(ref.rsplit("/", 1)[1])
    return found


def implemented_operations() -> list[tuple[str, str]]:
    if __package__:
        from .server import ROUTES
    else:  # run as a file: import the package from its parent directory
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from fakegithub.server import ROUTES  # type: ignore[no-redef]
    return sorted({r.operation for r in ROUTES})


def main(argv: list[str]) -> None:
    subset = prune(load_description(argv[0] if argv else None), implemented_operations())
    OUTPUT.write_text(json.dumps(subset, indent=1, sort_keys=False) + "\n")
    schemas = len(subset["components"]["schemas"])
    print(f"wrote {OUTPUT} ({OUTPUT.stat().st_size // 1024} KiB, {schemas} schemas)")


if __name__ == "__main__":
    main(sys.argv[1:])
