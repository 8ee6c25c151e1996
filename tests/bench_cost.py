"""Benchmark: what one run costs, as a game grows old, talks, and plays on its board.

    python tests/bench_cost.py [--quick] [--write]

One table of every per-run cost, each from a small game to a large one, with their ratio:
CPU seconds, peak memory, bytes (read and written by the engine's process locally; sent and
received over HTTP on GitHub) and requests (GitHub's). Each run is a fresh process, as a
player's command or the engine workflow starts one. A local command runs five times, on
the small game and the large one in turn; a run on GitHub three times; CPU is the least of
the runs (other work on the machine only adds to it), the rest their median.

  records   10 → 10,000 decided proposals, played (tests/playedgames.py: a round played
            through the command line, then more like it, written as play writes them), one
            proposal in its vote with four votes
  actions   a round → 10,000 board actions, played (tests/playedboard.py: infinite-nomic-r7,
            each player's /roll, or /escape, /explore on the Frontier, and /pass, a round
            through the command line, the rest stepped by the engine's core and checked
            to write the round's bytes), every comment told on the local forge
  issue     a quiet game → 10,000 comments on the game issue (players' talk and the
            engine's notices, over the game's life)
  proposal  a quiet game → 10,000 comments on the proposal in its vote, since it opened

Locally: status, a no-op tick, vote, a board command, render --check, verify, and a tick
that decides, each with the engine compiled (as pip installs it; `startup` below measures
it without). On the fake GitHub (tests/fakegithub), `nomic-ci github reconcile` as the
workflow runs it: the first run on the game as made (which reads talk new to it, 100 pages
at most: `githubforge.LISTED_PAGES`; the first no-op run reads the rest), a no-op
run after it, a run after a vote, after a command on the game issue, and the run that
merges: in the large game the 10,001st decision, the first line of a new piece of the
index (`IndexLines`) and of a thousand; in a game two decisions younger, the 9,999th,
which rewrites the last piece with its new line, as most merges do; and in one a decision
younger, the 10,000th, which fills its thousand, whose pieces move to their folder as one
tree entry (and its no-op run, with all fifty pieces of the open thousand). Then
start-up: `status` and `github reconcile`'s imports against a bare
interpreter, with and without bytecode, on a clean interpreter as a fresh machine has one
(a venv without the system's site-packages, the engine installed in it as pip installs
it; or `--python` one), CPU the least of 21 runs each.

`--write` also writes the table to tests/bench_cost.md (the one command that regenerates
it); `--quick` makes the large games a tenth as large. Not a test: nothing here asserts.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))

import playedboard  # noqa: E402
import playedgames  # noqa: E402
from bench_scale import fresh  # noqa: E402
from tables import ENGINE, GitHubTable  # noqa: E402

from nomic_ci.cli.gamedir import working_files  # noqa: E402
from nomic_ci.core.players.comment_commands import KEPT_MARGIN  # noqa: E402
from nomic_ci.core.game import load_game  # noqa: E402

TABLE = Path(__file__).with_name("bench_cost.md")
RUNS = 3  # runs on GitHub: the game moves on between them
LOCAL_RUNS = 5  # runs of a local command, short ones, in turn with the other game's


@dataclass
class Cost:
    """One run's figures; None where a figure does not apply (requests, locally)."""

    seconds: float
    mb: float
    bytes: int
    requests: int | None = None

    @staticmethod
    def of(costs: list["Cost"]) -> "Cost":
        """The runs' least CPU (the machine's other work only adds to it) and the median
        of the rest."""
        requests = [c.requests for c in costs if c.requests is not None]
        return Cost(min(c.seconds for c in costs),
                    statistics.median(c.mb for c in costs),
                    int(statistics.median(c.bytes for c in costs)),
                    int(statistics.median(requests)) if requests else None)


def process(args: list[str], env: dict[str, str] | None = None,
            command: tuple[str, ...] = ("-m", "nomic_ci"), python: str = sys.executable,
            cwd: Path | None = None) -> Cost:
    """One fresh process of the engine (`bench_scale.fresh`)."""
    cost = fresh(*args, command=command, env=env, python=python, cwd=cwd)
    return Cost(cost.seconds, cost.mb, cost.bytes)


