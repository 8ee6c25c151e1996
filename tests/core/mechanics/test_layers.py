"""The layer cake (seed 002 rule 104): the rule numbers a proposal involves pick its threshold."""

import pytest

from nomic_ci.core.files.yamlio import read_only
from nomic_ci.core.mechanics import layers
from nomic_ci.core.mechanics.layers import Layer, parse_layers
from nomic_ci.core.mechanics.thresholds import Threshold

PARSE = {binding.key: binding.parse for binding in layers.BINDINGS}
CAKE = [{"numbers": "000-099", "need": "unanimous"}, {"numbers": "100-199", "need": "majority"},
        {"numbers": "200-299", "need": "30%"}, {"numbers": "300-399", "need": "veto"}]


@pytest.mark.parametrize("form", [list, read_only], ids=["plain", "read-only"])
def test_the_shipped_cake_parses_into_its_four_layers(form):
    assert PARSE["layers"](form(CAKE)) == (
        Layer(0, 99, Threshold("unanimous")), Layer(100, 199, Threshold("majority")),
        Layer(200, 299, Threshold("fraction", (3, 10))), Layer(300, 399, Threshold("veto")))


def test_a_layer_covers_its_bounds_and_nothing_outside():
    layer = Layer(100, 199, Threshold("majority"))
    assert [layer.covers(n) for n in (99, 100, 150, 199, 200)] == [False, True, True, True, False]
    assert str(layer) == "rules 100–199"


def test_overlapping_layers_are_refused_naming_both():
    with pytest.raises(ValueError, match="^item 2: rules 050–150 overlaps rules 000–099$"):
        parse_layers([CAKE[0], {"numbers": "50-150", "need": "majority"}])


@pytest.mark.parametrize("bad, message", [
    ([], "^a list of"), (CAKE[0], "^a list of"), ("000-099", "^a list of"),
    ([{"numbers": "0-99"}], "^item 1: a list of"),
    ([CAKE[0], {**CAKE[1], "extra": 1}], "^item 2: a list of"),
    ([{"numbers": "99-0", "need": "majority"}], "^item 1: rule numbers as 'LOW-HIGH'"),
    ([{"numbers": "all", "need": "majority"}], "^item 1: rule numbers as 'LOW-HIGH'"),
    ([{"numbers": "0-99", "need": "most"}], "^item 1: need is 'unanimous', 'majority'"),
])
def test_a_bad_cake_says_which_item_and_what_was_expected(bad, message):
    with pytest.raises(ValueError, match=message):
        parse_layers(bad)


def test_a_single_threshold_and_the_rule_number_of_other_files_parse():
    assert PARSE["threshold"]("more-yes-than-no") == Threshold("more-yes-than-no")
    assert PARSE["other_files_as_rule"](0) == 0
    with pytest.raises(ValueError, match="a whole number from 0 to"):
        PARSE["other_files_as_rule"](-1)
    with pytest.raises(ValueError, match="'unanimous', 'majority'"):
        PARSE["threshold"]("most")
