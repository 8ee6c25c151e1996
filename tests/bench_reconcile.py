"""Benchmark: API requests and engine time per reconcile, on generated games.

    python tests/bench_reconcile.py [--quick]

Plays against the fake GitHub (tests/fakegithub) with 9 and 100 players and 1, 10
and 50 open pull requests, on a game with a history of decided proposals. Only the
current player may have a proposal in its vote (rule 106), so of N pull requests
one is put to the vote and N−1 (by other players) are refused and closed in the
first run. For each case it prints the reads and writes of:

  first    the run that first sees the N pull requests: one opened, N−1 refused
  no-op    a run with nothing new (the goal: no writes at all)
  decide   the run after every player has voted (merge, state commit)

and the engine's wall time for each. Not a test: nothing here asserts.
"""

from __future__ import annotations

import argparse
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
from nomic_ci.cli.github_reconcile import Settings, checkout_blobs, client  # noqa: E402
from nomic_ci.reconcile import reconcile  # noqa: E402
from nomic_ci.core.facts import Account  # noqa: E402
from nomic_ci.core.files.records import Outcome, Record, dump_record  # noqa: E402
from nomic_ci.text.readmes import render_all  # noqa: E402

from builders import T0  # noqa: E402

ENGINE = "nomic-ci[bot]"


def history(files: dict[str, str], players: list[str], size: int) -> dict[str, str]:
    """`size` decided proposals, as records, to make the game's files realistically large."""
    for number in range(1, size + 1):
        author = players[number % len(players)]
        record = Record(number, f"old-{number}", f"Old proposal {number}", Account(author),
                        Outcome.FAILED, "history", T0 - timedelta(days=400 - number),
                        T0 - timedelta(days=399 - number))
        files[record.path] = dump_record(record)
    files["state/game.yaml"] = files["state/game.yaml"].replace(
        "next_proposal: 1", f"next_proposal: {size + 1}")
    return files


def case(players: int, open_prs: int, past: int) -> dict:
    logins = [f"player{i:03d}" for i in range(players)]
    seats = [rulesets.Seat(login, 10_000 + i) for i, login in enumerate(logins)]
    files = rulesets.game_files("default", players=seats, start=T0, dice_seed="bench")
    files = history(files, logins, past)
    files.update(render_all(load_game(files)))
    clock = FakeClock(T0)
    results = {}
    with FakeGitHub("nomic", "game", clock=clock, files=files, token_login=ENGINE) as fake:
        for seat in seats:
            fake.add_user(seat.login, id=seat.id)
        for n in range(open_prs):
            author = logins[0] if n == 0 else logins[1 + n % (players - 1)]
            fake.create_branch(f"p{n}", {f"rules/{200 + n}-p{n}.md":
                               f"---\nnumber: {200 + n}\ntitle: P{n}\nmutable: true\n---\nX\n"},
                               author=author)
            fake.open_pr(author, f"p{n}", f"Proposal {n}", created_at=T0)
        settings = Settings(token="t", repository=fake.full_name, api_url=fake.url,
                            engine_login=ENGINE, summary_path=None, event="bench", paced=False)
        repo = client(settings).get_repo(fake.full_name)
        # the engine workflow's checkout of the default branch, which spares blob reads
        checkout = Path(tempfile.mkdtemp()) / "checkout"
        subprocess.run(["git", "clone", "-q", str(fake.git.path), str(checkout)], check=True)
        local = checkout_blobs(checkout)

        def run(label: str, now):
            fake.clear_requests()
            started = time.perf_counter()
            subprocess.run(["git", "fetch", "-q", "origin"], cwd=checkout, check=True)
            reconcile(GitHubForge(repo, ENGINE, now, local_blobs=local), now, SeededDice())
            elapsed = time.perf_counter() - started
            results[label] = (len(fake.reads()), len(fake.writes()), elapsed)

        now = T0 + timedelta(minutes=5)
        clock.set(now)
        run("first", now)
        run("no-op", now)
        for login in logins[1:]:
            now += timedelta(seconds=10)
            clock.set(now)
            fake.add_review(1, login, "APPROVED")
        run("decide", now)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="only 9 players, 1 and 10 PRs")
    parser.add_argument("--history", type=int, default=200, help="decided proposals to start with")
    args = parser.parse_args()
    sizes = [(9, 1), (9, 10)] if args.quick else [(p, n) for p in (9, 100) for n in (1, 10, 50)]
    print(f"history: {args.history} decided proposals\n")
    print("| players | open PRs | first: reads / writes / s | no-op: reads / writes / s "
          "| decide: reads / writes / s |")
    print("|---:|---:|---|---|---|")
    for players, open_prs in sizes:
        r = case(players, open_prs, args.history)
        cells = " | ".join(f"{r[k][0]} / {r[k][1]} / {r[k][2]:.2f}" for k in ("first", "no-op",
                                                                           "decide"))
        print(f"| {players} | {open_prs} | {cells} |", flush=True)


if __name__ == "__main__":
    main()
