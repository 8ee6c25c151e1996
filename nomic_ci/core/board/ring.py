"""The ring of primary spaces (rule 5) and moving around it (rule 7).

Rule 5 binds `ring: {spaces: n}`; the board has n primary spaces plus those the
Frontier added since, numbered 1 to the total, the highest next to the lowest.
"""

from __future__ import annotations

from typing import Any

from ..frozen import frozen
from ..mechanics.binding import Binding
from ..mechanics.values import count, is_mapping

MAX_SPACES = 10_000  # a board anyone can draw and walk; far beyond any game's


@frozen
class Ring:
    """The `ring` binding: rule 5's number of primary spaces (the Frontier adds more in play)."""

    spaces: int


def parse_ring(value: Any) -> Ring:
    if not is_mapping(value) or set(value) != {"spaces"}:
        raise ValueError("{spaces: N}")
    try:
        return Ring(count(value["spaces"], minimum=2, maximum=MAX_SPACES))
    except ValueError:
        raise ValueError(f"{{spaces: N}} with N from 2 to {MAX_SPACES:,} (a board of fewer "
                         "than 2 spaces has nowhere to move)") from None


BINDINGS = (
    Binding("ring", parse_ring, "{spaces: N}",
            "the board is a ring of N primary spaces, numbered 1 to N, the highest next to the "
            "lowest (more as the Frontier adds them)"),
)


def advance(start: int, steps: int, total: int) -> tuple[int, ...]:
    """Each space entered moving up `steps` from `start`, the last where the token ends."""
    return tuple((start - 1 + i) % total + 1 for i in range(1, steps + 1))


def regress(start: int, steps: int, total: int) -> tuple[int, ...]:
    """Each space entered moving down `steps` from `start`."""
    return tuple((start - 1 - i) % total + 1 for i in range(1, steps + 1))
