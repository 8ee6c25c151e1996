"""The command line: play a game on a local git repository, or inspect any game."""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Sequence

from . import rulesets
from .dice import SeededDice
from .engine import Report, reconcile
from .errors import GameError
from .game import load_game
from .voting import tally_at, vote_deadline
from .gitrepo import Git
from .localforge import LocalForge
from .mechanics.values import moment
from .render import render_all, stale_readmes
from .status import status_json
from .verify import verify


def _now(text: str | None) -> datetime:
    # NOMIC_CI_NOW stands in for --now where no flag can be passed (a rehearsal under act)
    text = text or os.environ.get("NOMIC_CI_NOW") or None
    if text is None:
        return datetime.now(timezone.utc).replace(microsecond=0)
    try:
        return moment(text)
    except ValueError:
        raise GameError(f"--now {text!r} is not a time",
                        hint="give an ISO-8601 time with its timezone, such as "
                             "2026-05-01T12:00:00Z") from None


def _working_files(root: Path) -> dict[str, str]:
    """The game's files as they are in the working directory."""
    files = {}
    for folder in ("rules", "state", "proposals"):
        for path in sorted((root / folder).rglob("*")) if (root / folder).is_dir() else ():
            if path.is_file():
                try:
                    files[path.relative_to(root).as_posix()] = path.read_text()
                except UnicodeDecodeError:
                    files[path.relative_to(root).as_posix()] = ""
    if not files:
        raise GameError("no game here (no rules/ or state/)", path=str(root),
                        hint="pass --repo DIR, or make a game with 'nomic-ci init DIR'")
    return files


def _print_report(report: Report) -> None:
    for line in report.lines:
        print(line)


# --- commands --------------------------------------------------------------------------------

def cmd_init(args) -> int:
    target = Path(args.dir)
    if target.exists() and any(target.iterdir()):
        raise GameError("not empty", path=str(target), hint="give a new or empty directory")
    seats = None
    if args.players:
        seats = [rulesets.Seat.parse(p) for p in args.players.split(",") if p.strip()]
    if args.veto:
        vetoes = {v.strip().lower() for v in args.veto.split(",")}
        seats = [rulesets.Seat(s.login, s.id, s.login.lower() in vetoes)
                 for s in seats or [rulesets.Seat.parse(p) for p in
                                    rulesets.describe(args.ruleset)["players"].split(",")]]
    start = _now(args.now)
    files = rulesets.game_files(args.ruleset, players=seats, start=start,
                                ends=moment(args.ends) if args.ends else None,
                                dice_seed=args.dice_seed, admin=args.admin)
    files.update(render_all(load_game(files)))
    target.mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        (target / path).write_text(text)
    git = Git(target)
    git.run("init", "--quiet", "--initial-branch=main")
    git.run("add", "--all")
    tree = git.out("write-tree")
    commit = git.commit_tree(tree, [], f"Start a game of {args.ruleset}", start)
    git.run("update-ref", "refs/heads/main", commit)
    game = load_game(files)
    print(f"Made a game of {args.ruleset} in {target} with "
          f"{', '.join(p.login for p in game.state.players)}; it is {game.state.turn}'s turn.")
    return 0


def cmd_propose(args) -> int:
    now = _now(args.now)
    forge = LocalForge(Path(args.repo), now)
    key = forge.open_proposal(args.branch, args.as_login, args.title)
    report = reconcile(forge, now, SeededDice())
    game = load_game(forge.read_files())
    open_ = next((o for o in game.state.open_proposals if o.key == key), None)
    record = game.record_for(key)
    number = open_.number if open_ else record.number if record else None
    print(number if number is not None else "-")  # "-": refused, and the rules number it not
    _print_report(report)
    if record is not None and record.outcome.value == "refused":
        name = f"proposal {number}" if number is not None else "the proposal"
        print(f"nomic-ci: {name} was refused: {record.reason}", file=sys.stderr)
        return 1
    return 0


