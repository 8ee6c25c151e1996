"""Comment commands: /pass, /active, /inactive, the Admin's /veto, and /help and /status."""

from dataclasses import replace

import pytest

from nomic_ci.core.players.comment_commands import KEPT_MARGIN, _status, answered_before, \
    command_name, handle, is_command
from nomic_ci.core.transitions import Deactivate, PassTurn, Refuse

from builders import HOUR, T0, comment, make_game, opened, roll

INFINITE = make_game(ruleset="infinite-nomic-r7")  # commands: [pass]
MONDAY = T0 + 72 * HOUR


def answer(game, who, body, proposals=(), edited=False):
    command = handle(game, comment(who, body, edited=edited), T0 + HOUR,
                     {p.key: p for p in proposals})
    return command.effect, command.answer


@pytest.mark.parametrize("body, name", [
    ("/pass", "pass"), ("  /PASS please\nthanks", "pass"), ("/veto #3", "veto"),
    ("I will /pass", None), ("hello\n/pass", None), ("/", None), ("", None), ("   ", None),
])
def test_a_command_is_a_slash_word_on_the_first_line(body, name):
    assert command_name(comment("alice", body)) == name


@pytest.mark.parametrize("who, body, counts", [
    ("alice", "/pass", True), ("bob", "/pass", True),
    ("alice", "/dance", True),  # no such command: answered with the ones there are
    ("alice", "/active", True),  # a command, but not one these rules have: answered too
    ("mallory", "/pass", False),  # not a player
    ("alice", "please pass", False),
])
def test_every_slash_comment_from_a_player_is_a_command_to_answer(who, body, counts):
    assert is_command(INFINITE, comment(who, body)) is counts


def test_the_player_whose_turn_it_is_may_pass_and_nobody_else():
    effect, said = answer(INFINITE, "alice", "/pass")
    assert isinstance(effect, PassTurn) and (effect.from_login, effect.to_login) == ("alice", "bob")
    assert effect.reason == "alice ended their turn (rule 3)"
    assert said == "alice passes: it is now bob's turn"
    assert answer(INFINITE, "bob", "/pass") == (
        None, "only the player whose turn it is may /pass (it is alice's turn)")


def test_an_edited_command_does_not_count_and_says_so():
    effect, said = answer(INFINITE, "alice", "/pass", edited=True)
    assert effect is None and "edited command does not count: post a new comment" in said


def test_a_command_the_rules_do_not_have_is_answered_with_the_ones_they_do():
    assert answer(make_game(), "alice", "/pass") == (
        None, "the rules in force have no /pass command; the commands are /help, /status")
    assert answer(make_game(), "alice", "/roll") == (  # a board's, in a game with no board
        None, "the rules in force have no /roll command; the commands are /help, /status")
    board = ("/roll, /continue, /choose, /buy, /use, /deposit, /withdraw, /house, /escape, "
             "/rejoin, /explore, /trade, /accept, /decline")  # rules 7, 8, 11 of Infinite Nomic give these
    assert answer(INFINITE, "alice", "/active")[1].endswith(f"the commands are /pass, {board}, "
                                                            "/help, /status")
    assert answer(INFINITE, "alice", "/dance") == (
        None, f"there is no /dance command; the commands are /pass, {board}, /help, /status")


@pytest.mark.parametrize("body, meant", [("/stauts", "/status"), ("/rol", "/roll"),
                                         ("/PSAS", "/pass"), ("/hlep me", "/help")])
def test_a_mistyped_command_is_answered_with_the_one_meant_and_does_nothing(body, meant):
    """A suggestion: what the player meant may not be what they would have done."""
    effect, said = answer(INFINITE, "bob", body)
    assert effect is None and f"command: did you mean {meant}? The commands are /pass" in said


def test_help_and_status_answer_under_any_rules_and_change_nothing():
    mine = answer(INFINITE, "alice", "/help")
    assert mine[0] is None
    lines = mine[1].splitlines()
    assert lines[:4] == ["It is your turn. What you may do now:",
                         "- propose: open a pull request that changes rules/; vote on the open "
                         "ones as their vote comment says",
                         "- /pass: end your turn", "- /roll: roll and move (once a turn)"]
    assert "Not now:" not in lines and lines[-1] == (
        "- /status: the turn, the scores and the open votes")
    assert len(lines) == 19  # one command a line: propose and 17 commands
    # bob, whose turn it is not: what he may do first (trade, and propose: one open each),
    # then what only the player whose turn it is may
    theirs = answer(INFINITE, "bob", "/help")[1].splitlines()
    assert theirs[0] == "It is alice's turn. What you may do now:"
    later = theirs[theirs.index("Not now:"):]
    assert "- /pass: end your turn" in later and "- /roll: roll and move (once a turn)" in later
    assert "- /trade: offer a player a trade" in theirs[:theirs.index("Not now:")]
    # one proposal a turn (the Suber set's rule 301, 303): no one is told to propose out of turn
    suber = make_game(ruleset="suber-initial-set")
    bobs = answer(suber, "bob", "/help")[1].splitlines()
    assert not any(line.startswith("- propose: open") for line in bobs)
    assert any(line.startswith("- propose: it is alice's turn, not bob's") for line in
               bobs[bobs.index("Not now:"):])
    assert answer(suber, "alice", "/help")[1].splitlines()[1].startswith("- propose: open")
    game, _ = opened(make_game())
    assert answer(game, "bob", "/status") == (None, (  # alice rolled as she proposed
        f"it is alice's turn. Points: alice {roll(1)}, bob 0, carol 0. In their vote: 1 "
        "(A proposal)"))


