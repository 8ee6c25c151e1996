"""The ring (rule 5) and moving round it (rule 7)."""

import pytest

from nomic_ci.core.board.ring import Ring, advance, parse_ring, regress


def test_advancing_wraps_from_the_highest_space_to_the_lowest():
    # rule 7: "the lowest-numbered space is considered to be one space higher than the
    # highest-numbered primary space"
    assert advance(8, 4, 10) == (9, 10, 1, 2)
    assert regress(2, 3, 10) == (1, 10, 9)


@pytest.mark.parametrize("value", [{"spaces": 0}, {"spaces": 1}, {"spaces": 10_001}, 10,
                                   {"spaces": 10, "more": 1}])
def test_a_ring_with_nowhere_to_move_or_of_another_shape_is_refused(value):
    with pytest.raises(ValueError):
        parse_ring(value)


def test_a_ring_of_n_spaces():
    assert parse_ring({"spaces": 10}) == Ring(10)
