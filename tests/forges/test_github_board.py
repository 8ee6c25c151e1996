"""Infinite Nomic round 7's board on the fake GitHub: players' comments on a pull request
are the commands, the engine answers each on the same thread, through the real PyGithub
and GraphQL calls of `nomic-ci github reconcile`."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from nomic_ci.core.board.boardfile import read_board
from nomic_ci.core.game import load_game
from nomic_ci.core.verify import verify
from nomic_ci.text.readmes import stale_readmes

from boardgames import seed_for
from github_games import open_proposal
from nomic_ci.forges.githubforge import GitHubForge
from tables import ENGINE, GitHubTable
from builders import new_rule

MINUTE = timedelta(minutes=1)


@pytest.fixture
def hub(tmp_path):
    # the game's dice, in order: alice's /roll is a 4, bob's a 6
    t = GitHubTable(tmp_path / "game", players="alice,bob,carol", ruleset="infinite-nomic-r7",
                    dice_seed=seed_for((6, 4), (6, 6)))
    yield t
    t.close()


def replies(hub, pr) -> list[str]:
    return [c.body for c in hub.fake.world.comments_on(pr)
            if hub.fake.world.users[c.user_id].login == ENGINE and "nomic-ci:vote" not in c.body]


def board(hub):
    return read_board(hub.files()["state/board.yaml"])


def test_commands_in_comments_move_tokens_and_are_answered_with_dice_path_and_scores(hub):
    pr = open_proposal(hub, files=new_rule(21))  # any thread of the game takes commands
    assert hub.reconcile() == 0, hub.err
    hub.later(1 / 60).fake.add_comment(pr, "bob", "/roll", created_at=hub.now)
    hub.fake.add_comment(pr, "alice", "/roll", created_at=hub.now)
    assert hub.reconcile() == 0, hub.err
    answers = replies(hub, pr)
    # in the order written: bob's out of turn (rule 2), then alice's: 1 + 4 = 5, Fives
    # (rule 8) +10, and her rolled 4 brings the Cop Car from 4 to 5 (rule 11)
    assert "only the player whose turn it is may /roll (it is alice's turn)" in answers[-2]
    assert "alice rolls 4" in answers[-1] and "1 → 2 → 3 → 4 → 5" in answers[-1]
    assert "alice is on space 5 with 10 points" in answers[-1]
    assert board(hub).token("alice").space == 5 and board(hub).cop_car.space == 5
    edited = hub.fake.add_comment(pr, "alice", "/continue", created_at=hub.now)
    hub.fake.world.comments[edited].updated_at = hub.now + MINUTE
    hub.later(6 / 60).reconcile()  # rule 7: no /continue counted within five minutes
    assert "an edited command does not count" in replies(hub, pr)[-1]
    assert hub.status()["turn"] == "bob"
    hub.fake.add_comment(pr, "bob", "/roll", created_at=hub.now)
    assert hub.reconcile() == 0, hub.err
    assert "bob is on space 7 with 0 points" in replies(hub, pr)[-1]  # 1 + 6, no tile paid
    assert "Master of Your Fate" in replies(hub, pr)[-1]  # rule 8: space 7 offers the roll
    hub.fake.add_comment(pr, "bob", "/choose buy", created_at=hub.now)
    assert hub.reconcile() == 0, hub.err
    assert "bob has 0 points and may not buy for 6 (rule 16)" in replies(hub, pr)[-1]
    files = hub.files()
    assert verify(files) == [] and stale_readmes(files) == []
    assert '<g data-token="alice" data-at="5">' in files["state/board.svg"]
    assert len(load_game(files).actions) == 2


def test_a_run_with_nothing_to_do_reads_no_action_record_and_no_deeper_tree(hub):
    """The actions' index is a folder, actions/index/: the game's query lists it too, so a
    game with actions reads no deeper tree through REST; and the records' blobs are not
    asked for (issue 10's scale)."""
    pr = open_proposal(hub, files=new_rule(21))
    hub.later(1 / 60).fake.add_comment(pr, "alice", "/roll", created_at=hub.now)
    assert hub.reconcile() == 0, hub.err
    assert hub.fake.file_at("actions/index/latest/00.jsonl").count("\n") == 1
    record = next(p for p in hub.files() if p.startswith("actions/000000-000099/000001"))
    sha = hub.fake.git.entry_at("main", record).sha
    hub.fake.clear_requests()
    assert hub.reconcile() == 0 and hub.fake.writes() == []
    # the game and its pull requests, the texts of what they change, and the comments
    assert sorted((r.method, r.path) for r in hub.fake.requests) == [
        ("GET", "/repos/nomic/game/issues/comments"), ("POST", "/graphql"), ("POST", "/graphql")]
    assert all(sha not in json.dumps(r.body) for r in hub.fake.requests)  # no record read
    listed = GitHubForge(hub.repo(), ENGINE, hub.now).read_files()
    assert "actions/index/latest/00.jsonl" in listed and record in listed  # both listed
