"""Modules a library imports for what a command never does, loaded only when first used.

A command pays for every module it imports before it does anything: `nomic-ci github
reconcile` imported PyGithub's JWT signing (PyJWT, and the `cryptography` it loads: 0.4 s,
for a GitHub App key the workflows never hand the engine, which gets its token from
actions/create-github-app-token) and its sealing of secrets (PyNaCl); `dataclasses` imports
`inspect`, which only writes a docstring for a class without one. Each is put in
`sys.modules` as a stand-in, which the `import` statements find: the first time a name of
it is read, the module is imported and run, and the stand-in takes its names. (The standard
library's `importlib.util.LazyLoader` runs a module as soon as an `import` statement finds
it, on Python 3.11.)
"""

from __future__ import annotations

import sys
from types import ModuleType

PYGITHUB_UNUSED = ("jwt", "nacl", "nacl.encoding", "nacl.public")


class _StandIn(ModuleType):
    """A module not run yet: reading a name it lacks runs it."""

    def __getattr__(self, name: str):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)  # asked by the import machinery: not a reason to run it
        real = _run(self.__name__)
        self.__dict__.update(real.__dict__)
        return getattr(real, name)


def _run(name: str) -> ModuleType:
    import importlib
    if isinstance(sys.modules.get(name), _StandIn):
        del sys.modules[name]
    real = importlib.import_module(name)
    for child, module in list(sys.modules.items()):  # its submodules stood in for
        if child.rpartition(".")[0] == name and not hasattr(real, child.rpartition(".")[2]):
            setattr(real, child.rpartition(".")[2], module)
    return real


def defer(*names: str) -> None:
    """Run each of these modules when one of its names is first read, not when imported (one
    imported already stays as it is; one that is not installed is left for its import to
    say so)."""
    from importlib.util import find_spec  # only here: `status` imports none of this
    for name in names:
        if name in sys.modules:
            continue
        try:
            spec = find_spec(name)
        except (ImportError, ValueError):
            continue
        if spec is None:
            continue
        module = _StandIn(name)
        module.__spec__, module.__loader__ = spec, spec.loader
        module.__file__ = spec.origin
        module.__package__ = name if spec.submodule_search_locations is not None \
            else name.rpartition(".")[0]
        if spec.submodule_search_locations is not None:
            module.__path__ = list(spec.submodule_search_locations)
        sys.modules[name] = module
        parent, _, child = name.rpartition(".")
        if parent in sys.modules:  # as an import binds a submodule in its package
            setattr(sys.modules[parent], child, module)


def loaded(name: str) -> bool:
    """Whether a module was imported and run (not only stood in for, until used)."""
    module = sys.modules.get(name)
    return module is not None and not isinstance(module, _StandIn)
