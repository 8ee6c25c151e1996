"""Commerce (rule 16): no one buys with 0 or fewer points, or into debt; and buying items."""

from __future__ import annotations

from typing import Any

from ..mechanics.binding import Binding
from ..mechanics.values import choice

BINDINGS = (
    Binding("commerce", choice("no-debt"), "'no-debt'",
            "a player may not buy with 0 or fewer points, nor if buying would leave them below "
            "0"),
)


def refusal(play, login: str, price: int) -> str | None:
    """Why `login` may not pay `price` points now, if they may not."""
    points = play.points_of(login)
    if "commerce" in play.config.board and (points <= 0 or points - price < 0):
        return (f"{login} has {points} points and may not buy for {price} "
                f"({play.cite('commerce')})")
    return None


def buy(play, login: str, item: str) -> str | None:
    """`/buy ITEM`: a House anywhere (rule 11), a shop's item on a Shop."""
    from dataclasses import replace as _  # noqa: F401  (keeps imports local and light)
    from . import houses, shop
    board, token = play.config.board, play.token(login)
    name = item.capitalize()
    if name == houses.ITEM and "houses" in board:
        price, why = board["houses"].price, f"{houses.NAME} ({play.cite('houses')})"
    elif "shop" in board and name in board["shop"].items:
        if not (token.on_ring and shop.present(play, token.space)):
            return f"{name}s are sold on a Shop, and {login} is not on one ({play.cite('shop')})"
        price, why = board["shop"].items[name], f"{shop.NAME} ({play.cite('shop')})"
    else:
        sold = ([houses.ITEM] if "houses" in board else []) + (
            list(board["shop"].items) if "shop" in board else [])
        return f"there is no item {item!r} to buy; the items are {', '.join(sold) or 'none'}"
    refused = refusal(play, login, price)
    if refused:
        return refused
    play.gain(login, -price, f"{why}: {login} buys a {name}")
    play.hold(token.with_item(name, token.item(name) + 1), why,
              f"{login} now has {token.item(name) + 1} {name}{'s' if token.item(name) else ''}")
    return None
