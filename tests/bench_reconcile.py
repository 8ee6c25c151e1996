"""Benchmark: API requests and engine time per reconcile, on generated games.

    python tests/bench_reconcile.py [--quick | --fresh | --floods]

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

`--floods` plays what players and strangers do to stop a game (issues 28 and 32), each run
5 minutes after the last until one writes nothing, with the engine's write budget on as in
production, and prints the first run, all of them, the run that made the due decision, and
the most writes in a run and in any hour (GitHub allows 80 content-creating requests a
minute and 500 an hour):
    600 /status comments by 9 players in the minute before a vote's window closes
    40 requests to join by strangers, each a players' file of 500 KB, and a decision due
    50, 200 and 500 new pull requests by as many players, all put to the vote
    (infinite-nomic-r7), then their votes closing together a day later

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
from nomic_ci.core.files import GAME_DIRS  # noqa: E402
from nomic_ci.core.voting.decision import vote_deadline  # noqa: E402
from nomic_ci.forges.gitplumbing import Git  # noqa: E402
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
                            retry=False, budget=True, dice=SeededDice())
        self.repo = client(settings).get_repo(self.fake.full_name)
        # the fake answers a query of 500 pull requests more slowly than PyGithub's 15 s
        self.repo._requester._Requester__timeout = 300
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


def until_settled(bench: Bench, decided: int, every: timedelta = timedelta(minutes=5),
                  most: int = 60) -> dict:
    """Runs `every` apart until one writes nothing: per run its reads, writes and CPU, whether
    pull request `decided` was decided by then, and the most writes made in any hour."""
    runs = []
    for n in range(most):
        bench.run(f"run {n + 1}")
        reads, writes, seconds = bench.results[f"run {n + 1}"]
        pull = bench.fake.pull(decided)
        runs.append((bench.now, reads, writes, seconds, pull.state != "open"))
        if not writes:
            break
        bench.now += every
    hourly = max(sum(w for at, _, w, _, _ in runs if start <= at < start + timedelta(hours=1))
                 for start, *_ in runs)
    return {"runs": runs, "decided in run": next((i + 1 for i, r in enumerate(runs) if r[4]), None),
            "most writes in an hour": hourly}


def voted_proposal(bench: Bench) -> int:
    """player000's proposal (it is their turn), with half the votes cast, decided when its
    vote window ends, a minute after where the bench's clock is left; where the rules have
    no window, with every vote cast, decided at the next run."""
    bench.propose(0, bench.logins[0], rule_file(200))
    bench.run("opening")
    game = load_game(Git(bench.fake.git.path).read_files("refs/heads/main", GAME_DIRS))
    deadline = vote_deadline(game, game.state.open_proposals[0], ())
    for login in bench.logins[1:len(bench.logins) // 2 if deadline else None]:
        bench.fake.add_review(1, login, "APPROVED", submitted_at=bench.now)
    bench.run("counting")
    bench.now = deadline - timedelta(minutes=1) if deadline else bench.now
    return 1


def command_flood(comments: int = 600, past: int = 200) -> dict:
    """`comments` /status commands by the 9 players on one issue in the minute before a
    decision is due (issue 28: one run took 280 s and stopped at 500 steps, undecided)."""
    bench = Bench(9, past)
    pr = voted_proposal(bench)
    issue = bench.fake.open_issue(bench.logins[1], "Talk", created_at=bench.now)
    for n in range(comments):
        bench.fake.add_comment(issue, bench.logins[n % 9], "/status",
                               created_at=bench.now + timedelta(seconds=n * 50 / comments))
    bench.now += timedelta(minutes=1)
    result = until_settled(bench, pr)
    bench.close()
    return result


def players_file_joined(bench: Bench, login: str, user_id: int, padding: int) -> str:
    text = bench.fake.file_at("state/players.yaml", "main")
    return (text + f"  - login: {login}\n    id: {user_id}\n    points: 0\n"
            + ("# " + "x" * 97 + "\n") * (padding // 100))


def hostile_joins(requests: int = 40, size: int = 500_000, past: int = 200) -> dict:
    """`requests` requests to join by strangers, each a players file of `size` bytes (issue 28:
    8 cost 34 s before the first write; some 40 passed the job's 15 minutes), and a decision
    due in the same run."""
    bench = Bench(9, past, ruleset="suber-initial-set")
    pr = voted_proposal(bench)
    for n in range(requests):
        login = f"stranger{n:03d}"
        user = bench.fake.add_user(login, id=50_000 + n)
        files = {"state/players.yaml": players_file_joined(bench, login, user.id, size)}
        bench.fake.create_branch(f"join{n}", files, author=login)
        bench.fake.open_pr(login, f"join{n}", f"Let {login} join", created_at=bench.now)
    bench.now += timedelta(minutes=1)
    result = until_settled(bench, pr)
    bench.close()
    return result


def arrivals(count: int, past: int = 200) -> dict:
    """`count` new pull requests by as many players, every one put to the vote
    (infinite-nomic-r7), then all their votes closing together a day later (issue 32)."""
    bench = Bench(count + 10, past, ruleset="infinite-nomic-r7")
    for n in range(count):
        bench.propose(n, bench.logins[n], rule_file(200 + n))
    bench.now += timedelta(minutes=1)
    first = until_settled(bench, 1)
    bench.now += timedelta(hours=25)
    closing = until_settled(bench, 1)
    bench.close()
    return {"arriving": first, "closing": closing}


def describe_runs(name: str, result: dict) -> str:
    runs = result["runs"]
    first = runs[0]
    return (f"| {name} | {first[1]} / {first[2]} / {first[3]:.2f} | {len(runs)} | "
            f"{sum(r[1] for r in runs)} / {sum(r[2] for r in runs)} / "
            f"{sum(r[3] for r in runs):.2f} | {result['decided in run']} | "
            f"{max(r[2] for r in runs)} | {result['most writes in an hour']} |")


def floods(args: argparse.Namespace) -> None:
    print("cells: reads / writes / engine CPU seconds; runs 5 minutes apart until one writes "
          "nothing\n")
    print("| flood | first run | runs | all runs | decided in run | most writes a run | "
          "most writes in an hour |\n|---|---|---|---|---|---|---|")
    print(describe_runs(f"{args.commands} /status comments before a decision",
                        command_flood(args.commands, args.history)), flush=True)
    print(describe_runs(f"{args.joins} requests to join of 500 KB, and a decision",
                        hostile_joins(args.joins, past=args.history)), flush=True)
    for count in args.arrivals:
        result = arrivals(count, args.history)
        print(describe_runs(f"{count} new pull requests, all put to the vote",
                            result["arriving"]), flush=True)
        print(describe_runs(f"their {count} votes closing together", result["closing"]),
              flush=True)


def cells(result: dict, labels: tuple[str, ...]) -> str:
    return " | ".join(f"{result[k][0]} / {result[k][1]} / {result[k][2]:.2f}" if k in result
                      else "–" for k in labels)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="only 9 players, 1 and 10 PRs")
    parser.add_argument("--history", type=int, default=200, help="decided proposals to start with")
    parser.add_argument("--fresh", action="store_true",
                        help="a no-op run in fresh processes, at 10 and 10,000 records")
    parser.add_argument("--floods", action="store_true",
                        help="floods: comment commands, requests to join, pull requests")
    parser.add_argument("--commands", type=int, default=600)
    parser.add_argument("--joins", type=int, default=40)
    parser.add_argument("--arrivals", type=int, nargs="*", default=[50, 200, 500])
    args = parser.parse_args()
    if args.floods:
        floods(args)
        return
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