# --- local games -----------------------------------------------------------------------

@dataclass
class Local:
    """A local game and what each command costs on it (a command that changes the game runs
    on a copy, a fresh one each time)."""

    root: Path
    now: str
    voter: str = ""  # who has not voted yet on the proposal in its vote
    number: int = 0  # that proposal's
    roller: str = ""  # whose turn it is on the board
    command: str = ""  # and what they write first (/roll, or /escape from Jail)
    closes: str = ""  # just after that proposal's vote closes

    def cli(self, *args: str, now: str | None = None) -> list[str]:
        return ["--repo", str(self.root), "--now", now or self.now, *args]

    def once(self, name: str, args: Sequence[str], changes: bool, now: str | None,
             n: int) -> Cost:
        """One run of a command; one that changes the game runs on a fresh copy."""
        if not changes:
            return process(self.cli(*args, now=now))
        copy = self.root.with_name(f"{self.root.name}-{name}-{n}")
        shutil.copytree(self.root, copy, symlinks=True)
        # a copy's files are new to git's index (their inodes changed): refreshed, as a
        # player's checkout is, or the command's first `git status` hashes every file
        subprocess.run(["git", "-C", str(copy), "update-index", "-q", "--refresh"],
                       check=False)
        try:
            return process(["--repo", str(copy), "--now", now or self.now, *args])
        finally:
            shutil.rmtree(copy)


def paired(games: list[Local], name: str, args: Callable[[Local], Sequence[str]],
           changes: bool = False, now: Callable[[Local], str | None] = lambda game: None
           ) -> list[Cost]:
    """Each game's cost of a command (its arguments `args(game)`), the games run in turn,
    LOCAL_RUNS rounds: a drift in the machine's pace falls alike on the small game and
    the large one."""
    runs: list[list[Cost]] = [[] for _ in games]
    for n in range(LOCAL_RUNS):
        for game, costs in zip(games, runs):
            costs.append(game.once(name, args(game), changes, now(game), n))
    return [Cost.of(costs) for costs in runs]


def records_game(root: Path, played: Path, total: int) -> tuple[Local, dict[str, str]]:
    """The played game grown to `total` decisions, with the next proposal in its vote; and
    its files before that proposal (for GitHub)."""
    shutil.copytree(played, root, symlinks=True)
    playedgames.grow(root, total)
    files = dict(working_files(root))
    last = playedgames.in_its_vote(root)
    game = load_game(working_files(root))
    open_ = game.state.open_proposals[0]
    voter = open_.standing.not_voted[0]
    return Local(root, (last + timedelta(minutes=1)).isoformat(), voter, open_.number,
                 closes=(open_.standing.closes + timedelta(minutes=1)).isoformat()), files


def local_costs(games: list[Local], board: bool) -> list[dict[str, Cost]]:
    """Each game's costs of the local commands, the games measured in turn (`paired`)."""
    for game in games:  # a game that does not add up would time verify's complaint
        checked = subprocess.run([sys.executable, "-m", "nomic_ci", *game.cli("verify")],
                                 capture_output=True, text=True)
        if checked.returncode != 0:
            raise SystemExit(f"the benchmark's game does not verify:\n{checked.stderr[-2000:]}")
    rows = {"status": paired(games, "status", lambda game: ["status"]),
            "tick (no-op)": paired(games, "tick", lambda game: ["tick"])}
    if board:
        rows["board command"] = paired(
            games, "command", lambda game: ["command", game.command, "--as", game.roller],
            changes=True)
    else:
        rows["vote"] = paired(
            games, "vote", lambda game: ["vote", str(game.number), "--as", game.voter, "--yes"],
            changes=True)
    rows["render --check"] = paired(games, "render", lambda game: ["render", "--check"])
    rows["verify"] = paired(games, "verify", lambda game: ["verify"])
    if not board:
        rows["tick (decides)"] = paired(games, "decide", lambda game: ["tick"], changes=True,
                                        now=lambda game: game.closes)
    return [{row: costs[n] for row, costs in rows.items()} for n in range(len(games))]


