"""Trading, as every board that has it plays it: one player offers another what they give for
what they get, the offer being their consent; the other accepts, theirs, and the exchange is
made at once; either of them may decline it. Each side must hold what it gives when the offer
is made and again when it is accepted: no one trades what they do not have.

An offer is named by the number of the action that made it (`/accept 3`), and kept on the
board (`state/board.yaml`, `offers`) until it is accepted or declined: what a player accepts
is the offer they read, never one its offerer put in its place a moment before. A game says
what may be traded, between whom, and how it changes hands (its `Market`: Infinite Nomic's
rule 16, the Suber world's rule 306).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from ..frozen import frozen
from ..words import number_in

Goods = tuple[tuple[str, int], ...]  # a good's name -> how many, sorted by name
# the bindings that let players trade: Infinite Nomic's (rule 16), the Suber world's (306)
TRADING = ("trades", "trade")


@frozen
class Offer:
    """A trade one player offered another, waiting for the other's consent."""

    number: int  # the action that made it: its name
    offerer: str
    to: str
    give: Goods  # what the offerer gives
    get: Goods  # what they get in exchange


class Market(Protocol):
    """What a game trades: its goods, who may trade, and how goods change hands."""

    key: str  # the binding that lets players trade: every answer cites its rule
    example: str  # the goods of an offer as a player writes them: "3 points for 1 Flute"

    def goods(self, play, words: list[str]) -> Goods | str:
        """One side of an offer ('nothing' is handled before), or why it is not one."""

    def shown(self, goods: Goods) -> str:
        """Goods as an answer shows them."""

    def lacking(self, play, login: str, goods: Goods) -> str | None:
        """What `login` cannot give of `goods`, if anything."""

    def barred(self, play, login: str, other: str) -> str | None:
        """Why these two may not trade now, if they may not."""

    def hand(self, play, giver: str, taker: str, goods: Goods, why: str) -> None:
        """`giver` gives `goods` to `taker`, each change an effect saying `why`."""


def offer(market: Market, play, login: str, words: list[str]) -> str | None:
    """`/trade LOGIN GIVE for GET`: the offer, kept until accepted or declined; why not, if
    it cannot be made."""
    cite = play.cite(market.key)
    lowered = [w.lower() for w in words]
    if len(words) < 3 or "for" not in lowered[1:]:
        return f"say whom and what: /trade LOGIN {market.example} ('nothing' on one side for a gift)"
    to = next((p.login for p in play.state.players
               if p.login.lower() == words[0].lstrip("@").lower()), None)
    if to is None:
        return f"{words[0]} is not a player: a trade is between players ({cite})"
    if to == login:
        return f"{login} cannot trade with themselves ({cite})"
    barred = market.barred(play, login, to)
    if barred:
        return barred
    split = lowered.index("for", 1)
    sides = [market.goods(play, side) if lowered[start:end] != ["nothing"] else ()
             for side, start, end in ((words[1:split], 1, split),
                                      (words[split + 1:], split + 1, len(words)))]
    for side in sides:
        if isinstance(side, str):
            return side
    give, get = sides
    if not give and not get:
        return "a trade gives or gets something: both sides are nothing"
    lacking = market.lacking(play, login, give) or market.lacking(play, to, get)
    if lacking:
        return lacking
    made = Offer(play.action, login, to, give, get)
    play.change_board(replace(play.board, offers=play.board.offers + (made,)),
                      {"trade": "offered", "number": made.number, "from": login, "to": to,
                       "give": dict(give), "get": dict(get)},
                      f"{_name(made, cite)}: {login} offers {to} {market.shown(give)} for "
                      f"{market.shown(get)}; {to} may /accept {made.number} (or /decline "
                      f"{made.number})")
    return None


def accept(market: Market, play, login: str, words: list[str]) -> str | None:
    """`/accept N`: the trade offered to this player is made, at once."""
    cite = play.cite(market.key)
    found = _named(market, play, login, words, "accept")
    if isinstance(found, str):
        return found
    if found.to != login:
        return f"{_name(found, cite)} is {found.offerer}'s to {found.to}: only {found.to} may " \
               "accept it"
    if not play.plays(found.offerer):  # removed by hand since: their consent is no player's
        return f"{found.offerer} is no longer a player: {_name(found, cite)} can only be " \
               f"declined (/decline {found.number})"
    refused = market.barred(play, found.offerer, login) \
        or market.lacking(play, found.offerer, found.give) \
        or market.lacking(play, login, found.get)
    if refused:
        return refused
    _close(market, play, found, login, "accepts")
    market.hand(play, found.offerer, login, found.give, _name(found, cite))
    market.hand(play, login, found.offerer, found.get, _name(found, cite))
    return None


def decline(market: Market, play, login: str, words: list[str]) -> str | None:
    """`/decline N`: the one it is offered to declines it, or its offerer withdraws it."""
    found = _named(market, play, login, words, "decline")
    if isinstance(found, str):
        return found
    if login not in (found.offerer, found.to):
        return f"{_name(found, play.cite(market.key))} is between {found.offerer} and {found.to}"
    _close(market, play, found, login, "declines" if login == found.to else "withdraws it")
    return None


def _named(market: Market, play, login: str, words: list[str], verb: str) -> Offer | str:
    """The offer `/accept` or `/decline` names, or why there is none."""
    number = number_in(words[0].lstrip("#")) if len(words) == 1 else None
    if number is None:
        return f"say which offer: /{verb} N"
    found = next((o for o in play.board.offers if o.number == number), None)
    return found if found is not None else f"there is no open offer {number}"


def _close(market: Market, play, found: Offer, login: str, verb: str) -> None:
    """The offer is no longer open: `login` accepts, declines or withdraws it."""
    play.change_board(replace(play.board, offers=tuple(o for o in play.board.offers
                                                       if o.number != found.number)),
                      {"trade": "closed", "number": found.number, "why": f"{login} {verb}"},
                      f"{_name(found, play.cite(market.key))}: {login} {verb}")


def _name(found: Offer, cite: str) -> str:
    """How an answer names an offer: 'Trade 3 (rule 16)'."""
    return f"Trade {found.number} ({cite})"


def replayed(board, effect: Any):
    """The board after an offer was made or closed, for `verify`'s replay."""
    if effect["trade"] == "offered":
        made = Offer(effect["number"], effect["from"], effect["to"],
                     tuple(sorted((str(k), int(v)) for k, v in effect["give"].items())),
                     tuple(sorted((str(k), int(v)) for k, v in effect["get"].items())))
        return replace(board, offers=board.offers + (made,))
    return replace(board, offers=tuple(o for o in board.offers if o.number != effect["number"]))
