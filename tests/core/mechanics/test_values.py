"""The value types bindings share: durations, counts, flags, choices and dice."""

from datetime import timedelta
from types import MappingProxyType

import pytest

from nomic_ci.core.mechanics.values import (Roll, choice, count, duration, flag, is_list,
                                            is_mapping, roll)


@pytest.mark.parametrize("text, expected", [
    ("48h", timedelta(hours=48)), ("7d", timedelta(days=7)), ("90m", timedelta(minutes=90)),
    (" 36 h ", timedelta(hours=36)),
])
def test_a_duration_is_a_number_of_days_hours_or_minutes(text, expected):
    assert duration(text) == expected


@pytest.mark.parametrize("bad", ["0h", "0d", "1.5h", "-1h", "1w", "48H", "h", "", 48, None])
def test_a_duration_that_is_zero_or_not_in_those_units_is_refused(bad):
    with pytest.raises(ValueError, match="a duration from 1m to 3650d \\(ten years\\), such as '48h', '7d' or '90m'"):
        duration(bad)


def test_a_count_is_a_whole_number_of_at_least_its_minimum():
    assert count(0) == 0 and count(3, minimum=1) == 3
    for bad, minimum in [(-1, 0), (0, 1), (True, 0), (1.0, 0), ("3", 0), (None, 0)]:
        with pytest.raises(ValueError, match=f"a whole number from {minimum} to"):
            count(bad, minimum=minimum)


def test_a_flag_is_true_or_false_and_nothing_truthy():
    assert flag(True) is True and flag(False) is False
    for bad in ("true", 1, 0, None):
        with pytest.raises(ValueError, match="true or false"):
            flag(bad)


def test_a_choice_accepts_its_options_and_names_them_when_refusing():
    parse = choice("one", "two")
    assert parse("two") == "two"
    with pytest.raises(ValueError, match="^'one' or 'two'$"):
        parse("three")


@pytest.mark.parametrize("text, expected", [
    ("d6", Roll(1, 6)), ("2d6", Roll(2, 6)), (" 10d20 ", Roll(10, 20)), ("d2", Roll(1, 2)),
])
def test_dice_are_written_in_nds_notation(text, expected):
    assert roll(text) == expected


@pytest.mark.parametrize("bad", ["6", "d1", "d0", "0d6", "2D6", "d", "2d", 6, None])
def test_dice_of_no_dice_or_fewer_than_two_sides_are_refused(bad):
    with pytest.raises(ValueError, match="dice in NdS notation, 1 to 100 dice of 2 to 1,000 sides"):
        roll(bad)


def test_a_roll_reads_as_its_dice_with_the_count_always_written():
    assert str(Roll(2, 6)) == "2d6"
    assert str(roll("d6")) == "1d6"


def test_lists_and_mappings_are_recognised_in_their_frozen_forms_too():
    assert is_list([1]) and is_list((1,)) and not is_list("ab") and not is_list({"a": 1})
    assert is_mapping({"a": 1}) and is_mapping(MappingProxyType({"a": 1}))
    assert not is_mapping([("a", 1)])
