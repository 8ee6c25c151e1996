"""Judgment's commands (seed 001 rule 211): each refused with the rule's reason, or made a
step of the Judgment pending. alice is moving; the Judge of a Judgment invoked now is dave."""

from dataclasses import replace

import pytest

from nomic_ci.core.files.judgments import (ADMIN_OVERRULE, CONSENT, NULLIFY, OVERRULE, RULING,
                                           TURN_BEGAN, Step, dump_judgment)
from nomic_ci.core.players.comment_commands import handle
from nomic_ci.core.players.judgment_commands import MAX_TEXT
from nomic_ci.core.transitions import Judging

from builders import T0, comment, make_game
from judging import at, invoked, suber

RULED = Step(at(2), RULING, by="dave", verdict="no", text="No.")


def say(game, login, text):
    return handle(game, comment(login, text, at=at(5), on="7"), at(5), {})


def refused(game, login, text):
    command = say(game, login, text)
    assert command.effect is None, command
    return command.answer


def test_a_player_invokes_judgment_and_the_judge_is_named():
    command = say(suber(), "bob", "/judgment Is proposal 301 legal?\nI say it is not.")
    assert isinstance(command.effect, Judging)
    judgment = command.effect.judgment
    assert (judgment.number, judgment.by, judgment.mover, judgment.judge, judgment.on) == (
        1, "bob", "alice", "dave", "7")
    assert judgment.question == "Is proposal 301 legal?\nI say it is not."
    assert judgment.order == judgment.active == ("alice", "bob", "carol", "dave")
    assert command.answer == (
        "Judgment 1 is invoked: the Judge is dave, the active player preceding alice, who is "
        "moving (rule 211), and rules with /ruling; until it ends the next turn waits for the "
        "consent of a majority of the other active players (/consent)")
    # numbered after those recorded
    ended = replace(invoked().state.judgment, ended=at(2))
    game = suber()
    game = replace(game, files=game.files.changed({ended.path: dump_judgment(ended)}))
    assert say(game, "bob", "/judgment Again?").effect.judgment.number == 2


@pytest.mark.parametrize("game, login, text, answer", [
    (suber(admin="judy"), "judy", "/judgment Mine?",
     "only a player may invoke Judgment (rule 211: \"by the insistence of any player\")"),
    (invoked(), "carol", "/judgment Another question?",
     "Judgment 1 is pending: one question at a time, and its Judge, dave, settles the "
     "questions of the game until the next turn begins (rule 211); ask again once it has "
     "begun"),
    (suber(), "bob", "/judgment", "say the question: /judgment, then the question"),
    (suber(), "bob", "/judgment " + "why? " * MAX_TEXT, "more than the 5,000 a Judgment keeps"),
    (replace(suber(), state=replace(suber().state, turn=None)), "bob", "/judgment Who moves?",
     "no one is moving, so no one can be the Judge (rule 211)"),
])
def test_judgment_is_refused(game, login, text, answer):
    assert answer in refused(game, login, text)


def test_no_judgment_where_no_other_active_player_could_judge():
    game = suber()
    game = replace(game, state=replace(game.state, players=tuple(
        replace(p, inactive_since=T0) if p.login != "alice" else p for p in game.state.players)))
    assert refused(game, "bob", "/judgment Anyone?") == (
        "no active player but alice, who is moving, can be the Judge, and no player is Judge "
        "during their own turn (rule 211)")


def test_without_the_binding_there_are_no_judgment_commands():
    answer = refused(make_game(), "bob", "/judgment Is it legal?")
    assert answer.startswith("the rules in force have no /judgment command")
    assert "/judgment" not in answer.split("the commands are")[1]


def test_the_judge_rules_once_with_a_verdict_and_reasons():
    command = say(invoked(), "dave", "/ruling no: rule 202\nallows one a turn")
    step = command.effect.judgment.steps[-1]
    assert (step.did, step.by, step.verdict, step.text) == (RULING, "dave", "no",
                                                            "rule 202\nallows one a turn")
    assert command.answer.startswith("dave rules on Judgment 1: no; it stands unless all the "
                                     "other active players vote to overrule it (/overrule)")
    plain = say(invoked(), "dave", "/ruling Nobody may propose twice.").effect.judgment
    assert plain.steps[-1].verdict is None
    assert plain.steps[-1].text == "Nobody may propose twice."


@pytest.mark.parametrize("game, login, text, answer", [
    (invoked(), "alice", "/ruling yes", "alice is moving, and no player is Judge during their "
                                        "own turn (rule 211); the Judge of Judgment 1 is dave"),
    (invoked(), "carol", "/ruling yes Fine.", "only the Judge, dave, rules on Judgment 1"),
    (invoked(None, RULED), "dave", "/ruling yes I changed my mind.",
     "dave has ruled on Judgment 1 already, and the ruling stands unless it is overruled"),
    (invoked(), "dave", "/ruling yes", "give the ruling's reasons"),
    (suber(), "dave", "/ruling yes Fine.", "no Judgment is pending (rule 211)"),
    (suber(admin="judy"), "judy", "/ruling yes", "only the Judge rules"),
])
def test_a_ruling_is_refused(game, login, text, answer):
    assert answer in refused(game, login, text)


def test_a_ruling_after_the_next_turn_began_is_no_judges():
    ended = invoked(None, RULED, Step(at(3), TURN_BEGAN, by="bob")).state.judgment
    game = suber()
    game = replace(game, files=game.files.changed({ended.path: dump_judgment(ended)}))
    assert refused(game, "dave", "/ruling yes Fine.") == (
        "no Judgment is pending: Judgment 1 ended at 2026-05-01 15:00 UTC, when the next turn "
        "began, and a Judge settles questions only until the next turn begins (rule 211); "
        "invoke a new one with /judgment")


