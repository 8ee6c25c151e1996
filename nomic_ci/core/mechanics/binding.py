"""A binding: a key a rule may enact in its front matter, with the parser of its value."""

from __future__ import annotations

from typing import Any, Callable

from ..frozen import frozen


@frozen
class Binding:
    """What the engine knows of one binding; each mechanic's module lists its own in `BINDINGS`."""

    key: str
    parse: Callable[[Any], Any]  # raises ValueError with what was expected
    expects: str  # what a valid value looks like, for error messages
    doc: str  # what the binding makes the engine do
