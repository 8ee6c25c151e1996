"""Which rule wins when two rules bind the same thing (seed 002 rule 105)."""

import pytest

from nomic_ci.core.mechanics import precedence
from nomic_ci.core.mechanics.precedence import IMMUTABLE_FIRST, LOWEST_NUMBER

(BINDING,) = precedence.BINDINGS


@pytest.mark.parametrize("value, expected", [
    ("lowest-number", LOWEST_NUMBER), ("immutable-first", IMMUTABLE_FIRST),
])
def test_precedence_is_one_of_its_two_orders(value, expected):
    assert BINDING.key == "precedence"
    assert BINDING.parse(value) == expected


@pytest.mark.parametrize("bad", ["highest-number", "lowest_number", "", 105, ["lowest-number"]])
def test_any_other_precedence_is_refused_naming_both_orders(bad):
    with pytest.raises(ValueError, match="^'lowest-number' or 'immutable-first'$"):
        BINDING.parse(bad)
    assert BINDING.expects == "'lowest-number' or 'immutable-first'"
