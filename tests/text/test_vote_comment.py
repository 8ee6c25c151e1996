"""Where a vote stands, as players see it: the sticky comment and the commit status line."""

from dataclasses import replace

import pytest

from nomic_ci.core.facts import ChangeKind, FileChange
from nomic_ci.core.voting.decision import vote_view
from nomic_ci.text.vote_comment import MARKER, final_comment, status_line, sticky_comment

from builders import HOUR, T0, make_game, opened, reaction, review, step

GITHUB_STATUS_LIMIT = 140


def view(game=None, now=T0 + 2 * HOUR, paths=("rules/101-victory-condition.md",), opened_at=T0,
         **votes):
    game, p = opened(game or make_game("alice,bob,carol,dave"), paths=paths, opened=opened_at)
    return vote_view(game, game.state.open_proposals[0], replace(p, **votes), now)


def test_the_sticky_comment_lists_the_votes_who_has_not_voted_and_what_was_left_out():
    text = sticky_comment(view(reviews=(
        review("bob", "CHANGES_REQUESTED", at=T0 + HOUR), review("mallory"),
        review("carol", commit="old"))))
    assert text.startswith(MARKER + "\n### Proposal 1: where the vote stands\n")
    assert ("It involves rules 101, so it needs rule 104, rules 100–199: a majority of the "
            "eligible voters: 3 of 4.") in text  # the threshold said once, with its count
    assert "The vote closes at 2026-05-03 12:00 UTC" in text
    rows = [line for line in text.splitlines() if line.startswith("| ") and "---" not in line]
    assert rows == ["| player | vote | on commit |", "| alice | yes | head1 |",
                    "| bob | no | head1 |", "| carol | not yet | |", "| dave | not yet | |"]
    assert ("Not counted:\n- mallory: not a player\n- carol: cast on an older version \\(old\\); "
            "the proposal is now at head1\n") in text  # inert: escaped as players wrote it


def test_a_proposal_whose_new_version_cannot_pass_says_why_in_its_comment():
    text = sticky_comment(view(changes=(FileChange("rules/my-idea.md", ChangeKind.ADDED),)))
    assert ("It cannot pass as it is: rules/my-idea.md is not a rule file name: name rule "
            "files rules/NNN-slug.md.") in text
    assert "Involves rules" not in text


def test_a_comment_without_a_deadline_does_not_promise_one():
    text = sticky_comment(view(make_game(ruleset="suber-initial-set"),
                               paths=("rules/201-turn-order.md",)))
    assert "closes at" not in text and "| bob | not yet | |" in text
    assert "The vote closes as soon as every eligible voter has voted." in text


