"""What it takes to adopt a proposal, in exact arithmetic (no floats).

`unanimous`, `majority` and `N%` count yes votes against the number of
eligible voters, not against the votes cast; `more-yes-than-no` compares the
votes cast; `veto` needs a yes from a veto holder who is not the proposer.
"""

from __future__ import annotations

import re
from math import gcd
from typing import Any

from ..frozen import frozen

_PERCENT = re.compile(r"^\s*([0-9]{1,3}(?:\.[0-9]{1,6})?)\s*%\s*$")


@frozen
class Threshold:
    """What a proposal needs to pass, as a rule names it (`threshold`, a layer's `need`,
    `join_needs`...)."""

    kind: str  # "unanimous", "majority", "fraction", "more-yes-than-no" or "veto"
    # a share of the eligible voters, (numerator, denominator) in lowest terms: whole numbers
    # (fractions.Fraction would do, but importing it is a twentieth of a command's start-up)
    fraction: tuple[int, int] | None = None

    def required_yes(self, eligible: int) -> int:
        """The fewest yes votes that can meet this threshold (a veto needs 1)."""
        if self.kind == "unanimous":
            return max(eligible, 1)
        if self.kind == "majority":
            return eligible // 2 + 1
        if self.kind == "fraction":
            assert self.fraction is not None
            numerator, denominator = self.fraction
            return max(-(-numerator * eligible // denominator), 1)  # ceiling, at least one
        return 1

    def is_met(self, yes: int, eligible: int, veto_yes: bool = False, no: int = 0) -> bool:
        if self.kind == "veto":
            return veto_yes
        if self.kind == "more-yes-than-no":
            return yes > no
        return eligible > 0 and yes >= self.required_yes(eligible)

    @property
    def counts_voters(self) -> bool:
        """Whether it is a number of the eligible voters (rather than yes against no)."""
        return self.kind in ("unanimous", "majority", "fraction")

    def __str__(self) -> str:
        if self.kind == "fraction":
            assert self.fraction is not None
            numerator, denominator = self.fraction
            # as a rule writes it: at most six decimals, none trailing ("12.5", not "1.25e+01")
            shown = f"{numerator * 100 / denominator:.6f}".rstrip("0").rstrip(".")
            return f"{shown}% of the eligible voters"
        return {
            "unanimous": "unanimity of the eligible voters",
            "majority": "a majority of the eligible voters",
            "veto": "a yes from a veto holder other than the proposer",
            "more-yes-than-no": "more yes votes than no votes",
        }[self.kind]

    def explain(self, eligible: int) -> str:
        """e.g. 'a majority of the eligible voters: 5 of 9'."""
        if not self.counts_voters:
            return str(self)
        return f"{self}: {self.required_yes(eligible)} of {eligible}"


def parse_threshold(value: Any) -> Threshold:
    if value in ("unanimous", "majority", "veto", "more-yes-than-no"):
        return Threshold(value)
    match = _PERCENT.match(value) if isinstance(value, str) else None
    if match:
        whole, _, decimals = match[1].partition(".")
        numerator, denominator = int(whole + decimals), 100 * 10 ** len(decimals)
        if 0 < numerator <= denominator:
            common = gcd(numerator, denominator)
            return Threshold("fraction", (numerator // common, denominator // common))
    raise ValueError("'unanimous', 'majority', 'more-yes-than-no', 'veto' or a percentage such "
                     "as '30%'")
