"""Points: where they start (seed 002 rule 102) and the turn's dice (rule 103)."""

import pytest

from nomic_ci.core.mechanics import scoring
from nomic_ci.core.mechanics.values import Roll

PARSE = {binding.key: binding.parse for binding in scoring.BINDINGS}


@pytest.mark.parametrize("key, value, expected", [
    ("starting_points", 0, 0), ("starting_points", 25, 25),
    ("turn_roll", "d6", Roll(1, 6)), ("turn_roll", "2d6", Roll(2, 6)),
    ("proposer_gains", "net-votes", "net-votes"),
])
def test_scoring_bindings_parse_as_the_shipped_rules_write_them(key, value, expected):
    assert PARSE[key](value) == expected


@pytest.mark.parametrize("key, bad, message", [
    ("starting_points", -1, "^a whole number from 0 to 1,000,000,000$"),
    ("starting_points", "0", "^a whole number from 0 to 1,000,000,000$"),
    ("starting_points", 0.5, "^a whole number from 0 to 1,000,000,000$"),
    ("turn_roll", "6", "dice in NdS notation"), ("turn_roll", "d1", "dice in NdS notation"),
    ("turn_roll", 6, "dice in NdS notation"),
    ("proposer_gains", "yes-votes", "^'net-votes'$"),
])
def test_scoring_bindings_refuse_other_values_saying_what_they_expect(key, bad, message):
    with pytest.raises(ValueError, match=message):
        PARSE[key](bad)
