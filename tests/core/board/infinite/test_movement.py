"""Moving's binding (rule 7)."""

from datetime import timedelta

import pytest

from nomic_ci.core.board.infinite.movement import parse_movement
from nomic_ci.core.mechanics.values import Roll


def test_movement_is_a_roll_once_a_turn_and_the_minutes_to_continue():
    moving = parse_movement({"roll": "1d6", "per_turn": 1, "continue_within": "5m"})
    assert (moving.roll, moving.per_turn, moving.continue_within) == (
        Roll(1, 6), 1, timedelta(minutes=5))
    assert parse_movement({"roll": "2d6"}).continue_within is None


@pytest.mark.parametrize("value", [{"roll": "d1"}, {"per_turn": 1}, {"roll": "d6", "x": 1},
                                   {"roll": "d6", "continue_within": "soon"}])
def test_other_values_are_refused(value):
    with pytest.raises(ValueError):
        parse_movement(value)
