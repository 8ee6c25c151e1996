"""How often the engine must wake by itself: the schedule the rules in force need.

Events (a proposal, a review, a comment) wake the engine at once; its schedule only acts on
deadlines that pass in a quiet time. Every scheduled run is billed as a whole job-minute, so
the schedule is as coarse as the rules' timers allow: a deadline is acted on within a
quarter of the shortest timer, never more than an hour late, and no finer than every five
minutes (GitHub's shortest schedule). The timers are every duration a rule binds, read from
the configuration, so a board rule with a five-minute timer makes the schedule finer and
repealing it makes it coarse again.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass
from datetime import timedelta
from typing import Any, Iterator, Mapping

from .frozen import frozen
from .mechanics.config import GameConfig

EVERY = (5, 10, 15, 20, 30, 60)  # the schedules offered, in minutes; each divides the hour
OFFSET = 7  # minutes past the hour: GitHub's schedules are busiest at the top of the hour
MONTH = timedelta(days=365.25 / 12)


@frozen
class Timer:
    """A duration a rule binds: its binding's key, the rule, and how long it is."""

    key: str
    rule: int | None
    length: timedelta


@frozen
class Wakeups:
    """The engine's schedule: a run every `minutes`, for the shortest `timer` (None: none)."""

    minutes: int
    timer: Timer | None

    @property
    def cron(self) -> str:
        return cron_every(self.minutes)

    @property
    def runs_a_month(self) -> int:
        return runs_a_month(self.minutes)

    def why(self) -> str:
        """Why this schedule, in a sentence's end."""
        every = "a run an hour" if self.minutes == 60 else f"a run every {self.minutes} minutes"
        if self.timer is None:
            return f"{every}: no rule binds a timer"
        length = _length(self.timer.length)
        if self.timer.rule is None:
            return f"{every}, for the default `{self.timer.key}` of {length}"
        return f"{every}, for rule {self.timer.rule}'s `{self.timer.key}` of {length}"


def timers(config: GameConfig) -> list[Timer]:
    """Every duration the rules in force bind, the board's mechanics' too."""
    found = []
    for item in fields(config):
        if item.name in ("sources", "board"):
            continue
        found += [Timer(item.name, config.sources.get(item.name), length)
                  for length in _durations(getattr(config, item.name))]
    for key, value in config.board.items():
        found += [Timer(key, config.sources.get(key), length) for length in _durations(value)]
    return found


def wakeups(config: GameConfig) -> Wakeups:
    """The coarsest schedule that acts on every timer within a quarter of its length."""
    shortest = min(timers(config), key=lambda t: t.length, default=None)
    if shortest is None:
        return Wakeups(EVERY[-1], None)
    within = shortest.length / 4
    minutes = max((m for m in EVERY if timedelta(minutes=m) <= within), default=EVERY[0])
    return Wakeups(minutes, shortest)


def cron_every(minutes: int) -> str:
    """The cron line of a run every `minutes`, off the top of the hour."""
    first = OFFSET % minutes
    return f"{','.join(str(m) for m in range(first, 60, minutes))} * * * *"


def minutes_of(cron: str) -> int | None:
    """How many minutes apart the runs of a cron line are at most; None for a line that is not
    a list of minutes run every hour (`7,37 * * * *`, `*/15 * * * *`, `7 * * * *`)."""
    parts = cron.split()
    if len(parts) != 5 or parts[1:] != ["*"] * 4:
        return None
    field = parts[0]
    stepped = re.fullmatch(r"(\*|[0-9]+(?:-[0-9]+)?)/([0-9]+)", field)
    if stepped:
        low = 0 if stepped[1] == "*" else int(stepped[1].split("-")[0])
        high = int(stepped[1].split("-")[1]) if "-" in stepped[1] else 59
        step = int(stepped[2])
        if step == 0:
            return None
        at = list(range(low, high + 1, step))
    elif re.fullmatch(r"[0-9]+(,[0-9]+)*", field):
        at = sorted({int(m) for m in field.split(",")})
    else:
        return None
    if not at or at[-1] > 59:
        return None
    gaps = [b - a for a, b in zip(at, at[1:])] + [at[0] + 60 - at[-1]]
    return max(gaps)


def runs_a_month(minutes: int) -> int:
    """Scheduled runs in an average month, one every `minutes`."""
    return round(MONTH / timedelta(minutes=minutes))


def _durations(value: Any) -> Iterator[timedelta]:
    if isinstance(value, timedelta):
        yield value
    elif isinstance(value, Mapping):
        for inner in value.values():
            yield from _durations(inner)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for inner in value:
            yield from _durations(inner)
    elif is_dataclass(value) and not isinstance(value, type):
        for item in fields(value):
            yield from _durations(getattr(value, item.name))


def _length(length: timedelta) -> str:
    minutes = int(length.total_seconds() // 60)
    if minutes % (24 * 60) == 0:
        return f"{minutes // (24 * 60)}d"
    if minutes % 60 == 0:
        return f"{minutes // 60}h"
    return f"{minutes}m"
