"""When a vote is decided: the window, every voter having voted, guarded rules, merges."""

from dataclasses import replace

import pytest

from nomic_ci.core.facts import Account, ForgeState
from nomic_ci.core.files.state import OpenProposal
from nomic_ci.core.voting import admission, decision
from nomic_ci.core.voting.decision import merged_decision, vote_deadline, vote_due, vote_view

from builders import HOUR, T0, make_game, opened, reaction, review

DAY = 24 * HOUR
OPEN = OpenProposal(1, "1", "A proposal", Account("alice"), T0, "head1", T0 + HOUR)


def guarded(*reactions):
    """A proposal to amend infinite-nomic-r7's rule 0, with these reactions, in its vote."""
    game, p = opened(make_game("alice,bob,carol,dave,erin", ruleset="infinite-nomic-r7"),
                     paths=["rules/000-winning.md"])
    return game, game.state.open_proposals[0], replace(p, reactions=reactions)


@pytest.mark.parametrize("ruleset, rules, closes", [
    ("default", (101,), T0 + HOUR + 48 * HOUR),
    ("infinite-nomic-r7", (4,), T0 + HOUR + DAY),
    ("infinite-nomic-r7", (0, 4), T0 + HOUR + 7 * DAY),  # rule 0's own window
    ("borednomic", (8,), T0 + 2 * DAY - 12 * HOUR),  # a Friday: at Sunday 00:00
    ("suber-initial-set", (201,), None),  # open until everyone voted
])
def test_the_deadline_follows_the_window_the_guard_or_the_schedule(ruleset, rules, closes):
    game = make_game(ruleset=ruleset, admin="admin" if ruleset == "borednomic" else None)
    assert vote_deadline(game, OPEN, rules) == closes


@pytest.mark.parametrize("all_voted, decided", [(True, T0 + HOUR), (False, T0 + 48 * HOUR)])
def test_without_decide_when_all_voted_the_vote_waits_for_its_window(all_voted, decided):
    game, p = opened()
    game = replace(game, config=replace(game.config, decide_when_all_voted=all_voted))
    p = replace(p, reviews=(review("bob", at=T0 + HOUR), review("carol", at=T0 + HOUR)))
    assert vote_due(game, game.state.open_proposals[0], p, decided - HOUR) is None
    d = vote_due(game, game.state.open_proposals[0], p, decided + 5 * HOUR)
    assert d.passed and d.at == decided


def test_a_guarded_rule_passes_once_quiet_has_passed_with_no_vote_against():
    game, open_, p = guarded(reaction("bob", at=T0 + HOUR))
    assert vote_due(game, open_, p, T0 + 23 * HOUR) is None
    d = vote_due(game, open_, p, T0 + 3 * DAY)
    assert (d.passed, d.at, d.rules) == (True, T0 + DAY, (0,))
    assert d.reason == "no vote against it 24 hours or more after its vote started (rule 0)"


def test_a_vote_against_withdrawn_after_quiet_lets_a_guarded_rule_pass_at_that_moment():
    game, open_, p = guarded(reaction("bob", "-1", at=T0 + HOUR),
                             reaction("bob", "+1", at=T0 + 30 * HOUR))
    d = vote_due(game, open_, p, T0 + 3 * DAY)
    assert d.passed and d.at == T0 + 30 * HOUR


@pytest.mark.parametrize("yes, passed", [("carol dave erin", True), ("carol dave", False)])
def test_with_a_vote_against_a_guarded_rule_needs_its_ratio_at_until(yes, passed):
    game, open_, p = guarded(reaction("bob", "-1", at=T0 + HOUR),
                             *(reaction(who, at=T0 + 2 * HOUR) for who in yes.split()))
    assert vote_due(game, open_, p, T0 + 7 * DAY - HOUR) is None
    d = vote_due(game, open_, p, T0 + 9 * DAY)
    assert (d.passed, d.at) == (passed, T0 + 7 * DAY)
    assert "it needs 3 for each against (rule 0)" in d.reason


def test_the_vote_view_shows_the_deadline_at_which_a_guarded_vote_is_decided():
    game, open_, p = guarded(reaction("bob", "-1", at=T0 + HOUR))
    view = vote_view(game, open_, p, T0 + 2 * HOUR)
    assert view.deadline == T0 + 7 * DAY and (view.tally.yes, view.tally.no) == (0, 1)
    assert vote_due(game, open_, p, view.deadline - HOUR / 60) is None
    assert vote_due(game, open_, p, view.deadline).at == view.deadline


@pytest.mark.parametrize("ruleset, path", [("default", "rules/101-victory-condition.md"),
                                          ("infinite-nomic-r7", "rules/000-winning.md")])
def test_what_a_proposal_needs_is_worked_out_once_per_decision(ruleset, path, monkeypatch):
    game, p = opened(make_game(ruleset=ruleset), paths=[path])
    open_, real, calls = game.state.open_proposals[0], decision.requirement, []
    for module in (decision, admission):  # admission's problems() could work it out again
        monkeypatch.setattr(module, "requirement", lambda *a: calls.append(a) or real(*a))
    assert vote_due(game, open_, p, T0 + 8 * DAY) is not None
    assert len(calls) == 1


@pytest.mark.parametrize("votes, at, why", [
    ((), T0 + 3 * HOUR, "merged on the forge by someone other than the engine, before its vote"),
    ((review("bob", at=T0 + HOUR), review("carol", at=T0 + 2 * HOUR)), T0 + 2 * HOUR,
     "every eligible voter voted"),
])
def test_a_proposal_merged_on_the_forge_passed_when_merged_or_when_voted(votes, at, why):
    game, p = opened()
    merged = replace(p, state=ForgeState.MERGED, closed_at=T0 + 3 * HOUR, reviews=votes)
    d = merged_decision(game, game.state.open_proposals[0], merged, T0 + 4 * HOUR)
    assert (d.passed, d.at, d.rules) == (True, at, (101,)) and why in d.reason


def test_a_standing_counts_names_a_few_missing_voters_and_keeps_only_printable_text():
    """What the state keeps of a vote stays small with many players, and reads back as it
    was written (a line break YAML knows, such as U+0085, would not: a commit every run)."""
    game, p = opened()
    view = vote_view(game, game.state.open_proposals[0], p, T0 + HOUR)
    counted = decision.standing(view)
    assert (counted.yes_votes, counted.no_votes) == (1, 0)  # the proposer's own yes
    assert counted.not_voted == view.tally.not_voted and counted.others_not_voted == 0
    assert counted.closes == view.deadline
    many = replace(view.tally, eligible=tuple(f"p{i}" for i in range(25)))
    odd = replace(view, tally=many, needed="it changes rules/x\x85y.txt\u2028outside")
    counted = decision.standing(odd)
    assert len(counted.not_voted) == 10 and counted.others_not_voted == 15
    assert counted.needs == "it cannot pass as it is: it changes rules/x y.txt outside"
