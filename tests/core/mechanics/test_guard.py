"""Special passing conditions for guarded rules (seed 004 rule 0)."""

import re
from datetime import timedelta

import pytest

from nomic_ci.core.files.yamlio import read_only
from nomic_ci.core.mechanics import guard
from nomic_ci.core.mechanics.guard import Guard, parse_guard

EXPECTED = re.escape("{rules: 'LOW-HIGH', quiet: DURATION, until: DURATION, ratio: N}")
SHIPPED = {"rules": "0-0", "quiet": "24h", "until": "7d", "ratio": 3}  # infinite-nomic-r7 rule 0


def test_guard_binds_one_key_parsed_by_parse_guard():
    assert [(b.key, b.parse) for b in guard.BINDINGS] == [("guard", parse_guard)]


@pytest.mark.parametrize("form", [dict, read_only], ids=["plain", "read-only"])
def test_the_shipped_guard_parses_in_either_form(form):
    assert parse_guard(form(SHIPPED)) == Guard(0, 0, timedelta(hours=24), timedelta(days=7), 3)


def test_a_single_rule_number_guards_only_that_rule():
    parsed = parse_guard({**SHIPPED, "rules": "5"})
    assert (parsed.low, parsed.high) == (5, 5)


@pytest.mark.parametrize("bad", [
    None, ["0-0"], {**SHIPPED, "extra": 1}, {k: v for k, v in SHIPPED.items() if k != "ratio"},
])
def test_a_guard_without_exactly_its_four_fields_is_refused(bad):
    with pytest.raises(ValueError, match=EXPECTED):
        parse_guard(bad)


@pytest.mark.parametrize("rules", ["a-b", "0-x", "1-2-3", "20-10", "5-", "1234567"])
def test_a_guard_of_no_rule_range_or_an_inverted_one_is_refused(rules):
    with pytest.raises(ValueError, match="rule numbers as 'LOW-HIGH'.*LOW at most HIGH"):
        parse_guard({**SHIPPED, "rules": rules})


@pytest.mark.parametrize("field, bad, message", [
    ("ratio", 0, "a whole number from 1 to"), ("ratio", "3", "a whole number from 1 to"),
    ("quiet", "0h", "a duration from 1m to 3650d"), ("until", "7 days", "a duration from 1m to 3650d"),
    ("quiet", "7d", "quiet shorter than until"), ("quiet", "8d", "quiet shorter than until"),
])
def test_a_guard_with_a_bad_ratio_or_durations_says_which(field, bad, message):
    with pytest.raises(ValueError, match=message):
        parse_guard({**SHIPPED, field: bad})


@pytest.mark.parametrize("numbers, covered", [
    ([100], True), ([199], True), ([50, 150], True), ([99], False), ([200], False),
    ([99, 200], False), ([], False),
])
def test_a_guard_covers_only_proposals_involving_a_rule_in_its_range(numbers, covered):
    span = Guard(100, 199, timedelta(hours=1), timedelta(hours=2), 1)
    assert span.covers(numbers) is covered
