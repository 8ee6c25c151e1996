"""Features (rule 11): what is on each space, and the order their effects apply on landing.

Each kind of feature is a module with `present(play, space)` and `land(play, login,
space)`; `feature_order` binds the order (alphabetical by name, as rule 11 says), and a
rule may move one feature before another (rule 20: snakes and ladders before the Cop Car).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...mechanics.binding import Binding
from ...mechanics.values import choice

BINDINGS = (
    Binding("feature_order", choice("alphabetical"), "'alphabetical'",
            "when a player lands on a space, the effects of its features apply in "
            "alphabetical order by feature name"),
)


@cache
def kinds() -> dict[str, Any]:
    """Every kind of feature, by the name rule 11 orders it by (one dict, never changed: the
    board's picture asks for it at each space)."""
    from . import bank, copcar, fate, fives, houses, shop, snakes, unlucky
    return {bank.NAME: bank, copcar.NAME: copcar, fives.NAME: fives, houses.NAME: houses,
            "Ladder": snakes.LADDER, fate.NAME: fate, shop.NAME: shop, "Snake": snakes.SNAKE,
            unlucky.NAME: unlucky}


def order(play) -> list[tuple[str, Any]]:
    """The kinds of features bound by the rules in force, in the order they apply."""
    board = play.config.board
    every = kinds()
    names = sorted(every)
    before = board.get("snakes_and_ladders")
    if before is not None and before.before in names:
        moved = [n for n in names if n in ("Ladder", "Snake")]
        rest = [n for n in names if n not in moved]
        at = rest.index(before.before)
        names = rest[:at] + moved + rest[at:]
    return [(name, every[name]) for name in names if every[name].bound(board)]


def on_space(view, space: int, tiles: bool = False) -> list[str]:
    """The features on a space, by name, in the order they apply; with `tiles`, rule 8's
    tiles (Fives, Master of Your Fate) as well, which apply in the same order."""
    return [name for name, kind in order(view) if kind.present(view, space)
            and (tiles or not getattr(kind, "TILE", False))]
