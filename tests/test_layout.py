"""The architecture, as the import graph shows it: layers that only look down, a pure core,
no import circles (not even inside functions or under TYPE_CHECKING), and a test module
for every module of the core and of the texts."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "nomic_ci"
TESTS = ROOT / "tests"

# what the pure layers must never touch: the outside world, the clock, randomness
IMPURE_MODULES = {"os", "subprocess", "shutil", "tempfile", "pathlib", "socket", "urllib",
                  "http", "random", "secrets", "time", "github", "requests", "io.open"}
IMPURE_FUNCTIONS = {"open", "input", "print"}  # called by their bare name
IMPURE_METHODS = {"now", "utcnow", "today", "time", "monotonic", "urandom", "getenv"}
# each layer, and the layers of nomic_ci it may import
LAYERS = {
    "core": {"core"},
    "text": {"core", "text"},
    "forges": {"core", "text", "forges"},
    "reconcile": {"core", "text", "forges"},
    "rulesets": {"core", "rulesets"},
    "cli": {"core", "text", "forges", "reconcile", "rulesets", "cli"},
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports(name: str) -> set[str]:
    """Every module of nomic_ci and every outside module `name` imports, anywhere in it."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            # `from . import x` imports the module x when there is one
            submodules = {f"{base}.{a.name}" for a in node.names} & MODULES.keys()
            found.update(submodules)
            if len(submodules) < len(node.names) or not _encloses(base, name):
                found.add(base)
    return found


def _encloses(package: str, name: str) -> bool:
    """A module's enclosing packages are loaded before it: importing from them is no edge."""
    return name.startswith(package + ".")


GRAPH = {name: {m for m in imports(name) if m in MODULES and m != name} for name in MODULES}


def layer(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else ""


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """A cycle in the graph, as the path that closes it; empty when there is none."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(name: str) -> list[str]:
        state[name] = 1
        path.append(name)
        for target in sorted(graph.get(name, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state and (cycle := walk(target)):
                return cycle
        path.pop()
        state[name] = 2
        return []
    for name in sorted(graph):
        if name not in state and (cycle := walk(name)):
            return cycle
    return []


def test_the_import_graph_has_no_cycle():
    assert find_cycle(GRAPH) == []
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]


def test_each_layer_imports_only_the_layers_below_it():
    wrong = [f"{name} imports {target}" for name, targets in GRAPH.items()
             for target in targets
             if layer(name) in LAYERS and layer(target) not in LAYERS[layer(name)]]
    assert wrong == []


@pytest.mark.parametrize("name", sorted(n for n in MODULES if layer(n) in ("core", "text")))
def test_the_core_and_the_texts_are_pure(name):
    outside = {m for m in imports(name) if not m.startswith("nomic_ci")}
    assert {m for m in outside if m.split(".")[0] in IMPURE_MODULES or m in IMPURE_MODULES} \
        == set(), "no I/O, clock or randomness in the pure layers"
    calls = [node.func for node in ast.walk(ast.parse(MODULES[name].read_text()))
             if isinstance(node, ast.Call)]
    assert {f.id for f in calls if isinstance(f, ast.Name)} & IMPURE_FUNCTIONS == set()
    assert {f.attr for f in calls if isinstance(f, ast.Attribute)} & IMPURE_METHODS == set()


BOARD = "nomic_ci.core.board"
# each board game the engine plays is a subpackage of core/board: its room
ROOMS = sorted(name for name, path in MODULES.items()
               if path.name == "__init__.py" and name.rpartition(".")[0] == BOARD)


def room_of(name: str) -> str | None:
    """The game whose room holds module `name`, if any."""
    return next((room for room in ROOMS if name == room or name.startswith(room + ".")), None)


def test_the_board_s_shared_machinery_imports_no_game():
    shared = [name for name in GRAPH if name.startswith(BOARD) and room_of(name) is None]
    assert len(ROOMS) == 3 and "nomic_ci.core.board.actions" in shared
    assert [f"{name} imports {target}" for name in shared for target in GRAPH[name]
            if room_of(target)] == []


def test_a_game_imports_no_other_game():
    assert [f"{name} imports {target}" for name, targets in GRAPH.items() if room_of(name)
            for target in targets if room_of(target) not in (None, room_of(name))] == []


def test_no_two_modules_share_a_name():
    seen: dict[str, str] = {}
    clashes = []
    for name in sorted(MODULES):
        if MODULES[name].name == "__init__.py":
            continue
        short = name.rsplit(".", 1)[-1]
        if short in seen:
            clashes.append(f"{seen[short]} and {name}")
        seen[short] = name
    packages = {n.rsplit(".", 1)[-1] for n in MODULES if MODULES[n].name == "__init__.py"}
    assert clashes == [] and packages & set(seen) == set()


@pytest.mark.parametrize("name", sorted(n for n in MODULES if layer(n) in ("core", "text")
                                        and MODULES[n].name != "__init__.py"))
def test_every_module_of_the_core_and_the_texts_has_its_test_module(name):
    folder, _, module = name.removeprefix("nomic_ci.").rpartition(".")
    expected = TESTS.joinpath(*folder.split("."), f"test_{module}.py")
    assert expected.is_file(), f"{expected.relative_to(ROOT)} tests {name}"


def test_the_graph_is_read_from_every_kind_of_import():
    """The reader itself: imports inside functions and under TYPE_CHECKING are edges too."""
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .game import Game\n"
              "def f():\n    from ..core import due\n")
    nodes = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ImportFrom)]
    assert [(n.module, n.level) for n in nodes] == [("typing", 0), ("game", 1), ("core", 2)]
    assert "nomic_ci.core.due" in imports("nomic_ci.reconcile")
