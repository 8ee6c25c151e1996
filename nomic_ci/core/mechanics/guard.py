"""Special passing conditions for some rules (seed 004 rule 0).

A proposal involving a guarded rule passes when, between `quiet` and `until`
after its vote started, it has no vote against; or at `until` exactly, with at
least `ratio` votes for each vote against. Otherwise it fails at `until`.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from ..frozen import frozen
from ..times import span
from .binding import Binding
from .values import count, duration, is_mapping, rule_range


@frozen
class Guard:
    """The `guard` binding: the rules `low`–`high` it guards, and when their proposals pass."""

    low: int
    high: int
    quiet: timedelta
    until: timedelta
    ratio: int

    def covers(self, numbers) -> bool:
        return any(self.low <= n <= self.high for n in numbers)

    def terms(self) -> str:
        """Its passing conditions, as players read them."""
        return (f"no vote against once it has been open {span(self.quiet)}, or at least "
                f"{self.ratio} votes for each against when it has been open {span(self.until)}")


def parse_guard(value: Any) -> Guard:
    expected = "{rules: 'LOW-HIGH', quiet: DURATION, until: DURATION, ratio: N}"
    if not is_mapping(value) or set(value) != {"rules", "quiet", "until", "ratio"}:
        raise ValueError(expected)
    low, high = rule_range(value["rules"])
    guard = Guard(low, high, duration(value["quiet"]), duration(value["until"]),
                  count(value["ratio"], minimum=1))
    if guard.quiet >= guard.until:
        raise ValueError("quiet shorter than until: " + expected)
    return guard


BINDINGS = (
    Binding("guard", parse_guard, "{rules: 'LOW-HIGH', quiet: DURATION, until: DURATION, ratio: N}",
            "a proposal involving these rules passes only with no vote against after `quiet`, "
            "or at `until` with `ratio` votes for each against"),
)
