"""Who plays: the eligible voters and the turn order (seed 002 rule 106)."""

from datetime import timedelta

import pytest

from nomic_ci.core.mechanics import membership

PARSE = {binding.key: binding.parse for binding in membership.BINDINGS}


@pytest.mark.parametrize("key, value, expected", [
    ("eligible_voters", "all-players", "all-players"),
    ("eligible_voters", "active-players", "active-players"),
    ("join_window", "24h", timedelta(hours=24)),
    ("turn_order", "players-file", "players-file"),
])
def test_membership_bindings_parse_as_the_shipped_rules_write_them(key, value, expected):
    assert PARSE[key](value) == expected


@pytest.mark.parametrize("key, bad, message", [
    ("eligible_voters", "everyone", "^'all-players' or 'active-players'$"),
    ("eligible_voters", ["all-players"], "^'all-players' or 'active-players'$"),
    ("join_window", "0h", "a duration from 1m to 3650d"),
    ("join_window", 24, "a duration from 1m to 3650d"),
    ("turn_order", "random", "^'players-file'$"),
    ("turn_order", "", "^'players-file'$"),
])
def test_membership_bindings_refuse_other_values_saying_what_they_expect(key, bad, message):
    with pytest.raises(ValueError, match=message):
        PARSE[key](bad)
