"""The turns of BoredNomic (seed 003 rules 7.1 and 9.1): at each update, on Thursday and
Sunday, every player takes one turn, in an order drawn from the dice; a turn rolls 2d6 and
moves the player up that many squares (6.7), paying Go when passed over (13), then what the
square they land on does: property (16), the Arena (17), the Inquisition (20). A player's
hens lay before their roll (14.2; 7.2: dice rolls, then movement, then what it triggers).

`update_turns: {roll: 2d6, days: [thu, sun]}`; the updates begin at midnight of those days in
the schedule's timezone (rule 9), after that moment's decisions. During a pause no turns are
taken (10.1). Actions are carried out as they are written, not held for the next update
(9.4): the Admin's posting is the engine's answer.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta, timezone
from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.schedule import DAYS
from ...mechanics.values import Roll, is_list, is_mapping, roll

COMMAND = "update"  # an update's action record's command


@frozen
class UpdateTurns:
    """The `update_turns` binding: each turn's roll, and the weekdays of the updates (0: Monday)."""

    roll: Roll
    days: frozenset[int]


def parse_updates(value: Any) -> UpdateTurns:
    expected = "{roll: 2d6, days: [thu, sun]}"
    if not is_mapping(value) or set(value) != {"roll", "days"} or not is_list(value["days"]) \
            or not value["days"] or any(d not in DAYS for d in value["days"]):
        raise ValueError(expected)
    return UpdateTurns(roll(value["roll"]), frozenset(DAYS.index(d) for d in value["days"]))


BINDINGS = (
    Binding("update_turns", parse_updates, "{roll: 2d6, days: [thu, sun]}",
            "at the start of each of `days` every player takes a turn, in an order drawn from "
            "the dice: they roll and move up that many squares"),
)


def next_update(game) -> datetime | None:
    """When the next update is due: the first of its days' midnights not before the game's
    last change and after the latest update; none while paused or over."""
    state, rule = game.state, game.config.board.get("update_turns")
    if rule is None or state.board is None or state.over or state.paused_since is not None:
        return None
    zone = game.config.schedule.tz if game.config.schedule else timezone.utc
    last = next((a.at for a in reversed(game.actions) if a.command == COMMAND), None)
    day = state.last_change.astimezone(zone).date()
    for offset in range(15):
        start = datetime.combine(day + timedelta(days=offset), time(0, 0), zone)
        moment = start.astimezone(timezone.utc)
        if start.weekday() in rule.days and moment >= state.last_change \
                and (last is None or moment > last):
            return moment
    raise AssertionError("parse_updates makes sure a day comes within the week")
