"""Whether the engine workflow's engine step can start in a checkout of the game, offline.

The steps are read from `.github/workflows/engine.yml` itself: its install step must name a
lock that pins every dependency with hashes (all of the engine's among them), and is run
here as a dry run with no index; its run command is run here, as the runner would in the
checkout, with the step's own literal environment and none of GitHub's. Without a token the
engine stops at once, saying what it is not given: that answer shows it started (its code
found and imported); any other answer (no module named nomic_ci, an import that fails) is
what the step would meet on GitHub.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from ..core.errors import GameError
from ..core.files import yamlio
from .bundle import ENGINE_WORKFLOW

STARTED = "GITHUB_TOKEN and GITHUB_REPOSITORY not set"  # what the engine says without them
_LOCK = re.compile(r"(?:-r|--requirement)[\s=]+(?P<path>[^\s;&|]+)")
_PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9_.-]*)==", re.MULTILINE)
_WORKSPACE = re.compile(r"\$\{\{\s*github\.workspace\s*\}\}")  # the checkout, here


def steps(root: Path) -> list[dict[str, Any]]:
    """The steps of the engine workflow's jobs, in order."""
    path = root / ENGINE_WORKFLOW
    data = yamlio.read(path.read_text(), ENGINE_WORKFLOW)
    jobs = data.get("jobs") if isinstance(data, dict) else None
    found = []
    for job in (jobs or {}).values():
        found += [s for s in (job.get("steps") or []) if isinstance(s, dict)]
    return found


def check_engine_step(root: Path) -> tuple[list[str], list[str]]:
    """What would stop the engine step on GitHub, each with its fix; and what this machine
    could not confirm (notes)."""
    if not (root / ENGINE_WORKFLOW).is_file():
        return [], []  # said by the workflows' own check
    try:
        listed = steps(root)
    except GameError as error:
        return [str(error)], []
    run = next((s for s in listed if "nomic_ci" in str(s.get("run", ""))
                and "reconcile" in str(s.get("run", ""))), None)
    if run is None:
        return [f"{ENGINE_WORKFLOW} has no step that runs `python -m nomic_ci github "
                "reconcile`: copy the workflow from nomic-ci"], []
    install = next((s for s in listed if "pip install" in str(s.get("run", ""))), None)
    found = _check_lock(root, str(install.get("run", "")) if install else "")
    notes = _install_offline(root, install) if install and not found else []
    if not (root / "nomic_ci" / "__main__.py").is_file():
        return found + ["the engine is not in the repository (no nomic_ci/): the workflow runs "
                        "it from its checkout, so the step would stop with 'No module named "
                        "nomic_ci'. Make the game with `nomic-ci init`, which puts it there, or "
                        "copy nomic_ci/ from nomic-ci"], notes
    return found + _start_offline(root, run), notes


def _install_offline(root: Path, step: dict[str, Any]) -> list[str]:
    """The install step's own command, as a dry run from what this machine has installed
    (pip reads its options from the environment too): no index, nothing downloaded."""
    done = _run(root, step, {"PIP_DRY_RUN": "1", "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": "",
                             "PIP_QUIET": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    if isinstance(done, str) or done.returncode == 0:
        return [] if not isinstance(done, str) else [done]
    said = [line.strip() for line in (done.stderr + done.stdout).splitlines()
            if line.strip().startswith("ERROR")]
    return [f"the install step (`{str(step['run']).strip()}`) could not be confirmed here, "
            f"offline: {said[0] if said else f'exit status {done.returncode}'} (this machine "
            "lacks a version the lock pins; the runner downloads it)"]


def _check_lock(root: Path, command: str) -> list[str]:
    match = _LOCK.search(command)
    if match is None:
        return [f"{ENGINE_WORKFLOW} installs the engine's dependencies from no lock "
                "(`pip install --require-hashes -r .github/requirements-engine.txt`): "
                "copy the workflow from nomic-ci"]
    lock = root / match["path"]
    if not lock.is_file():
        return [f"{match['path']} is missing: the engine step installs the engine's "
                "dependencies, pinned with hashes, from it"]
    text = lock.read_text()
    blocks = [b for b in re.split(r"\n(?=[A-Za-z0-9][A-Za-z0-9_.-]*==)", text) if _PIN.match(b)]
    unhashed = [_PIN.match(b)["name"] for b in blocks if "--hash=" not in b]
    found = [f"{match['path']}: {', '.join(unhashed)} without a hash: `pip install "
             "--require-hashes` refuses it; regenerate the lock with the pip-compile command "
             "in its header"] if unhashed else []
    pinned = {_name(_PIN.match(b)["name"]) for b in blocks}
    missing = sorted(_name(r) for r in _dependencies(root) if _name(r) not in pinned)
    if missing:
        found.append(f"{match['path']} does not pin {', '.join(missing)}, which the engine "
                     "needs (pyproject.toml): regenerate it with the pip-compile command in "
                     "its header")
    return found


def _dependencies(root: Path) -> list[str]:
    try:
        with open(root / "pyproject.toml", "rb") as project:
            return list(tomllib.load(project)["project"]["dependencies"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return []


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-") \
        .replace(".", "-")


def _run(root: Path, step: dict[str, Any], extra: dict[str, str]
         ) -> subprocess.CompletedProcess | str:
    """Run a step's command as the runner would, with this machine's Python as `python`;
    what went wrong where it could not be run at all."""
    literal = {str(k): _WORKSPACE.sub(str(root), str(v))
               for k, v in (step.get("env") or {}).items()}
    literal = {k: v for k, v in literal.items() if "${{" not in v}  # the runner's alone
    where = root / str(step.get("working-directory") or ".")
    with tempfile.TemporaryDirectory(prefix="nomic-ci-doctor-") as shims:
        for name in ("python", "python3"):
            os.symlink(sys.executable, Path(shims) / name)
        env = {"PATH": f"{shims}{os.pathsep}{os.environ.get('PATH', '')}",
               "HOME": os.environ.get("HOME", shims), "LANG": "C.UTF-8",
               # what the runner gives every step: the checkout, and a folder of its own
               "GITHUB_WORKSPACE": str(root), "RUNNER_TEMP": shims, **literal, **extra}
        try:
            return subprocess.run(["bash", "-e", "-c", str(step["run"])], cwd=where, env=env,
                                  capture_output=True, text=True, timeout=120,
                                  stdin=subprocess.DEVNULL)
        except (OSError, subprocess.TimeoutExpired) as error:
            return f"the step `{str(step['run']).strip()}` could not be run here ({error})"


def _start_offline(root: Path, step: dict[str, Any]) -> list[str]:
    """The engine step's own command, with no token: the engine says so when it starts."""
    done = _run(root, step, {})
    if isinstance(done, str):
        return [done]
    said = (done.stderr + done.stdout).strip()
    if STARTED in said:
        return []
    lines = [line.strip() for line in said.splitlines() if line.strip()]
    why = next((line for line in lines if "rror" in line), lines[-1] if lines else
               f"exit status {done.returncode}")
    command = next((line.strip() for line in str(step["run"]).splitlines()
                    if "nomic_ci" in line and "reconcile" in line), str(step["run"]).strip())
    return [f"the engine step would not start: `{command}` says "
            f"'{why}'. The workflow installs the lock and runs the engine from the checkout: "
            "check that nomic_ci/ is whole and the lock pins what it imports"]
