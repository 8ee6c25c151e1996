"""The pure game core: what is due, when, and what it does to the state."""

from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from nomic_ci.core.apply import apply
from nomic_ci.core.dice import derive_roll, roll_inputs
from nomic_ci.core.due import next_transition
from nomic_ci.core.errors import GameError
from nomic_ci.core.facts import ChangeKind, FileChange, ForgeState
from nomic_ci.core.files.records import Outcome
from nomic_ci.core.transitions import (Command, Decide, EndGame, Hold, Open, PassTurn, Push,
                                       Reclose, Refuse, Retract)

from builders import (DICE, HOUR, T0, ScriptedDice, comment, make_game, opened, proposal, review,
                      step)


def test_the_current_players_proposal_opens_and_gets_the_next_number():
    game, _ = opened()
    assert [(o.number, o.author.login) for o in game.state.open_proposals] == [(1, "alice")]
    assert game.state.next_proposal == 2


def test_a_proposal_out_of_turn_or_from_a_stranger_is_refused_and_recorded():
    game = make_game()
    for author, words in [("bob", "it is alice's turn, not bob's (rule 106)"),
                          ("mallory", "mallory is not a player")]:
        p = proposal(author, key=author)
        t, after, record = step(game, [p], T0)
        assert isinstance(t, Refuse) and words in t.reason
        assert record.outcome is Outcome.REFUSED and record.number == 1
        assert after.state.next_proposal == 2 and after.state.turn == "alice"


def test_a_second_proposal_while_one_is_in_its_vote_is_refused():
    game, first = opened()
    second = proposal(key="2", opened=T0 + HOUR)
    t, _, _ = step(game, [first, second], T0 + HOUR)
    assert isinstance(t, Refuse) and "proposal 1 is still in its vote" in t.reason


def test_nothing_is_due_until_everyone_voted_or_the_window_closed():
    game, p = opened()
    p = replace(p, reviews=(review("bob", at=T0 + HOUR),))
    assert next_transition(game, [p], T0 + 47 * HOUR) is None


def test_a_vote_is_decided_at_the_moment_the_last_eligible_voter_voted():
    game, p = opened()
    p = replace(p, reviews=(review("bob", at=T0 + HOUR), review("carol", "CHANGES_REQUESTED",
                                                                at=T0 + 2 * HOUR)))
    t, after, record = step(game, [p], T0 + 30 * HOUR)  # the engine ran late
    assert isinstance(t, Decide) and t.passed and t.at == T0 + 2 * HOUR
    assert record.decided == T0 + 2 * HOUR
    assert after.state.turn == "bob" and after.state.turn_started == T0 + 2 * HOUR
    roll = derive_roll(6, roll_inputs("5eed", 1, 1))
    assert record.dice[0].result == roll
    assert after.state.players[0].points == roll
    assert record.threshold == "rule 104, rules 100–199: a majority of the eligible voters"


def test_at_the_deadline_the_votes_cast_by_then_decide():
    game, p = opened()
    p = replace(p, reviews=(review("bob", "CHANGES_REQUESTED", at=T0 + HOUR),
                            review("carol", at=T0 + 49 * HOUR)))
    t, after, record = step(game, [p], T0 + 50 * HOUR)
    assert isinstance(t, Decide) and not t.passed and t.at == T0 + 48 * HOUR
    assert "its voting window closed (rule 103)" in t.reason
    assert [b.reason for b in record.left_out] == ["cast after the vote closed"]
    # failing still rolls rule 103's die and passes the turn
    assert record.points == {"alice": record.dice[0].result}
    assert after.state.turn == "bob"


def test_a_push_restarts_the_window_and_makes_earlier_votes_stale():
    game, p = opened()
    votes = (review("bob", at=T0 + HOUR, commit="head1"),
             review("carol", at=T0 + 2 * HOUR, commit="head1"))
    pushed = replace(p, head="head2", reviews=votes, head_by=T0 + HOUR + HOUR / 2)
    # the push is noticed before anything else, even though the vote on the version before
    # looks complete: it was pushed before carol's vote
    t, game, _ = step(game, [pushed], T0 + 40 * HOUR)
    assert isinstance(t, Push) and t.at == T0 + 40 * HOUR
    assert game.state.open_proposals[0].head == "head2"
    assert next_transition(game, [pushed], T0 + 60 * HOUR) is None  # window now ends at 88h
    t, _, record = step(game, [pushed], T0 + 88 * HOUR)
    assert not t.passed and t.at == T0 + 88 * HOUR
    assert all("older version" in b.reason for b in record.left_out)