def actions_game(root: Path, round_: Path, said: list, actions: int
                 ) -> tuple[Local, dict[str, str]]:
    """The board game whose round was played in `round_` (`playedboard.play`, what each
    player wrote: `said`) played on to `actions` board actions, with a proposal in its
    vote; and its files before that proposal (for GitHub)."""
    shutil.copytree(round_, root, symlinks=True)
    last = playedboard.grow(root, said, actions)
    files = dict(working_files(root))
    game = load_game(files)
    author = game.state.turn
    playedgames.propose(root, game.state.next_proposal, last + timedelta(minutes=1), author)
    return Local(root, (last + timedelta(minutes=30)).isoformat(), roller=author,
                 command=playedboard.turn(game, [])), files


# --- GitHub ----------------------------------------------------------------------------

@dataclass
class Hub:
    """The same game on the fake GitHub, its proposal in its vote."""

    table: GitHubTable
    pr: int = 0
    voters: list[str] = field(default_factory=list)

    def run(self) -> Cost:
        """One `nomic-ci github reconcile` in a fresh process, as the workflow runs it."""
        table = self.table
        checkout = table.checkout()
        table.fake.clear_requests()
        cost = process(["--repo", str(checkout), "--now", table.now.isoformat(), "github",
                        "reconcile"], env={**os.environ, **table.env})
        requests = table.fake.requests
        cost.requests = len(requests)
        cost.bytes = sum(len(json.dumps(r.body, default=str)) * (r.body is not None)
                         + len(json.dumps(r.response, default=str)) for r in requests)
        return cost


def hub_game(root: Path, files: dict[str, str]) -> Hub:
    game = load_game(files)
    table = GitHubTable(root, players=",".join(p.login for p in game.state.players),
                        files=files)
    table.now = game.state.last_change + timedelta(minutes=1)
    table.clock.set(table.now)
    author = game.state.turn
    number = game.state.next_proposal
    # the played game's pull requests were numbered as its proposals: the next is the next
    table.fake.world._numbers = itertools.count(number)
    table.branch(f"idea{number}", {"rules/299-idea.md": (
        f"---\nnumber: 299\ntitle: Idea\nmutable: true\n---\nProposal {number}.\n")},
        author=author)
    pr = table.fake.open_pr(author, f"idea{number}", playedgames.title(number),
                            created_at=table.now)
    assert table.reconcile() == 0, table.err
    others = [p.login for p in game.state.players if p.login != author]
    for login in others[:4]:
        table.later(1 / 60).fake.add_review(pr, login, "APPROVED", submitted_at=table.now)
    assert table.later(1 / 60).reconcile() == 0, table.err
    return Hub(table, pr, others[4:])


