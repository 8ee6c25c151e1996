"""The layer cake (seed 002 rule 104): the rule numbers a proposal involves pick its threshold.

The lowest number involved picks the layer. A change to anything outside
`rules/` (engine, workflows, state, records) counts as involving the rule
number `other_files_as_rule` names, so it needs the most protected layer.
"""

from __future__ import annotations

from typing import Any

from ..frozen import frozen
from .thresholds import Threshold, parse_threshold
from .binding import Binding
from .values import count, is_list, is_mapping, rule_range



@frozen
class Layer:
    """One layer of the `layers` binding: the rules `low`–`high`, and the threshold they need."""

    low: int
    high: int
    threshold: Threshold

    def covers(self, number: int) -> bool:
        return self.low <= number <= self.high

    def __str__(self) -> str:
        return f"rules {self.low:03d}–{self.high:03d}"


def parse_layers(value: Any) -> tuple[Layer, ...]:
    expected = "a list of {numbers: 'LOW-HIGH', need: THRESHOLD}"
    if not is_list(value) or not value:
        raise ValueError(expected)
    layers = []
    for index, item in enumerate(value):
        if not is_mapping(item) or set(item) != {"numbers", "need"}:
            raise ValueError(f"item {index + 1}: {expected}")
        try:
            low, high = rule_range(item["numbers"])
        except ValueError as exc:
            raise ValueError(f"item {index + 1}: {exc}") from None
        try:
            threshold = parse_threshold(item["need"])
        except ValueError as exc:
            raise ValueError(f"item {index + 1}: need is {exc}") from None
        layer = Layer(low, high, threshold)
        for other in layers:
            if layer.low <= other.high and other.low <= layer.high:
                raise ValueError(f"item {index + 1}: {layer} overlaps {other}")
        layers.append(layer)
    return tuple(layers)


BINDINGS = (
    Binding("threshold", parse_threshold, "a threshold such as 'majority'",
            "the threshold of every proposal (where no layer of the cake applies)"),
    Binding("layers", parse_layers, "a list of {numbers: 'LOW-HIGH', need: THRESHOLD}",
            "a proposal needs the threshold of the layer of the lowest rule number it "
            "involves"),
    Binding("other_files_as_rule", count, "a rule number",
            "a change to a file outside rules/ counts as involving this rule number"),
)
