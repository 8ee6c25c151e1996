"""Judgment's procedure (seed 001 rule 211): who judges, where a Judgment stands once its
steps are replayed, the consent the next turn waits for, and what the engine does next.

alice, bob, carol and dave play in that order; it is alice's turn, so the Judge is dave,
"the active player preceding the one moving", going round the list."""

from dataclasses import replace

import pytest

from nomic_ci.core.apply import apply
from nomic_ci.core.files.judgments import (ADMIN_OVERRULE, CONSENT, GAME_ENDED, LAPSED,
                                           NULLIFIED, NULLIFY, OVERRULE, OVERRULED, RULING,
                                           TURN_BEGAN, Step)
from nomic_ci.core.players.judgment import consent, due, first_judge, hold, turn_waits
from nomic_ci.core.players.judgment_replay import course
from nomic_ci.core.transitions import (BeginTurn, CloseJudgment, Deactivate, EndGame, Judging,
                                       PassTurn)

from builders import DICE, T0
from judging import at, invoked, rule_211, suber

EVERYONE = ("alice", "bob", "carol", "dave")
RULED = Step(at(2), RULING, by="dave", verdict="no", text="No.")



def inactive(game, *logins):
    state = game.state
    return replace(game, state=replace(state, players=tuple(
        replace(p, inactive_since=T0) if p.login in logins else p for p in state.players)))


def test_the_judge_is_the_active_player_preceding_the_one_moving():
    game = suber()
    assert first_judge(game) == "dave"  # before alice, going round
    assert first_judge(replace(game, state=replace(game.state, turn="carol"))) == "bob"
    assert first_judge(inactive(game, "dave")) == "carol"  # an inactive player is passed
    assert first_judge(inactive(game, "bob", "carol", "dave")) is None  # only the mover
    assert first_judge(suber(rules=rule_211(judge="following"))) == "bob"


def test_the_next_turn_waits_for_a_majority_of_the_active_players_other_than_its_player():
    game = invoked(None, Step(at(2), CONSENT, by="carol"), Step(at(2), CONSENT, by="bob"))
    agreed = consent(game)
    assert (agreed.next, agreed.of, agreed.given) == ("bob", ("alice", "carol", "dave"),
                                                      ("carol",))  # bob's own is not counted
    assert not agreed.met
    assert str(agreed) == ("1 of the 3 other active players consented to bob's turn; it needs "
                           "a majority of the other active players (2)")
    more = invoked(None, Step(at(2), CONSENT, by="carol"), Step(at(2), CONSENT, by="dave"))
    assert consent(more).met
    # a ruling takes back the consents given before it: none takes effect unseen
    after_ruling = invoked(None, Step(at(2), CONSENT, by="carol"),
                           Step(at(2), CONSENT, by="alice"), RULED)
    assert consent(after_ruling).given == ()


def test_a_turn_that_would_begin_without_consent_waits_and_nothing_else_of_it_is_undone():
    game = invoked()
    state, _ = apply(game, Deactivate(at(3), "alice", "alice went away"), DICE)
    assert state.turn == "alice" and state.turn_started == game.state.turn_started
    assert state.judgment.turn_ended == at(3) and turn_waits(state)
    assert not next(p for p in state.players if p.login == "alice").active  # that stands
    # with the consent given, the turn passes as it would have
    agreed = invoked(None, Step(at(2), CONSENT, by="carol"), Step(at(2), CONSENT, by="dave"))
    state, _ = apply(agreed, Deactivate(at(3), "alice", "alice went away"), DICE)
    assert state.turn == "bob" and state.judgment.turn_ended is None
    # without the binding (rule 211 repealed) nothing waits
    loose = replace(game, config=replace(game.config, judgment=None))
    assert hold(loose, replace(game.state, turn="bob"), at(3)).turn == "bob"


def test_no_judgment_no_waiting():
    game = suber()
    state, _ = apply(game, PassTurn(at(1), "alice", "bob", "done"), DICE)
    assert state.turn == "bob" and not turn_waits(state)


def overruled_by(*voters, game=None):
    return invoked(game, RULED, *(Step(at(3), OVERRULE, by=v) for v in voters))


def test_a_unanimous_overrule_passes_the_question_to_the_player_preceding_the_judge():
    assert due(overruled_by("alice", "bob")) is None  # short of unanimity: the ruling stands
    step = due(overruled_by("alice", "bob", "carol"))
    assert isinstance(step, Judging) and step.at == at(3)
    last = step.judgment.steps[-1]
    assert (last.did, last.judge, last.needs, last.active) == (OVERRULED, "carol", "unanimous",
                                                               EVERYONE)
    assert "all the other active players voted to overrule dave (rule 211): the Judge is now " \
           "carol" == step.reason
    # a player gone inactive is no longer among those whose vote it needs
    assert isinstance(due(inactive(overruled_by("alice", "bob"), "carol")), Judging)


def test_the_chain_of_judges_passes_the_one_moving_and_every_judge_overruled():
    steps = [RULED, *(Step(at(3), OVERRULE, by=v) for v in ("alice", "bob", "carol")),
             Step(at(3), OVERRULED, judge="carol", active=EVERYONE, needs="unanimous"),
             Step(at(4), RULING, by="carol", text="Yes."),
             *(Step(at(5), OVERRULE, by=v) for v in ("alice", "bob", "dave"))]
    assert due(invoked(None, *steps)).judgment.steps[-1].judge == "bob"
    steps += [Step(at(5), OVERRULED, judge="bob", active=EVERYONE, needs="unanimous"),
              Step(at(6), RULING, by="bob", text="Maybe."),
              *(Step(at(7), OVERRULE, by=v) for v in ("alice", "carol", "dave"))]
    # before bob is alice, who is moving, then dave and carol, overruled: no one is left
    last = due(invoked(None, *steps)).judgment.steps[-1]
    assert last.did == OVERRULED and last.judge is None
    assert course(invoked(None, *steps, last).state.judgment).judge is None


