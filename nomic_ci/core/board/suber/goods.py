"""The Suber world's goods (seed 001): location resources (rule 305) and items (307), what a
player holds of them, and trade (rule 306): two players in the same location swap goods,
publicly and by mutual agreement. One offers with `/trade LOGIN 3 wheat for 2 fish`, the other
accepts the offer by its number with `/accept N` (core/board/trade.py).
Both must be in one location, and hold what they give, when the offer is made and again when
it is accepted; an item made this turn is not theirs to give yet (307b).

The rule also slows moving down: a player changes location once every `move_every` of
their turns (see locations.py).
"""

from __future__ import annotations

from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import count, is_mapping
from ..trade import Goods
from ...words import number_in
from .locations import location_of


@frozen
class TradeRule:
    """The `trade` binding: a rule that binds it lets players trade; its value slows moving down."""

    move_every: int  # a player changes location once every this many of their turns


def parse(value: Any) -> TradeRule:
    if not is_mapping(value) or set(value) != {"move_every"}:
        raise ValueError("{move_every: 3}")
    return TradeRule(count(value["move_every"], minimum=1, maximum=1000))


BINDINGS = (
    Binding("trade", parse, "{move_every: 3}",
            "players in the same location trade location resources and items by /trade and "
            "/accept; a player changes location once every `move_every` of their turns"),
)


def known_goods(view) -> tuple[str, ...]:
    """What can change hands: the location resources and the items the rules make."""
    board = view.config.board
    resources = tuple(board["location_resources"].resources) if "location_resources" in board \
        else ()
    items = tuple(board["professions"].items) if "professions" in board else ()
    return resources + items


def read_goods(view, words: list[str]) -> Goods | str:
    """'3 wheat 1 stock options' as ((wheat, 3), (stock options, 1)); or why it is not."""
    known = sorted(known_goods(view), key=lambda n: -len(n.split()))
    found: dict[str, int] = {}
    i = 0
    while i < len(words):
        amount = number_in(words[i])
        if not amount:
            return f"{words[i]!r} is not an amount: give whole numbers of 1 or more, such as " \
                   "3 wheat"
        rest = [w.lower() for w in words[i + 1:]]
        name = next((n for n in known if rest[:len(n.split())] == n.lower().split()), None)
        if name is None:
            return f"after {amount}, name what: one of {', '.join(known_goods(view))}"
        found[name] = found.get(name, 0) + amount
        i += 1 + len(name.split())
    return tuple(sorted(found.items()))


def shown(goods: Goods) -> str:
    return ", ".join(f"{n} {name}" for name, n in goods) or "nothing"


def lacking(view, login: str, goods: Goods) -> str | None:
    """What `login` cannot give of `goods`, if anything: an item made this turn is not
    theirs to use or give yet (307b), or it could be used in its first turn by another."""
    token, settler = view.token(login), view.board.world.settler(login)
    free = {name: token.item(name) - settler.count("fresh", name) for name, _ in goods}
    short = [f"{n} {name} (has {free[name]}{' to give' if free[name] != token.item(name) else ''})"
             for name, n in goods if free[name] < n]
    return f"{login} does not have {', '.join(short)}" if short else None


def hand_over(play, login: str, name: str, n: int, why: str) -> None:
    """`login` gains (or, negative, loses) n of a resource or item."""
    token = play.token(login)
    play.hold(token.with_item(name, token.item(name) + n), why,
              f"{login} {'gains' if n > 0 else 'gives'} {abs(n)} {name} "
              f"(now {token.item(name) + n})")


class Market:
    """The world's trades (core/board/trade.py's Market): goods, in one location."""

    key, example = "trade", "3 wheat for 2 fish"

    def goods(self, play, words: list[str]) -> Goods | str:
        return read_goods(play, words)

    def shown(self, goods: Goods) -> str:
        return shown(goods)

    def lacking(self, play, login: str, goods: Goods) -> str | None:
        return lacking(play, login, goods)

    def barred(self, play, login: str, other: str) -> str | None:
        here, there = location_of(play, login), location_of(play, other)
        if here != there:
            return f"{login} is in the {here} and {other} in the {there}: a trade is made in " \
                   f"one location ({play.cite('trade')})"
        return None

    def hand(self, play, giver: str, taker: str, goods: Goods, why: str) -> None:
        for name, n in goods:
            hand_over(play, giver, name, -n, why)
            hand_over(play, taker, name, n, why)


MARKET = Market()