def talk(hub: Hub, on: str, comments: int) -> None:
    """`comments` comments: on the game issue over the game's life (players' talk and the
    engine's notices), or on the proposal since it opened (players' talk)."""
    table = hub.table
    game = load_game(table.files())
    logins = [p.login for p in game.state.players]
    if on == "issue":
        issue = table.game_issue()
        start = game.state.last_change - timedelta(days=60)
        for n in range(comments):
            at = start + timedelta(minutes=5 * n * 60 * 24 * 59 // (5 * comments * 60))
            if n % 5 == 4:
                table.fake.add_comment(issue, ENGINE, f"<!-- nomic-ci:turn-{n} -->\n@p{n % 9} "
                                       "it is your turn; it passes to the next player in "
                                       "three days unless you propose before.", created_at=at)
            else:
                table.fake.add_comment(issue, logins[n % len(logins)],
                                       f"I think proposal {n % 97} was a mistake, and here is "
                                       "why: it makes the game longer for everyone.",
                                       created_at=at)
    else:  # a comment a second, the last some minutes before the runs: a run lists again
        # the few minutes before it (KEPT_MARGIN), in case GitHub lists a comment late
        last = table.now - 2 * KEPT_MARGIN
        for n in range(comments):
            table.fake.add_comment(hub.pr, logins[n % len(logins)],
                                   f"Comment {n}: I will vote for this if you change the "
                                   "wording of the second paragraph.",
                                   created_at=last - timedelta(seconds=comments - n))


def github_costs(hub: Hub, board: bool = False) -> dict[str, Cost]:
    """The first run on the game as made, a no-op run after it, a run after a vote, after a
    command on the game issue, and the run that merges; on a board (whose votes are
    reactions), the first two and a command."""
    table = hub.table
    first = hub.run()  # the first run after the game grew: it reads new talk, once
    costs = {"github: first run": first,
             "github: no-op": Cost.of([hub.run() for _ in range(RUNS)])}
    if board:
        commands = []
        for _ in range(RUNS):
            table.later(1 / 60).fake.add_comment(table.game_issue(), hub.voters[-1],
                                                 "/status", created_at=table.now)
            commands.append(hub.run())
        costs["github: a command"] = Cost.of(commands)
        table.close()
        return costs
    votes = []
    for login in hub.voters[:RUNS - 1]:
        table.later(1 / 60).fake.add_review(hub.pr, login, "APPROVED", submitted_at=table.now)
        votes.append(hub.run())
    costs["github: a vote"] = Cost.of(votes)
    commands = []
    for n in range(RUNS):
        table.later(1 / 60).fake.add_comment(table.game_issue(), hub.voters[-1], "/status",
                                             created_at=table.now)
        commands.append(hub.run())
    costs["github: a command"] = Cost.of(commands)
    for login in hub.voters[RUNS - 1:]:
        table.later(1 / 60).fake.add_review(hub.pr, login, "APPROVED", submitted_at=table.now)
    table.later(1 / 60)
    costs["github: merges"] = hub.run()
    table.close()
    return costs


def engine_package() -> Path:
    """The engine the runs import (from the current directory first, as `-m` does: a
    checkout's, not an installed copy)."""
    found = subprocess.run([sys.executable, "-c", "import nomic_ci; print(nomic_ci.__file__)"],
                           capture_output=True, text=True, check=True)
    return Path(found.stdout.strip()).parent


REQUIREMENTS = Path(__file__).resolve().parents[1] / ".github" / "requirements-engine.txt"


def clean_python(given: str | None) -> tuple[str, Path]:
    """An interpreter as a fresh machine has one, and the engine's package in it: `given`
    (one with the engine installed), else a venv without the system's site-packages (whose
    `.pth` files may import at every start what the engine never uses: certifi, here), the
    engine's pinned dependencies installed by pip (once, kept in the temporary directory
    for the next run), and the engine installed as pip installs its wheel, not editable:
    this checkout's package copied into site-packages and compiled."""
    if given:
        found = subprocess.run([given, "-c", "import nomic_ci; print(nomic_ci.__file__)"],
                               capture_output=True, text=True, check=True, cwd="/")
        return given, Path(found.stdout.strip()).parent
    key = hashlib.sha256(REQUIREMENTS.read_bytes() + sys.version.encode()).hexdigest()[:12]
    venv = Path(tempfile.gettempdir(), f"nomic-ci-bench-python-{key}")
    python = venv / "bin" / "python"
    if not (venv / "installed").exists():
        shutil.rmtree(venv, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
        subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                        "--no-deps", "--require-hashes", "-r", str(REQUIREMENTS)], check=True)
        (venv / "installed").touch()
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path("
                           "'purelib'))"], capture_output=True, text=True, check=True).stdout
    package = Path(site.strip(), "nomic_ci")
    shutil.rmtree(package, ignore_errors=True)
    shutil.copytree(Path(__file__).resolve().parents[1] / "nomic_ci", package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    return str(python), package


# --- start-up ----------------------------------------------------------------------------

def startup(root: Path, given: str | None) -> list[str]:
    """`status` on a new game, and `github reconcile`'s imports alone, against a bare
    interpreter (`clean_python`): with bytecode (as pip installs a package), and without (as
    the engine workflow runs it, from a fresh checkout: its dependencies compiled as pip
    installed them, the engine not)."""
    python, package = clean_python(given)
    game = root / "startup"
    playedgames.new_game(game)
    status = ("-m", "nomic_ci", "--repo", str(game), "status")
    imports = ("-c", "import nomic_ci.cli.github_reconcile, nomic_ci.forges.githubforge")
    # what any start-up of `status` pays before the engine's own modules: the standard
    # library it loads (inspect stood in for, as the engine does), each module once
    stdlib = ("-c", "from nomic_ci.forges.lazyimports import defer; defer('inspect'); import "
              "argparse, dataclasses, datetime, json, pathlib, re, subprocess, textwrap, typing")
    rows = [f"| the interpreter: {sys.implementation.name} {platform.python_version()}, "
            + (f"`{python}` as given" if given else "a venv without the system's site-packages, "
               "the engine's pinned dependencies and the engine installed (not editable)")
            + " | | |"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # compiled once as installed, or never
    for bytecode in (True, False):
        for pycache in package.rglob("__pycache__"):
            shutil.rmtree(pycache)
        if bytecode:
            subprocess.run([python, "-m", "compileall", "-q", str(package)], check=True)
        seconds: dict[str, list[float]] = {"python -c pass": [], "python -S -c pass": [],
                                           "status's standard library alone": [],
                                           "status": [], "github reconcile's imports": []}
        for _ in range(21):  # in rounds: the machine's pace drifts alike for all
            for name, command in (("python -c pass", ("-c", "pass")),
                                  # (-S imports no sitecustomize: the report's, by hand)
                                  ("python -S -c pass", ("-S", "-c", "import sitecustomize")),
                                  ("status's standard library alone", stdlib),
                                  ("status", status), ("github reconcile's imports", imports)):
                seconds[name].append(process([], env=env, command=command, python=python,
                                             cwd=root).seconds)
        bare = min(seconds["python -c pass"])
        if bytecode:  # what the bare interpreter is: the site's .pth files run in it too
            rows.append(f"| a bare `python -c pass` | {bare:.3f} s | 1.0× |")
            rows.append(f"| of which the site (`python -S -c pass` runs none of it) | "
                        f"{bare - min(seconds['python -S -c pass']):.3f} s | |")
        for name in ("status's standard library alone", "status",
                     "github reconcile's imports")[0 if bytecode else 1:]:
            least = min(seconds[name])
            rows.append(f"| {name}, {'with' if bytecode else 'without'} bytecode | "
                        f"{least:.3f} s | {least / bare:.1f}× |")
    subprocess.run([python, "-m", "compileall", "-q", str(package)], check=True)
    loaded = subprocess.run([python, "-c", "import sys; " + imports[1].removeprefix(
        "-c ") + "; from nomic_ci.forges.lazyimports import loaded; print(' '.join(sorted("
        "m for m in list(sys.modules) if m.split('.')[0] in ('jwt', 'cryptography', 'nacl', "
        "'inspect') and loaded(m))))"], capture_output=True, text=True, cwd=root, env=env)
    rows.append(f"| `github reconcile` loads, of jwt, cryptography, nacl, inspect | "
                f"{', '.join(sorted({m.split('.')[0] for m in loaded.stdout.split()})) or 'none'}"
                " | |")
    return rows


# --- the table ---------------------------------------------------------------------------

def ratio(small: float, large: float) -> str:
    return f"{large / small:.2f}×" if small else ("1.00×" if not large else "∞")


def cells(small: Cost, large: Cost) -> list[str]:
    def mb(n: int) -> str:
        return f"{n / 1e6:.2f} MB"
    found = [f"{small.seconds:.2f} → {large.seconds:.2f} s ({ratio(small.seconds, large.seconds)})",
             f"{small.mb:.0f} → {large.mb:.0f} MB ({ratio(small.mb, large.mb)})",
             f"{mb(small.bytes)} → {mb(large.bytes)} ({ratio(small.bytes, large.bytes)})"]
    if small.requests is None:
        return found + ["–"]
    return found + [f"{small.requests} → {large.requests} ({ratio(small.requests, large.requests)})"]


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--quick", action="store_true", help="large games a tenth as large")
    options.add_argument("--write", action="store_true", help=f"also write {TABLE.name}")
    options.add_argument("--only", choices=["records", "actions", "issue", "proposal",
                                            "startup"], action="append")
    options.add_argument("--python", help="start-up: an interpreter with the engine installed "
                         "(else a clean venv is made, see clean_python)")
    args = options.parse_args()
    big = 1000 if args.quick else 10_000
    only = set(args.only or ["records", "actions", "issue", "proposal", "startup"])
    lines = ["| axis | run | CPU | peak memory | bytes | requests |", "|---|---|---|---|---|---|"]

    def show(axis: str, small: dict[str, Cost], large: dict[str, Cost]) -> None:
        for name in small:
            lines.append(f"| {axis} | {name} | " + " | ".join(cells(small[name], large[name]))
                         + " |")
            print(lines[-1], flush=True)

    print("\n".join(lines), flush=True)
    # the engine compiled, as pip installs it: else every run compiles it again, the same
    # time at every size, which would make each ratio look flatter than it is
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(engine_package())],
                   check=True)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        played = tmp / "played"
        if only & {"records", "issue", "proposal"}:
            playedgames.play(played)
        figures: dict[str, dict[str, Cost]] = {}
        if "records" in only:
            games = {size: records_game(tmp / f"records{size}", played, size)
                     for size in (10, big)}
            for size, costs in zip(games, local_costs([g for g, _ in games.values()], False)):
                figures[size] = {**costs, **github_costs(hub_game(tmp / f"hub{size}",
                                                                   games[size][1]))}
            # the large game's merge decides the 10,001st proposal, the first line of a new
            # piece and thousand; any other merge rewrites the last piece with its new line
            # (here the 9,999th, whose piece then holds 19 lines), and the 10,000th moves its
            # full thousand's pieces to their folder too (the small game's merge, the 11th
            # decision, rewrites its piece)
            for name, total in (("merges into the last index file", big - 2),
                                ("merges that close a thousand", big - 1)):
                _, files = records_game(tmp / f"records-{total}", played, total)
                common = github_costs(hub_game(tmp / f"hub-{total}", files))
                figures[big][f"github: {name}"] = common["github: merges"]
                figures[10][f"github: {name}"] = figures[10]["github: merges"]
            # the open thousand holds all 50 of its pieces (listed from the checkout)
            figures[big]["github: no-op, a thousand's last line to come"] = \
                common["github: no-op"]
            figures[10]["github: no-op, a thousand's last line to come"] = \
                figures[10]["github: no-op"]
            show(f"records 10 → {big:,}", figures[10], figures[big])
            lines.append(f"| records | verify at {big:,} records | {figures[big]['verify'].seconds:.2f} s"
                         " | | | |")
        if "actions" in only:
            said = playedboard.play(tmp / "board-round")
            games = {size: actions_game(tmp / f"actions{size}", tmp / "board-round", said, size)
                     for size in (0, big)}  # 0: the round alone
            sizes = [len(load_game(files).actions) for _, files in games.values()]
            for size, costs in zip(games, local_costs([g for g, _ in games.values()], True)):
                figures[f"a{size}"] = {**costs, **github_costs(
                    hub_game(tmp / f"hub-actions{size}", games[size][1]), board=True)}
            show(f"actions {sizes[0]} → {sizes[1]:,}", figures["a0"], figures[f"a{big}"])
        if only & {"issue", "proposal"}:
            _, files = records_game(tmp / "talk", played, 10)
        for axis in sorted(only & {"issue", "proposal"}):
            results = []
            for comments in (0, big):
                hub = hub_game(tmp / f"{axis}{comments}", files)
                talk(hub, axis, comments)
                results.append(github_costs(hub))
            show(f"{axis}: quiet → {big:,} comments", *results)
        if "startup" in only:
            lines += ["", "| start-up | CPU | × a bare `python -c pass` |", "|---|---|---|"]
            for row in startup(tmp, args.python):
                lines.append(row)
                print(row, flush=True)
    if args.write:
        TABLE.write_text("# What one run costs\n\nMade by `python tests/bench_cost.py --write` "
                         "(see its docstring for the games and the runs).\n\n"
                         + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
