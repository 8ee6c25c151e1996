"""BoredNomic's mechanics (seed 003): money, hit points and levels, the snake-wise grid, the
weekly turns at each update, Go, property, hens, the Arena and the Inquisition. Each is a
board kind like Infinite Nomic's (core/board/kinds.py), bound by a rule of the seed."""

from __future__ import annotations

from typing import Any, Mapping

from ...mechanics.values import count, is_mapping


def counts(value: Any, expected: str, required: tuple[str, ...],
           optional: Mapping[str, int] | None = None) -> dict[str, Any]:
    """A binding's mapping of whole numbers, `required` keys and `optional` ones with their
    defaults; anything else is refused with `expected`."""
    optional = dict(optional or {})
    if not is_mapping(value) or not set(required) <= set(value) <= {*required, *optional}:
        raise ValueError(expected)
    return {**optional, **{k: count(v) for k, v in value.items()}}
