"""Houses (rule 11): bought as items for 5 points, built by their owner on a space with no
other feature; landing on another's House costs a point, which its owner gains."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..mechanics.binding import Binding
from ..mechanics.values import count, is_mapping
from .state import House

NAME = "House"
ITEM = "House"


@dataclass(frozen=True)
class HouseRule:
    price: int
    toll: int


def parse(value: Any) -> HouseRule:
    if not is_mapping(value) or set(value) != {"price", "toll"}:
        raise ValueError("{price: 5, toll: 1}")
    return HouseRule(count(value["price"]), count(value["toll"]))


BINDINGS = (
    Binding("houses", parse, "{price: 5, toll: 1}",
            "a House item costs `price` points (/buy House) and is built with /house on a "
            "space with no other feature; a player landing on a House pays its owner `toll`"),
)


def bound(board) -> bool:
    return "houses" in board


def present(view, space: int) -> bool:
    return any(h.space == space for h in view.board.houses)


def land(play, login: str, space: int) -> None:
    toll, cite = play.config.board["houses"].toll, play.cite("houses")
    for house in [h for h in play.board.houses if h.space == space]:
        if house.owner == login:
            continue  # paying oneself changes nothing
        if play.points_of(login) >= 1:
            paid = min(toll, play.points_of(login))
            play.gain(login, -paid, f"{house.owner}'s House on space {space} ({cite})")
            play.gain(house.owner, paid, f"{house.owner}'s House on space {space} ({cite})")


def build(play, login: str) -> str | None:
    """Rule 11: on their turn, on a space with no other feature, with a House item."""
    from .features import on_space
    token, cite = play.token(login), play.cite("houses")
    if token.item(ITEM) < 1:
        return f"{login} has no House item: /buy House first ({cite})"
    if not token.on_ring:
        return f"{login} is not on a primary space"
    features = on_space(play, token.space)
    if features:
        return f"space {token.space} has {', '.join(features)}: a House goes on a space with " \
               f"no other feature ({cite})"
    play.hold(token.with_item(ITEM, token.item(ITEM) - 1), f"{NAME} ({cite})",
              f"{login} uses a House item ({token.item(ITEM) - 1} left)")
    play.change_board(replace(play.board, houses=play.board.houses + (House(token.space, login),)),
                      {"house": "built", "space": token.space, "owner": login},
                      f"{NAME} ({cite}): {login} builds a House on space {token.space}")
    return None