def cmd_vote(args) -> int:
    now = _now(args.now)
    forge = LocalForge(Path(args.repo), now)
    game = load_game(forge.read_files())
    open_ = next((o for o in game.state.open_proposals if o.number == args.number), None)
    if open_ is None:
        record = next((r for r in game.records if r.number == args.number), None)
        if record is not None:
            raise GameError(f"proposal {args.number} is already decided: {record.outcome.value}")
        raise GameError(f"there is no proposal {args.number} in its vote",
                        hint="'nomic-ci status' lists the proposals")
    from .model import Account
    if game.state.player(Account(args.as_login)) is None:
        print(f"nomic-ci: {args.as_login} is not a player, so this vote is recorded but will "
              "not count", file=sys.stderr)
    head = forge.add_review(open_.key, args.as_login, args.yes)
    print(f"{args.as_login} votes {'yes' if args.yes else 'no'} on proposal {args.number} "
          f"(at {head[:7]}).")
    _print_report(reconcile(forge, now, SeededDice()))
    return 0


def cmd_command(args) -> int:
    now = _now(args.now)
    forge = LocalForge(Path(args.repo), now)
    forge.add_comment(args.as_login, args.text)
    report = reconcile(forge, now, SeededDice())
    _print_report(report)
    return 0


def cmd_tick(args) -> int:
    now = _now(args.now)
    report = reconcile(LocalForge(Path(args.repo), now), now, SeededDice())
    _print_report(report)
    if not report.lines:
        print("Nothing is due.")
    return 0


def _files_for_reading(root: Path) -> dict[str, str]:
    """The default branch's files in a game repository, else the working directory's."""
    if (root / ".git").exists():
        try:
            return dict(LocalForge(root, datetime.now(timezone.utc)).read_files())
        except GameError:
            pass
    return _working_files(root)


def cmd_status(args) -> int:
    root = Path(args.repo)
    now = _now(args.now)
    game = load_game(_files_for_reading(root))
    live, deadlines = {}, {}
    if (root / ".git").exists() and game.state.open_proposals:
        forge = LocalForge(root, now)
        by_key = {p.key: p for p in forge.proposals({o.key for o in game.state.open_proposals})}
        for open_ in game.state.open_proposals:
            if open_.key in by_key:
                live[open_.number] = tally_at(game, open_, by_key[open_.key], now)
                deadlines[open_.number] = vote_deadline(game, open_, by_key[open_.key])
    if args.json:
        print(json.dumps(status_json(game, live), indent=2))
        return 0
    print(render_all(game)["state/README.md"].split("\n", 2)[2].rstrip())
    for number, tally in live.items():
        deadline = deadlines[number]
        print(f"\nProposal {number}: {tally.yes} yes, {tally.no} no; waiting for "
              f"{', '.join(tally.not_voted) or 'nobody'}"
              + (f"; closes {deadline:%Y-%m-%d %H:%M} UTC" if deadline else ""))
    return 0


def cmd_render(args) -> int:
    root = Path(args.repo)
    files = _working_files(root)
    stale = stale_readmes(files)
    if args.check:
        if stale:
            for path in stale:
                print(f"nomic-ci: {path} is out of date", file=sys.stderr)
            print("  what to do: run 'nomic-ci render' and commit the result", file=sys.stderr)
            return 1
        print("The rendered READMEs are up to date.")
        return 0
    for path, text in render_all(load_game(files)).items():
        if path in stale:
            (root / path).write_text(text)
            print(f"wrote {path}")
    if not stale:
        print("The rendered READMEs were already up to date.")
    return 0


def cmd_verify(args) -> int:
    files = _working_files(Path(args.repo))
    found = verify(files)
    for line in found:
        print(f"nomic-ci: {line}", file=sys.stderr)
    if found:
        return 1
    game = load_game(files)
    dice = sum(len(r.dice) for r in game.records)
    print(f"Verified {len(game.records)} proposal records, {dice} dice and "
          f"{len(game.state.players)} scores: everything adds up.")
    return 0


def cmd_github(args) -> int:
    from . import githubrun
    settings = githubrun.Settings.from_env(os.environ)
    return githubrun.run(settings, _now(args.now), workdir=Path(args.repo))


