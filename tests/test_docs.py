"""The repository's pages: the front page is the players', the engine's documentation lives
beside the engine, every link between them leads somewhere, and a newcomer still finds the
two Quickstart commands (and CI runs the README's test command, exactly)."""

import re
import subprocess
from pathlib import Path

import pytest

from nomic_ci.text.readmes import github_anchors

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["README.md", "nomic_ci/README.md", *sorted(
    p.relative_to(ROOT).as_posix() for p in (ROOT / "nomic_ci/docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
DEMO = "python3 -m pip install . && python3 -m nomic_ci demo"
TESTS = ("python3 -m pip install --require-hashes -r .github/requirements-engine.txt && "
         "python3 -m pip install -e '.[test]' && python3 -m pytest")


def test_the_front_page_is_for_players_and_keeps_the_quickstart():
    front = (ROOT / "README.md").read_text()
    for page in ("rules/README.md", "state/README.md", "proposals/README.md"):
        assert f"]({page})" in front
    play, engine = front.split("\n## Quickstart\n")
    assert "## How to play" in play and "nomic_ci/" not in play  # no engine talk above
    assert "](nomic_ci/README.md)" in engine and DEMO in engine and TESTS in engine
    ci = (ROOT / ".ci/run").read_text()
    assert f"\n{TESTS}\n" in ci  # CI runs the README's test command, exactly
    # the block holds the two commands alone; beside it, what a Python that refuses pip
    # (PEP 668) needs first
    _, block, after = engine.split("```", 2)
    assert block.strip().splitlines() == ["sh", DEMO, TESTS]
    assert "PEP 668" in after and "python3 -m venv .venv && . .venv/bin/activate" in after


def test_the_top_level_stays_the_games():
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    tracked = {line.split("/", 1)[0] for line in listed.stdout.splitlines()
               if not line.startswith(".")}
    assert tracked == {"nomic_ci", "rules", "state", "proposals", "tests", "README.md",
                       "pyproject.toml"}


@pytest.mark.parametrize("page", PAGES)
def test_every_link_between_the_pages_leads_somewhere(page):
    text = (ROOT / page).read_text()
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://", "#")) or "pull/" in target:
            continue
        path, _, anchor = target.partition("#")
        where = (ROOT / page).parent / path
        assert where.exists(), f"{page} links to {target}, which is not there"
        if anchor and where.suffix == ".md":
            headings = [line.lstrip("#").strip() for line in where.read_text().splitlines()
                        if line.startswith("#")]
            assert anchor in github_anchors(headings), f"{page}: no heading for {target}"
