"""Where a Judgment stands, its steps replayed (seed 001 rule 211), and what verify finds
of a step the procedure does not allow. alice, bob, carol and dave play in that order; alice
is moving, and dave, preceding her, is the first Judge."""

import pytest

from nomic_ci.core.files.judgments import (ADMIN_OVERRULE, CONSENT, NULLIFY, OVERRULE,
                                           OVERRULED, RULING, TURN_BEGAN, Step)
from nomic_ci.core.players.judgment_replay import beside, course, met

from judging import at, invoked

EVERYONE = ("alice", "bob", "carol", "dave")
RULED = Step(at(2), RULING, by="dave", verdict="no", text="No.")


def test_beside_goes_round_the_order_either_way():
    assert beside(EVERYONE, "bob", "preceding", {"dave", "carol"}) == "dave"
    assert beside(EVERYONE, "bob", "following", {"dave", "alice"}) == "dave"
    assert beside(EVERYONE, "erin", "preceding", set(EVERYONE)) is None


def test_course_replays_rulings_votes_and_a_new_judge():
    steps = (RULED, Step(at(3), CONSENT, by="carol"), Step(at(3), OVERRULE, by="alice"),
             Step(at(4), OVERRULE, by="bob"), Step(at(4), OVERRULE, by="carol"),
             Step(at(4), OVERRULED, judge="carol", active=EVERYONE, needs="unanimous"))
    now = course(invoked(None, *steps).state.judgment)
    assert (now.judge, now.ruling, now.judged) == ("carol", None, ("dave", "carol"))
    assert now.overrules == () and now.consents == () and now.problems == ()
    partial = course(invoked(None, *steps[:4]).state.judgment)
    assert partial.ruling == RULED and partial.overrules == ("alice", "bob")
    assert partial.consents == ("carol",)


@pytest.mark.parametrize("steps, problem", [
    ((Step(at(2), RULING, by="carol", text="Yes."),), "the Judge was dave"),
    ((RULED, Step(at(3), RULING, by="dave", text="Yes.")), "dave had ruled already"),
    ((Step(at(2), OVERRULE, by="bob"),), "no ruling stood to overrule"),
    ((RULED, Step(at(3), OVERRULE, by="dave")), "a Judge may not overrule themselves"),
    ((RULED, Step(at(3), OVERRULE, by="bob"),
      Step(at(3), OVERRULED, judge="carol", active=EVERYONE, needs="unanimous")),
     "1 of the 3 other active players voted to overrule, short of unanimous"),
    ((RULED, *(Step(at(3), OVERRULE, by=p) for p in ("alice", "bob", "carol")),
      Step(at(3), OVERRULED, judge="bob", active=EVERYONE, needs="unanimous")),
     "the next Judge is another player"),
    ((RULED, Step(at(3), ADMIN_OVERRULE, by="judy", text="Egregious.", judge="bob",
                  active=EVERYONE)),  # carol precedes dave
     "the next Judge is another player"),
    ((Step(at(2), CONSENT, by="carol"),
      Step(at(3), TURN_BEGAN, by="bob", active=EVERYONE, needs="majority")),
     "1 of the 3 other active players consented, short of majority"),
    ((Step(at(2), TURN_BEGAN, by="bob"), RULED), "it ended before this step"),
    ((Step(at(2), NULLIFY, by="bob"),), "no overrule of the administrator's stood"),
])
def test_a_step_the_procedure_does_not_allow_is_a_problem_verify_reports(steps, problem):
    problems = course(invoked(None, *steps).state.judgment).problems
    assert any(problem in p for p in problems), problems


def test_a_share_is_met_by_the_votes_of_those_it_counts():
    assert met("majority", ("a", "b", "x"), ("a", "b", "c"))  # x is not among them
    assert not met("unanimous", ("a", "b"), ("a", "b", "c"))
    assert met("60%", ("a", "b"), ("a", "b", "c")) and not met("70%", ("a", "b"), ("a", "b", "c"))
    assert met(None, (), ("a",)) and met("unanimous", (), ())  # nothing needed; no one to ask
    assert not met("veto", ("a",), ("a",))  # not a share of players: never met
