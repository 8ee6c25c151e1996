"""Benchmark: API requests and engine time per reconcile, on generated games.

    python tests/bench_reconcile.py [--quick | --fresh]

Plays against the fake GitHub (tests/fakegithub) on games with a history of decided
proposals, and prints the reads and writes of each run (a GraphQL query is a read, a
mutation a write) and the engine's CPU seconds (its own thread's: not the fake GitHub's,
nor git's):

  default ruleset, 9 and 100 players, 1, 10 and 50 pull requests. Only the current
  player may have a proposal in its vote (rule 106), so of N pull requests one is put
  to the vote and N−1 (by other players) are refused and closed in the first run.
    first    the run that first sees the N pull requests: one opened, N−1 refused
    no-op    a run with nothing new (the goal: no writes at all)
    decide   the run after every player has voted (merge, state commit)
  infinite-nomic-r7, 60 players, 50 pull requests by 50 players: every one is put to
  the vote, and 👍/👎 and comment commands count, so reactions and comments are read.
    first    all 50 opened
    no-op    50 proposals in their vote, nothing new
  default ruleset, one pull request of 3,000 files (GitHub lists no more): refused.
    first    the run that sees it

`--fresh` instead runs `nomic-ci github reconcile` as the workflow does, in a fresh
process (start-up included), on games of 10 and 10,000 decided proposals with one
proposal in its vote, and prints the requests and the CPU seconds of a run with nothing
to do (the median of five), with their ratio to the smaller game.

Not a test: nothing here asserts.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fakegithub import FakeClock, FakeGitHub  # noqa: E402

from nomic_ci import rulesets  # noqa: E402
from nomic_ci.core.dice import SeededDice  # noqa: E402
from nomic_ci.core.game import load_game  # noqa: E402
from nomic_ci.forges.githubforge import GitHubForge  # noqa: E402
from nomic_ci.cli.github_reconcile import (Settings, checkout_blobs, checkout_files,  # noqa: E402
                                           client)
from nomic_ci.reconcile import reconcile  # noqa: E402
from nomic_ci.core.facts import Account  # noqa: E402
from nomic_ci.core.files.history import history_of_records  # noqa: E402
from nomic_ci.core.files.records import Outcome, Record, dump_record  # noqa: E402
from nomic_ci.text.readmes import render_all  # noqa: E402

from builders import T0  # noqa: E402

ENGINE = "nomic-ci[bot]"


def history(files: dict[str, str], players: list[str], size: int) -> dict[str, str]:
    """`size` decided proposals, as records, to make the game's files realistically large."""
    for number in range(1, size + 1):
        author = players[number % len(players)]
        record = Record(number, f"old-{number}", f"Old proposal {number}", Account(author),
                        Outcome.FAILED, "history", T0 - timedelta(hours=size - number + 2),
                        T0 - timedelta(hours=size - number + 1))  # all decided before T0
        files[record.path] = dump_record(record)
    files["state/game.yaml"] = files["state/game.yaml"].replace(
        "next_proposal: 1", f"next_proposal: {size + 1}")
    files.update(history_of_records(files).texts())
    return files


def rule_file(number: int) -> dict[str, str]:
    return {f"rules/{number}-p{number}.md":
            f"---\nnumber: {number}\ntitle: P{number}\nmutable: true\n---\nX\n"}


class Bench:
    """A generated game on the fake GitHub, and the engine's runs against it."""

    def __init__(self, players: int, past: int, ruleset: str = "default") -> None:
        self.logins = [f"player{i:03d}" for i in range(players)]
        seats = [rulesets.Seat(login, 10_000 + i) for i, login in enumerate(self.logins)]
        files = rulesets.game_files(ruleset, players=seats, start=T0, dice_seed="bench")
        files = history(files, self.logins, past)
        files.update(render_all(load_game(files)))
        self.clock = FakeClock(T0)
        self.fake = FakeGitHub("nomic", "game", clock=self.clock, files=files,
                               token_login=ENGINE).start()
        for seat in seats:
            self.fake.add_user(seat.login, id=seat.id)
        settings = Settings(token="t", repository=self.fake.full_name, api_url=self.fake.url,
                            engine_login=ENGINE, summary_path=None, event="bench", paced=False,
                            dice=SeededDice())
        self.repo = client(settings).get_repo(self.fake.full_name)
        # the engine workflow's checkout of the default branch, which spares blob reads
        self.checkout = Path(tempfile.mkdtemp()) / "checkout"
        subprocess.run(["git", "clone", "-q", str(self.fake.git.path), str(self.checkout)],
                       check=True)
        self.local, self.listed = checkout_blobs(self.checkout), checkout_files(self.checkout)
        self.now = T0 + timedelta(minutes=5)
        self.results: dict[str, tuple[int, int, float]] = {}

    def propose(self, n: int, author: str, files: dict[str, str]) -> None:
        self.fake.create_branch(f"p{n}", files, author=author)
        self.fake.open_pr(author, f"p{n}", f"Proposal {n}", created_at=T0)

    def run(self, label: str) -> None:
        self.clock.set(self.now)
        self.fake.clear_requests()
        # the engine's own CPU time: the fake GitHub answers from threads of its own, and
        # what other work on the machine takes does not count
        started = time.thread_time()
        subprocess.run(["git", "fetch", "-q", "origin"], cwd=self.checkout, check=True)
        reconcile(GitHubForge(self.repo, ENGINE, self.now, local_blobs=self.local,
                              local_files=self.listed), self.now,
                  SeededDice())
        elapsed = time.thread_time() - started
        self.results[label] = (len(self.fake.reads()), len(self.fake.writes()), elapsed)

    def close(self) -> dict[str, tuple[int, int, float]]:
        self.fake.stop()
        return self.results