@pytest.mark.parametrize("head_by", [None, T0 + 48 * HOUR + HOUR / 60])
def test_a_push_not_shown_to_come_before_a_failing_vote_ended_saves_nothing(head_by):
    """bob votes no; the window closes at 48 h; alice pushes a minute after, and the run
    sees it at 50 h. Nothing shows the push came before the end (GitHub's time the pull
    request last changed is after it, or unknown): the vote on the version voted on failed
    at its end, and the push does not open it again."""
    game, p = opened()
    late = replace(p, head="head2", head_by=head_by,
                   reviews=(review("bob", "CHANGES_REQUESTED", at=T0 + HOUR, commit="head1"),))
    game = counted(game, replace(late, head="head1"), T0 + HOUR)
    t, after, record = step(game, [late], T0 + 50 * HOUR)
    assert isinstance(t, Decide) and not t.passed and t.at == T0 + 48 * HOUR, t
    assert t.reason.endswith("its branch was pushed after the vote closed, which does not "
                             "open it again")
    assert record.outcome.value == "failed" and record.head == "head1"
    assert after.state.open_proposals == () and after.state.turn == "bob"


def counted(game, proposal, at):
    """The game as the engine's run at `at` left it: its vote's standing counted."""
    from nomic_ci.core.voting.decision import standing, vote_view
    open_ = game.state.open_proposals[0]
    count = standing(vote_view(game, open_, proposal, at))
    return replace(game, state=replace(game.state, open_proposals=(
        replace(open_, standing=count),)))


def test_a_late_push_that_changes_what_the_proposal_needs_withdraws_it():
    """The same late push, adding a file outside rules/ (rule 104: rule 000's layer): what
    the version voted on needed is known only from the engine's count, and the new files
    need more. Judged by them, a push could fail any vote, and judged as a new version it
    would win its author a new vote by changing what it touches: withdrawn instead."""
    game, p = opened()
    late = replace(p, head="head2", head_by=None, changes=p.changes + (
        FileChange("README.md", ChangeKind.MODIFIED),),
        reviews=(review("bob", "CHANGES_REQUESTED", at=T0 + HOUR, commit="head1"),))
    game = counted(game, replace(p, reviews=late.reviews), T0 + HOUR)
    t, after, record = step(game, [late], T0 + 50 * HOUR)
    assert isinstance(t, Retract) and t.at == T0 + 48 * HOUR, t
    assert "the new version needs other than the one voted on" in t.reason
    assert record.outcome.value == "retracted" and after.state.open_proposals == ()


def test_a_late_push_is_judged_by_what_the_proposal_needs_whatever_the_count_since():
    """The engine's last count was of four eligible voters (a fourth since gone inactive,
    say): 'a majority of the eligible voters: 3 of 4' then, '2 of 3' now. It needs what it
    needed, so the vote that failed it stands."""
    game, p = opened()
    late = replace(p, head="head2", head_by=None,
                   reviews=(review("bob", "CHANGES_REQUESTED", at=T0 + HOUR, commit="head1"),))
    game = counted(game, replace(late, head="head1"), T0 + HOUR)
    open_ = game.state.open_proposals[0]
    assert open_.standing.needs == "a majority of the eligible voters: 2 of 3"
    then = replace(open_.standing, needs="a majority of the eligible voters: 3 of 4")
    game = replace(game, state=replace(game.state, open_proposals=(
        replace(open_, standing=then),)))
    t, _, _ = step(game, [late], T0 + 50 * HOUR)
    assert isinstance(t, Decide) and not t.passed, t


def test_a_push_after_a_passing_vote_ended_restarts_it():
    """The same late push on a vote that passed: it restarts, as any push does (GitHub
    merges a pull request only at its head, no longer the version voted on)."""
    game, p = opened()
    late = replace(p, head="head2", head_by=None, reviews=(
        review("bob", at=T0 + HOUR, commit="head1"),))
    game = counted(game, replace(late, head="head1"), T0 + HOUR)
    t, _, _ = step(game, [late], T0 + 50 * HOUR)
    assert isinstance(t, Push), t


