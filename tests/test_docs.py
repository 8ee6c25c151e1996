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


MISTYPED = {"stauts"}  # the command reference's example of a mistyped command


def command_lines(text: str) -> list[str]:
    """Every `nomic-ci ...` a page shows: in a code span, or a line of an `sh` block."""
    found = re.findall(r"`(nomic-ci [^`]+)`", text)
    for block in re.findall(r"```sh\n(.*?)```", text, re.DOTALL):
        found += [part.strip() for line in block.splitlines()
                  for part in re.split(r"&&|;", line) if part.strip().startswith("nomic-ci ")]
    return found


@pytest.mark.parametrize("page", PAGES)
def test_every_command_and_option_a_page_shows_is_the_command_line_s(page):
    """A page may name a command alone, with placeholders; what it names is there."""
    import shlex
    from nomic_ci.cli.parser import COMMANDS, parser

    def options(built) -> set[str]:
        return {flag for action in built._actions for flag in action.option_strings}

    for line in command_lines((ROOT / page).read_text()):
        words = shlex.split(line, comments=True)[1:]
        rest = list(words)
        while rest and rest[0] in ("--repo", "--now", "--version"):  # the global options
            del rest[:1 if rest[0] == "--version" else 2]
        if not rest or rest[0] in MISTYPED:
            continue
        word = rest[0]
        assert word in COMMANDS, f"{page}: `{line}`: no command {word!r}"
        sub = parser(word)._subparsers._group_actions[0].choices[word]
        known = options(parser()) | options(sub)
        for flag in (w.partition("=")[0] for w in words if w.startswith("--")):
            assert flag in known, f"{page}: `{line}`: {word} has no option {flag}"
