"""Claims (seed 001, rule 308): a player who has ended `after_turns` turns in a row in a
location may `/claim` territory there: one claim each, at most `per_location` a location.
A claim adds its `yield` die to what its holder gathers there, at no cost, and one more die
for each `/upgrade` (at most `upgrades`); the k-th upgrade costs k times `upgrade_cost`
("the previous upgrade's cost plus 20 wood, 15 iron and 15 wheat"). A holder who ends more
than `away_turns` of their turns in a row away loses it, unless they had ended
`rooted_after` turns in a row there before leaving (world_turns.py counts the turns).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import Roll, count, is_mapping, roll
from .locations import location_of
from ..trade import Goods
from .goods import hand_over, lacking, shown

KEYS = {"after_turns", "per_location", "away_turns", "rooted_after", "yield",
        "upgrades", "upgrade_cost"}
SHAPE = ("{after_turns: 3, per_location: 5, away_turns: 1, rooted_after: 4, yield: d3, "
         "upgrades: 8, upgrade_cost: {timber: 20, iron: 15, wheat: 15}}")


@frozen
class ClaimRule:
    """The `claims` binding: when a claim may be made and when it is lost, how many a location
    holds, what it yields, and its upgrades (`yield_`: the binding's `yield`, a keyword)."""

    after_turns: int
    per_location: int
    away_turns: int
    rooted_after: int
    yield_: Roll
    upgrades: int
    upgrade_cost: Goods


def parse(value: Any) -> ClaimRule:
    if not is_mapping(value) or set(value) != KEYS \
            or not is_mapping(value["upgrade_cost"]):
        raise ValueError(SHAPE)
    return ClaimRule(count(value["after_turns"], maximum=1000),
                     count(value["per_location"], minimum=1, maximum=1000),
                     count(value["away_turns"], maximum=1000),
                     count(value["rooted_after"], maximum=1000), roll(value["yield"]),
                     count(value["upgrades"], maximum=100),
                     tuple(sorted((str(k), count(v)) for k, v in value["upgrade_cost"].items())))


BINDINGS = (
    Binding("claims", parse, SHAPE,
            "a player who ended `after_turns` turns in a row in a location may /claim it (one "
            "claim each, `per_location` a location); a claim adds `yield` to what its holder "
            "gathers there, and one more for each /upgrade; it is lost after `away_turns` "
            "turns away unless its holder had stayed `rooted_after` turns"),
)


def rule(view) -> ClaimRule:
    return view.config.board["claims"]


def claim(play, login: str, words: list[str]) -> str | None:
    """`/claim`: territory where the player is."""
    cite, settler = play.cite("claims"), play.board.world.settler(login)
    here = location_of(play, login)
    if words:
        return "/claim takes nothing after it: the claim is where you are"
    if settler.claim is not None:
        return f"{login} already has a claim, in the {settler.claim}: each player may have " \
               f"only one ({cite})"
    if settler.stay < rule(play).after_turns:
        return f"{login} has ended {settler.stay} turn(s) in a row in the {here}, and a claim " \
               f"needs {rule(play).after_turns} ({cite})"
    holders = [s.login for s in play.board.world.settlers if s.claim == here]
    if len(holders) >= rule(play).per_location:
        return f"the {here} has {len(holders)} claims ({', '.join(holders)}), the most a " \
               f"location may have ({cite})"
    play.settle(replace(settler, claim=here, upgrades=0, held=settler.stay, away=0),
                f"a claim ({cite})", f"{login} claims territory in the {here} ({cite})")
    return None


def upgrade_cost(play, done: int) -> Goods:
    """What the upgrade after `done` upgrades costs: the previous one's cost plus the rule's."""
    return tuple((name, n * (done + 1)) for name, n in rule(play).upgrade_cost)


def upgrade(play, login: str, words: list[str]) -> str | None:
    cite, settler = play.cite("claims"), play.board.world.settler(login)
    if words:
        return "/upgrade takes nothing after it: it upgrades your claim"
    if settler.claim is None:
        return f"{login} has no claim to upgrade ({cite})"
    if settler.upgrades >= rule(play).upgrades:
        return f"{login}'s claim has been upgraded {settler.upgrades} times, the most " \
               f"({cite})"
    cost = upgrade_cost(play, settler.upgrades)
    refused = lacking(play, login, cost)
    if refused:
        return f"{refused}: upgrade {settler.upgrades + 1} costs {shown(cost)} ({cite})"
    for name, n in cost:
        hand_over(play, login, name, -n, f"a claim's upgrade ({cite})")
    play.settle(replace(settler, upgrades=settler.upgrades + 1), f"a claim's upgrade ({cite})",
                f"{login}'s claim in the {settler.claim} is upgraded ({settler.upgrades + 1} of "
                f"{rule(play).upgrades}): it yields {settler.upgrades + 2} dice ({cite})")
    return None


def claim_yield(play, login: str, here: str) -> int:
    """What `login`'s claim adds to their gathering in `here`: its dice, rolled."""
    settler = play.board.world.settler(login)
    if "claims" not in play.config.board or settler.claim != here:
        return 0
    cite, total = play.cite("claims"), 0
    for _ in range(1 + settler.upgrades):
        total += play.roll(rule(play).yield_, f"a claim ({cite})")
    play.say(f"{login}'s claim in the {here} yields {total} more at no cost ({cite})")
    return total


def turn_ended(play, login: str) -> None:
    """Count a turn `login` ended with a claim: at it, or away from it."""
    settler = play.board.world.settler(login)
    if "claims" not in play.config.board or settler.claim is None:
        return
    cite = play.cite("claims")
    if location_of(play, login) == settler.claim:
        play.settle(replace(settler, held=settler.stay, away=0), f"a claim ({cite})")
        return
    away = settler.away + 1
    if away > rule(play).away_turns and settler.held < rule(play).rooted_after:
        play.settle(replace(settler, claim=None, upgrades=0, held=0, away=0), f"a claim ({cite})",
                    f"{login} has been away from their claim in the {settler.claim} for {away} "
                    f"turns, without {rule(play).rooted_after} turns there before leaving: "
                    f"the claim is lost ({cite})")
        return
    play.settle(replace(settler, away=away), f"a claim ({cite})")
