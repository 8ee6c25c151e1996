"""Trade (seed 001, rule 306, and 307b for items): two players in the same location swap
location resources and items, publicly and by mutual agreement: one offers with
`/trade LOGIN 3 wheat for 2 fish`, the other accepts with `/accept LOGIN`. Both must be in
one location, and hold what they give, when the offer is made and again when accepted.

The rule also slows moving down: a player changes location once every `move_every` of
their turns (see locations.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import count, is_mapping
from .locations import location_of
from ..words import number_in
from ..worldfile import Offer

Goods = tuple[tuple[str, int], ...]


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


def _apart(view, a: str, b: str) -> str | None:
    here, there = location_of(view, a), location_of(view, b)
    if here != there:
        return f"{a} is in the {here} and {b} in the {there}: a trade is made in one location " \
               f"({view.cite('trade')})"
    return None


def offer(play, login: str, words: list[str]) -> str | None:
    """`/trade LOGIN GOODS for GOODS` ('nothing' for a gift): the offer stands until
    accepted or replaced."""
    cite = play.cite("trade")
    if len(words) < 3 or "for" not in [w.lower() for w in words[1:]]:
        return "say whom and what: /trade LOGIN 3 wheat for 2 fish"
    other = next((p.login for p in play.state.players if p.login.lower() == words[0].lower()),
                 None)
    if other is None:
        return f"{words[0]} is not a player"
    if other == login:
        return "a trade is made with another player"
    split = [w.lower() for w in words].index("for", 1)
    sides = [words[1:split], words[split + 1:]]
    give, get = (() if side in ([], ["nothing"]) else read_goods(play, side) for side in sides)
    for side in (give, get):
        if isinstance(side, str):
            return side
    if not give and not get:
        return "a trade gives or gets something"
    # each side must hold what it would give (rule 306's "mutually agreed": no offer of
    # what the other does not have, nor of amounts past what a game can count)
    refused = _apart(play, login, other) or lacking(play, login, give) \
        or lacking(play, other, get)
    if refused:
        return refused
    settler = play.board.world.settler(login)
    play.settle(replace(settler, offer=Offer(other, give, get)), f"a trade offered ({cite})",
                f"{login} offers {other} {shown(give)} for {shown(get)} ({cite}): "
                f"{other} may /accept {login}")
    return None


def accept(play, login: str, words: list[str]) -> str | None:
    """`/accept LOGIN`: the trade LOGIN offered this player is made."""
    cite = play.cite("trade")
    if len(words) != 1:
        return "say whose offer: /accept LOGIN"
    other = next((s.login for s in play.board.world.settlers
                  if s.login.lower() == words[0].lower()), words[0])
    offered = play.board.world.settler(other).offer
    if offered is None or offered.to != login:
        return f"{other} offers {login} no trade"
    refused = _apart(play, login, other) or lacking(play, other, offered.give) \
        or lacking(play, login, offered.get)
    if refused:
        return refused
    play.settle(replace(play.board.world.settler(other), offer=None), f"a trade ({cite})")
    _hand(play, other, login, offered.give, cite)
    _hand(play, login, other, offered.get, cite)
    play.say(f"{login} and {other} trade ({cite}): {other} gives {shown(offered.give)} for "
             f"{shown(offered.get)}")
    return None


def _hand(play, giver: str, taker: str, goods: Goods, cite: str) -> None:
    for name, n in goods:
        hand_over(play, giver, name, -n, f"a trade ({cite})")
        hand_over(play, taker, name, n, f"a trade ({cite})")


def hand_over(play, login: str, name: str, n: int, why: str) -> None:
    """`login` gains (or, negative, loses) n of a resource or item."""
    token = play.token(login)
    play.hold(token.with_item(name, token.item(name) + n), why,
              f"{login} {'gains' if n > 0 else 'gives'} {abs(n)} {name} "
              f"(now {token.item(name) + n})")
