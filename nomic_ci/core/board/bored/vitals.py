"""Level, experience and hit points (seed 003 rule 12), and the one primitive that changes a
player's counters (money too), after which 12.3 and 12.4 apply at once, whatever changed
them.

`hit_points: {most: 100, levels_lost: 2, price: 250}` binds 12.4 (at 0 or fewer hit points
they are set to `most` and the level drops by `levels_lost`) and 12.7 (`/heal N` buys N hit
points at `price` each, at most the player's level a turn, never above `most`);
`level_reset: {money: 1}` binds 12.6 (`/reset`: back to level 1, receiving $1).
"""

from __future__ import annotations

from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import counts
from ...mechanics.progress import level_up

LEVEL, EXPERIENCE, HIT_POINTS, MONEY = "level", "experience", "hit_points", "money"
RESERVES = ("propositions_in_reserve", "votes_in_reserve")  # rule 15's (see reserves.py)


@frozen
class HitPoints:
    """The `hit_points` binding: the most, the levels lost on running out, the price of one."""

    most: int
    levels_lost: int
    price: int


def parse_hit_points(value: Any) -> HitPoints:
    return HitPoints(**counts(value, "{most: 100, levels_lost: 2, price: 250}",
                              ("most", "levels_lost", "price")))


def parse_reset(value: Any) -> int:
    return counts(value, "{money: 1}", ("money",))["money"]


BINDINGS = (
    Binding("hit_points", parse_hit_points, "{most: 100, levels_lost: 2, price: 250}",
            "at 0 or fewer hit points a player's hit points are set to `most` and their level "
            "drops by `levels_lost`; /heal N buys N hit points at `price` each, at most their "
            "level a turn and never above `most`"),
    Binding("level_reset", parse_reset, "{money: 1}",
            "/reset sets the player's level to 1 and gives them `money`"),
)


def settle(config, values: dict[str, int]) -> dict[str, int]:
    """Rules 12.3 and 12.4 applied to a player's counters until neither applies."""
    values = dict(values)
    rule = config.board.get("hit_points")
    if rule is not None and values.get(HIT_POINTS, 1) <= 0:
        values[HIT_POINTS] = rule.most
        values[LEVEL] = values.get(LEVEL, 1) - rule.levels_lost
    if config.experience is not None and LEVEL in values:
        values[LEVEL], values[EXPERIENCE] = level_up(values[LEVEL], values.get(EXPERIENCE, 0))
    reserves = config.board.get("reserves")  # 15.5, 15.6: never more than the level allows
    if reserves is not None and LEVEL in values:
        for name, most in zip(RESERVES, reserves.caps(values[LEVEL])):
            if name in values:
                values[name] = min(values[name], most)
    return values


def stat(view, login: str, name: str) -> int:
    player = next(p for p in view.state.players if p.login == login)
    return player.stat(name, view.config.starting_stats)


def change(play, login: str, why: str, **deltas: int) -> None:
    """`login`'s counters change by `deltas` (each rounded to a whole number, rule 4.1 and
    12.1); then 12.3 and 12.4 apply. Recorded with what they were and what they became."""
    player = next(p for p in play.state.players if p.login == login)
    start = play.config.starting_stats
    names = sorted({*deltas, LEVEL, EXPERIENCE, HIT_POINTS} & {*deltas, *start}
                   | (set(RESERVES) if "reserves" in play.config.board else set()))
    before = {name: player.stat(name, start) for name in names}
    after = settle(play.config, {name: before[name] + round(deltas.get(name, 0))
                                 for name in names})
    moved = {name: after[name] for name in names if after[name] != before[name]}
    if not moved:
        return
    play.state = play.state.with_player(player.with_stats(**moved))
    shown = ", ".join(f"{_label(name)} {before[name]} → {after[name]}" for name in moved)
    play.effect({"stats": login, "from": {k: before[k] for k in moved}, "to": moved,
                 "why": why}, f"{why}: {login}'s {shown}")


def set_level(play, login: str, level: int, why: str) -> None:
    change(play, login, why, level=level - stat(play, login, LEVEL))


def _label(name: str) -> str:
    return {MONEY: "money", HIT_POINTS: "hit points"}.get(name, name)
