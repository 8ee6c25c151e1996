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
from typing import Mapping

from .cli import main as cli
from .gitrepo import Git

START = datetime(2026, 5, 1, 9, 0, tzinfo=timezone.utc)


def commit_to_branch(repo: Path, branch: str, files: Mapping[str, str | None], message: str,
                     when: datetime, author: str) -> str:
    """What a player does with git: a branch off main with some files changed or removed."""
    git = Git(repo)
    base = git.rev("refs/heads/main")
    current = git.read_files(base, [p for p in files])
    edits = {path: text for path, text in files.items() if text is not None}
    tree = git.tree_with(base, edits)
    removed = [path for path, text in files.items() if text is None and path in current]
    if removed:
        with tempfile.TemporaryDirectory() as tmp:
            env = {"GIT_INDEX_FILE": str(Path(tmp) / "index")}
            git.run("read-tree", tree, env=env)
            git.run("update-index", "--force-remove", *removed, env=env)
            tree = git.out("write-tree", env=env)
    stamp = f"{int(when.timestamp())} +0000"
    commit = git.out("commit-tree", tree, "-p", base, "-m", message,
                     env={"GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": f"{author}@example.org",
                          "GIT_COMMITTER_NAME": author,
                          "GIT_COMMITTER_EMAIL": f"{author}@example.org",
                          "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp})
    git.run("update-ref", f"refs/heads/{branch}", commit)
    return commit


class _Narrator:
    def __init__(self, repo: Path) -> None:
        self.repo = repo

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
            code = cli(["--repo", str(self.repo), "--now", when.isoformat(), *args])
        self.output = out.getvalue()
        for line in (out.getvalue() + err.getvalue()).splitlines():
            print(f"  {line}")
        return code


def run_demo(directory: Path | None = None) -> int:
    with contextlib.ExitStack() as stack:
        if directory is None:
            directory = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "game"
        return _play(directory)


def _play(repo: Path) -> int:
    n = _Narrator(repo)
    hour = timedelta(hours=1)
    n.say("A new game of the 2015 GitHub nomic (seed 002) for alice, bob and carol")
    code = cli(["--now", START.isoformat(), "init", str(repo), "--players", "alice,bob,carol",
                "--dice-seed", "d1ce5eed"])
    if code:
        return code
    rule101 = (repo / "rules/101-victory-condition.md").read_text()

    n.say("alice proposes to win at 50 points instead of 100: rule 101, so a majority (2 of 3)")
    commit_to_branch(repo, "race-to-50", {"rules/101-victory-condition.md": rule101.replace(
        "100", "50")}, "Race to 50", START + hour, "alice")
    first = n.propose(START + hour, "alice", "race-to-50", "Race to 50")
    n.say("bob votes yes; carol votes no; everyone has voted, so it is decided at once")
    n.run(START + 2 * hour, "vote", first, "--as", "bob", "--yes")
    n.run(START + 3 * hour, "vote", first, "--as", "carol", "--no")

    n.say("carol tries to propose out of turn: it is bob's turn")
    commit_to_branch(repo, "carol-first", {"rules/201-carol-first.md": (
        "---\nnumber: 201\ntitle: Carol First\nmutable: true\n---\nCarol always goes first.\n")},
        "Carol first", START + 4 * hour, "carol")
    n.propose(START + 4 * hour, "carol", "carol-first", "Carol first")

    n.say("bob proposes to repeal the end date (rule 107); alice and carol vote no")
    commit_to_branch(repo, "no-end", {"rules/107-rule-of-completion.md": None},
                     "Repeal rule 107", START + 5 * hour, "bob")
    second = n.propose(START + 5 * hour, "bob", "no-end", "Play forever")
    n.run(START + 6 * hour, "vote", second, "--as", "alice", "--no")
    n.run(START + 7 * hour, "vote", second, "--as", "carol", "--no")

    n.say("carol lets her turn run out: 72 hours later the engine passes it to alice")
    n.run(START + 84 * hour, "tick")

    n.say("Everything re-checks: every roll from its inputs, every score from the records")
    n.run(START + 84 * hour, "verify")
    n.say("The scoreboard, as players read it in state/README.md")
    print((repo / "state/README.md").read_text())
    print(f"The game is in {repo}: try 'git log --graph --oneline' there, "
          "or read rules/README.md and proposals/README.md.")
    return 0
