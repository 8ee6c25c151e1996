"""Trades between players (rule 16): "Players may buy, sell, and trade items and currencies
with other players. The exchange ... takes place immediately after both players consent".

`/trade bob 3 points for 1 Flute` is the offerer's consent, kept in `state/board.yaml` as an
offer numbered by the action that made it; `/accept N` is the other player's, and the
exchange follows at once; `/decline N` (either of them) withdraws it. Points are the
currency; items are what the players hold (Flutes, Houses). Victory Points are neither a
currency nor an item (rule 0), and Numbers are not items, so neither is traded. Each side
must hold what it gives when the offer is made and when it is accepted, so no one trades
what they do not have or trades into debt (rule 16's first sentence).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ...mechanics.binding import Binding
from ...mechanics.values import choice
from ..boardfile import GULAG, Offer
from ..words import number_in

POINTS = "points"
NAME = "Trade"
_PART = re.compile(r"^(\d+)\s+([A-Za-z]+)$")

BINDINGS = (
    Binding("trades", choice("consent"), "'consent'",
            "players trade points and items: /trade LOGIN GIVE for GET offers, /accept N "
            "(the other player) exchanges at once, /decline N withdraws the offer"),
)

Goods = tuple[tuple[str, int], ...]


def _goods(text: str, items: set[str]) -> Goods | str:
    """'3 points and 1 Flute' as goods; why not, as a string."""
    if text.strip().lower() == "nothing":
        return ()
    found: dict[str, int] = {}
    for part in re.split(r"\s*(?:,|\band\b)\s*", text.strip()):
        match = _PART.match(part)
        if not match:
            return (f"{part!r} is not an amount: say a whole number and what, such as "
                    "'3 points' or '1 Flute' (or 'nothing')")
        count, name = int(match[1]), _name(match[2], items)
        if count < 1:
            return f"{part!r}: an amount is 1 or more"
        if name is None:
            known = ", ".join(sorted(items)) or "none"
            return f"{match[2]!r} cannot be traded: points and items ({known}) can (rule 16)"
        found[name] = found.get(name, 0) + count
    return tuple(sorted(found.items()))


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


def shown(goods: Goods) -> str:
    return " and ".join(f"{n} {name}" for name, n in goods) or "nothing"


def lacks(play, login: str, goods: Goods) -> str | None:
    """What `login` does not have of `goods`, if anything."""
    token = play.token(login)
    for name, count in goods:
        held = play.points_of(login) if name == POINTS else token.item(name)
        if held < count:
            return f"{login} has {held} {name}, not {count}"
    return None


def offer(play, login: str, words: list[str]) -> str | None:
    cite = play.cite("trades")
    rest = [w.lower() for w in words[1:]]
    if not words or "for" not in rest:
        return "offer a trade: /trade LOGIN 3 points for 1 Flute (or 'nothing' on one side)"
    to = next((p.login for p in play.state.players if p.login.lower() ==
               words[0].lstrip("@").lower()), None)
    if to is None:
        return f"{words[0]} is not a player: a trade is between players ({cite})"
    if to == login:
        return f"{login} cannot trade with themselves ({cite})"
    if play.token(to).space == GULAG:
        return f"{to} is in the Gulag and can neither gain nor lose points ({play.cite('gulag')})"
    at = rest.index("for")
    give_text, get_text = " ".join(words[1:at + 1]), " ".join(words[at + 2:])
    items = tradable_items(play)
    give, get = _goods(give_text, items), _goods(get_text, items)
    for side in (give, get):
        if isinstance(side, str):
            return side
    if not give and not get:
        return "a trade exchanges something: both sides are nothing"
    refused = lacks(play, login, give) or lacks(play, to, get)  # and no impossible asks
    if refused:
        return f"{refused}: no one trades what they do not have ({cite})"
    number = play.action
    made = Offer(number, login, to, give, get)
    play.change_board(replace(play.board, offers=play.board.offers + (made,)),
                      {"trade": "offered", "number": number, "from": login, "to": to,
                       "give": dict(give), "get": dict(get)},
                      f"{NAME} {number} ({cite}): {login} offers {to} {shown(give)} for "
                      f"{shown(get)}; {to} may /accept {number} (or /decline {number})")
    return None


def _find(play, words: list[str], verb: str) -> Offer | str:
    number = number_in(words[0].lstrip("#")) if len(words) == 1 else None
    if number is None:
        return f"say which offer: /{verb} N"
    found = next((o for o in play.board.offers if o.number == number), None)
    return found if found is not None else f"there is no open offer {number}"


def accept(play, login: str, words: list[str]) -> str | None:
    cite = play.cite("trades")
    found = _find(play, words, "accept")
    if isinstance(found, str):
        return found
    if found.to != login:
        return f"offer {found.number} is {found.offerer}'s to {found.to}: only {found.to} may " \
               f"accept it ({cite})"
    if play.token(found.offerer).space == GULAG:
        return f"{found.offerer} is in the Gulag and can neither gain nor lose points " \
               f"({play.cite('gulag')})"
    for who, goods in ((found.offerer, found.give), (login, found.get)):
        refused = lacks(play, who, goods)
        if refused:
            return f"{refused} now: no one trades what they do not have ({cite})"
    _close(play, found, f"{login} accepts")
    why = f"{NAME} {found.number} ({cite})"
    for giver, taker, goods in ((found.offerer, login, found.give),
                                (login, found.offerer, found.get)):
        for name, count in goods:
            if name == POINTS:
                play.gain(giver, -count, why)
                play.gain(taker, count, why)
            else:
                for who, change in ((giver, -count), (taker, count)):
                    token = play.token(who)
                    play.hold(token.with_item(name, token.item(name) + change), why,
                              f"{why}: {who} now has {token.item(name) + change} {name}")
    return None


def decline(play, login: str, words: list[str]) -> str | None:
    found = _find(play, words, "decline")
    if isinstance(found, str):
        return found
    if login not in (found.offerer, found.to):
        return f"offer {found.number} is between {found.offerer} and {found.to}"
    _close(play, found, f"{login} declines" if login == found.to else f"{login} withdraws it")
    return None


def _close(play, found: Offer, how: str) -> None:
    play.change_board(replace(play.board, offers=tuple(o for o in play.board.offers
                                                       if o.number != found.number)),
                      {"trade": "closed", "number": found.number, "why": how},
                      f"{NAME} {found.number} ({play.cite('trades')}): {how}")


def replayed(board, effect: Any):
    """The board after a trade's effect, for `verify`'s replay."""
    if effect["trade"] == "offered":
        made = Offer(effect["number"], effect["from"], effect["to"],
                     tuple(sorted((str(k), int(v)) for k, v in effect["give"].items())),
                     tuple(sorted((str(k), int(v)) for k, v in effect["get"].items())))
        return replace(board, offers=board.offers + (made,))
    return replace(board, offers=tuple(o for o in board.offers if o.number != effect["number"]))
