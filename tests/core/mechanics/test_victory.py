"""Winning: a points target (seed 002 rule 101) and an end date (rule 107)."""

from datetime import date, datetime, timezone

import pytest

from nomic_ci.core.mechanics import victory

PARSE = {binding.key: binding.parse for binding in victory.BINDINGS}
END = datetime(2027, 3, 1, tzinfo=timezone.utc)


@pytest.mark.parametrize("key", ["victory_points", "max_winners"])
def test_a_points_target_and_a_winners_cap_are_whole_numbers_of_at_least_one(key):
    assert PARSE[key](100) == 100 and PARSE[key](1) == 1
    for bad in (0, -3, "100", 2.5, True):
        with pytest.raises(ValueError, match="^a whole number from 1 to 1,000,000,000$"):
            PARSE[key](bad)


@pytest.mark.parametrize("value", [
    "2027-03-01T00:00:00Z", "2027-03-01T01:00:00+01:00",
    END,  # as ruamel reads an unquoted timestamp with its zone
    datetime(2027, 3, 1),  # as ruamel reads an unquoted 'Z' timestamp: naive, meaning UTC
])
def test_the_end_date_is_a_time_in_utc(value):
    parsed = PARSE["ends_at"](value)
    assert parsed == END and parsed.utcoffset().total_seconds() == 0


@pytest.mark.parametrize("bad, message", [
    ("2027-03-01T00:00:00", "a time with its timezone"), ("next march", "a time such as"),
    (date(2027, 3, 1), "a time such as"), (20270301, "a time such as"),
])
def test_an_end_date_without_a_timezone_or_not_a_time_is_refused(bad, message):
    with pytest.raises(ValueError, match=message):
        PARSE["ends_at"](bad)