def test_a_player_declares_themselves_inactive_once():
    game = make_game(ruleset="suber-initial-set")
    effect, said = answer(game, "bob", "/inactive")
    assert isinstance(effect, Deactivate) and effect.login == "bob"
    assert said == "bob is inactive now"
    assert answer(game, "bob", "/active") == (None, "bob is already active")


@pytest.mark.parametrize("who, body, vetoed, said", [
    ("admin", "/veto 1", True, "proposal 1 is vetoed"),
    ("ADMIN", "/veto #1", True, "proposal 1 is vetoed"),
    ("alice", "/veto 1", False, "only the Admin (admin) may /veto"),
    ("admin", "/veto 7", False, "there is no proposal 7 in its vote to veto"),
    ("admin", "/veto", False, "say which proposal in its vote to veto: /veto N"),
    ("admin", "/veto ٧", False, "say which proposal in its vote to veto: /veto N"),
])
def test_only_the_admin_vetoes_a_proposal_in_its_vote(who, body, vetoed, said):
    game, p = opened(make_game(ruleset="borednomic", admin="admin"),
                     paths=["rules/008-proposals.md"], opened=MONDAY)
    assert is_command(game, comment(who, body))
    effect, text = answer(game, who, body, [p])
    assert text == said and isinstance(effect, Refuse) is vetoed
    if vetoed:
        assert effect.number == 1 and effect.reason == "vetoed by the Admin, admin (rule 8)"


def test_status_says_where_each_token_stands_on_a_board():
    said = answer(INFINITE, "bob", "/status")[1]
    assert said.endswith("On the board: alice on space 1, bob on space 1, carol on space 1")


@pytest.mark.parametrize("ruleset, says", [
    ("default", "Points: alice 0, bob 0, carol 0"),
    ("infinite-nomic-r7", "VP: alice 0, bob 0, carol 0"),  # rule 0's Victory Points win
    ("borednomic", "Money: alice $10,000, bob $10,000, carol $10,000")])  # rules 19 and 11.3
def test_status_leads_with_what_wins_under_the_rules_in_force(ruleset, says):
    answer = _status(make_game(ruleset=ruleset), comment("alice", "/status"), T0, {})[1]
    assert says in answer and ("Points" in says or "Points" not in answer)


def test_the_next_listing_starts_at_the_first_command_not_answered_whatever_the_talk():
    now, start = T0 + 10 * HOUR, T0
    talk = [comment("alice", "I like it", at=T0 + n * HOUR) for n in range(1, 9)]
    stranger = comment("mallory", "/pass", at=T0 + HOUR)  # no player: never answered
    assert answered_before(INFINITE, [*talk, stranger], start, now) == now - KEPT_MARGIN
    waiting = comment("bob", "/status", at=T0 + 3 * HOUR)
    done = replace(comment("alice", "/help", at=T0 + 2 * HOUR), answered=True)
    assert answered_before(INFINITE, [*talk, done, waiting], start, now) == waiting.at
    # one the state records as handled holds it too, until its reply is listed with it
    recorded = comment("alice", "/pass", at=T0 + 2 * HOUR)
    handled = replace(INFINITE, state=replace(INFINITE.state, handled_comments=(
        (recorded.id, recorded.at),)))
    assert answered_before(handled, [*talk, recorded], start, now) == recorded.at
    # one written before the listing started is listed only as edited since: it was seen
    edited = comment("bob", "/status", at=start - HOUR, edited=True)
    assert answered_before(INFINITE, [edited, *talk], start, now) == now - KEPT_MARGIN
    # and it never goes back before where the listing started
    assert answered_before(INFINITE, [], now, now) == now
    # a listing that stopped short (the run's requests spent): no later than where it did
    stopped = T0 + 4 * HOUR
    assert answered_before(INFINITE, talk[:2], start, now, stopped) == stopped
    assert answered_before(INFINITE, [*talk[:2], waiting], start, now, stopped) == waiting.at