def test_the_administrators_overrule_is_nullified_by_a_majority_and_the_first_ruling_stands():
    game = suber(admin="judy")
    steps = (RULED, Step(at(3), ADMIN_OVERRULE, by="judy", text="Egregious.", judge="carol",
                         active=EVERYONE),
             Step(at(4), RULING, by="carol", text="Yes."), Step(at(5), NULLIFY, by="alice"))
    assert due(invoked(game, *steps)) is None  # one of the three other than dave
    step = due(invoked(game, *steps, Step(at(5), NULLIFY, by="bob")))
    assert step.judgment.steps[-1].did == NULLIFIED and step.judgment.steps[-1].judge == "dave"
    now = course(step.judgment)
    assert now.judge == "dave" and now.ruling == RULED and now.barred and now.admin is None


def test_a_ruling_that_the_game_cannot_go_on_ends_it_once_the_others_consent_after_it():
    paradox = Step(at(2), RULING, by="dave", verdict="paradox", text="Both.")
    early = invoked(None, Step(at(2), CONSENT, by="carol"), Step(at(2), CONSENT, by="dave"),
                    paradox)
    assert due(early) is None  # consents before the ruling: no ending the others did not see
    game = invoked(None, paradox, Step(at(3), CONSENT, by="carol"),
                   Step(at(3), CONSENT, by="dave"))
    end = due(game)
    assert isinstance(end, EndGame) and end.winners == ("alice",) and end.at == at(3)
    assert end.reason == ("dave ruled on Judgment 1 that the move is equally legal and "
                          "illegal, and it was not overruled before the next turn (rule 211): "
                          "the first player unable to complete a turn, alice, wins (rule 213)")
    waiting = replace(game, state=replace(game.state, judgment=replace(
        game.state.judgment, turn_ended=at(3))))
    # ruled while alice moved: alice, whatever ends her turn before the others consent
    assert due(waiting).winners == ("alice",)
    late = invoked(None, Step(at(3), RULING, by="dave", verdict="paradox", text="Both."),
                   Step(at(4), CONSENT, by="carol"), Step(at(4), CONSENT, by="dave"))
    late = replace(late, state=replace(late.state, judgment=replace(
        late.state.judgment, turn_ended=at(2))))
    assert due(late).winners == ("bob",)  # ruled once her turn was over: bob's cannot begin
    # with rule 213 repealed the ruling ends nothing, and the waiting turn begins
    repealed = replace(waiting, config=replace(waiting.config, unplayable_winner=None))
    assert isinstance(due(repealed), BeginTurn)


def test_the_turn_that_waited_begins_once_they_consent_even_with_no_ruling():
    stalled = invoked(None, Step(at(2), CONSENT, by="carol"), Step(at(3), CONSENT, by="alice"))
    assert due(stalled) is None  # alice's turn goes on: nothing waits yet
    waiting = replace(stalled, state=replace(stalled.state, judgment=replace(
        stalled.state.judgment, turn_ended=at(3))))
    begin = due(waiting)
    assert isinstance(begin, BeginTurn) and begin.login == "bob"
    state, record = apply(waiting, begin, DICE)
    assert (state.turn, state.turn_started, state.judgment) == ("bob", at(3), None)
    assert record.steps[-1] == Step(at(3), TURN_BEGAN, by="bob", active=EVERYONE,
                                    needs="majority") and record.ended == at(3)


def test_where_no_one_else_is_active_the_waiting_turn_is_its_players_again_and_it_ends():
    # everyone but alice went away while her turn waited: her own next turn begins, once
    game = invoked()
    state, _ = apply(game, PassTurn(at(3), "alice", "bob", "done"), DICE)
    assert turn_waits(state)
    alone = replace(game, state=replace(state, players=tuple(
        replace(p, inactive_since=at(3)) if p.login != "alice" else p for p in state.players)))
    begin = due(alone)
    assert isinstance(begin, BeginTurn) and begin.login == "alice"
    after, record = apply(alone, begin, DICE)
    assert after.judgment is None and after.turn_started == at(3) and record is not None
    assert due(replace(alone, state=after)) is None


@pytest.mark.parametrize("change, ending", [
    (lambda g: replace(g.state, turn="bob", turn_started=at(3)), TURN_BEGAN),
    (lambda g: replace(g.state, ended_at=at(3), winners=("carol",), turn=None), GAME_ENDED),
])
def test_it_ends_once_the_next_turn_began_or_the_game_ended(change, ending):
    game = invoked(None, RULED)
    game = replace(game, state=replace(change(game), last_change=at(3)))
    close = due(game)
    assert isinstance(close, CloseJudgment) and close.judgment.ended == at(3)
    assert close.judgment.steps[-1].did == ending
    state, record = apply(game, close, DICE)
    assert state.judgment is None and record == close.judgment


def test_it_lapses_when_the_rules_no_longer_have_judgment():
    game = invoked(None, RULED)
    close = due(replace(game, config=replace(game.config, judgment=None)))
    assert close.judgment.steps[-1].did == LAPSED
