"""A game table for scenario tests: the same moves on the local forge or on (fake) GitHub.

Both tables drive the game only through what players and the engine really
use: the `nomic-ci` command line on a local repository, or pull requests and
reviews on the fake GitHub server with `nomic-ci github reconcile` as the
engine workflow runs it.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import re
import shutil
import subprocess
from datetime import datetime, timedelta
from pathlib import Path
from unittest import mock

from nomic_ci import rulesets
from nomic_ci.cli import main
from nomic_ci.cli.github_reconcile import Settings, client
from nomic_ci.cli.status import status_json
from nomic_ci.core.files import GAME_DIRS
from nomic_ci.core.game import load_game
from nomic_ci.core.voting.decision import vote_deadline, vote_view
from nomic_ci.forges.gitobjects import write_loose
from nomic_ci.forges.githubforge import GAME_LABEL, GitHubForge
from nomic_ci.forges.gitplumbing import Git
from nomic_ci.forges.localrecords import LocalRecords
from nomic_ci.text.readmes import render_all

from builders import HOUR, SEED, T0, new_rule
from fakegithub import FakeClock, FakeGitHub

ENGINE = "nomic-ci[bot]"

# while a scripted game runs (tests/rulesets/conftest.py), every table it makes, in order,
# for the snapshot of what each game wrote
MADE: list | None = None


def run_cli(*argv: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            mock.patch.dict(os.environ, env or {}):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def forge_records(root: Path) -> dict:
    """All the local forge keeps of the game at `root`, as one value."""
    git = Git(root)
    try:
        return LocalRecords(git).everything()
    finally:
        git.close()


def _made(table) -> None:
    if MADE is not None:
        MADE.append(table)


class LocalTable:
    """A game in a local git repository, played with the CLI."""

    kind = "local"

    def __init__(self, root: Path, players: str = "alice,bob", secret: bool = False,
                 **init: str) -> None:
        """A new game; its dice come from the public seed (so tests can work out each roll)
        unless `secret`, as `nomic-ci init` makes games by default."""
        self.root, self.now = root, T0
        _made(self)
        extra = [f"--{k.replace('_', '-')}={v}" for k, v in init.items()]
        extra += [] if secret else ["--public-dice"]
        extra += ["--game-only"]  # played here: the engine's copy and workflows would idle
        code, _, err = run_cli("--now", T0.isoformat(), "init", str(root), "--players", players,
                               "--dice-seed", SEED, *extra)
        assert code == 0, err

    def cli(self, *args: str) -> int:
        self.code, self.out, self.err = run_cli("--repo", str(self.root), "--now",
                                                self.now.isoformat(), *args)
        return self.code

    def later(self, hours: float = 1) -> "LocalTable":
        self.now += hours * HOUR
        return self

    def branch(self, name: str, files: dict[str, str | None], author: str = "alice") -> None:
        Git(self.root).commit_files(name, files, name, self.now, author)

    def propose(self, author: str, branch: str, title: str = "A proposal") -> int | None:
        """The proposal's number (None: refused, where only proper proposals are numbered)."""
        self.cli("propose", "--as", author, "--branch", branch, "--title", title)
        first = self.out.splitlines()[0]
        return None if first == "-" else int(first)

    def vote(self, number: int, who: str, yes: bool = True) -> None:
        assert self.cli("vote", str(number), "--as", who, "--yes" if yes else "--no") == 0, \
            self.err

    def withdraw(self, branch: str) -> None:
        subprocess.run(["git", "branch", "-D", branch], cwd=self.root, check=True,
                       capture_output=True)

    def tick(self) -> None:
        assert self.cli("tick") == 0, self.err

    def command(self, login: str, text: str) -> None:
        assert self.cli("command", text, "--as", login) == 0, self.err

    def status(self) -> dict:
        assert self.cli("status", "--json") == 0, self.err
        return json.loads(self.out)

    def files(self) -> dict[str, str]:
        git = Git(self.root)
        return git.read_files(git.rev("refs/heads/main"), GAME_DIRS)

    def forge(self) -> dict:
        """What the local forge keeps (proposals, votes, comments, the game issue)."""
        return forge_records(self.root)

    def tip(self) -> str:
        """The default branch's commit: how far the game's history goes."""
        return Git(self.root).rev("refs/heads/main")

    def read(self, path: str) -> str:
        return self.files()[path]


