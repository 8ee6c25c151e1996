"""Golden Egg Laying Hens (seed 003 rule 14 and 5.3's inventory): bought at any time for
$3000, at most 4 a player; each has a 1 in 4 chance of laying a Golden Egg every turn from
the turn after it is bought; an egg is kept or exchanged for $1000.

`hens: {price: 3000, one_in: 4, egg: 1000, most: 4}`: each turn, a d`one_in` for each hen,
and a 1 lays an egg. Commands are immediate, and turns come at the updates, so every hen
held when a turn begins was bought before it (14.4).
"""

from __future__ import annotations

from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import Roll, counts
from .money import pay, pay_refusal, receive, sell_back

HEN, EGG = "Hen", "Golden Egg"


@frozen
class Hens:
    """The `hens` binding: a hen's price, its odds of an egg a turn, an egg's worth, and the most
    a player may own."""

    price: int
    one_in: int
    egg: int
    most: int


def parse_hens(value: Any) -> Hens:
    found = counts(value, "{price: 3000, one_in: 4, egg: 1000, most: 4}",
                   ("price", "one_in", "egg", "most"))
    if found["one_in"] < 2:
        raise ValueError("{price: 3000, one_in: 4, egg: 1000, most: 4} with one_in of 2 or "
                         "more (a die has at least two sides)")
    return Hens(**found)


BINDINGS = (
    Binding("hens", parse_hens, "{price: 3000, one_in: 4, egg: 1000, most: 4}",
            "/buy hen for `price` (at most `most` each); every turn each hen lays a Golden Egg "
            "on a 1 of a d`one_in`; /exchange egg gives `egg` dollars"),
)


def buy(play, login: str) -> str | None:
    rule, cite, token = play.config.board["hens"], play.cite("hens"), play.token(login)
    if token.item(HEN) >= rule.most:
        return f"{login} has {token.item(HEN)} hens, the most a player may own ({cite})"
    refused = pay_refusal(play, login, rule.price)
    if refused:
        return refused
    pay(play, login, rule.price, f"a Golden Egg Laying Hen ({cite})")
    play.hold(token.with_item(HEN, token.item(HEN) + 1), f"a hen ({cite})",
              f"{login} now has {token.item(HEN) + 1} hen{'s' if token.item(HEN) else ''}")
    return None


def lay(play, login: str) -> None:
    """Each hen's chance of an egg this turn (14.2)."""
    rule = play.config.board.get("hens")
    hens = play.token(login).item(HEN)
    if rule is None or not hens:
        return
    cite = play.cite("hens")
    for nth in range(1, hens + 1):
        rolled = play.roll(Roll(1, rule.one_in), f"{login}'s hen {nth} ({cite})")
        if rolled == 1:
            token = play.token(login)
            play.hold(token.with_item(EGG, token.item(EGG) + 1), f"a Golden Egg ({cite})",
                      f"{login}'s hen {nth} rolls 1 of d{rule.one_in} and lays a Golden Egg "
                      f"({cite})")
        else:
            play.say(f"{login}'s hen {nth} rolls {rolled} of d{rule.one_in}: no egg")


def exchange(play, login: str, words: list[str]) -> str | None:
    """`/exchange egg` (14.3): a Golden Egg for $1000."""
    rule, cite, token = play.config.board["hens"], play.cite("hens"), play.token(login)
    if [w.lower() for w in words] not in (["egg"], ["golden", "egg"]):
        return "/exchange egg exchanges a Golden Egg for money"
    if token.item(EGG) < 1:
        return f"{login} has no Golden Egg"
    play.hold(token.with_item(EGG, token.item(EGG) - 1), f"a Golden Egg ({cite})",
              f"{login} exchanges a Golden Egg")
    receive(play, login, rule.egg, f"a Golden Egg ({cite})")
    return None


def sell(play, login: str) -> None:
    token, rule = play.token(login), play.config.board["hens"]
    play.hold(token.with_item(HEN, token.item(HEN) - 1), f"a sale ({play.config.cite('money')})",
              f"{login} sells a hen back")
    receive(play, login, sell_back(play, rule.price),
            f"a hen bought for ${rule.price:,} ({play.config.cite('money')})")
