"""Times as the game's files write them, and durations as players and bindings read them."""

from datetime import datetime, timedelta, timezone

import pytest

from nomic_ci.core.times import format_duration, hours, iso, moment, span

UTC = timezone.utc
MARCH = datetime(2027, 3, 1, tzinfo=UTC)


@pytest.mark.parametrize("value", [
    "2027-03-01T00:00:00Z", "2027-03-01T00:00:00+00:00", "2027-03-01T02:00:00+02:00",
    datetime(2027, 3, 1), MARCH, datetime(2027, 2, 28, 19, tzinfo=timezone(timedelta(hours=-5))),
])
def test_a_moment_is_read_in_utc_whichever_way_it_was_written(value):
    parsed = moment(value)
    assert parsed == MARCH and parsed.utcoffset() == timedelta(0)


@pytest.mark.parametrize("value, words", [
    ("2027-03-01T00:00:00", "with its timezone"),  # a bare local time is ambiguous
    ("next tuesday", "a time such as"),
    (20270301, "a time such as"),
    (None, "a time such as"),
])
def test_what_is_not_a_moment_with_its_timezone_is_refused(value, words):
    with pytest.raises(ValueError, match=words):
        moment(value)


@pytest.mark.parametrize("value, text", [
    (MARCH, "2027-03-01T00:00:00Z"),
    (datetime(2027, 3, 1, 2, 0, 0, 999999, tzinfo=timezone(timedelta(hours=2))),
     "2027-03-01T00:00:00Z"),
    (None, None),
])
def test_iso_writes_utc_to_the_second_with_a_z(value, text):
    assert iso(value) == text


def test_iso_and_moment_round_trip():
    assert moment(iso(MARCH + timedelta(seconds=7))) == MARCH + timedelta(seconds=7)


@pytest.mark.parametrize("delta, text", [
    (timedelta(hours=36), "36 hours"), (timedelta(minutes=90), "1.5 hours"),
    (timedelta(days=2), "48 hours"), (timedelta(0), "0 hours"),
])
def test_hours_are_what_reasons_say(delta, text):
    assert hours(delta) == text


@pytest.mark.parametrize("delta, text", [
    (timedelta(days=7), "7d"), (timedelta(hours=48), "2d"), (timedelta(hours=36), "36h"),
    (timedelta(minutes=90), "90m"), (timedelta(minutes=90, seconds=30), "90m"),
])
def test_a_duration_is_written_in_its_largest_whole_unit(delta, text):
    assert format_duration(delta) == text


@pytest.mark.parametrize("delta, text", [
    (timedelta(minutes=5), "5 minutes"), (timedelta(minutes=1), "1 minute"),
    (timedelta(hours=24), "24 hours"), (timedelta(hours=48), "48 hours"),
    (timedelta(days=7), "7 days"), (timedelta(minutes=90), "90 minutes"),
])
def test_a_span_reads_as_a_rule_writes_it(delta, text):
    assert span(delta) == text