class GitHubTable:
    """A game on the fake GitHub: pull requests, reviews, and the engine's reconcile."""

    kind = "github"

    def __init__(self, root: Path, players: str = "alice,bob", ends: str | None = None,
                 ruleset: str = "default", dice_seed: str = SEED,
                 admin: str | None = None, files: dict[str, str] | None = None) -> None:
        """A new game of `ruleset`, or the game in `files` (a game played elsewhere)."""
        self.root, self.now = root, T0
        _made(self)
        logins = players.split(",")
        self.ids = {login: 500 + i for i, login in enumerate(logins)}
        if admin:  # seed 003's Admin, no player, with an id of their own
            self.ids[admin] = 900
        seats = [rulesets.Seat(login, self.ids[login]) for login in logins]
        if files is None:
            files = rulesets.game_files(ruleset, players=seats, start=T0, dice_seed=dice_seed,
                                        ends=datetime.fromisoformat(ends) if ends else None,
                                        admin=f"{admin}:900" if admin else None)
            files.update(render_all(load_game(files)))
        self.clock = FakeClock(T0)
        self.fake = FakeGitHub("nomic", "game", clock=self.clock, files=files,
                               token_login=ENGINE).start()
        for login in logins + ["mallory"] + ([admin] if admin else []):
            self.fake.add_user(login, id=self.ids.get(login, 9999))
        self.summary = root / "summary.md"
        root.mkdir(parents=True, exist_ok=True)
        self.prs: dict[str, int] = {}
        self.secrets: dict[str, str] = {}  # the engine workflow's Actions secrets

    def copy(self, root: Path) -> "GitHubTable":
        """A table at `root` where this one is now, sharing nothing with it: a copy of the fake's
        world and repository, and of the engine's checkout (not its record of requests, nor faults
        armed on it). A test that replays one game many times (a run killed at each of its
        writes) builds it once and plays on copies."""
        other = copy.copy(self)
        other.root, other.summary = root, root / "summary.md"
        root.mkdir(parents=True, exist_ok=True)
        repo = shutil.copytree(self.fake.git.path, root / "game.git", symlinks=True)
        if (self.root / "checkout").exists():
            shutil.copytree(self.root / "checkout", root / "checkout", symlinks=True)
        other.clock = FakeClock(self.now)
        other.fake = FakeGitHub(self.fake.world.owner, self.fake.world.name, repo_path=repo,
                                clock=other.clock, token_login=ENGINE)
        other.fake.backend.world = self.fake.world.copy()
        other.fake.backend.token_user_id = self.fake.backend.token_user_id
        other.fake.backend.user_endpoint_forbidden = self.fake.backend.user_endpoint_forbidden
        other.fake.backend.unknown_review_author = self.fake.backend.unknown_review_author
        other.fake.start()
        other.ids, other.prs, other.secrets = dict(self.ids), dict(self.prs), dict(self.secrets)
        _made(other)
        return other

    def close(self) -> None:
        if MADE is not None and self in MADE:  # what it wrote, before its repository goes
            self.files = lambda files=dict(self.files()): files
        errors = self.fake.internal_errors
        self.fake.stop()
        assert errors == [], errors[0]

    @property
    def env(self) -> dict[str, str]:
        return {"GITHUB_TOKEN": "ghs_test", "GITHUB_REPOSITORY": self.fake.full_name,
                "GITHUB_API_URL": self.fake.url, "NOMIC_ENGINE_LOGIN": ENGINE,
                "NOMIC_CI_HTTP_PACING": "off", "GITHUB_STEP_SUMMARY": str(self.summary),
                # a table plays days in minutes: GitHub's limits an hour are for the tests
                # that play at its pace (tests/hostile)
                "NOMIC_CI_WRITE_BUDGET": "off",
                "GITHUB_EVENT_NAME": "schedule", **self.secrets}

    def checkout(self) -> Path:
        """As the engine workflow's checkout of the default branch (actions/checkout, depth 1): a
        repository holding the branch's tip as origin/main, with its tree and files. The objects
        are copied from the fake's repository when the branch moved: a git fetch at each run was
        some 20 s of the suite."""
        checkout = self.root / "checkout"
        if not checkout.exists():
            subprocess.run(["git", "init", "-q", "-b", "main", str(checkout)], check=True,
                           capture_output=True)
        main = self.fake.branch_sha("main")
        ref = checkout / ".git" / "refs" / "remotes" / "origin" / "main"
        if not ref.exists() or ref.read_text().strip() != main:
            self._bring(main, checkout / ".git" / "objects")
            ref.parent.mkdir(parents=True, exist_ok=True)
            ref.write_text(main + "\n")
        return checkout

    def _bring(self, commit: str, objects: Path) -> None:
        """The commit `commit`, its tree and all in it, into `objects` as git writes them: loose,
        so an object there already is a file."""
        repo = self.fake.git
        tree = repo.commit_info(commit).tree
        wanted = [("commit", commit), ("tree", tree)] + [
            (entry.type, entry.sha) for entry in repo.ls_tree(tree, recursive=True, trees=True)
            if entry.type != "commit"]  # a submodule's commit is not in the repository
        for kind, sha in wanted:
            if not (objects / sha[:2] / sha[2:]).exists():
                assert write_loose(objects, kind.encode(), repo.read_object(sha, kind)) == sha

    def reconcile(self) -> int:
        """As the engine workflow does: check out the default branch, then run the engine."""
        checkout = self.checkout()
        self.code, self.out, self.err = run_cli("--repo", str(checkout), "--now",
                                                self.now.isoformat(), "github", "reconcile",
                                                env=self.env)
        return self.code

    def later(self, hours: float = 1) -> "GitHubTable":
        self.now += hours * HOUR
        self.clock.set(self.now)
        return self

    def branch(self, name: str, files: dict[str, str | None], author: str = "alice") -> None:
        if name in self.prs:  # a push to a pull request's branch, which GitHub dates
            self.fake.push(self.prs[name], files, author=author)
        elif self.fake.branch_sha(name):
            self.fake.commit(name, files, author=author)
        else:
            self.fake.create_branch(name, files, author=author)

    def propose(self, author: str, branch: str, title: str = "A proposal") -> int | None:
        pr = self.fake.open_pr(author, branch, title, created_at=self.now)
        self.prs[branch] = pr
        self.reconcile()
        return self.number_of(pr)

    def number_of(self, pr: int) -> int | None:
        """The proposal's number (None: it took none, awaiting a fix, or refused where only
        proper proposals are numbered)."""
        game = load_game(self.files())
        return next((o.number for o in game.state.open_proposals + tuple(game.records)
                     if o.key == str(pr)), None)

    def pr_of(self, number: int) -> int:
        game = load_game(self.files())
        return int(next(o.key for o in game.state.open_proposals + tuple(game.records)
                        if o.number == number))

    def vote(self, number: int, who: str, yes: bool = True) -> None:
        self.fake.add_review(self.pr_of(number), who, "APPROVED" if yes else "CHANGES_REQUESTED",
                             submitted_at=self.now)
        assert self.reconcile() == 0, self.err

    def withdraw(self, branch: str) -> None:
        pr = self.fake.pull(self.prs[branch])
        pr.state, pr.closed_at = "closed", self.now

    def game_issue(self) -> int:
        """The issue the engine keeps open for the game; before its first change, when the
        engine has opened none yet, an issue a player opened (any thread takes commands)."""
        found = [i.number for i in self.fake.world.issues.values() if "nomic: game" in i.labels]
        if not found:
            self._talk = getattr(self, "_talk", None) or self.fake.open_issue(
                "alice", "Let's play", created_at=self.now)
            return self._talk
        return found[0]

    def command(self, login: str, text: str) -> None:
        """`login` comments `text` on the game issue, and the engine runs; `out` is its
        answer to that comment (as `nomic-ci command` prints it locally)."""
        issue = self.game_issue()
        posted = self.fake.add_comment(issue, login, text, created_at=self.now)
        assert self.reconcile() == 0, self.err
        engine = next(u.id for u in self.fake.world.users.values() if u.login == ENGINE)
        self.out = "\n".join(c.body for c in self.fake.world.comments.values()
                             if c.user_id == engine and f"reply-{posted}" in c.body)

    def cli(self, *args: str) -> int:
        """A read-only `nomic-ci` command on a clone of the default branch."""
        checkout = self.root / "checkout"
        self.reconcile() if not checkout.exists() else self.checkout()
        subprocess.run(["git", "reset", "-q", "--hard", "origin/main"], cwd=checkout,
                       check=True, capture_output=True)
        self.code, self.out, self.err = run_cli("--repo", str(checkout), "--now",
                                                self.now.isoformat(), *args)
        return self.code

    def tick(self) -> None:
        assert self.reconcile() == 0, self.err

    def repo(self):
        """The repository as the engine's client sees it."""
        settings = Settings.from_env(self.env)
        return client(settings).get_repo(settings.repository)

    def status(self) -> dict:
        game = load_game(self.files())
        forge = GitHubForge(self.repo(), ENGINE, self.now)
        by_key = {p.key: p for p in forge.proposals({o.key for o in game.state.open_proposals},
                                                    "reactions" in game.config.votes_from)}
        views = {o.key: vote_view(game, o, by_key[o.key], self.now)
                 for o in game.state.open_proposals if o.key in by_key}
        return status_json(game, views)

    def files(self) -> dict[str, str]:
        return Git(self.fake.git.path).read_files("refs/heads/main", GAME_DIRS)

    def tip(self) -> str:
        """The default branch's commit: how far the game's history goes."""
        return self.fake.branch_sha("main")

    def read(self, path: str) -> str:
        return self.files()[path]