def test_a_proposal_whose_new_version_breaks_a_rule_file_fails_at_its_decision():
    game, p = opened(paths=["rules/150-x.md"], texts=[(
        "rules/150-x.md", "---\nnumber: 150\ntitle: X\nmutable: true\n---\nText\n")])
    broken = replace(p, head="head2", texts=(
        ("rules/150-x.md", "---\nnumber: 150\ntitle: X\nmutable: maybe\n---\nText\n"),))
    _, game, _ = step(game, [broken], T0 + HOUR)
    broken = replace(broken, reviews=(review("bob", at=T0 + 2 * HOUR, commit="head2"),
                                      review("carol", at=T0 + 2 * HOUR, commit="head2")))
    t, _, record = step(game, [broken], T0 + 3 * HOUR)
    assert isinstance(t, Decide) and not t.passed
    assert "cannot pass: it would leave the rules broken: rules/150-x.md:4" in t.reason
    assert record.outcome is Outcome.FAILED


def test_an_idle_turn_passes_after_the_timeout_measured_from_the_turn_start():
    game = make_game()
    assert next_transition(game, [], T0 + 71 * HOUR) is None
    t, after, record = step(game, [], T0 + 100 * HOUR)
    assert isinstance(t, PassTurn) and (t.from_login, t.to_login) == ("alice", "bob")
    assert t.at == T0 + 72 * HOUR and record is None
    assert after.state.turn_started == T0 + 72 * HOUR


def test_a_closed_proposal_is_retracted_and_the_turn_moves_on():
    game, p = opened()
    t, after, record = step(game, [replace(p, state=ForgeState.CLOSED, closed_at=T0 + HOUR)],
                            T0 + 2 * HOUR)
    assert isinstance(t, Retract) and record.outcome is Outcome.RETRACTED
    assert after.state.turn == "bob" and not after.state.open_proposals


@pytest.mark.parametrize("verdict", ["APPROVED", "CHANGES_REQUESTED"])
def test_a_proposal_closed_after_its_vote_ended_is_decided_as_it_ended(verdict):
    """Closed after its window closed, before a run saw it: the vote had ended, so the
    proposal is that end's decision, never a retraction (one that passed fails: it was not
    merged); and a close after the clock a run plays to waits for it."""
    game, p = opened()
    deadline = T0 + 48 * HOUR  # rule 103's window
    p = replace(p, reviews=(review("bob", verdict, at=T0 + HOUR),))
    closed = replace(p, state=ForgeState.CLOSED, closed_at=deadline + HOUR)
    t, after, record = step(game, [closed], deadline + 2 * HOUR)
    assert isinstance(t, Decide) and not t.passed and t.at == deadline
    assert ("closed on the forge before it was merged" in t.reason) == (verdict == "APPROVED")
    # a run that plays only to before the close (its listing of comments stopped short)
    assert next_transition(game, [closed], deadline - HOUR) is None
    early = replace(closed, closed_at=deadline - HOUR)
    assert isinstance(next_transition(game, [early], deadline + 2 * HOUR), Retract)


def test_reaching_the_victory_points_by_the_roll_wins_as_the_proposal_opens():
    # seed 002 rule 103 rolls before the vote: the roll wins, and the vote never ends it
    game = make_game()
    game = replace(game, state=game.state.with_player(replace(game.state.players[0], points=98)))
    game, p = opened(game, ScriptedDice(2))
    assert game.state.winners == ("alice",) and game.state.over and game.state.turn is None
    p = replace(p, reviews=(review("bob", at=T0 + HOUR), review("carol", at=T0 + HOUR)))
    t, after, record = step(game, [p], T0 + HOUR)
    assert isinstance(t, Refuse) and "the game ended before its vote finished" in t.reason
    assert dict(record.points) == {"alice": 2} and after.state.players[0].points == 100
    t, _, record = step(after, [proposal("bob", key="9", opened=T0 + 2 * HOUR)], T0 + 2 * HOUR)
    assert isinstance(t, Refuse) and "the game is over: alice won" in t.reason


