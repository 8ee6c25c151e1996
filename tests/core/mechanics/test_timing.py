"""How long things take: the voting window, the turn timeout, resubmissions and numbering."""

from datetime import timedelta

import pytest

from nomic_ci.core.mechanics import timing

PARSE = {binding.key: binding.parse for binding in timing.BINDINGS}


@pytest.mark.parametrize("key, value, expected", [
    ("voting_window", "48h", timedelta(hours=48)), ("voting_window", "24h", timedelta(hours=24)),
    ("turn_timeout", "72h", timedelta(hours=72)), ("turn_timeout", "3d", timedelta(days=3)),
    ("resubmissions_per_turn", 2, 2), ("resubmissions_per_turn", 0, 0),
    ("numbering", "every-proposal", "every-proposal"),
    ("numbering", "proper-proposals", "proper-proposals"),
    ("proposer_votes_yes", True, True), ("proposer_votes_yes", False, False),
])
def test_timing_bindings_parse_as_the_shipped_rules_write_them(key, value, expected):
    assert PARSE[key](value) == expected


@pytest.mark.parametrize("key, bad, message", [
    ("voting_window", "0h", "a duration from 1m to 3650d"), ("voting_window", "2 days", "a duration from"),
    ("turn_timeout", 72, "a duration from 1m to 3650d"),
    ("resubmissions_per_turn", -1, "^a whole number from 0 to 1,000,000,000$"),
    ("resubmissions_per_turn", True, "^a whole number from 0 to 1,000,000,000$"),
    ("numbering", "some-proposals", "^'every-proposal' or 'proper-proposals'$"),
    ("proposer_votes_yes", "yes", "^true or false$"),
])
def test_timing_bindings_refuse_other_values_saying_what_they_expect(key, bad, message):
    with pytest.raises(ValueError, match=message):
        PARSE[key](bad)
