"""The command line: its parser and entry point. Each command lives with its kind:
playing (`play`), looking (`inspection`), GitHub (`github_reconcile`), checking a
proposal (`check_proposal`) and the demo. A command's module is imported when it
runs, so `--help` and `status` start without PyGithub and the rest of the engine."""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from pathlib import Path
from typing import Callable, Sequence

from importlib import import_module

from ..core.errors import GameError

RULESETS = ("default", "borednomic", "infinite-nomic-r7", "suber-initial-set")


def lazy(module: str, name: str) -> Callable[[argparse.Namespace], int]:
    """The function `name` of `nomic_ci.cli.<module>`, imported when the command runs."""
    def run(args: argparse.Namespace) -> int:
        return getattr(import_module(f"{__package__}.{module}"), name)(args)
    return run


class Version(argparse.Action):
    """`--version`: the installed package's, read only when asked for."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from importlib import metadata
        print(f"nomic-ci {metadata.version('nomic-ci')}")
        parser.exit()


def cmd_github(args) -> int:
    from . import github_reconcile
    from .gamedir import now_from
    settings = github_reconcile.Settings.from_env(os.environ)
    return github_reconcile.run(settings, now_from(args.now), workdir=Path(args.repo))


def cmd_check_proposal(args) -> int:
    from . import check_proposal
    ok, lines = check_proposal.check(Path(args.base), Path(args.head))
    for line in lines:
        print(line)
    return 0 if ok else 1


def cmd_demo(args) -> int:
    from . import demo
    # the demo plays through the same entry point players use, handed to it
    return demo.run_demo(Path(args.dir) if args.dir else None, main)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="nomic-ci", description="Play Nomic in a git repository: rules are files, "
                                     "proposals are branches or pull requests.")
    top.add_argument("--version", action=Version, nargs=0, help="print the version and exit")
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
    init.add_argument("--ruleset", default=RULESETS[0], choices=RULESETS)
    init.add_argument("--players", help="LOGIN[:ID],... in turn order (default: the seed's)")
    init.add_argument("--veto", help="LOGIN,... who hold a veto")
    init.add_argument("--ends", help="the end date, ISO-8601 (default: the ruleset's length)")
    init.add_argument("--dice-seed", help="the dice seed in hex (default: random)")
    init.add_argument("--admin", metavar="LOGIN[:ID]",
                      help="the Admin's login and numeric id, in rulesets that have one")
    init.add_argument("--public-dice", action="store_true",
                      help="roll from the public seed alone (anyone can foresee the rolls); "
                           "by default the dice come from a secret kept in .git/nomic-ci/")
    init.set_defaults(run=lazy("play", "cmd_init"))

    propose = commands.add_parser("propose", parents=[common], help="propose the changes on a branch")
    propose.add_argument("--as", dest="as_login", required=True, metavar="LOGIN")
    propose.add_argument("--branch", required=True)
    propose.add_argument("--title", required=True)
    propose.set_defaults(run=lazy("play", "cmd_propose"))

    vote = commands.add_parser("vote", parents=[common], help="vote on a proposal")
    vote.add_argument("proposal", metavar="PROPOSAL",
                      help="its number; for a request to join, which takes none, its branch")
    vote.add_argument("--as", dest="as_login", required=True, metavar="LOGIN")
    side = vote.add_mutually_exclusive_group(required=True)
    side.add_argument("--yes", dest="yes", action="store_true")
    side.add_argument("--no", dest="yes", action="store_false")
    vote.set_defaults(run=lazy("play", "cmd_vote"))

    command = commands.add_parser("command", parents=[common],
                                  help="write a comment such as /pass, as a player")
    command.add_argument("text", help="the comment, such as /pass")
    command.add_argument("--as", dest="as_login", required=True, metavar="LOGIN")
    command.set_defaults(run=lazy("play", "cmd_command"))
    adjust = commands.add_parser(
        "adjust", parents=[common], help="correct a player's points by hand, saying who and why",
        description="Correct a score outside any proposal (a mistake, a ruling): the points "
                    "change in state/players.yaml and proposals/adjustments.yaml records who "
                    "and why, so `verify` still adds up. On GitHub, run it in a clone and push "
                    "the commit it makes. Example: nomic-ci adjust bob -3 --as admin "
                    "--reason 'rolled twice by mistake'")
    adjust.add_argument("login", help="the player whose points change")
    adjust.add_argument("points", type=int, help="points to add (negative: to take away)")
    adjust.add_argument("--reason", required=True, help="why, as players will read it")
    adjust.add_argument("--as", dest="as_login", required=True, metavar="LOGIN",
                        help="who makes the correction: the game's admin")
    adjust.set_defaults(run=lazy("play", "cmd_adjust"))
    commands.add_parser("tick", parents=[common], help="decide and apply everything that is due").set_defaults(
        run=lazy("play", "cmd_tick"))
    status = commands.add_parser("status", parents=[common], help="the scoreboard, the turn and open votes")
    status.add_argument("--json", action="store_true")
    status.set_defaults(run=lazy("inspection", "cmd_status"))
    render = commands.add_parser("render", parents=[common], help="rewrite the READMEs from the game's files")
    render.add_argument("--check", action="store_true", help="fail if they are out of date")
    render.set_defaults(run=lazy("inspection", "cmd_render"))
    commands.add_parser("verify", parents=[common], help="re-check every roll and score").set_defaults(
        run=lazy("inspection", "cmd_verify"))
    github = commands.add_parser("github", parents=[common],
                                 help="run the engine on GitHub (from the engine workflow)")
    github.add_argument("action", choices=["reconcile"])
    github.set_defaults(run=cmd_github)
    check = commands.add_parser("check-proposal", parents=[common],
                                help="check a proposal's files against the default branch's rules")
    check.add_argument("--base", required=True, help="a checkout of the default branch")
    check.add_argument("--head", required=True, help="a checkout of the proposal")
    check.set_defaults(run=cmd_check_proposal)
    dice = commands.add_parser("dice", parents=[common],
                               help="replace the dice secret: the old one is revealed, so "
                                    "every roll made under it can be re-checked")
    dice.add_argument("action", choices=["rotate"])
    dice.set_defaults(run=lazy("dice_secret", "cmd_dice"))
    commands.add_parser(
        "doctor", parents=[common], help="check a game repository before it goes live",
        description="Check, offline, what a game on GitHub needs: the workflows present and "
                    "pinned, the game's files valid, rendered and adding up, every player "
                    "with a numeric id; and list what to check on GitHub itself. Example: "
                    "nomic-ci --repo mygame doctor").set_defaults(run=lazy("doctor", "cmd_doctor"))
    demo = commands.add_parser("demo", parents=[common], help="play a short scripted game")
    demo.add_argument("dir", nargs="?")
    demo.set_defaults(run=cmd_demo)
    return top


# the commands that act on a game: run from a folder inside it, they find it as git does
IN_A_GAME = {"propose", "vote", "command", "adjust", "tick", "status", "render", "verify", "dice",
             "doctor"}


def game_root(start: Path) -> Path:
    """The nearest folder at or above `start` that holds a game (rules/ and state/), not
    looking past the repository's top; `start` itself when there is none."""
    for folder in (start, *start.parents):
        if (folder / "rules").is_dir() and (folder / "state").is_dir():
            return folder
        if (folder / ".git").exists():
            break
    return start


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command in IN_A_GAME and args.repo == ".":
        args.repo = str(game_root(Path.cwd()))
    try:
        code = args.run(args)
        sys.stdout.flush()  # here, where a reader that went away is caught, not at exit
        return code
    except BrokenPipeError:  # `nomic-ci status | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except GameError as error:
        print(f"nomic-ci: error: {error}", file=sys.stderr)
        return 2
    except Exception as error:  # a bug: no traceback for players, but where it happened
        where = traceback.extract_tb(error.__traceback__)[-1]
        print(f"nomic-ci: internal error: {type(error).__name__}: {error} (at "
              f"{Path(where.filename).name}:{where.lineno})\n  what to do: the game changes all "
              "at once or not at all, so nothing was half-written; run the command again, and "
              "report this message if it happens again", file=sys.stderr)
        return 3
