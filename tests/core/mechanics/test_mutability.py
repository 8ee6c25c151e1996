"""Immutable rules and transmutation (seed 001 rules 102, 103, 108 and 109)."""

import pytest

from nomic_ci.core.mechanics import mutability
from nomic_ci.core.mechanics.thresholds import Threshold

PARSE = {binding.key: binding.parse for binding in mutability.BINDINGS}


def test_immutability_is_either_enforced_or_not_bound():
    assert PARSE["immutability"]("enforced") == "enforced"
    for bad in ("on", True, "Enforced", None):
        with pytest.raises(ValueError, match="^'enforced'$"):
            PARSE["immutability"](bad)


@pytest.mark.parametrize("value, expected", [
    ("unanimous", Threshold("unanimous")), ("80%", Threshold("fraction", (4, 5))),
])
def test_transmutation_needs_a_threshold(value, expected):
    assert PARSE["transmutation_needs"](value) == expected


@pytest.mark.parametrize("bad", ["all", "0%", 1, ["unanimous"]])
def test_a_transmutation_threshold_that_is_not_one_is_refused(bad):
    with pytest.raises(ValueError, match="'unanimous', 'majority', 'more-yes-than-no', 'veto'"):
        PARSE["transmutation_needs"](bad)
