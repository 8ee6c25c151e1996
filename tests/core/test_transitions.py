"""Transitions: frozen values stamped with when they became due; `apply` handles each one."""

from dataclasses import FrozenInstanceError, fields, is_dataclass, replace
from types import SimpleNamespace

import pytest

from nomic_ci.core.apply import apply
from nomic_ci.core.due import next_transition
from nomic_ci.core.files.state import GameState
from nomic_ci.core.transitions import (Act, Activate, BeginTurn, BoardTimer, CloseJudgment,
                                       Command, Deactivate, Decide, EndGame, Judging, Open,
                                       Hold, PassTurn, Pause, Push, Reclose, Refuse, Retract,
                                       Transition, Update)

from builders import DICE, HOUR, T0, comment, make_game, opened, proposal, review
from judging import invoked

GAME, P = opened()
OPEN = GAME.state.open_proposals[0]
AT = T0 + HOUR
DECIDE = next_transition(GAME, [replace(P, reviews=(review("bob", at=AT),
                                                    review("carol", at=AT)))], AT)
RECORD = apply(GAME, DECIDE, DICE)[1]
EXAMPLES = {
    Open: Open(AT, proposal("bob", key="2"), 2),
    Push: Push(AT, OPEN, "head2"),
    Refuse: Refuse(AT, P, 1, "vetoed", OPEN),
    Hold: Hold(AT, P, "rules/108-x.md:1: no front matter"),
    Decide: DECIDE,
    Retract: Retract(AT, OPEN, "closed on the forge", P),
    Deactivate: Deactivate(AT, "bob", "silent"),
    Activate: Activate(AT, "bob", "back"),
    PassTurn: PassTurn(AT, "alice", "bob", "timeout"),
    EndGame: EndGame(AT, ("alice",), "the end date"),
    Reclose: Reclose(AT, P, RECORD),
    Command: Command(AT, comment("alice", "/pass"), None, "no such command"),
    Act: Act(AT, "alice", "/roll", 12),
    BoardTimer: BoardTimer(AT, "alice", "alice rolled on the Frontier ten minutes ago"),
    Pause: Pause(AT, "the Admin judged the game cannot go on"),
    Update: Update(AT, "the update (rule 7)"),
    Judging: Judging(AT, invoked().state.judgment, "bob invoked it, and dave judges"),
    BeginTurn: BeginTurn(AT, "bob", "a majority of the others consented",
                         invoked().state.judgment),
    CloseJudgment: CloseJudgment(AT, invoked().state.judgment),
}
BOARD_GAME = make_game(ruleset="infinite-nomic-r7")  # where /roll is a command (rule 7)
BORED_GAME = make_game(ruleset="borednomic", admin="admin")  # with updates (seed 003 rule 7)


def test_the_examples_cover_every_kind_of_transition():
    assert set(EXAMPLES) == set(Transition.__args__)


@pytest.mark.parametrize("kind", Transition.__args__, ids=lambda k: k.__name__)
def test_each_transition_is_a_frozen_value_whose_first_field_is_when(kind):
    assert is_dataclass(kind)
    assert fields(kind)[0].name == "at"
    with pytest.raises(FrozenInstanceError):
        EXAMPLES[kind].at = T0
    with pytest.raises(FrozenInstanceError):
        del EXAMPLES[kind].at


@pytest.mark.parametrize("kind", Transition.__args__, ids=lambda k: k.__name__)
def test_apply_handles_each_transition(kind):
    transition = EXAMPLES[kind]
    assert isinstance(transition, kind) and transition.at == AT
    game = {Act: BOARD_GAME, BoardTimer: BOARD_GAME, Update: BORED_GAME,
            CloseJudgment: replace(invoked(), state=replace(invoked().state, last_change=T0))
            }.get(kind, GAME)
    state, record = apply(game, transition, DICE)
    assert isinstance(state, GameState)
    # every transition but a re-close (which only closes on the forge) is a change at its time
    assert state.last_change == (game.state.last_change if kind is Reclose else AT)
    assert (record is not None) == (kind in (Refuse, Decide, Retract, Act, BoardTimer, Update,
                                             CloseJudgment, BeginTurn))


def test_anything_else_is_a_type_error():
    with pytest.raises(TypeError):
        apply(GAME, SimpleNamespace(at=AT), DICE)