def one_a_turn(players: int, open_prs: int, past: int) -> dict:
    bench = Bench(players, past)
    logins = bench.logins
    for n in range(open_prs):
        bench.propose(n, logins[0] if n == 0 else logins[1 + n % (players - 1)],
                      rule_file(200 + n))
    bench.run("first")
    bench.run("no-op")
    for login in logins[1:]:
        bench.now += timedelta(seconds=10)
        bench.clock.set(bench.now)
        bench.fake.add_review(1, login, "APPROVED")
    bench.run("decide")
    return bench.close()


def many_open(past: int, open_prs: int = 50) -> dict:
    bench = Bench(60, past, ruleset="infinite-nomic-r7")
    for n in range(open_prs):
        bench.propose(n, bench.logins[n], rule_file(200 + n))
    bench.run("first")
    bench.now += timedelta(minutes=5)
    bench.run("no-op")
    return bench.close()


def huge(past: int, size: int = 3000) -> dict:
    bench = Bench(9, past)
    files = {f"docs/{i:04d}.txt": f"{i}\n" for i in range(size - 1)} | rule_file(200)
    bench.propose(0, bench.logins[0], files)
    bench.run("first")
    return bench.close()


def fresh_noop(past: int, runs: int = 5) -> tuple[int, int, float]:
    """A no-op `nomic-ci github reconcile` in fresh processes: reads, writes, median CPU."""
    bench = Bench(9, past)
    bench.propose(0, bench.logins[0], rule_file(200))
    bench.run("first")
    bench.now += timedelta(minutes=5)
    bench.clock.set(bench.now)
    env = {**os.environ, "GITHUB_TOKEN": "t", "GITHUB_REPOSITORY": bench.fake.full_name,
           "GITHUB_API_URL": bench.fake.url, "NOMIC_ENGINE_LOGIN": ENGINE,
           "NOMIC_CI_HTTP_PACING": "off", "GITHUB_EVENT_NAME": "bench"}
    subprocess.run(["git", "fetch", "-q", "origin"], cwd=bench.checkout, check=True)
    seconds = []
    for _ in range(runs):
        bench.fake.clear_requests()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run([sys.executable, "-m", "nomic_ci", "--repo", str(bench.checkout),
                               "--now", bench.now.isoformat(), "github", "reconcile"],
                              env=env, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(f"github reconcile failed:\n{done.stdout}{done.stderr}")
        seconds.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    reads, writes = len(bench.fake.reads()), len(bench.fake.writes())
    bench.close()
    return reads, writes, statistics.median(seconds)


def cells(result: dict, labels: tuple[str, ...]) -> str:
    return " | ".join(f"{result[k][0]} / {result[k][1]} / {result[k][2]:.2f}" if k in result
                      else "–" for k in labels)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="only 9 players, 1 and 10 PRs")
    parser.add_argument("--history", type=int, default=200, help="decided proposals to start with")
    parser.add_argument("--fresh", action="store_true",
                        help="a no-op run in fresh processes, at 10 and 10,000 records")
    args = parser.parse_args()
    if args.fresh:
        print("| decided proposals | reads / writes | CPU seconds | ratio |\n|---|---|---|---|")
        base = None
        for past in (10, 10_000):
            reads, writes, seconds = fresh_noop(past)
            base = base or seconds
            print(f"| {past:,} | {reads} / {writes} | {seconds:.2f} | {seconds / base:.2f}× |",
                  flush=True)
        return
    sizes = [(9, 1), (9, 10)] if args.quick else [(p, n) for p in (9, 100) for n in (1, 10, 50)]
    labels = ("first", "no-op", "decide")
    print(f"history: {args.history} decided proposals; cells: reads / writes / engine CPU "
          "seconds\n")
    print("| game | first | no-op | decide |")
    print("|---|---|---|---|")
    for players, open_prs in sizes:
        result = one_a_turn(players, open_prs, args.history)
        print(f"| default, {players} players, {open_prs} PRs | {cells(result, labels)} |",
              flush=True)
    if not args.quick:
        print(f"| infinite-nomic-r7, 60 players, 50 PRs in their vote | "
              f"{cells(many_open(args.history), labels)} |", flush=True)
        print(f"| default, 9 players, one PR of 3,000 files | "
              f"{cells(huge(args.history), labels)} |", flush=True)


if __name__ == "__main__":
    main()
