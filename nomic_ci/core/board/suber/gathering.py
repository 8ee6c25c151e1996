"""Location resources (seed 001, rule 305): after their turn ends, and until the following
turn ends, a player may `/gather` once: roll 2d6 (X) and gain the larger of 2 and X − L of
their location's resource, L being the other Landowners there (none in the City). Rolling
makes them a Landowner again; a skipped turn loses it (world_turns.py).

Items used on a player add a d3 to X where they work (rule 307b's Axe in the Jungle...), and
a claim adds a d3 and one per upgrade at no cost (rule 308): see crafts.py and claims.py.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any, Mapping

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import Roll, count, is_list, is_mapping, roll
from .claims import claim_yield
from .locations import location_of
from .goods import hand_over


@frozen
class Gathering:
    """The `location_resources` binding: the roll, the least it gains, each location's resource."""

    roll: Roll
    at_least: int
    yields: Mapping[str, str]  # location -> the resource it yields
    uncrowded: tuple[str, ...]  # locations where other Landowners take nothing (L = 0)

    @property
    def resources(self) -> tuple[str, ...]:
        """The location resources, in the order the rule names them."""
        return tuple(dict.fromkeys(self.yields.values()))


def parse(value: Any) -> Gathering:
    shape = "{roll: 2d6, at_least: 2, yields: {Prairie: wheat}, uncrowded: [City]}"
    if not is_mapping(value) or not {"roll", "at_least", "yields"} <= set(value) <= {
            "roll", "at_least", "yields", "uncrowded"} or not is_mapping(value["yields"]) \
            or not is_list(value.get("uncrowded", ())):
        raise ValueError(shape)
    yields = value["yields"]
    if not yields or not all(isinstance(k, str) and isinstance(v, str) and v.strip()
                             for k, v in yields.items()):
        raise ValueError(f"{shape}: each location with the name of its resource")
    return Gathering(roll(value["roll"]), count(value["at_least"], maximum=1000),
                     MappingProxyType(dict(yields)), tuple(value.get("uncrowded", ())))


BINDINGS = (
    Binding("location_resources", parse,
            "{roll: 2d6, at_least: 2, yields: {Prairie: wheat}, uncrowded: [City]}",
            "after their turn, until the following one ends, a player may /gather once: roll "
            "X and gain the larger of `at_least` and X − L of their location's resource, L "
            "being the other Landowners there (0 where `uncrowded`)"),
)


def gather(play, login: str, words: list[str]) -> str | None:
    rule, cite = play.config.board["location_resources"], play.cite("location_resources")
    settler = play.board.world.settler(login)
    if words:
        return "/gather takes nothing after it: the dice are the game's"
    if not settler.gather:
        return f"{login} may not roll for location resources now: a player rolls once, from " \
               f"the end of their turn to the end of the following turn ({cite})"
    here = location_of(play, login)
    resource = rule.yields.get(here)
    if resource is None:
        return f"the {here} yields no location resource ({cite})"
    rolled = play.roll(rule.roll, f"location resources ({cite})")
    parts = [f"{rolled} ({rule.roll})"]
    for item, extra in _extra_dice(play, login, here):
        got = play.roll(extra, f"{item} ({play.cite('professions')})")
        rolled += got
        parts.append(f"{got} ({item})")
    others = 0 if here in rule.uncrowded else sum(
        1 for p in play.state.players if p.login != login
        and location_of(play, p.login) == here and play.board.world.settler(p.login).landowner)
    gained = max(rule.at_least, rolled - others)
    play.say(f"{login} rolls {' + '.join(parts)} = {rolled} in the {here} ({cite}); "
             f"{others} other Landowner{'s' if others != 1 else ''} there, so "
             f"{login} gains the larger of {rule.at_least} and {rolled} − {others}: {gained}")
    gained += claim_yield(play, login, here)
    hand_over(play, login, resource, gained, f"location resources ({cite})")
    play.settle(replace(play.board.world.settler(login), gather=False, landowner=True),
                f"location resources ({cite})",
                None if settler.landowner else f"{login} is a Landowner again ({cite})")
    return None


def _extra_dice(play, login: str, here: str) -> list[tuple[str, Roll]]:
    """The dice items used on `login` add where they are (rule 307b: an Axe in the Jungle)."""
    items = play.config.board["professions"].items if "professions" in play.config.board else {}
    settler = play.board.world.settler(login)
    return [(name, items[name].extra_in[1]) for name, n in settler.effects
            if name in items and items[name].extra_in and items[name].extra_in[0] == here
            for _ in range(n)]
