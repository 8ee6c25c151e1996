"""What the engine tells players: a line for each transition, and what followed from it."""

from dataclasses import replace

import pytest

from nomic_ci.core.files.judgments import Step
from nomic_ci.core.transitions import (Act, Activate, BeginTurn, BoardTimer, CloseJudgment,
                                       Command, Deactivate, Decide, EndGame, Judging, Open,
                                       Hold, PassTurn, Pause, Push, Reclose, Refuse, Retract,
                                       Transition, Update)
from nomic_ci.text.messages import consequences, describe, merge_message

from builders import HOUR, T0, ScriptedDice, comment, opened, review, step
from judging import invoked

GAME, P = opened(title="More points")
OPEN = GAME.state.open_proposals[0]
VOTED = replace(P, reviews=(review("bob", at=T0 + HOUR), review("carol", at=T0 + HOUR)))
DECIDE, AFTER, RECORD = step(GAME, [VOTED], T0 + HOUR, ScriptedDice(4))
TURN = PassTurn(T0, "alice", "bob", "alice did not propose within 72 hours (rule 103)")

ONE_OF_EACH = {
    Open: (Open(T0, P, 1), "Proposal 1 ('More points', by alice) is open for votes."),
    Refuse: (Refuse(T0, P, None, "nope"), "A proposal ('More points', by alice) is refused: nope."),
    Hold: (Hold(T0, P, "no front matter"), "The proposal 'More points' by alice cannot be put to "
                                           "the vote as it is: no front matter. It stays open, "
                                           "awaiting a fix."),
    Decide: (DECIDE, f"Proposal 1 ('More points') passed: {DECIDE.reason}."),
    Push: (Push(T0, OPEN, "0123456789abc"), "Proposal 1 ('More points') has a new version, "
           "0123456: its vote starts again, and only votes on the new version count."),
    Retract: (Retract(T0, OPEN, "closed"), "Proposal 1 ('More points') is retracted: closed."),
    Deactivate: (Deactivate(T0, "bob", "bob said so"),
                 "A player becomes inactive: bob said so."),
    Activate: (Activate(T0, "bob", "bob voted"), "A player is active again: bob voted."),
    PassTurn: (TURN, "The turn passes from alice to bob: alice did not propose within 72 hours "
               "(rule 103)."),
    EndGame: (EndGame(T0, (), "the end date"), "The game is over (the end date): nobody won."),
    Pause: (Pause(T0, "the Admin said so (rule 10)"),
            "The game is paused: the Admin said so (rule 10)."),
    Reclose: (Reclose(T0, P, RECORD), "Proposal 1 was already passed; closing it."),
    Act: (Act(T0, "alice", "/roll", 7), "alice plays /roll."),
    BoardTimer: (BoardTimer(T0, "alice", "any other player may now /explore for alice"),
                 "The Frontier's timer: any other player may now /explore for alice."),
    Update: (Update(T0, "the update (rule 7)"),
             "Every player takes a turn: the update (rule 7)."),
    Judging: (Judging(T0, invoked().state.judgment, "bob invoked it, and dave judges"),
              "Judgment 1: bob invoked it, and dave judges."),
    BeginTurn: (BeginTurn(T0, "bob", "2 of the 3 other active players consented",
                          invoked().state.judgment),
                "bob's turn begins: 2 of the 3 other active players consented."),
    CloseJudgment: (CloseJudgment(T0, invoked().state.judgment.then(Step(T0, "next turn"))),
                    "Judgment 1 ends: the next turn began."),
    Command: (Command(T0, comment("alice", "/pass\nbye"), TURN, "alice passes"),
              "alice wrote '/pass': alice passes. The turn passes from alice to bob: alice did "
              "not propose within 72 hours (rule 103)."),
}


def test_every_kind_of_transition_has_an_example_here():
    assert set(ONE_OF_EACH) == set(Transition.__args__)


@pytest.mark.parametrize("kind", ONE_OF_EACH, ids=lambda kind: kind.__name__)
def test_each_transition_is_described_in_one_line(kind):
    transition, line = ONE_OF_EACH[kind]
    assert describe(transition) == line and "\n" not in line


def test_an_unknown_transition_is_an_error():
    with pytest.raises(TypeError):
        describe(object())


def test_the_merge_message_names_the_proposal_and_why_it_passed():
    assert merge_message(DECIDE) == f"Proposal 1 passed: More points\n\n{DECIDE.reason}"
    assert "every eligible voter voted: 3 yes, 0 no of 3 eligible" in DECIDE.reason


def test_the_consequences_report_the_dice_as_a_proposal_opens_then_the_next_turn():
    # seed 002 rule 103: propose, roll, then vote; the decision does not roll again
    start = replace(GAME, state=replace(GAME.state, open_proposals=(), next_proposal=1,
                                        players=tuple(replace(p, points=0)
                                                      for p in GAME.state.players)))
    opening, after_open, _ = step(start, [P], T0, ScriptedDice(4))
    assert consequences(start, after_open.state, None, opening) == (
        " Dice: alice rolls 4 (+4, now 4 points).")
    assert consequences(GAME, AFTER.state, RECORD, DECIDE) == " Next: bob's turn."
    assert consequences(GAME, AFTER.state, None, TURN) == ""  # the line already says so


def test_the_consequences_report_a_winner_by_the_roll_as_the_proposal_opens():
    start = replace(GAME, state=replace(GAME.state, open_proposals=(), next_proposal=1))
    start = replace(start, state=start.state.with_player(
        replace(start.state.players[0], points=98)))
    opening, after, _ = step(start, [P], T0, ScriptedDice(3))
    assert consequences(start, after.state, None, opening) == (
        " Dice: alice rolls 3 (+3, now 101 points). alice won the game!")

