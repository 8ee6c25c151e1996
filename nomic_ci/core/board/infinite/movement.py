"""Moving (rule 7): a player on a primary space rolls once a turn and moves up that many
spaces; their turn ends some minutes after moving unless they declare they continue."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import Roll, count, duration, is_mapping, roll


@frozen
class Movement:
    """The `movement` binding: the roll, and when a turn ends after a move without /continue."""

    roll: Roll
    per_turn: int
    continue_within: timedelta | None


def parse_movement(value: Any) -> Movement:
    if not is_mapping(value) or not {"roll"} <= set(value) <= {"roll", "per_turn",
                                                              "continue_within"}:
        raise ValueError("{roll: 1d6, per_turn: 1, continue_within: 5m}")
    within = value.get("continue_within")
    return Movement(roll(value["roll"]), count(value.get("per_turn", 1), minimum=1, maximum=100),
                    duration(within) if within is not None else None)


BINDINGS = (
    Binding("movement", parse_movement, "{roll: 1d6, per_turn: 1, continue_within: 5m}",
            "on their turn a player on a primary space may /roll the dice and move up that many "
            "spaces; without /continue their turn ends `continue_within` after moving"),
)
