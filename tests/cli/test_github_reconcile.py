"""`nomic-ci github reconcile` as the engine workflow runs it, against the fake GitHub: the dice
secret comes from the NOMIC_DICE_SECRET Actions secret, never leaks, is replaced with
NOMIC_DICE_SECRET_PREVIOUS, and is revealed when the game ends."""

import json
import os
from datetime import timedelta

import pytest

from nomic_ci.core.dice import commitment_of, derive_secret_roll, roll_inputs
from nomic_ci.core.verify import awaiting_reveal, verify

from builders import SEED, T0, new_rule
from cli.test_parser import modules_after
from nomic_ci.forges.githubforge import GitHubForge
from tables import ENGINE, GitHubTable, run_cli

FIRST, SECOND = "a1b2c3d4e5f60789" * 4, "9f8e7d6c5b4a3210" * 4


@pytest.fixture
def hub(tmp_path):
    t = GitHubTable(tmp_path / "game", players="alice,bob",
                    ends=(T0 + timedelta(days=10)).isoformat())
    yield t
    t.close()


def everything_sent(hub) -> str:
    """What the engine sent GitHub, its log, and its run summaries: where a leak would show."""
    sent = json.dumps([[r.method, r.path, r.body] for r in hub.fake.requests], default=str)
    return sent + hub.out + hub.err + hub.summary.read_text()


def decide(hub, author, voter, rule):
    hub.later().branch(f"idea-{rule}", new_rule(rule), author=author)
    number = hub.propose(author, f"idea-{rule}")
    hub.later().vote(number, voter)


def test_the_engine_commits_rolls_replaces_and_reveals_its_secret_and_leaks_nothing(hub):
    hub.secrets = {"NOMIC_DICE_SECRET": FIRST}
    assert hub.reconcile() == 0, hub.err
    assert "The dice are now drawn from a secret" in hub.summary.read_text()
    assert f"commitment: {commitment_of(FIRST)}" in hub.read("state/game.yaml")

    decide(hub, "alice", "bob", 201)
    files = hub.files()
    assert f"result: {derive_secret_roll(FIRST, 6, roll_inputs(SEED, 1, 1))}" in \
        files["proposals/0000-0099/0001-a-proposal.yaml"]
    assert verify(files) == [] and awaiting_reveal(files) == {commitment_of(FIRST): 1}
    assert FIRST not in everything_sent(hub)

    hub.secrets = {"NOMIC_DICE_SECRET": SECOND, "NOMIC_DICE_SECRET_PREVIOUS": FIRST}
    assert hub.later().reconcile() == 0, hub.err
    assert f"revealed: {FIRST}" in hub.read("state/game.yaml")
    hub.secrets = {"NOMIC_DICE_SECRET": SECOND}
    decide(hub, "bob", "alice", 202)
    assert SECOND not in everything_sent(hub)

    hub.now = T0 + timedelta(days=11)  # the end date: the game is over, the secret revealed
    hub.clock.set(hub.now)
    assert hub.reconcile() == 0, hub.err
    files = hub.files()
    assert f"revealed: {SECOND}" in files["state/game.yaml"]
    assert verify(files) == [] and awaiting_reveal(files) == {}


def test_a_committed_game_run_without_its_secret_stops_before_writing_anything(hub):
    hub.secrets = {"NOMIC_DICE_SECRET": FIRST}
    hub.reconcile()
    writes = len(hub.fake.writes())
    hub.secrets = {}
    assert hub.later().reconcile() == 2
    assert "committed to a secret" in hub.summary.read_text()
    hub.secrets = {"NOMIC_DICE_SECRET": SECOND}  # another secret, without the old one
    assert hub.reconcile() == 2 and "NOMIC_DICE_SECRET_PREVIOUS" in hub.summary.read_text()
    assert len(hub.fake.writes()) == writes


def test_without_a_secret_the_run_summary_warns_that_rolls_can_be_foreseen(hub):
    assert hub.reconcile() == 0
    assert "anyone can work out the next roll" in hub.summary.read_text()
    assert "The dice can be foreseen" in hub.read("state/README.md")


@pytest.mark.parametrize("ruleset", ["infinite-nomic-r7", "suber-initial-set", "borednomic"])
def test_a_board_game_without_a_secret_warns_too_where_no_proposal_rolls(tmp_path, ruleset):
    """Its moves, gatherings and updates roll the game's dice: the next /roll can be worked
    out from state/game.yaml as well as any proposal's die."""
    hub = GitHubTable(tmp_path / "game", players="alice,bob", ruleset=ruleset,
                      admin="dana" if ruleset == "borednomic" else None)
    try:
        assert hub.reconcile() == 0, hub.err
        assert "anyone can work out the next roll" in hub.summary.read_text()
        assert "The dice can be foreseen" in hub.read("state/README.md")
    finally:
        hub.close()


def test_github_out_of_reach_ends_the_run_cleanly_for_the_next_one(tmp_path):
    hub = GitHubTable(tmp_path / "game", players="alice,bob")
    env = hub.env
    hub.fake.stop()  # its address now refuses connections
    code, out, _ = run_cli("--now", T0.isoformat(), "github", "reconcile", env=env)
    summary = hub.summary.read_text()
    assert code == 1 and "GitHub could not be reached (ConnectionError" in summary
    assert "the next run carries on" in summary and "Traceback" not in out + summary


