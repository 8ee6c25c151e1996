"""Benchmark: engine time and memory of the local commands on generated games of every size.

    python tests/bench_scale.py [--quick | --history | --actions | --startup]

Each case makes a local game (`nomic-ci init`) of P players, R extra rules, H decided
proposals in its history, K proposals in their vote and A board actions (`actions/`: each
player's /roll in turn, played by the engine's own core), then runs each command in a fresh
process, three times, and prints the median CPU seconds and the peak memory (MB) of:

  status        the scoreboard and the open votes, as of now
  tick          a run with nothing due (a no-op)
  render        `render --check`
  verify        re-adding the whole history
  decide        a tick that decides every open proposal

with each figure's ratio to the smallest game. One axis varies at a time. `--startup`
instead times `--help`, `--version`, and `status` on the smallest game and on a new game
of each shipped ruleset, against a bare `python -c pass` of the same interpreter, with the
package byte-compiled first, as an installed one is. Not a test: nothing here asserts. The
GitHub side (requests per run) is `tests/bench_reconcile.py`.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from types import MappingProxyType

sys.path.insert(0, str(Path(__file__).resolve().parent))

from nomic_ci.core.facts import Account  # noqa: E402
from nomic_ci.core.files.records import Ballot, Outcome, Record, dump_record  # noqa: E402
from nomic_ci.forges.gitplumbing import Git  # noqa: E402

from builders import T0  # noqa: E402

NOW = T0 + timedelta(hours=2)
RULESET = "infinite-nomic-r7"  # any player may have a proposal in its vote: K open at once


def make_game(root: Path, players: int, rules: int, history: int, open_: int,
              actions: int = 0) -> None:
    logins = [f"p{i:04d}" for i in range(players)]
    run("--now", T0.isoformat(), "init", str(root), "--ruleset", RULESET, "--players",
        ",".join(logins), "--public-dice", "--dice-seed", "bench")
    git = Git(root)
    files = {}
    for n in range(rules):
        number = 100 + n
        files[f"rules/{number:03d}-extra-{number}.md"] = (
            f"---\nnumber: {number}\ntitle: Extra {number}\nmutable: true\n---\nRule {number}.\n")
    # as a game's records are: every other one passed, changed a rule and gave its author
    # a point (the state's scores add up, so `verify` checks them all)
    earned = dict.fromkeys(logins, 0)
    for n in range(1, history + 1):
        author, passed = logins[n % players], n % 2 == 1
        record = Record(n, f"h{n}", f"Old proposal {n}", Account(author),
                        Outcome.PASSED if passed else Outcome.FAILED, "history",
                        T0 - timedelta(days=1, seconds=history - n),
                        T0 - timedelta(seconds=history - n), head="0" * 40,
                        rules=(100 + n % rules,) if passed and rules else (),
                        counted=(Ballot(logins[(n + 1) % players], passed, "0" * 40, T0),),
                        points=MappingProxyType({author: 1} if passed else {}))
        earned[author] += passed
        files[record.path] = dump_record(record)
    files.update(played(root, actions))
    players_yaml = files.get("state/players.yaml") or (root / "state/players.yaml").read_text()
    for login, points in earned.items():
        players_yaml = players_yaml.replace(f"login: {login}\n    id: null\n    points: 0\n",
                                            f"login: {login}\n    id: null\n    points: {points}\n")
    files["state/players.yaml"] = players_yaml
    game_yaml = files.get("state/game.yaml") or (root / "state/game.yaml").read_text()
    files["state/game.yaml"] = game_yaml.replace("next_proposal: 1",
                                                 f"next_proposal: {history + 1}")
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    run("--repo", str(root), "render")
    git.run("add", "-A")
    git.run("-c", "user.name=bench", "-c", "user.email=b@x", "commit", "--allow-empty", "-qm",
            "history")
    for k in range(open_):
        branch = f"idea{k}"
        git.commit_files(branch, {f"rules/{900 + k % 99:03d}-idea-{k}.md":
                                  f"---\nnumber: {900 + k % 99}\ntitle: Idea {k}\nmutable: true\n"
                                  f"---\nIdea {k}.\n"}, branch, T0, logins[k % players])
        run("--repo", str(root), "--now", T0.isoformat(), "propose", "--as", logins[k % players],
            "--branch", branch, "--title", f"Idea {k}")


def played(root: Path, actions: int) -> dict[str, str]:
    """The files of `actions` board actions, one a second before the game's start: each
    player rolls in turn (and explores, on the Frontier), as the engine would play them."""
    if not actions:
        return {}
    from dataclasses import replace

    from nomic_ci.core.board.actionlog import dump_action
    from nomic_ci.core.board.actions import carry_out
    from nomic_ci.core.dice import SeededDice
    from nomic_ci.core.files.statedump import dump_state
    from nomic_ci.core.game import load_game
    from nomic_ci.core.turns import next_player
    from nomic_ci.cli.gamedir import working_files

    files = dict(working_files(root))
    game = load_game(files)
    at = T0 - timedelta(seconds=actions + 1)
    game = replace(game, state=replace(game.state, turn_started=at, last_change=at))
    out: dict[str, str] = {}
    while len(game.actions) < actions:
        login = game.state.turn
        for text in ("/roll", "/explore"):
            state, record = carry_out(game, at, SeededDice(), login, text, None)
            game = replace(game, state=state, actions=game.actions.added(record))
            out[record.path] = dump_action(record)
            if state.board.turn is None or state.board.turn.explore is None:
                break
        at += timedelta(seconds=1)
        following = next_player(game.state, game.config, login)
        game = replace(game, state=replace(game.state, turn=following,
                                           turn_started=at, last_change=at,
                                           board=replace(game.state.board, turn=None)))
    game = replace(game, state=replace(game.state, turn_started=T0, last_change=T0))
    out.update(dump_state(game.state, files))
    return out


# Loaded first by each process the benchmarks start (as `sitecustomize`, from PYTHONPATH):
# at its end the process writes its own peak memory (VmHWM: that of the program it runs,
# where the rusage of a child also holds what it was forked from, a benchmark of hundreds
# of megabytes) and the bytes it read and wrote.
_REPORT = """import atexit, os
def _report(path=os.environ.pop("NOMIC_BENCH_REPORT")):
    with open("/proc/self/status") as status, open("/proc/self/io") as io:
        text = status.read() + io.read()
    with open(path, "w") as out:
        out.write(text)
