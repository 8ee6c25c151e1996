"""`nomic-ci demo`: a short scripted game on a local repository, narrated step by step.

Three players; a proposal passes, one fails, the dice roll, the turn moves, a
proposal out of turn is refused and an idle turn passes by itself. Everything
goes through the same commands players use.
"""

from __future__ import annotations

import contextlib
import io
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable, Sequence

from ..forges.gitplumbing import Git

Cli = Callable[[Sequence[str]], int]  # the entry point, `nomic-ci`

START = datetime(2026, 5, 1, 9, 0, tzinfo=timezone.utc)


class _Narrator:
    def __init__(self, repo: Path, cli: Cli) -> None:
        self.repo, self.cli = repo, cli

    def say(self, text: str) -> None:
        print(f"\n== {text}")

    def propose(self, when: datetime, login: str, branch: str, title: str) -> str:
        self.run(when, "propose", "--as", login, "--branch", branch, "--title", title)
        return self.output.splitlines()[0]

    def run(self, when: datetime, *args: str) -> int:
        shown = " ".join(a if " " not in a else repr(a) for a in args)
        print(f"$ nomic-ci --now {when:%Y-%m-%dT%H:%MZ} {shown}")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = self.cli(["--repo", str(self.repo), "--now", when.isoformat(), *args])
        self.output = out.getvalue()
        for line in (out.getvalue() + err.getvalue()).splitlines():
            print(f"  {line}")
        return code


def run_demo(directory: Path | None, cli: Cli) -> int:
    """Play the demo in `directory` (default: a temporary one) through `cli`."""
    with contextlib.ExitStack() as stack:
        kept = directory is not None
        if directory is None:
            directory = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "game"
        code = _play(directory, cli)
        if code == 0 and kept:
            print(f"The game is in {directory}: try 'git log --graph --oneline' there, "
                  "or read rules/README.md and proposals/README.md.")
        elif code == 0:
            print("The game was played in a temporary directory, removed now: run "
                  "'nomic-ci demo DIR' to keep it in DIR.")
        return code


def _play(repo: Path, cli: Cli) -> int:
    n = _Narrator(repo, cli)
    hour = timedelta(hours=1)
    n.say("A new game of the 2015 GitHub nomic (seed 002) for alice, bob and carol")
    code = cli(["--now", START.isoformat(), "init", str(repo), "--players", "alice,bob,carol",
                "--dice-seed", "d1ce5eed"])
    if code:
        return code
    rule101 = (repo / "rules/101-victory-condition.md").read_text()
    git = Git(repo)

    n.say("alice proposes to win at 50 points instead of 100: rule 101, so a majority (2 of 3)")
    git.commit_files("race-to-50", {"rules/101-victory-condition.md": rule101.replace(
        "100", "50")}, "Race to 50", START + hour, "alice")
    first = n.propose(START + hour, "alice", "race-to-50", "Race to 50")
    n.say("bob votes yes; carol votes no; everyone has voted, so it is decided at once")
    n.run(START + 2 * hour, "vote", first, "--as", "bob", "--yes")
    n.run(START + 3 * hour, "vote", first, "--as", "carol", "--no")

    n.say("carol tries to propose out of turn: it is bob's turn")
    git.commit_files("carol-first", {"rules/201-carol-first.md": (
        "---\nnumber: 201\ntitle: Carol First\nmutable: true\n---\nCarol always goes first.\n")},
        "Carol first", START + 4 * hour, "carol")
    n.propose(START + 4 * hour, "carol", "carol-first", "Carol first")

    n.say("bob proposes to repeal the end date (rule 107); alice and carol vote no")
    git.commit_files("no-end", {"rules/107-rule-of-completion.md": None},
                     "Repeal rule 107", START + 5 * hour, "bob")
    second = n.propose(START + 5 * hour, "bob", "no-end", "Play forever")
    n.run(START + 6 * hour, "vote", second, "--as", "alice", "--no")
    n.run(START + 7 * hour, "vote", second, "--as", "carol", "--no")

    n.say("carol lets her turn run out: 72 hours later the engine passes it to alice")
    n.run(START + 84 * hour, "tick")

    n.say("The dice came from a secret only the engine knew (its SHA-256 was published first);"
          " replacing it reveals it, and everyone can re-check every roll")
    n.run(START + 84 * hour, "verify")
    n.run(START + 84 * hour, "dice", "rotate")
    n.run(START + 84 * hour, "verify")
    n.say("The scoreboard, as players read it in state/README.md")
    print((repo / "state/README.md").read_text())
    return 0
