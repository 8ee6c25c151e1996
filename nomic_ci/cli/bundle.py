"""What a game carries besides its own files, so it runs on GitHub as it is: the engine
(`nomic_ci/`), the workflows that run it, the pinned dependencies they install, and
`pyproject.toml`.

They are copied from the engine that runs `init`. The workflows and the lock live at the
repository's top, where GitHub and pip look for them; `nomic_ci/bundle/` links to them, so
an installed engine (a wheel copies what a link points at) carries them too, and a game
made by `init` has the same links, to its own files.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1]  # the nomic_ci package running this
BUNDLE = "bundle"  # nomic_ci/bundle/: links to the files below, by their names
CARRIED = {  # where each lives in a game: the name of its link in nomic_ci/bundle/
    ".github/workflows/engine.yml": "engine.yml",
    ".github/workflows/proposal-check.yml": "proposal-check.yml",
    ".github/workflows/review-signal.yml": "review-signal.yml",
    ".github/requirements-engine.txt": "requirements-engine.txt",
    "pyproject.toml": "pyproject.toml",
}
ENGINE_WORKFLOW = ".github/workflows/engine.yml"
_CRON = re.compile(r'^(?P<lead>\s*-\s*cron:\s*)(?P<quote>["\']?)(?P<cron>[^"\'#\n]*?)'
                   r'(?P=quote)(?P<tail>\s*(?:#.*)?)$', re.MULTILINE)
_SKIPPED = ("__pycache__", ".pyc", ".pyo")


def engine_files(engine: Path = ENGINE) -> dict[str, bytes]:
    """The engine's own files, by their path in a game (`nomic_ci/...`): its code, rulesets
    and documentation, without compiled files or the bundle's links."""
    found = {}
    for folder, subfolders, names in os.walk(engine):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__"
                               and not (Path(folder) == engine and d == BUNDLE))
        for name in sorted(names):
            if not name.endswith(_SKIPPED):
                path = Path(folder) / name
                found[f"nomic_ci/{path.relative_to(engine).as_posix()}"] = path.read_bytes()
    return found


def carried_files(cron: str | None, engine: Path = ENGINE) -> dict[str, str]:
    """The workflows, the lock and pyproject.toml, by their path in a game; the engine's
    schedule set to `cron` where given."""
    files = {path: (engine / BUNDLE / name).read_text() for path, name in CARRIED.items()}
    if cron is not None:
        files[ENGINE_WORKFLOW] = with_cron(files[ENGINE_WORKFLOW], cron)
    return files


def write_bundle(target: Path, cron: str | None, engine: Path = ENGINE) -> None:
    """Write the engine and what runs it into the game at `target`."""
    for path, data in engine_files(engine).items():
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        (target / path).write_bytes(data)
    for path, text in carried_files(cron, engine).items():
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        (target / path).write_text(text)
    links = target / "nomic_ci" / BUNDLE
    links.mkdir(parents=True, exist_ok=True)
    for path, name in CARRIED.items():
        os.symlink(os.path.relpath(target / path, links), links / name)


def crons(workflow: str) -> list[str]:
    """The schedules of a workflow file's text."""
    return [match["cron"].strip() for match in _CRON.finditer(workflow)]


def with_cron(workflow: str, cron: str) -> str:
    """The workflow's text with its schedule (its one cron line) set to `cron`."""
    found = list(_CRON.finditer(workflow))
    if len(found) != 1:
        raise ValueError(f"expected one cron line, found {len(found)}")
    match = found[0]
    return (workflow[:match.start()] + f'{match["lead"]}"{cron}"{match["tail"]}'
            + workflow[match.end():])
