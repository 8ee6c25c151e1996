"""Where a vote stands, as players see it: the sticky comment and the commit status line."""

from dataclasses import replace

import pytest

from nomic_ci.core.facts import ChangeKind, FileChange
from nomic_ci.core.voting.decision import vote_view
from nomic_ci.text.vote_comment import MARKER, status_line, sticky_comment

from builders import HOUR, T0, make_game, opened, reaction, review

GITHUB_STATUS_LIMIT = 140


def view(game=None, now=T0 + 2 * HOUR, paths=("rules/101-victory-condition.md",), **votes):
    game, p = opened(game or make_game("alice,bob,carol,dave"), paths=paths)
    return vote_view(game, game.state.open_proposals[0], replace(p, **votes), now)


def test_the_sticky_comment_lists_the_votes_who_has_not_voted_and_what_was_left_out():
    text = sticky_comment(view(reviews=(
        review("bob", "CHANGES_REQUESTED", at=T0 + HOUR), review("mallory"),
        review("carol", commit="old"))))
    assert text.startswith(MARKER + "\n### Proposal 1: where the vote stands\n")
    assert "(a majority of the eligible voters: 3 of 4)" in text
    assert "The vote closes at 2026-05-03 12:00 UTC" in text
    rows = [line for line in text.splitlines() if line.startswith("| ") and "---" not in line]
    assert rows == ["| player | vote | on commit |", "| alice | yes | head1 |",
                    "| bob | no | head1 |", "| carol | not yet | |", "| dave | not yet | |"]
    assert ("Not counted:\n- mallory: not a player\n- carol: cast on an older version (old); "
            "the proposal is now at head1\n") in text


def test_a_proposal_whose_new_version_cannot_pass_says_why_in_its_comment():
    text = sticky_comment(view(changes=(FileChange("rules/my-idea.md", ChangeKind.ADDED),)))
    assert ("It cannot pass as it is: rules/my-idea.md is not a rule file name: name rule "
            "files rules/NNN-slug.md.") in text
    assert "Involves rules" not in text


def test_a_comment_without_a_deadline_does_not_promise_one():
    text = sticky_comment(view(make_game(ruleset="suber-initial-set"),
                               paths=("rules/201-turn-order.md",)))
    assert "The vote closes" not in text and "| bob | not yet | |" in text


@pytest.mark.parametrize("ruleset, path, needs", [
    ("default", "rules/101-victory-condition.md", "needs 3"),  # a majority of 4
    ("default", "rules/050-x.md", "needs 4"),  # unanimity
    ("default", "rules/250-x.md", "needs 2"),  # 30% of 4, rounded up
    ("default", "rules/350-x.md", "needs a yes from a veto holder other than the proposer"),
    ("infinite-nomic-r7", "rules/004-x.md", "needs more yes votes than no votes"),
])
def test_the_status_line_shows_what_is_needed_within_githubs_limit(ruleset, path, needs):
    shown = view(make_game("alice,bob,carol,dave", ruleset=ruleset), paths=(path,),
                 reviews=(review("bob", "CHANGES_REQUESTED", at=T0 + HOUR),))
    line = status_line(shown)
    assert line.startswith(f"{shown.tally.yes}/4 yes · 1 no · {needs} · closes ")
    assert len(line) <= GITHUB_STATUS_LIMIT


def test_the_status_line_counts_reactions_where_the_rules_read_them():
    shown = view(make_game("alice,bob,carol,dave", ruleset="infinite-nomic-r7"),
                 paths=("rules/004-x.md",), reactions=(reaction("bob", at=T0 + HOUR),))
    assert status_line(shown) == ("1/4 yes · 0 no · needs more yes votes than no votes · "
                                  "closes 2026-05-02 12:00 UTC")


def test_the_status_line_of_a_proposal_that_cannot_pass_has_no_need():
    shown = replace(view(), needed="it changes nothing", deadline=None)
    assert status_line(shown) == "1/4 yes · 0 no"