def test_a_ruling_that_the_game_cannot_go_on_needs_rule_213():
    answer = say(invoked(), "dave", "/ruling unplayable Rule 202 forbids every move.").answer
    assert "the first player unable to complete a turn, alice, wins (rule 213)" in answer
    repealed = invoked(suber(rules={"rules/213-unplayable-game.md":
                                    lambda t: t.replace("  unplayable_winner: first-unable\n",
                                                        "  max_winners: 3\n")}))
    assert "no rule in force names a winner" in refused(repealed, "dave", "/ruling paradox Both.")


def test_consent_counts_the_other_active_players_and_not_the_next():
    command = say(invoked(), "carol", "/consent")
    assert command.effect.judgment.steps[-1] == Step(at(5), CONSENT, by="carol",
                                                     comment=command.comment.id)
    assert command.answer == ("carol consents: 1 of the 3 other active players consented to "
                              "bob's turn; it needs a majority of the other active players (2)")


@pytest.mark.parametrize("game, login, answer", [
    (invoked(), "bob", "bob may not consent to their own turn: it waits for the consent of the "
                       "other active players (rule 211)"),
    (invoked(None, Step(at(2), CONSENT, by="carol")), "carol", "carol has consented already"),
    (suber(), "carol", "no Judgment is pending"),
    (suber(admin="judy"), "judy", "only the active players other than the next one consent"),
])
def test_consent_is_refused(game, login, answer):
    assert answer in refused(game, login, "/consent")


def test_an_inactive_player_neither_consents_nor_votes_to_overrule():
    game = invoked(None, RULED)
    game = replace(game, state=replace(game.state, players=tuple(
        replace(p, inactive_since=T0) if p.login == "carol" else p for p in game.state.players)))
    assert "only active players consent (rule 211): /active first" in refused(
        game, "carol", "/consent")
    assert "only active players vote to overrule" in refused(game, "carol", "/overrule")


def test_a_vote_to_overrule_short_of_unanimity_changes_no_judge():
    command = say(invoked(None, RULED), "alice", "/overrule It is wrong.")
    step = command.effect.judgment.steps[-1]
    assert (step.did, step.by, step.text) == (OVERRULE, "alice", "It is wrong.")
    assert command.answer == ("alice votes to overrule dave: 1 of the 3 other active players so "
                              "far; it needs all the other active players (3) before the next "
                              "turn begins; until then the ruling stands")


@pytest.mark.parametrize("game, login, answer", [
    (invoked(), "alice", "no ruling stands on Judgment 1 to overrule: its Judge, dave, has not "
                         "ruled"),
    (invoked(None, RULED), "dave", "dave is the Judge, and the other active players vote to "
                                   "overrule (rule 211)"),
    (invoked(None, RULED, Step(at(3), OVERRULE, by="bob")), "bob",
     "bob has voted to overrule already"),
])
def test_a_vote_to_overrule_is_refused(game, login, answer):
    assert answer in refused(game, login, "/overrule")


def test_the_server_administrator_overrules_saying_why_and_a_majority_nullifies():
    game = invoked(suber(admin="judy"), RULED)
    assert "egregiously conflicts with the rules and would cause lasting damage to the game " \
           "(rule 211): say how" in refused(game, "judy", "/overrule")
    command = say(game, "judy", "/overrule It breaks rule 202 for good.")
    step = command.effect.judgment.steps[-1]
    assert (step.did, step.by, step.judge, step.text) == (
        ADMIN_OVERRULE, "judy", "carol", "It breaks rule 202 for good.")
    assert "the Judge is now carol; a majority of the other active players may nullify it " \
           "(/nullify)" in command.answer
    overruled = invoked(suber(admin="judy"), *command.effect.judgment.steps)
    assert "dave is the Judge the server administrator overruled" in refused(
        overruled, "dave", "/nullify")
    vote = say(overruled, "bob", "/nullify")
    assert vote.effect.judgment.steps[-1].did == NULLIFY
    assert "1 of the 3 other active players so far; it needs a majority" in vote.answer
    assert "no overrule of the server administrator's stands" in refused(game, "bob",
                                                                          "/nullify")


def test_the_administrator_barred_for_the_turn_and_where_the_rules_give_them_nothing():
    from nomic_ci.core.files.judgments import NULLIFIED
    everyone = ("alice", "bob", "carol", "dave")
    barred = invoked(suber(admin="judy"), RULED,
                     Step(at(3), ADMIN_OVERRULE, by="judy", text="x", judge="carol",
                          active=everyone),
                     Step(at(4), NULLIFY, by="bob"), Step(at(4), NULLIFY, by="carol"),
                     Step(at(4), NULLIFIED, judge="dave", active=everyone, needs="majority"))
    assert "may not overrule again this turn (rule 211)" in refused(barred, "judy",
                                                                     "/overrule Again.")
    plain = invoked(suber(admin="judy", rules={"rules/211-judgment.md": lambda t: t.replace(
        "    admin_overrule: true\n    nullify: majority\n", "")}), RULED)
    assert "the server administrator does not overrule" in refused(plain, "judy",
                                                                    "/overrule Bad.")
    assert refused(plain, "bob", "/nullify").startswith("the rules in force have no /nullify")


def test_while_the_turn_waits_its_player_neither_proposes_nor_plays():
    game = invoked()
    waiting = replace(game, state=replace(game.state, judgment=replace(
        game.state.judgment, turn_ended=at(3))))
    answer = refused(waiting, "alice", "/move Prairie")  # the Suber world's, on one's turn
    assert answer == ("/move is not allowed: alice's turn is over, and the next begins once "
                      "the other active players consent, Judgment 1 being pending (rule 211)")
