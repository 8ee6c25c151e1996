"""Commerce (rule 16): no one buys with 0 or fewer points, or into debt; and players trade
points and items: "Players may buy, sell, and trade items and currencies with other players.
The exchange ... takes place immediately after both players consent".

`/trade bob 3 points for 1 Flute` is the offerer's consent, an offer named by its number;
`/accept N` is the other player's, and the exchange follows at once; `/decline N` (either of
them) withdraws it (core/board/trade.py). Points are the currency; items are what the players
hold (Flutes, Houses). Victory Points are neither a currency nor an item (rule 0), and Numbers
are not items, so neither is traded.
"""

from __future__ import annotations

import re

from ...mechanics.binding import Binding
from ...mechanics.values import choice
from ..trade import Goods
from ...words import number_in

POINTS = "points"

BINDINGS = (
    Binding("commerce", choice("no-debt"), "'no-debt'",
            "a player may not buy with 0 or fewer points, nor if buying would leave them below "
            "0"),
    Binding("trades", choice("consent"), "'consent'",
            "players trade points and items: /trade LOGIN GIVE for GET offers, /accept N "
            "(the other player) exchanges at once, /decline N withdraws the offer"),
)


def refusal(play, login: str, price: int) -> str | None:
    """Why `login` may not pay `price` points now, if they may not."""
    points = play.points_of(login)
    if "commerce" in play.config.board and (points <= 0 or points - price < 0):
        return (f"{login} has {points} points and may not buy for {price} "
                f"({play.cite('commerce')})")
    return None


class Market:
    """Round 7's trades (core/board/trade.py's Market): points and items."""

    key, example = "trades", "3 points for 1 Flute"

    def goods(self, play, words: list[str]) -> Goods | str:
        """'3 points and 1 Flute' as goods; why not, as a string."""
        items = tradable_items(play)
        found: dict[str, int] = {}
        for part in re.split(r"\s*(?:,|\band\b)\s*", " ".join(words).strip()):
            amount, _, word = part.partition(" ")
            count, name = number_in(amount), _name(word, items)
            if count is None or not word.isalpha():
                return (f"{part!r} is not an amount: say a whole number and what, such as "
                        "'3 points' or '1 Flute' (or 'nothing')")
            if count < 1:
                return f"{part!r}: an amount is 1 or more"
            if name is None:
                known = ", ".join(sorted(items)) or "none"
                return f"{word!r} cannot be traded: points and items ({known}) can (rule 16)"
            found[name] = found.get(name, 0) + count
        return tuple(sorted(found.items()))

    def shown(self, goods: Goods) -> str:
        return " and ".join(f"{n} {name}" for name, n in goods) or "nothing"

    def lacking(self, play, login: str, goods: Goods) -> str | None:
        token = play.token(login)
        for name, count in goods:
            held = play.points_of(login) if name == POINTS else token.item(name)
            if held < count:
                return f"{login} has {held} {name}, not {count}: no one trades what they do " \
                       f"not have ({play.cite('trades')})"
        return None

    def barred(self, play, login: str, other: str) -> str | None:
        """A player in the Gulag can neither gain nor lose points (rule 8)."""
        jailed = next((who for who in (login, other)
                       if play.board.in_gulag(who, play.config.board)), None)
        if jailed is None:
            return None
        return f"{jailed} is in the Gulag and can neither gain nor lose points " \
               f"({play.cite('gulag')})"

    def hand(self, play, giver: str, taker: str, goods: Goods, why: str) -> None:
        for name, count in goods:
            if name == POINTS:
                play.gain(giver, -count, why)
                play.gain(taker, count, why)
                continue
            for who, change in ((giver, -count), (taker, count)):
                token = play.token(who)
                play.hold(token.with_item(name, token.item(name) + change), why,
                          f"{why}: {who} now has {token.item(name) + change} {name}")


MARKET = Market()


def _name(word: str, items: set[str]) -> str | None:
    lowered = word.lower()
    if lowered in ("point", "points"):
        return POINTS
    for item in items:
        if lowered in (item.lower(), item.lower() + "s"):
            return item
    return None


def tradable_items(play) -> set[str]:
    """The items the rules in force make, and any a player holds."""
    from . import houses
    board = play.config.board
    found = {houses.ITEM} if "houses" in board else set()
    found |= set(board["shop"].items) if "shop" in board else set()
    return found | {name for t in play.board.tokens for name, _ in t.items}