def test_a_bug_in_the_engine_is_reported_in_the_summary_and_the_next_run_carries_on(hub,
                                                                                   monkeypatch):
    hub.later().branch("idea", new_rule(201), author="alice")
    hub.fake.open_pr("alice", "idea", "An idea", created_at=hub.now)

    def broken(*args, **kwargs):
        raise RuntimeError("something unexpected")
    monkeypatch.setattr("nomic_ci.reconcile.render_all", broken)
    assert hub.reconcile() == 3
    assert "The engine failed (RuntimeError: something unexpected)" in hub.summary.read_text()
    monkeypatch.undo()
    assert hub.reconcile() == 0 and hub.status()["proposals"][0]["state"] == "voting"


def test_a_github_game_whose_veto_holder_has_no_id_stops_and_says_how_to_fix_it(hub):
    players = hub.fake.file_at("state/players.yaml").replace(
        "  - login: bob\n    id: 501\n", "  - login: bob\n    id: null\n    veto: true\n")
    hub.fake.commit("main", {"state/players.yaml": players}, author="alice")
    assert hub.reconcile() == 2
    summary = hub.summary.read_text()
    assert "the veto holder bob has no numeric user id" in summary and "gh api users" in summary


def test_a_run_with_a_token_loads_neither_jwt_cryptography_nor_nacl(hub):
    """PyGithub imports them to sign a GitHub App's key and to seal secrets, which a run
    never does (the workflow hands the engine a token): 0.4 s of every run's start-up."""
    hub.later().branch("idea", new_rule(201), author="alice")
    hub.fake.open_pr("alice", "idea", "An idea", created_at=hub.now)
    loaded, _ = modules_after("--repo", str(hub.checkout()), "--now", hub.now.isoformat(),
                              "github", "reconcile", env={**os.environ, **hub.env})
    assert "github" in loaded and "nomic_ci.reconcile" in loaded
    assert {m.split(".")[0] for m in loaded} & {"jwt", "cryptography", "nacl"} == set()
    assert hub.fake.pull(1).labels  # the run did its work: the proposal is in its vote


def test_a_run_that_changes_nothing_loads_no_yaml_writer(hub):
    """The schedule's runs mostly find nothing to do: such a run reads the game with the
    quick reader and writes nothing, so it loads neither ruamel.yaml (the state's writer)
    nor markdown-it (unusual rule files); nor anything a run with a token never uses."""
    hub.later().branch("idea", new_rule(201), author="alice")
    hub.fake.open_pr("alice", "idea", "An idea", created_at=hub.now)
    assert hub.reconcile() == 0  # the proposal put to its vote: the next run has no work
    requests = len(hub.fake.requests)
    loaded, _ = modules_after("--repo", str(hub.checkout()), "--now", hub.now.isoformat(),
                              "github", "reconcile", env={**os.environ, **hub.env})
    assert "nomic_ci.reconcile" in loaded and "nomic_ci.core.due" in loaded
    assert not {m.split(".")[0] for m in loaded} & {"ruamel", "markdown_it", "jwt",
                                                    "cryptography", "nacl"}
    assert not [r for r in hub.fake.requests[requests:] if r.method != "GET" and
                "graphql" not in r.path], "the second run wrote something"


def test_a_game_quiet_for_fifty_days_gets_a_commit_so_github_keeps_its_engine_on(hub):
    """GitHub turns a public repository's scheduled workflow off, events and schedule alike,
    after 60 days without a commit, and the engine commits only when the game moves (here a
    run that finds nothing due, as in a game waiting on its players)."""
    assert hub.reconcile() == 0, hub.err
    git, main = hub.fake.git, "refs/heads/main"
    before = git.ref_sha(main)
    made = git.commit_info(before).committer.when

    def finish(days: int) -> tuple[str, list[str]]:
        forge = GitHubForge(hub.repo(), ENGINE, made + timedelta(days=days))
        forge.finish()
        return git.ref_sha(main), forge.wrote

    assert finish(49) == (before, [])
    after, wrote = finish(51)
    assert after != before and wrote == [f"committed nothing as {after[:7]}, to keep the "
                                         "game awake"]
    commit = git.commit_info(after)
    assert commit.parents == (before,) and commit.tree == git.commit_info(before).tree
    assert "51 days without a commit" in commit.message
    assert finish(1)[0] == after  # one a quiet spell: the clock starts again

def test_an_ended_game_may_rest(hub):
    hub.now = T0 + timedelta(days=11)  # past its end date
    hub.clock.set(hub.now)
    assert hub.reconcile() == 0, hub.err
    ended = hub.fake.git.ref_sha("refs/heads/main")
    hub.now = T0 + timedelta(days=70)
    hub.clock.set(hub.now)
    assert hub.reconcile() == 0, hub.err
    assert hub.fake.git.ref_sha("refs/heads/main") == ended
