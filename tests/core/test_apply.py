"""Applying a transition: the state it leads to and the record it makes."""

from dataclasses import replace

import pytest

from nomic_ci.core.apply import apply
from nomic_ci.core.facts import ChangeKind, FileChange
from nomic_ci.core.files.records import Ballot, Outcome
from nomic_ci.core.files import PLAYERS
from nomic_ci.core.players.joining import join_decision
from nomic_ci.core.transitions import Command, Decide, Deactivate, Open, PassTurn, Refuse
from nomic_ci.core.voting.tally import Tally

from builders import (DICE, HOUR, T0, ScriptedDice, comment, make_files, make_game, opened,
                      proposal, review, step)


def applied(game, transition, dice=DICE):
    state, record = apply(game, transition, dice)
    return replace(game, state=state), record


@pytest.mark.parametrize("login, turn", [("alice", "bob"), ("bob", "alice")])
def test_a_command_marks_its_comment_handled_and_applies_its_effect(login, turn):
    game = make_game(ruleset="infinite-nomic-r7")  # /pass ends one's turn, only on one's turn
    said = comment(login, "/pass", at=T0 + 2 * HOUR)
    t, after, record = step(game, [], T0 + 2 * HOUR, comments=[said])
    assert isinstance(t, Command) and record is None
    assert isinstance(t.effect, PassTurn) if login == "alice" else t.effect is None
    assert after.state.turn == turn and after.state.has_handled(said.id)
    assert after.state.last_change == T0 + 2 * HOUR


@pytest.mark.parametrize("turn, seats", [("bob", ["alice", "dave", "bob", "carol"]),
                                         (None, ["alice", "bob", "carol", "dave"])])
def test_a_passed_join_request_seats_the_joiner_before_the_player_whose_turn_it_is(turn, seats):
    game = make_game(ruleset="suber-initial-set")  # rule 214: joining
    # without its board, whose world would first count the turn this test hands to bob
    game = replace(game, state=replace(game.state, turn=turn, board=None))
    players = make_files(ruleset="suber-initial-set")[PLAYERS] + "  - login: dave\n    points: 0\n"
    game, p = opened(game, author="dave", key="j", texts=[(PLAYERS, players)],
                     changes=[FileChange(PLAYERS, ChangeKind.MODIFIED)])
    decision = join_decision(game, game.state.open_proposals[0], p, T0 + 30 * HOUR)
    after, record = applied(game, decision, ScriptedDice())  # a request rolls no dice
    assert [pl.login for pl in after.state.players] == seats and after.state.turn == turn
    assert record.outcome is Outcome.PASSED and record.dice == () and not record.points


@pytest.mark.parametrize("passed, experience, levels", [
    (True, {"alice": 10, "bob": 1}, {"alice": (2, 0), "bob": (1, 1), "carol": (1, 0)}),
    (False, {}, {"alice": (1, 0), "bob": (1, 0), "carol": (1, 0)}),
])
def test_an_accepted_proposal_gives_experience_and_levels_up(passed, experience, levels):
    game, p = make_game(ruleset="borednomic", admin="admin"), proposal()  # rule 12: levels
    game, _ = applied(game, Open(T0, p, 1))
    votes = (Ballot("bob", True, "head1", T0), Ballot("carol", False, "head1", T0))
    tally = Tally(("alice", "bob", "carol"), votes, (), False)
    decision = Decide(T0 + HOUR, p, game.state.open_proposals[0], passed, tally, "t", (), "r")
    after, record = applied(game, decision, ScriptedDice())
    start = after.config.starting_stats
    stats = {pl.login: (pl.stat("level", start), pl.stat("experience", start))
             for pl in after.state.players}
    assert dict(record.experience) == experience
    assert stats == levels  # alice's 10 are rule 12.3's level 2; bob's 1 is not yet
    assert not after.state.open_proposals


def test_refusing_a_proposal_in_its_vote_passes_the_turn():
    game, p = opened()
    after, record = applied(game, Refuse(T0 + HOUR, p, 1, "vetoed", game.state.open_proposals[0]))
    assert after.state.turn == "bob" and not after.state.open_proposals
    assert record.outcome is Outcome.REFUSED and after.state.next_proposal == 2


@pytest.mark.parametrize("number, next_number", [(1, 2), (None, 1)])
def test_refusing_a_new_proposal_keeps_the_turn_and_numbers_it_if_numbered(number, next_number):
    game = make_game()
    after, record = applied(game, Refuse(T0, proposal("bob"), number, "not bob's turn"))
    assert after.state.turn == "alice" and after.state.next_proposal == next_number
    assert record.number == number and record.reason == "not bob's turn"


@pytest.mark.parametrize("login, turn, since", [("alice", "bob", T0 + HOUR),
                                                 ("carol", "alice", T0)])
def test_a_player_who_becomes_inactive_on_their_turn_loses_it(login, turn, since):
    after, _ = applied(make_game(), Deactivate(T0 + HOUR, login, "silent"))
    assert (after.state.turn, after.state.turn_started) == (turn, since)
    assert [p.inactive_since for p in after.state.players if p.login == login] == [T0 + HOUR]


def test_apply_never_changes_the_game_it_was_given():
    game, p = opened()
    before = repr(game)
    voted = replace(p, reviews=(review("bob", at=T0 + HOUR), review("carol", at=T0 + HOUR)))
    for proposals in ([voted], [replace(p, head="head2")]):
        step(game, proposals, T0 + HOUR)
    for transition in (Refuse(T0 + HOUR, p, 1, "no", game.state.open_proposals[0]),
                       Deactivate(T0 + HOUR, "alice", "silent")):
        apply(game, transition, DICE)
    assert repr(game) == before


def test_a_proposer_in_the_gulag_gains_no_points_for_a_passed_proposal():
    """Seed 004 rule 8: in the Gulag a player is unable to gain or lose points, rule 4's
    net votes included."""
    from dataclasses import replace as copy

    from nomic_ci.core.board.boardfile import Token
    from nomic_ci.core.due import next_transition

    from boardgames import board_game
    from builders import proposal, reaction
    for space, gained in ((3, 2), ("gulag", 0)):
        game = board_game(Token("alice", 3))
        p = proposal("alice", paths=["rules/021-new.md"], texts=[(
            "rules/021-new.md", "---\nnumber: 21\ntitle: New\nmutable: true\n---\nNew.\n")])
        opened_ = next_transition(game, [p], T0)
        state, _ = apply(game, opened_, DICE)
        game = copy(game, state=copy(state, board=state.board.with_token(Token("alice", space))))
        voted = copy(p, reactions=(reaction("bob"), reaction("carol")))
        decided = next_transition(game, [voted], T0 + 25 * HOUR)
        state, record = apply(game, decided, DICE)
        assert record.outcome.value == "passed"
        assert state.player(game.state.players[0].account).points == gained
