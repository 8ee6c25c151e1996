"""What a player or a stranger types on GitHub, where the engine repeats it: a pull request's
title, a comment command's words. GitHub's JSON may carry any character, a NUL or half of a
surrogate pair among them, where git refuses a NUL in a commit message and no UTF-8 stream
can write half a pair. Each case plays on the fake GitHub through the engine's command line,
as the workflow runs it: the run goes on, and so does every run after."""

from __future__ import annotations

import pytest

from nomic_ci.core.game import load_game
from nomic_ci.forges.githubgraphql import readable

from builders import new_rule
from tables import GitHubTable, engine_comments, settle


def started(tmp_path, **kwargs) -> GitHubTable:
    hub = GitHubTable(tmp_path, players="alice,bob,carol", **kwargs)
    assert hub.reconcile() == 0, hub.err
    return hub


@pytest.mark.parametrize("author", ["alice", "mallory"])
def test_a_title_holding_a_nul_halts_no_run(tmp_path, author):
    """Before, the engine's commit, whose message names the proposal, was refused (git takes
    no NUL in a commit message): the run stopped there, and every run after it."""
    hub = started(tmp_path)
    hub.later().branch("idea", new_rule(150), author=author)
    pr = hub.fake.open_pr(author, "idea", "Free\x00points for\x00me", created_at=hub.now)
    assert hub.reconcile() == 0, hub.out + hub.err
    assert "Free\ufffdpoints for\ufffdme" in hub.out
    assert any(f"#{pr}" in line for line in hub.out.splitlines())
    assert settle(hub)[-1] == 0
    hub.close()


def test_a_nul_in_a_judgment_question_halts_no_run(tmp_path):
    """A command whose words the game keeps (seed 001's /judgment question) is recorded and
    named in the engine's commit: before, the NUL stopped that commit, and every run after."""
    hub = started(tmp_path, ruleset="suber-initial-set")
    hub.later().branch("r", new_rule(215), author="alice")
    hub.propose("alice", "r")
    hub.later().command("bob", "/judgment Is\x00 proposal 301 legal?")
    assert hub.code == 0
    judgment = load_game(hub.files()).state.judgment
    assert judgment is not None and judgment.question == "Is\ufffd proposal 301 legal?"
    assert settle(hub)[-1] == 0
    hub.close()


def test_half_a_surrogate_pair_in_a_command_halts_no_run(tmp_path):
    """JSON may escape half a pair (`\\ud800`), which Python reads as a lone surrogate:
    before, the run stopped at printing its summary (UnicodeEncodeError), after it had
    answered the command, so every run after stopped the same way."""
    hub = started(tmp_path)
    issue = hub.game_issue()
    asked = hub.fake.add_comment(issue, "bob", "/status \ud800", created_at=hub.later().now)
    assert hub.reconcile() == 0, hub.err
    assert any(f"reply-{asked}" in body for body in engine_comments(hub, issue))
    assert settle(hub)[-1] == 0
    hub.close()


def test_readable_keeps_every_character_utf_8_can_write_but_nul():
    text = "tab\there\nline\u2028sep \u202e bidi é 🎲 \x1b[31m"
    assert readable(text) is text
    assert readable("a\x00b\ud800c\udfffd") == "a\ufffdb\ufffdc\ufffdd"


def test_a_rule_whose_title_escapes_half_a_surrogate_pair_is_refused_before_anyone_votes(
        tmp_path):
    """YAML's double quotes read `\\ud800` as half a pair. Before, such a rule was put to the
    vote and merged, and every run after stopped at writing rules/README.md, which shows
    its title (GitHub takes no such text: the fake answered 500)."""
    hub = started(tmp_path)
    rule = '---\nnumber: 150\ntitle: "Dice \\ud83c"\nmutable: true\n---\nA rule.\n'
    hub.later().branch("idea", {"rules/150-dice.md": rule}, author="alice")
    pr = hub.fake.open_pr("alice", "idea", "Dice", created_at=hub.now)
    assert hub.reconcile() == 0, hub.out + hub.err
    game = load_game(hub.files())
    assert [held.key for held in game.state.awaiting_fix] == [str(pr)]
    assert any("rules/150-dice.md" in b and "half of a surrogate pair" in b
               for b in engine_comments(hub, pr))
    for voter in ("bob", "carol"):
        hub.later(1 / 60).fake.add_review(pr, voter, "APPROVED", submitted_at=hub.now)
        assert hub.reconcile() == 0, hub.out + hub.err
    assert hub.fake.pull(pr).merged is False
    assert settle(hub)[-1] == 0
    hub.close()