def test_at_the_end_date_the_highest_scores_win_together():
    game = make_game(ends=T0 + 10 * HOUR)
    state = game.state
    state = state.with_player(replace(state.players[1], points=7))
    state = state.with_player(replace(state.players[2], points=7))
    game = replace(game, state=state)
    t, after, _ = step(game, [], T0 + 11 * HOUR)
    assert isinstance(t, EndGame) and t.winners == ("bob", "carol") and t.at == T0 + 10 * HOUR
    assert next_transition(after, [], T0 + 500 * HOUR) is None


def test_a_vote_that_closed_before_the_end_date_is_decided_before_the_game_ends():
    game, p = opened(make_game(ends=T0 + 50 * HOUR))
    t, _, _ = step(game, [p], T0 + 60 * HOUR)
    assert isinstance(t, Decide) and t.at == T0 + 48 * HOUR


def test_a_recorded_proposal_still_open_on_the_forge_is_only_closed_again():
    game, p = opened()
    p = replace(p, reviews=(review("bob", at=T0 + HOUR), review("carol", at=T0 + HOUR)))
    _, after, _ = step(game, [p], T0 + HOUR)
    t = next_transition(after, [p], T0 + 2 * HOUR)  # the forge did not hear the close
    assert isinstance(t, Reclose)
    state, record = apply(after, t, DICE)
    assert state == after.state and record is None


def test_a_time_before_the_last_change_is_an_error():
    game, _ = opened(opened=T0 + 5 * HOUR)
    with pytest.raises(GameError, match="before the game's last change"):
        next_transition(game, [], T0)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["bob", "carol", "dave", "erin"]),
                          st.sampled_from(["APPROVED", "CHANGES_REQUESTED"]),
                          st.integers(1, 47)), max_size=8),
       st.sampled_from(["bob", "carol", "dave", "erin"]))
def test_one_more_yes_never_turns_a_pass_into_a_fail(votes, extra):
    game, p = opened(make_game("alice,bob,carol,dave,erin"))
    cast = tuple(review(who, state, at=T0 + h * HOUR, review_id=i + 1)
                 for i, (who, state, h) in enumerate(votes) if who != extra)
    base = next_transition(game, [replace(p, reviews=cast)], T0 + 48 * HOUR)
    more = next_transition(game, [replace(p, reviews=cast + (
        review(extra, at=T0 + 47 * HOUR, review_id=999),))], T0 + 48 * HOUR)
    if base.passed:
        assert more.passed


def test_a_head_that_comes_back_after_a_push_does_not_bring_its_votes_back():
    game, p = opened()
    early = (review("bob", at=T0 + HOUR), review("carol", at=T0 + HOUR))
    _, game, _ = step(game, [replace(p, head="head2", reviews=early, head_by=T0 + HOUR / 2)],
                      T0 + 2 * HOUR)
    _, game, _ = step(game, [replace(p, reviews=early)], T0 + 3 * HOUR)  # head1 again
    assert game.state.open_proposals[0].replaced == (("head1", T0 + 2 * HOUR),
                                                     ("head2", T0 + 3 * HOUR))
    assert next_transition(game, [replace(p, reviews=early)], T0 + 4 * HOUR) is None
    t, _, record = step(game, [replace(p, reviews=early)], T0 + 60 * HOUR)
    assert not t.passed and t.tally.yes == 1  # only alice's own proposal counts


def test_a_draft_made_ready_is_proposed_then_and_its_window_starts_then():
    game = make_game()
    draft = replace(proposal(opened=T0), ready_at=T0 + 72 * HOUR)
    assert draft.proposed_at == T0 + 72 * HOUR
    t, game, _ = step(game, [draft], T0 + 96 * HOUR)  # the first run after: a day late
    assert t.at == T0 + 72 * HOUR and game.state.open_proposals[0].opened == T0 + 72 * HOUR
    assert next_transition(game, [draft], T0 + 119 * HOUR) is None
    assert isinstance(next_transition(game, [draft], T0 + 120 * HOUR), Decide)


