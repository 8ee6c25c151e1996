"""A weekly schedule (seed 003 rule 9): days to propose, days to vote, a day for results."""

from datetime import datetime, timezone

import pytest

from nomic_ci.core.files.yamlio import read_only
from nomic_ci.core.mechanics import schedule
from nomic_ci.core.mechanics.schedule import Schedule, parse_schedule

PARSE = {binding.key: binding.parse for binding in schedule.BINDINGS}
WEEK = {"timezone": "UTC", "propose": ["mon", "tue", "wed"], "vote": ["fri", "sat"],
        "results": "sun"}  # borednomic rule 9
UTC, PARIS = parse_schedule(WEEK), parse_schedule({**WEEK, "timezone": "Europe/Paris"})


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=timezone.utc)


@pytest.mark.parametrize("form", [dict, read_only], ids=["plain", "read-only"])
def test_the_borednomic_week_parses_in_either_form(form):
    assert PARSE["schedule"](form(WEEK)) == Schedule("UTC", frozenset({0, 1, 2}),
                                                     frozenset({4, 5}), 6)
    assert PARSE["proposals_per_week"](2) == 2
    with pytest.raises(ValueError, match="^a whole number from 1 to 1,000,000,000$"):
        PARSE["proposals_per_week"](0)


@pytest.mark.parametrize("change, message", [
    ({"propose": ["monday"]}, "days among mon, tue"), ({"results": ["sun"]}, "days among"),
    ({"propose": []}, "some propose and vote days"), ({"results": "sat"}, "is not a vote day"),
    ({"timezone": "Mars/Olympus"}, "a timezone such as UTC or Europe/Paris, not 'Mars/Olympus'"),
    ({"timezone": "utc"}, "a timezone such as UTC"), ({"extra": 1}, "{timezone: Area/City"),
])
def test_a_bad_schedule_says_what_it_expects(change, message):
    with pytest.raises(ValueError, match=message):
        parse_schedule({**WEEK, **change})


def test_proposing_and_voting_follow_the_days_in_the_schedules_timezone():
    assert UTC.may_propose(at("2026-05-04T12:00")) and not UTC.may_propose(at("2026-05-07T12:00"))
    assert UTC.may_vote(at("2026-05-08T12:00")) and not UTC.may_vote(at("2026-05-10T12:00"))
    sunday_night = at("2026-05-03T23:30")  # already Monday 01:30 in Paris
    assert PARIS.may_propose(sunday_night) and not UTC.may_propose(sunday_night)
    assert PARIS.may_vote(at("2026-05-09T22:30")) is False  # Sunday 00:30 in Paris


@pytest.mark.parametrize("zone, opened, results", [
    (UTC, "2026-05-06T12:00", "2026-05-10T00:00"),  # Wednesday: that Sunday
    (UTC, "2026-05-10T12:00", "2026-05-17T00:00"),  # Sunday: the next one
    (PARIS, "2026-05-06T12:00", "2026-05-09T22:00"),  # Sunday midnight in summer time
    (PARIS, "2026-03-25T12:00", "2026-03-28T23:00"),  # the clocks change that Sunday at 2:00
])
def test_results_come_at_the_start_of_the_results_day_after_the_voting_days(zone, opened,
                                                                            results):
    assert zone.results_after(at(opened)) == at(results)


def test_a_week_is_the_iso_week_in_the_schedules_timezone():
    assert UTC.week_of(at("2026-05-03T23:30")) == (2026, 18)
    assert PARIS.week_of(at("2026-05-03T23:30")) == (2026, 19)
    assert UTC.week_of(at("2027-01-03T23:30")) == (2026, 53)
    assert PARIS.week_of(at("2027-01-03T23:30")) == (2027, 1)


def test_days_are_described_by_the_first_and_last():
    assert UTC.describe(UTC.propose) == "Mon–Wed"
    assert UTC.describe(UTC.vote) == "Fri–Sat"
    assert UTC.describe({6}) == "Sun"
