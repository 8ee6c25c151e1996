"""A turn that waits for consent always has a way on (tests/rulesets/test_judgment_attacks.py
plays these)."""

from dataclasses import replace

from nomic_ci.core.files.judgments import LAPSED, TURN_BEGAN
from nomic_ci.core.players.judgment import due, turn_waits
from nomic_ci.core.transitions import BeginTurn

from judging import at, invoked, rule_211, suber



def test_a_turn_that_waits_when_the_rules_stop_asking_for_consent_begins():
    """The turn waits (turn_ended set) when an amendment to rule 211 in force drops the
    consent: nothing is left to wait for, so the next turn should begin."""
    game = invoked(suber(rules=rule_211(consent="none")))
    game = replace(game, state=replace(game.state, judgment=replace(
        game.state.judgment, turn_ended=at(3)), last_change=at(3)))
    assert turn_waits(game.state)
    begin = due(game)
    assert isinstance(begin, BeginTurn) and begin.login == "bob"
    assert begin.judgment.steps[-1].did == TURN_BEGAN and begin.judgment.steps[-1].needs is None


def test_a_turn_that_waits_when_judgment_is_repealed_goes_on_to_the_next_player():
    """Not back to the player whose turn was over: the Judgment lapses and the next begins."""
    game = invoked(suber())
    game = replace(game, state=replace(game.state, judgment=replace(
        game.state.judgment, turn_ended=at(3)), last_change=at(3)))
    repealed = replace(game, config=replace(game.config, judgment=None))
    begin = due(repealed)
    assert isinstance(begin, BeginTurn) and begin.login == "bob"
    assert begin.judgment.steps[-1].did == LAPSED
