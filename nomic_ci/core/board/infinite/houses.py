"""Houses (rule 11): bought as items for 5 points, built by their owner on a space with no
other feature; landing on another's House costs a point, which its owner gains."""

from __future__ import annotations

from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import count, is_mapping

NAME = "House"
ITEM = "House"


@frozen
class HouseRule:
    """The `houses` binding: a House's price, and the toll paid by a player who lands on it."""

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
        if house.owner == login or not play.plays(house.owner):
            continue  # paying oneself changes nothing; a removed player is paid nothing
        if play.points_of(login) >= 1:
            paid = min(toll, play.points_of(login))
            play.gain(login, -paid, f"{house.owner}'s House on space {space} ({cite})")
            play.gain(house.owner, paid, f"{house.owner}'s House on space {space} ({cite})")
