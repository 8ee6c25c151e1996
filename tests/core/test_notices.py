"""Whom the game issue tells what: the turn that begins, votes a push undid, voters missing
from a vote that closes soon; each once, under an id that names its event."""

from dataclasses import replace

from nomic_ci.core.files.state import GAME_ISSUE
from nomic_ci.core.notices import notices, reminders, turn_begins
from nomic_ci.core.transitions import Push

from builders import HOUR, T0, make_files, make_game, opened, review, step
from nomic_ci.core.game import load_game


def test_the_player_whose_turn_begins_is_mentioned_with_when_it_passes():
    game, p = opened(make_game("alice,bob,carol"))
    decided, after, _ = step(game, [replace(p, reviews=(review("bob"), review("carol")))],
                             T0 + HOUR)
    tell = turn_begins(game, after.state)
    assert tell.on == GAME_ISSUE and tell.mentions == ("bob",)
    assert tell.id == f"turn-{after.state.turn_started:%Y-%m-%dT%H:%M:%SZ}-bob"
    assert "it is your turn, since 2026-05-01 12:00 UTC" in tell.message
    assert "passes to the next player at 2026-05-04 12:00 UTC unless you propose" in tell.message
    assert turn_begins(after, after.state) is None  # nothing new: no one is told again


def test_a_push_mentions_the_voters_whose_votes_it_undid_not_the_proposer():
    game, p = opened(make_game("alice,bob,carol,dave"))
    voted = replace(p, head="head2", reviews=(review("bob"), review("carol", "CHANGES_REQUESTED")))
    push, after, _ = step(game, [voted], T0 + 2 * HOUR)
    assert isinstance(push, Push)
    [tell] = notices(game, after.state, push, {p.key: voted})
    assert tell.mentions == ("bob", "carol")  # dave never voted; alice's yes is her proposal
    assert tell.id == "push-1-head2" and "no longer count" in tell.message


def test_missing_voters_are_reminded_once_within_the_hours_before_the_vote_closes():
    game, p = opened(make_game("alice,bob,carol"))
    voted = replace(p, reviews=(review("bob"),))
    by_key = {p.key: voted}
    assert reminders(game, by_key, T0 + 35 * HOUR) == (game.state, ())  # 13 h before: not yet
    state, [tell] = reminders(game, by_key, T0 + 36 * HOUR)
    assert tell.mentions == ("carol",) and "closes at 2026-05-03 12:00 UTC" in tell.message
    assert state.open_proposals[0].reminded == T0 + 48 * HOUR
    later = replace(game, state=state)
    assert reminders(later, by_key, T0 + 40 * HOUR) == (state, ())  # once for that closing


def test_the_rules_set_how_long_before_the_close_the_reminder_comes():
    files = make_files("alice,bob")
    path = "rules/103-turn-structure.md"
    files[path] = files[path].replace("bindings:\n", "bindings:\n  remind_before: 2h\n", 1)
    game, p = opened(load_game(files))
    assert game.config.remind_before == 2 * HOUR
    assert reminders(game, {p.key: p}, T0 + 45 * HOUR)[1] == ()
    assert reminders(game, {p.key: p}, T0 + 46 * HOUR)[1][0].mentions == ("bob",)


def test_a_judge_is_told_to_rule_and_after_a_ruling_the_others_are_told_it_stands():
    from nomic_ci.core.files.judgments import OVERRULED, RULING, Step
    from nomic_ci.core.notices import judging
    from judging import at, invoked, suber
    game = suber()
    pending = invoked(game)
    tell = judging(game, pending.state)
    assert (tell.id, tell.mentions) == ("judge-1-0", ("dave",))
    assert tell.message.startswith("you are the Judge of Judgment 1 (rule 211): rule on it")
    ruled = invoked(game, Step(at(2), RULING, by="dave", text="No."))
    tell = judging(pending, ruled.state)
    assert (tell.id, tell.mentions) == ("ruling-1-1", ("alice", "bob", "carol"))
    assert "bob's turn waits for the others' consent (/consent)" in tell.message
    passed = invoked(game, *ruled.state.judgment.steps,
                     Step(at(3), OVERRULED, judge="carol", active=("alice", "bob", "carol",
                                                                   "dave")))
    assert judging(ruled, passed.state).mentions == ("carol",)  # the next Judge
    assert judging(ruled, ruled.state) is None  # no new step: no one is told again
    assert notices(ruled, ruled.state, None, {}) == ()
