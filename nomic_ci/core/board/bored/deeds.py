"""Property (seed 003 rule 16): a player who lands on an unowned square may buy it for 25 ×
its number, owning no more squares than their level, and names it; the Admin may reject the
name; an owner may give a square up, or (bankrupt) sell it back at a third (rule 4.5).

`property: {per_square: 25, per_level: 1, name_max: 40}`. 16.5 ("When a player lands on a
square owned by another player, the following things will happen:") lists nothing, so
landing on another's square does nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import counts
from ..boardfile import Deed
from ...words import number_in
from .money import choice_refusal, pay, pay_refusal, receive, sell_back
from .vitals import LEVEL, stat


@frozen
class Property:
    """The `property` binding: a square's price per its number, the squares owned a level, and
    the longest name."""

    per_square: int
    per_level: int
    name_max: int


def parse_property(value: Any) -> Property:
    return Property(**counts(value, "{per_square: 25, per_level: 1, name_max: 40}",
                             ("per_square", "per_level"), {"name_max": 40}))


BINDINGS = (
    Binding("property", parse_property, "{per_square: 25, per_level: 1, name_max: 40}",
            "a player who lands on an unowned square may /buy square NAME for `per_square` × "
            "its number, owning at most `per_level` squares a level; the Admin may /reject a "
            "name"),
)


def unownable(view) -> set[int]:
    """Squares no one may own (20.1: the Inquisition)."""
    rule = view.config.board.get("inquisition")
    return {rule.square} if rule is not None else set()


def price(view, square: int) -> int:
    return view.config.board["property"].per_square * square


def offer(play, login: str, square: int) -> None:
    """What landing on `square` offers (16.1)."""
    if "property" not in play.config.board or square in unownable(play):
        return
    deed = play.board.deed(square)
    if deed is None:
        play.say(f"square {square} is unowned: {login} may /buy square NAME for "
                 f"${price(play, square):,} ({play.cite('property')})")
    elif deed.owner != login:
        play.say(f"square {square} is {deed.owner}'s{_called(deed)}")


def buy(play, login: str, words: list[str]) -> str | None:
    """`/buy square NAME` on the square landed on in the latest turn (16.1–16.3)."""
    rule, cite, token = play.config.board["property"], play.cite("property"), play.token(login)
    square = token.space
    if token.landed is None or token.landed != square:
        return f"{login} may buy a square only when they land on it, and they have not " \
               f"landed on square {square} since their latest turn ({cite})"
    if square in unownable(play):
        return f"square {square} can not be owned by any player ({play.cite('inquisition')})"
    deed = play.board.deed(square)
    if deed is not None:
        return f"square {square} is {deed.owner}'s already: a square has one owner ({cite})"
    owned = sum(1 for d in play.board.deeds if d.owner == login)
    level = stat(play, login, LEVEL)
    if owned + 1 > rule.per_level * level:
        return f"{login} owns {owned} square{'s' if owned != 1 else ''} at level {level}, " \
               f"and may not own more than {max(rule.per_level * level, 0)} ({cite})"
    name = " ".join(words).strip()
    refused = _name_refusal(play, name, square)
    if refused:
        return refused
    refused = choice_refusal(play, login) or pay_refusal(play, login, price(play, square))
    if refused:
        return refused
    pay(play, login, price(play, square), f"square {square} ({cite})")
    _set(play, square, Deed(square, login, name, price(play, square)),
         f"{login} owns square {square}, named {name!r} ({cite})")
    return None


def name(play, login: str, words: list[str]) -> str | None:
    """`/name N NAME`: an owner names their square again after the Admin rejected it."""
    deed, refused = _own(play, login, words[:1])
    if refused:
        return refused
    if deed.name is not None:
        return f"square {deed.square} is named {deed.name!r}; a square is named again only " \
               f"after the Admin rejects its name ({play.cite('property')})"
    new = " ".join(words[1:]).strip()
    refused = _name_refusal(play, new, deed.square)
    if refused:
        return refused
    _set(play, deed.square, replace(deed, name=new),
         f"{login} names square {deed.square} {new!r} ({play.cite('property')})")
    return None


def reject(play, admin: str, words: list[str]) -> str | None:
    """`/reject N`: the Admin rejects square N's name (16.3); its owner names it again."""
    square = number_in(words[0]) if len(words) == 1 else None
    if square is None:
        return "say which square: /reject N"
    deed = play.board.deed(square)
    if deed is None or deed.name is None:
        return f"square {words[0]} has no name to reject"
    _set(play, deed.square, replace(deed, name=None),
         f"the Admin rejects the name {deed.name!r} of square {deed.square}: {deed.owner} "
         f"names it again with /name {deed.square} NAME ({play.cite('property')})")
    return None


def release(play, login: str, words: list[str]) -> str | None:
    """`/release N`: give up ownership of a square (16.4)."""
    deed, refused = _own(play, login, words)
    if refused:
        return refused
    _set(play, deed.square, None, f"{login} gives up square {deed.square}; it is unowned "
                                  f"({play.cite('property')})")
    return None


def sell(play, login: str, words: list[str]) -> str | None:
    """`/sell square N` (4.5): a bankrupt owner sells it back at a third of its price."""
    deed, refused = _own(play, login, words)
    if refused:
        return refused
    back = sell_back(play, deed.price)
    _set(play, deed.square, None, f"{login} sells square {deed.square} back")
    receive(play, login, back, f"the sale of square {deed.square}, bought for "
                               f"${deed.price:,} ({play.config.cite('money')})")
    return None


def _own(play, login: str, words: list[str]) -> tuple[Deed | None, str | None]:
    square = number_in(words[0]) if len(words) == 1 else None
    if square is None:
        return None, "say which square, by its number"
    deed = play.board.deed(square)
    if deed is None or deed.owner != login:
        return None, f"{login} does not own square {words[0]}"
    return deed, None


def _name_refusal(play, name: str, square: int) -> str | None:
    rule, cite = play.config.board["property"], play.cite("property")
    if not name:
        return f"name the square: the buyer must submit a name ({cite})"
    if len(name) > rule.name_max:
        return f"a square's name is at most {rule.name_max} characters ({cite})"
    taken = next((d for d in play.board.deeds if d.square != square and d.name
                  and d.name.casefold() == name.casefold()), None)
    if taken is not None:
        return f"square {taken.square} is named {taken.name!r} already ({cite})"
    return None


def _set(play, square: int, deed: Deed | None, line: str) -> None:
    others = tuple(d for d in play.board.deeds if d.square != square)
    deeds = others if deed is None else tuple(sorted(others + (deed,), key=lambda d: d.square))
    what = {"deed": square, "owner": None} if deed is None else {
        "deed": square, "owner": deed.owner, "name": deed.name, "price": deed.price}
    play.change_board(replace(play.board, deeds=deeds), what, line)


def _called(deed: Deed) -> str:
    return f", {deed.name!r}" if deed.name else ""