def cmd_check_proposal(args) -> int:
    from .proposalcheck import check
    ok, lines = check(Path(args.base), Path(args.head))
    for line in lines:
        print(line)
    return 0 if ok else 1


def cmd_demo(args) -> int:
    from .demo import run_demo
    return run_demo(Path(args.dir) if args.dir else None)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="nomic-ci", description="Play Nomic in a git repository: rules are files, "
                                     "proposals are branches or pull requests.")
    top.add_argument("--repo", default=".", help="the game's directory (default: here)")
    top.add_argument("--now", help="the time to act at, ISO-8601 (default: $NOMIC_CI_NOW, "
                                   "else the clock)")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    # the global options may also come after the command; SUPPRESS keeps the ones given first
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--repo", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    common.add_argument("--now", default=argparse.SUPPRESS, help=argparse.SUPPRESS)

    init = commands.add_parser("init", parents=[common], help="make a new game")
    init.add_argument("dir")
    init.add_argument("--ruleset", default=rulesets.DEFAULT, choices=rulesets.names())
    init.add_argument("--players", help="LOGIN[:ID],... in turn order (default: the seed's)")
    init.add_argument("--veto", help="LOGIN,... who hold a veto")
    init.add_argument("--ends", help="the end date, ISO-8601 (default: the ruleset's length)")
    init.add_argument("--dice-seed", help="the dice seed in hex (default: random)")
    init.add_argument("--admin", help="the Admin's login, in rulesets that have one")
    init.set_defaults(run=cmd_init)

    propose = commands.add_parser("propose", parents=[common], help="propose the changes on a branch")
    propose.add_argument("--as", dest="as_login", required=True, metavar="LOGIN")
    propose.add_argument("--branch", required=True)
    propose.add_argument("--title", required=True)
    propose.set_defaults(run=cmd_propose)

    vote = commands.add_parser("vote", parents=[common], help="vote on a proposal")
    vote.add_argument("number", type=int)
    vote.add_argument("--as", dest="as_login", required=True, metavar="LOGIN")
    side = vote.add_mutually_exclusive_group(required=True)
    side.add_argument("--yes", dest="yes", action="store_true")
    side.add_argument("--no", dest="yes", action="store_false")
    vote.set_defaults(run=cmd_vote)

    command = commands.add_parser("command", parents=[common],
                                  help="write a comment such as /pass, as a player")
    command.add_argument("text", help="the comment, such as /pass")
    command.add_argument("--as", dest="as_login", required=True, metavar="LOGIN")
    command.set_defaults(run=cmd_command)
    commands.add_parser("tick", parents=[common], help="decide and apply everything that is due").set_defaults(
        run=cmd_tick)
    status = commands.add_parser("status", parents=[common], help="the scoreboard, the turn and open votes")
    status.add_argument("--json", action="store_true")
    status.set_defaults(run=cmd_status)
    render = commands.add_parser("render", parents=[common], help="rewrite the READMEs from the game's files")
    render.add_argument("--check", action="store_true", help="fail if they are out of date")
    render.set_defaults(run=cmd_render)
    commands.add_parser("verify", parents=[common], help="re-check every roll and score").set_defaults(
        run=cmd_verify)
    github = commands.add_parser("github", parents=[common],
                                 help="run the engine on GitHub (from the engine workflow)")
    github.add_argument("action", choices=["reconcile"])
    github.set_defaults(run=cmd_github)
    check = commands.add_parser("check-proposal", parents=[common],
                                help="check a proposal's files against the default branch's rules")
    check.add_argument("--base", required=True, help="a checkout of the default branch")
    check.add_argument("--head", required=True, help="a checkout of the proposal")
    check.set_defaults(run=cmd_check_proposal)
    demo = commands.add_parser("demo", parents=[common], help="play a short scripted game")
    demo.add_argument("dir", nargs="?")
    demo.set_defaults(run=cmd_demo)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except GameError as error:
        print(f"nomic-ci: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
