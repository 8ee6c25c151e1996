"""The Shop (rule 11): on prime spaces above 10, a player may buy the items it lists; and
the Flute, which moves a Snake to an adjacent space."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any, Mapping

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import count, is_mapping
from ..boardfile import Pair
from ...words import number_in

NAME = "Shop"
FLUTE = "Flute"


@frozen
class ShopRule:
    """The `shop` binding: where Shops stand, and the items they sell at their prices."""

    above: int  # Shops stand on the prime spaces above this
    items: Mapping[str, int]  # item -> price in points


def parse(value: Any) -> ShopRule:
    if not is_mapping(value) or set(value) != {"above", "items"} or not is_mapping(
            value["items"]) or not value["items"]:
        raise ValueError("{above: 10, items: {Flute: 3}}")
    return ShopRule(count(value["above"]),
                    MappingProxyType({str(k): count(v) for k, v in value["items"].items()}))


BINDINGS = (
    Binding("shop", parse, "{above: 10, items: {Flute: 3}}",
            "Shops stand on the prime spaces above `above`; a player on one may /buy the items "
            "listed, at the listed price in points"),
)


def bound(board) -> bool:
    return "shop" in board


def present(view, space: int) -> bool:
    return space > view.config.board["shop"].above and _prime(space)


def land(play, login: str, space: int) -> None:
    items = ", ".join(f"{k} for {v}" for k, v in play.config.board["shop"].items.items())
    play.say(f"{NAME} on space {space} ({play.cite('shop')}): {login} may /buy {items}")


def _prime(n: int) -> bool:
    return n > 1 and all(n % d for d in range(2, int(n ** 0.5) + 1))


def use_flute(play, login: str, words: list[str]) -> str | None:
    """`/use Flute Snake 1U up`: the Snake end moves to the adjacent space (rule 11)."""
    token, cite = play.token(login), play.cite("shop")
    if token.item(FLUTE) < 1:
        return f"{login} has no Flute"
    number = number_in(words[1][:-1]) if len(words) == 3 else None
    if number is None or words[0].capitalize() != "Snake" or words[2] not in ("up", "down") \
            or words[1][-1:].upper() not in ("L", "U"):
        return "say which Snake end and where: /use Flute Snake 1U up (or down)"
    end = words[1][-1].upper()
    pair = next((p for p in play.board.pairs if p.kind == "Snake" and p.number == number), None)
    if pair is None:
        return f"there is no Snake {number}"
    space = pair.lower if end == "L" else pair.upper
    to = space % play.total_spaces + 1 if words[2] == "up" else (space - 2) % play.total_spaces + 1
    other = pair.upper if end == "L" else pair.lower
    if to == other:
        return f"Snake {number}'s ends would share space {to}"
    lower, upper = sorted((to, other))
    moved = Pair("Snake", number, lower, upper)
    play.hold(token.with_item(FLUTE, token.item(FLUTE) - 1), f"{FLUTE} ({cite})",
              f"{login} plays a Flute, and it disappears ({cite})")
    play.change_board(replace(play.board, pairs=tuple(moved if p == pair else p
                                                      for p in play.board.pairs)),
                      {"pair": f"Snake {number}", "from": [pair.lower, pair.upper],
                       "to": [lower, upper]},
                      f"{FLUTE} ({cite}): Snake {number}{end} moves from space {space} to {to}")
    return None