atexit.register(_report)
"""


@dataclass
class Fresh:
    """What one fresh process cost: its CPU seconds, its peak memory in MB, and the bytes
    it read and wrote (through its own system calls: files, pipes, sockets)."""

    seconds: float
    mb: float
    bytes: int


def fresh(*args: str, command: tuple[str, ...] = ("-m", "nomic_ci"),
          env: dict[str, str] | None = None, python: str = sys.executable,
          cwd: Path | None = None) -> Fresh:
    """One fresh process (of `python`, in `cwd`). Its CPU seconds are user and system time
    (unlike wall time, what other work on the machine does not change), its own (`wait4`:
    the rusage of all children together would give those of every process so far)."""
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryFile() as errors:
        Path(tmp, "sitecustomize.py").write_text(_REPORT)
        report = Path(tmp, "report")
        environ = dict(env if env is not None else os.environ)
        environ["PYTHONPATH"] = os.pathsep.join(filter(None, [tmp, environ.get("PYTHONPATH")]))
        environ["NOMIC_BENCH_REPORT"] = str(report)
        child = subprocess.Popen([python, *command, *args], stdout=subprocess.DEVNULL,
                                 stderr=errors, env=environ, cwd=cwd)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode not in (0, 1):
            errors.seek(0)
            raise SystemExit(f"nomic-ci {' '.join(args)} failed:\n{errors.read().decode()}")
        fields = dict(line.split(":", 1) for line in report.read_text().splitlines())
    return Fresh(usage.ru_utime + usage.ru_stime, int(fields["VmHWM"].split()[0]) / 1024,
                 int(fields["rchar"]) + int(fields["wchar"]))


def run(*args: str, command: tuple[str, ...] = ("-m", "nomic_ci")) -> tuple[float, float]:
    """One fresh process: its CPU seconds and its peak memory in MB (`fresh`)."""
    cost = fresh(*args, command=command)
    return cost.seconds, cost.mb


def measure(root: Path) -> dict[str, tuple[float, float]]:
    repo = ["--repo", str(root), "--now", NOW.isoformat()]
    figures = {}
    for name, args in [("status", ["status"]), ("tick", ["tick"]),
                       ("render", ["render", "--check"]), ("verify", ["verify"])]:
        runs = [run(*repo, *args) for _ in range(3)]
        figures[name] = (statistics.median(r[0] for r in runs), max(r[1] for r in runs))
    later = ["--repo", str(root), "--now", (NOW + timedelta(days=3)).isoformat()]
    figures["decide"] = run(*later, "tick")
    return figures


CASES = [  # players, rules, history, open proposals
    (9, 10, 10, 1), (9, 10, 1000, 1), (9, 10, 10000, 1), (100, 10, 10, 1), (1000, 10, 10, 1),
    (9, 1000, 10, 1), (50, 10, 10, 50), (200, 10, 10, 200),
]
QUICK = [(9, 10, 10, 1), (9, 10, 1000, 1), (100, 10, 10, 1), (50, 10, 10, 50)]
HISTORY = [(9, 10, 10, 1), (9, 10, 1000, 1), (9, 10, 10000, 1)]
ACTIONS = [(9, 10, 10, 1, 0), (9, 10, 10, 1, 1000), (9, 10, 10, 1, 10000)]


def startup(root: Path, runs: int = 21) -> None:
    """Start-up: each command's median CPU seconds over `runs` fresh processes, and its
    ratio to a bare interpreter's. The package is byte-compiled first, as pip installs it:
    this machine may set PYTHONDONTWRITEBYTECODE, and compiling every module at each start
    is no installed game's start-up."""
    import nomic_ci
    compileall.compile_dir(Path(nomic_ci.__file__).parent, quiet=1)
    status = ("--now", NOW.isoformat(), "status")
    commands = {"python -c pass": (("-c", "pass"), ()), "--help": ((), ("--help",)),
                "--version": ((), ("--version",)),
                "status (bench game)": ((), ("--repo", str(root), *status))}
    for ruleset, admin in (("default", ()), ("infinite-nomic-r7", ()),
                           ("borednomic", ("--admin", "dana:9")), ("suber-initial-set", ())):
        game = root.parent / ruleset
        run("--now", T0.isoformat(), "init", str(game), "--ruleset", ruleset, "--players",
            "alice,bob,carol", *admin)
        commands[f"status ({ruleset})"] = ((), ("--repo", str(game), *status))
    # in rounds, every command once a round: the machine's pace drifts (a shared CPU), and
    # drift then moves every command alike instead of whichever ran during it
    seconds: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, (command, args) in commands.items():
            seconds[name].append(run(*args, command=command or ("-m", "nomic_ci"))[0])
    bare = statistics.median(seconds["python -c pass"])
    for name, figures in seconds.items():
        median = statistics.median(figures)
        print(f"{name:>30} {median:6.3f}s {median / bare:4.1f}×", flush=True)


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--quick", action="store_true", help="the smaller cases only")
    options.add_argument("--history", action="store_true", help="only the history's axis")
    options.add_argument("--actions", action="store_true", help="only the board actions' axis")
    options.add_argument("--startup", action="store_true",
                         help="only start-up against a bare interpreter")
    options.add_argument("--json", help="also write the figures to this file")
    args = options.parse_args()
    if args.startup:
        with tempfile.TemporaryDirectory() as tmp:
            make_game(Path(tmp) / "game", *CASES[0])
            startup(Path(tmp) / "game")
        return
    results = {}
    base = None
    print("players rules history open actions | " + " | ".join(
        f"{n:>14}" for n in ("status", "tick", "render", "verify", "decide")))
    cases = QUICK if args.quick else HISTORY if args.history else ACTIONS if args.actions \
        else CASES + ACTIONS[1:]
    for shape in cases:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "game"
            make_game(root, *shape)
            figures = measure(root)
        base = base or figures
        results[str(shape)] = figures
        cells = [f"{s:6.2f}s {s / base[n][0]:4.1f}× {m:4.0f}MB" for n, (s, m) in figures.items()]
        print(f"{shape[0]:7} {shape[1]:5} {shape[2]:7} {shape[3]:4} "
              f"{(shape[4:] or (0,))[0]:7} | " + " | ".join(cells), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
