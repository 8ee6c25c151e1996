"""A weekly schedule (seed 003 rule 9): days to propose, days to vote, a day for results.

Proposals are accepted on `propose` days, votes count on `vote` days, and the
week's proposals are decided at the start of the `results` day after its
voting days, all in `timezone`. `proposals_per_week` caps each player's
proposals in a week: a newer one displaces their oldest.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta, timezone, tzinfo
from typing import Any

from ..frozen import frozen
from .binding import Binding
from .values import count, is_mapping

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


@frozen
class Schedule:
    """The `schedule` binding: its zone, the weekdays (0: Monday) to propose and to vote, and the
    results day."""

    zone: str
    propose: frozenset[int]
    vote: frozenset[int]
    results: int

    @property
    def tz(self) -> tzinfo:
        if self.zone == "UTC":
            return timezone.utc
        from zoneinfo import ZoneInfo  # only where a rule names a zone: a slow import
        return ZoneInfo(self.zone)

    def weekday(self, moment: datetime) -> int:
        return moment.astimezone(self.tz).weekday()

    def may_propose(self, moment: datetime) -> bool:
        return self.weekday(moment) in self.propose

    def may_vote(self, moment: datetime) -> bool:
        return self.weekday(moment) in self.vote

    def results_after(self, opened: datetime) -> datetime:
        """The start of the first results day after the voting days that follow `opened`."""
        local = opened.astimezone(self.tz)
        day = local.date()
        seen_vote = False
        for _ in range(14):  # parse_schedule makes sure one comes within two weeks
            day += timedelta(days=1)
            if day.weekday() in self.vote:
                seen_vote = True
            elif seen_vote and day.weekday() == self.results:
                start = datetime.combine(day, time(0, 0), self.tz)
                return start.astimezone(timezone.utc)
        raise AssertionError("a schedule whose results day follows no voting day")

    def week_of(self, moment: datetime) -> tuple[int, int]:
        year, week, _ = moment.astimezone(self.tz).isocalendar()
        return year, week

    def describe(self, days) -> str:
        return "–".join(DAYS[d].capitalize() for d in sorted(days)[::max(len(days) - 1, 1)])


def parse_schedule(value: Any) -> Schedule:
    expected = "{timezone: Area/City or UTC, propose: [mon, ...], vote: [fri, ...], results: sun}"
    if not is_mapping(value) or set(value) != {"timezone", "propose", "vote", "results"}:
        raise ValueError(expected)
    try:
        days = {key: frozenset(DAYS.index(d) for d in value[key]) for key in ("propose", "vote")}
        results = DAYS.index(value["results"])
    except (ValueError, TypeError):
        raise ValueError(f"days among {', '.join(DAYS)}: {expected}") from None
    zone = str(value["timezone"])
    if zone != "UTC":
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
        try:
            ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"a timezone such as UTC or Europe/Paris, not {zone!r}") from None
    if not days["propose"] or not days["vote"] or results in days["vote"]:
        raise ValueError("some propose and vote days, and a results day that is not a vote "
                         f"day: {expected}")
    return Schedule(zone, days["propose"], days["vote"], results)


BINDINGS = (
    Binding("schedule", parse_schedule,
            "{timezone: ..., propose: [mon, tue, wed], vote: [fri, sat], results: sun}",
            "proposals on propose days, votes on vote days, decisions at the results day"),
    Binding("proposals_per_week", lambda v: count(v, minimum=1), "a whole number",
            "each player's proposals in a week; a newer one displaces their oldest"),
)
