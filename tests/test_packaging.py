"""The engine workflow installs from a hash-pinned lock: it must cover what the engine needs."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-") \
        .replace(".", "-")


def test_the_engine_lock_pins_every_dependency_with_hashes():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lock = (ROOT / ".github/requirements-engine.txt").read_text()
    pinned = {_name(line.split("==")[0]) for line in lock.splitlines()
              if re.match(r"^[A-Za-z0-9_.-]+==", line)}
    wanted = {_name(r) for r in project["dependencies"]}
    assert wanted <= pinned, f"not in the lock: {sorted(wanted - pinned)}"
    blocks = re.split(r"\n(?=[A-Za-z0-9_.-]+==)", lock.split("\n\n", 1)[1])
    assert all("--hash=sha256:" in block for block in blocks)
