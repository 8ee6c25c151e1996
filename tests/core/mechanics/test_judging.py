"""Judgment (seed 001 rule 211) and rule 213's winner, as bindings: what they accept, what
they refuse, and the sentence players read of them."""

import pytest

from nomic_ci.core.files.yamlio import read_only
from nomic_ci.core.mechanics import judging
from nomic_ci.core.mechanics.judging import Procedure, parse_procedure
from nomic_ci.core.mechanics.thresholds import Threshold

from judging import suber

SHIPPED = {"judge": "preceding", "consent": "majority", "overrule": "unanimous",
           "admin_overrule": True, "nullify": "majority"}  # seed 001 rule 211
PARSE = {binding.key: binding.parse for binding in judging.BINDINGS}


def test_judging_binds_judgment_and_the_unplayable_games_winner():
    assert [b.key for b in judging.BINDINGS] == ["judgment", "unplayable_winner"]
    assert PARSE["unplayable_winner"]("first-unable") == "first-unable"
    with pytest.raises(ValueError):
        PARSE["unplayable_winner"]("the-judge")


@pytest.mark.parametrize("form", [dict, read_only], ids=["plain", "read-only"])
def test_rule_211_as_shipped(form):
    assert parse_procedure(form(SHIPPED)) == Procedure(
        "preceding", Threshold("majority"), Threshold("unanimous"), True, Threshold("majority"))


def test_the_suber_set_binds_both_and_cites_its_rules():
    config = suber().config
    assert config.judgment == parse_procedure(SHIPPED)
    assert config.unplayable_winner == "first-unable"
    assert (config.cite("judgment"), config.cite("unplayable_winner")) == ("rule 211", "rule 213")


def test_the_procedure_in_a_sentence():
    assert str(parse_procedure(SHIPPED)) == (
        "the active player preceding the one moving judges; the next turn waits for the "
        "consent of a majority of the other active players; all the other active players may "
        "overrule the Judge; so may the server administrator, unless a majority of the other "
        "active players nullify it")
    amended = parse_procedure({"judge": "following", "consent": "none", "overrule": "60%"})
    assert str(amended) == ("the active player following the one moving judges; the next turn "
                            "does not wait for it; 60% of the other active players may overrule "
                            "the Judge")
    assert amended.consent is None and not amended.admin_overrule


@pytest.mark.parametrize("bad", [
    "preceding", {**SHIPPED, "judge": "the admin"}, {**SHIPPED, "consent": "veto"},
    {**SHIPPED, "overrule": "more-yes-than-no"}, {**SHIPPED, "extra": 1},
    {"judge": "preceding", "consent": "majority"}, {**SHIPPED, "admin_overrule": "yes"},
    {"judge": "preceding", "consent": "majority", "overrule": "unanimous",
     "nullify": "majority"},  # a nullification of nothing: no administrator overrules
])
def test_anything_else_is_refused_with_what_it_takes(bad):
    with pytest.raises(ValueError, match="judge: preceding\\|following"):
        parse_procedure(bad)