@pytest.mark.parametrize("ruleset, path, needs", [
    ("default", "rules/101-victory-condition.md", "needs 3"),  # a majority of 4
    ("default", "rules/050-x.md", "needs 4"),  # unanimity
    ("default", "rules/250-x.md", "needs 2"),  # 30% of 4, rounded up
    ("default", "rules/350-x.md", "needs a yes from a veto holder other than the proposer"),
    ("infinite-nomic-r7", "rules/004-x.md", "needs more yes votes than no votes"),
    ("infinite-nomic-r7", "rules/000-winning.md", "needs the terms of rule 0"),
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


@pytest.mark.parametrize("ruleset, path, says, never", [
    ("default", "rules/101-victory-condition.md",
     ["or as soon as every eligible voter has voted", "A push restarts the vote",
      "Vote by approving (yes) or requesting changes (no) on the current commit."],
     ["👍", "withdraws"]),
    ("infinite-nomic-r7", "rules/003-what-happens-on-a-turn.md",
     ["The vote closes at 2026-05-02 12:00 UTC.", "withdraws it (rule 4)",
      "or with 👍 (yes) or 👎 (no) on the description."],
     ["every eligible voter", "restarts"]),
    ("infinite-nomic-r7", "rules/000-winning.md",
     ["Rule 000 is guarded (rule 0): it passes once it has been open 1d with no vote "
      "against, or when the vote closes at 2026-05-08 12:00 UTC with at least 3 votes for "
      "each against."], ["every eligible voter"]),
    ("borednomic", "rules/008-proposals.md",
     ["Votes count on the voting days (Fri–Sat, UTC; rule 9); the result is decided at "
      "2026-05-10 00:00 UTC."],
     ["every eligible voter", "👍"]),
])
def test_the_comment_says_what_the_rules_in_force_say(ruleset, path, says, never):
    game = make_game(ruleset=ruleset, admin="admin" if ruleset == "borednomic" else None)
    at = T0 + 72 * HOUR if ruleset == "borednomic" else T0  # it takes proposals Mon–Wed
    text = sticky_comment(view(game, paths=(path,), opened_at=at, now=at + HOUR))
    for words in says:
        assert words in text, words
    for words in never:
        assert words not in text, words


def test_a_decided_proposal_shows_its_final_result_and_asks_for_nothing():
    game, p = opened(make_game("alice,bob,carol"))
    voted = replace(p, reviews=(review("bob", at=T0 + HOUR), review("carol", at=T0 + HOUR)))
    _, game, record = step(game, [voted], T0 + 2 * HOUR)
    text = final_comment(record)
    assert text.startswith(MARKER + "\n### Proposal 1: passed, merged at head1\n")
    assert "| bob | yes | head1 |" in text and "Dice: rule 103: 1d6" in text
    assert "the record is `proposals/0000-0099/0001-a-proposal.yaml`" in text  # its folder
    assert "not yet" not in text and "Vote by" not in text and "closes" not in text


def test_the_comment_says_what_the_proposal_changes_and_warns_when_it_can_never_pass():
    game = make_game("alice,bob,carol,dave")
    path = "rules/101-victory-condition.md"
    text = game.files[path].replace("victory_points: 100", "victory_points: 50")
    shown = sticky_comment(view(game, paths=(path,), texts=((path, text),)))
    assert "\nIf it passes:\n- the points that win: 50 instead of 100\n" in shown
    assert "Warning" not in shown
    shown = sticky_comment(view(game, paths=("rules/350-rule-350.md",)))
    assert "**Warning: it can never pass as the rules stand: it needs the yes of a player " \
           "with a veto other than its proposer, and there is none.**" in shown


@pytest.mark.parametrize("path, also", [
    ("nomic_ci/forges/githubforge.py", None), (".github/workflows/engine.yml", None),
    ("github.py", None), ("pyproject.toml", None), ("evil.pth", None),
    ("notes/idea.md", "rules/101-victory-condition.md")])
def test_a_proposal_that_changes_code_the_workflows_run_says_so_in_bold(path, also):
    """A passed change to the engine, the workflows or any Python file runs with the write
    token and the dice secret: its comment says so, with what it needs, above all else."""
    paths = (path,) + ((also,) if also else ())
    shown = sticky_comment(view(paths=paths))
    engine = path != "notes/idea.md"
    assert ("**It changes code the engine's workflows run" in shown) is engine
    if engine:
        bold = next(line for line in shown.splitlines() if line.startswith("**It changes"))
        assert path.replace("_", "\\_") in bold and "write token and dice secret" in bold
        assert bold.endswith("; it needs unanimity of the eligible voters: 4 of 4.**")


def test_a_path_a_player_chose_is_shown_inert_wherever_the_vote_comment_says_it():
    """A file named to be a link, an image or a mention is shown as its name."""
    path = "![x](https://example.org/pixel.png)@everyone.md"
    text = sticky_comment(view(paths=(path,)))
    assert "![x](" not in text and "@everyone" not in text
    assert "\\!\\[x\\]\\(https://example.org/pixel.png\\)@\u2060everyone.md" in text


def test_a_guarded_rule_is_said_to_pass_on_its_own_terms_not_a_threshold():
    """Seed 004 rule 0 sets its own passing conditions: no 'more yes votes than no votes'."""
    text = sticky_comment(view(make_game("alice,bob,carol,dave", ruleset="infinite-nomic-r7"),
                               paths=("rules/000-winning.md",)))
    assert ("It involves rules 000, so it needs the terms of rule 0: no vote against once it "
            "has been open 24 hours, or at least 3 votes for each against when it has been "
            "open 7 days.") in text
    assert "more yes" not in text and "Rule 000 is guarded (rule 0)" in text