def test_a_command_its_forge_says_is_answered_is_not_due_again():
    """A command that changed nothing is recorded only by the engine's reply to it."""
    game = make_game(ruleset="infinite-nomic-r7")
    asked = comment("bob", "/status", at=T0 + HOUR)
    assert isinstance(next_transition(game, [], T0 + 2 * HOUR, [asked]), Command)
    assert next_transition(game, [], T0 + 2 * HOUR, [replace(asked, answered=True)]) is None


BROKEN = ("rules/150-x.md", "Players may sing.\n")
FIXED = ("rules/150-x.md", "---\nnumber: 150\ntitle: X\nmutable: true\n---\nSing.\n")


def awaiting(game=None, **kwargs):
    """A game where alice's proposal awaits a fix, and the proposal."""
    game = game or make_game()
    p = proposal(paths=[BROKEN[0]], texts=[BROKEN], **kwargs)
    t, game, record = step(game, [p], T0)
    assert isinstance(t, Hold) and record is None and "no front matter" in t.reason
    return game, p


def test_a_proposal_awaiting_a_fix_is_judged_once_a_version_and_again_when_pushed():
    game, p = awaiting()
    assert next_transition(game, [p], T0 + 9 * HOUR) is None  # the same version: nothing
    fixed = replace(p, head="head2", texts=(FIXED,))
    t, game, _ = step(game, [fixed], T0 + 9 * HOUR)
    assert isinstance(t, Open) and t.at == T0 + 9 * HOUR  # made when the fix is seen
    assert game.state.open_proposals[0].opened == T0 + 9 * HOUR
    assert game.state.awaiting_fix == ()


def test_the_turn_timeout_runs_while_a_proposal_awaits_a_fix():
    game, p = awaiting()
    t, game, _ = step(game, [p], T0 + 73 * HOUR)
    assert isinstance(t, PassTurn) and t.to_login == "bob"
    assert t.at == T0 + 72 * HOUR  # as if nothing were proposed (rule 103)


@pytest.mark.parametrize("change, words", [
    ({"state": ForgeState.CLOSED}, "it was closed before it was fixed (it would leave"),
    ({"into": "elsewhere"}, "changed to merge into elsewhere"),
])
def test_a_proposal_awaiting_a_fix_closed_or_sent_elsewhere_is_refused_for_good(change, words):
    game, p = awaiting()
    t, game, record = step(game, [replace(p, **change)], T0 + HOUR)
    assert isinstance(t, Refuse) and words in t.reason and record.number == 1
    assert game.state.awaiting_fix == () and game.state.next_proposal == 2
    # not listed by the forge at all (closed): refused as the state remembers it
    game, p = awaiting()
    t, _, record = step(game, [], T0 + HOUR)
    assert isinstance(t, Refuse) and record.title == p.title and record.head == p.head


def test_a_proposal_awaiting_a_fix_when_the_game_ends_is_refused_for_good():
    game, p = awaiting()
    game = game.after(replace(game.state, winners=("bob",), ended_at=T0, turn=None), None)
    t, game, _ = step(game, [p], T0 + HOUR)
    assert isinstance(t, Refuse) and "the game ended before it was fixed" in t.reason


def test_a_player_may_keep_only_a_few_proposals_awaiting_a_fix():
    """Each is kept in state/game.yaml: hundreds of broken proposals may not grow it past what a
    run reads. Beyond the few, a broken one is refused for good, saying which await a fix."""
    from nomic_ci.core.players.proposers import MAX_AWAITING
    game, listed = make_game(), []
    for key in range(1, MAX_AWAITING + 1):
        listed.append(proposal(key=str(key), paths=[BROKEN[0]], texts=[BROKEN]))
        t, game, _ = step(game, listed, T0)
        assert isinstance(t, Hold)
    listed.append(proposal(key="9", paths=[BROKEN[0]], texts=[BROKEN]))
    t, game, record = step(game, listed, T0)
    assert isinstance(t, Refuse) and record.outcome is Outcome.REFUSED
    assert f"alice has {MAX_AWAITING} proposals awaiting a fix already (forge keys 1, 2, 3)" \
        in t.reason and "no front matter" in t.reason
    assert next_transition(game, listed[:MAX_AWAITING], T0) is None  # they wait, untouched