def dashboard(t: LocalTable | GitHubTable) -> tuple[str, str, list[str]]:
    """The game issue's title, text and the engine's comments on it."""
    if isinstance(t, LocalTable):
        issue = t.forge()["game_issue"]
        return issue.get("title", ""), issue["body"], [c["body"] for c in issue["comments"]]
    world = t.fake.world
    [issue] = [i for i in world.issues.values() if GAME_LABEL in i.labels]
    assert world.users[issue.user_id].login == ENGINE
    return issue.title, issue.body, [c.body for c in world.comments_on(issue.number)]


# --- what a game on the fake GitHub shows ------------------------------------------------

def engine_comments(hub, number: int) -> list[str]:
    return [c.body for c in hub.fake.world.comments_on(number)
            if hub.fake.world.users[c.user_id].login == ENGINE]


def answered(hub, number: int) -> set[int]:
    """The comments the engine's replies on `number` answer: a question is recorded nowhere
    else (it changes nothing in the game)."""
    return {int(n) for body in engine_comments(hub, number)
            for n in re.findall(r"<!-- nomic-ci:reply-([0-9]+) -->", body)}


def settle(hub, every: timedelta = timedelta(minutes=5), most: int = 40) -> list[int]:
    """Runs `every` apart until one writes nothing and leaves nothing for later; the writes
    of each."""
    made = []
    for _ in range(most):
        hub.fake.clear_requests()
        assert hub.reconcile() == 0, hub.out + hub.err
        made.append(len(hub.fake.writes()))
        if not made[-1] and "later run" not in hub.out and "the next run after" not in hub.out:
            return made
        hub.now += every
        hub.clock.set(hub.now)
    raise AssertionError(f"no quiet run after {most}: {made}")


def in_its_vote(tmp_path, players: str = "alice,bob,carol,dave") -> tuple[GitHubTable, int]:
    """On the fake GitHub, alice's proposal in its vote, with bob's vote in."""
    hub = GitHubTable(tmp_path, players=players)
    hub.later().branch("idea", new_rule(150), author="alice")
    pr = hub.fake.open_pr("alice", "idea", "An idea", created_at=hub.now)
    assert hub.reconcile() == 0, hub.err
    hub.later(1 / 60).fake.add_review(pr, "bob", "APPROVED", submitted_at=hub.now)
    assert hub.reconcile() == 0, hub.err
    return hub, pr


def closing_soon(hub: GitHubTable) -> int:
    """alice's proposal with bob's vote in, its window closing a minute after `hub.now`."""
    hub.later().branch("idea", new_rule(150), author="alice")
    pr = hub.fake.open_pr("alice", "idea", "An idea", created_at=hub.now)
    assert hub.reconcile() == 0
    hub.fake.add_review(pr, "bob", "APPROVED", submitted_at=hub.now)
    game = load_game(hub.files())
    hub.now = vote_deadline(game, game.state.open_proposals[0], ()) - timedelta(minutes=1)
    hub.clock.set(hub.now)
    return pr
