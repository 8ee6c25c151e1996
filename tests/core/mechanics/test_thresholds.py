"""Thresholds in exact arithmetic."""

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from nomic_ci.core.mechanics.thresholds import Threshold, parse_threshold


@pytest.mark.parametrize("need, eligible, required", [
    ("unanimous", 9, 9), ("majority", 9, 5), ("majority", 10, 6), ("majority", 1, 1),
    ("30%", 9, 3),  # 2.7 rounds up: at least 30%
    ("30%", 10, 3), ("30%", 11, 4), ("33.3%", 3, 1), ("50%", 10, 5), ("100%", 7, 7),
])
def test_required_yes_votes(need, eligible, required):
    assert parse_threshold(need).required_yes(eligible) == required


def test_a_veto_threshold_needs_a_veto_holders_yes_whatever_the_count():
    veto = parse_threshold("veto")
    assert not veto.is_met(yes=9, eligible=9, veto_yes=False)
    assert veto.is_met(yes=1, eligible=9, veto_yes=True)


def test_more_yes_than_no_counts_the_votes_cast():
    need = parse_threshold("more-yes-than-no")
    assert need.is_met(yes=2, eligible=9, no=1) and not need.is_met(yes=2, eligible=9, no=2)


@pytest.mark.parametrize("bad", ["most", "0%", "150%", 5, None, "30 percent"])
def test_a_bad_threshold_says_what_is_allowed(bad):
    with pytest.raises(ValueError, match="'unanimous', 'majority', 'more-yes-than-no', 'veto' or"):
        parse_threshold(bad)


thresholds = st.one_of(
    st.sampled_from([Threshold("unanimous"), Threshold("majority")]),
    st.fractions(min_value=Fraction(1, 100), max_value=1).map(
        lambda f: Threshold("fraction", (f.numerator, f.denominator))))


@given(thresholds, st.integers(1, 200), st.integers(0, 200))
def test_no_threshold_is_met_with_fewer_yes_votes_than_its_exact_bound(threshold, eligible, yes):
    yes = min(yes, eligible)
    met = threshold.is_met(yes, eligible)
    exact = Fraction(*threshold.fraction) if threshold.fraction else Fraction(1)
    if threshold.kind == "majority":
        assert met == (2 * yes > eligible)
    else:
        assert met == (Fraction(yes) >= exact * eligible)


@given(st.decimals(min_value="0.000001", max_value=100, places=6))
def test_a_percentage_is_read_exactly_in_lowest_terms(percent):
    text = f"{percent.normalize():f}%"
    exact = Fraction(percent) / 100
    threshold = parse_threshold(text)
    assert threshold.fraction == (exact.numerator, exact.denominator)
    assert str(threshold) == f"{text} of the eligible voters"


@given(thresholds, st.integers(1, 200), st.integers(0, 199))
def test_one_more_yes_never_turns_a_pass_into_a_fail(threshold, eligible, yes):
    yes = min(yes, eligible - 1)
    if threshold.is_met(yes, eligible):
        assert threshold.is_met(yes + 1, eligible)
