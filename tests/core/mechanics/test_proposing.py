"""How proposals are made and voted on, where rulesets differ (seed 004 rule 4)."""

import pytest

from nomic_ci.core.mechanics import proposing

PARSE = {binding.key: binding.parse for binding in proposing.BINDINGS}


@pytest.mark.parametrize("key, value, expected", [
    ("proposing", "one-a-turn", "one-a-turn"), ("proposing", "one-open-each", "one-open-each"),
    ("proposing", "weekly", "weekly"),
    ("votes_from", ["reviews"], ("reviews",)),
    ("votes_from", ["reactions", "reviews"], ("reactions", "reviews")),
    ("votes_from", ("reactions", "reviews"), ("reactions", "reviews")),
    ("decide_when_all_voted", False, False), ("decide_when_all_voted", True, True),
    ("edits", "retract", "retract"),
])
def test_proposing_bindings_parse_as_the_shipped_rules_write_them(key, value, expected):
    assert PARSE[key](value) == expected


@pytest.mark.parametrize("key, bad, message", [
    ("proposing", "anyone", "^'one-a-turn' or 'one-open-each' or 'weekly'$"),
    ("votes_from", [], "^a list from reviews, reactions$"),
    ("votes_from", ("reviews", "comments"), "^a list from reviews, reactions$"),
    ("votes_from", "reviews", "^a list from reviews, reactions$"),
    ("decide_when_all_voted", "false", "^true or false$"),
    ("decide_when_all_voted", 0, "^true or false$"),
    ("edits", "ignore", "^'retract'$"),
])
def test_proposing_bindings_refuse_other_values_saying_what_they_expect(key, bad, message):
    with pytest.raises(ValueError, match=message):
        PARSE[key](bad)
