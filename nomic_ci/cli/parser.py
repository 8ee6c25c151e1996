"""The command line: its parser and entry point. Each command lives with its kind:
playing (`play`), looking (`status`), checking the game's files (`inspection`), GitHub
(`github_reconcile`), checking a proposal (`check_proposal`) and the demo. A command's
module is imported when it runs, so `--help` and `status` start without PyGithub and the
rest of the engine."""

from __future__ import annotations

import argparse
import os
import sys
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Callable, Sequence

from ..core.errors import GameError

RULESETS = ("default", "borednomic", "infinite-nomic-r7", "infinite-nomic-r7-start",
            "suber-initial-set")


def lazy(module: str, name: str) -> Callable[[argparse.Namespace], int]:
    """The function `name` of `nomic_ci.cli.<module>`, imported when the command runs."""
    def run(args: argparse.Namespace) -> int:
        return getattr(import_module(f"{__package__}.{module}"), name)(args)
    return run


class Version(argparse.Action):
    """`--version`: the installed package's, read only when asked for; run from a checkout
    that is not installed (as the workflows run it), its pyproject.toml's."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from importlib import metadata
        try:
            version = metadata.version("nomic-ci")
        except metadata.PackageNotFoundError:
            version = _source_version()
        print(f"nomic-ci {version}")
        parser.exit()


def _source_version() -> str:
    import tomllib
    try:
        with open(Path(__file__).resolve().parents[2] / "pyproject.toml", "rb") as project:
            return f"{tomllib.load(project)['project']['version']} (from its source)"
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "(from its source, of an unknown version)"


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


# the commands, as `nomic-ci --help` lists them (`asked_command` builds one alone)
COMMANDS = ("init", "propose", "vote", "command", "adjust", "tick", "status", "render", "verify",
            "github", "check-proposal", "dice", "doctor", "host", "demo")


def asked_command(argv: Sequence[str]) -> str | None:
    """The command `argv` names when only the global options come before it, whose parser
    alone is then built: building all of them was a twentieth of `status`'s start-up. None
    where anything else comes first (--help, --version, an abbreviated option)."""
    word = command_word(argv)
    return word if word in COMMANDS else None


def command_word(argv: Sequence[str]) -> str | None:
    """The first word after the global options, where the command goes (None: no word)."""
    words = iter(argv)
    for word in words:
        if word in ("--repo", "--now"):
            next(words, None)  # its value
        elif not word.startswith(("--repo=", "--now=")):
            return word
    return None


def no_such_command(word: str) -> str:
    """What to say of a command that is not one: the nearest, if one is near (a suggestion,
    run by no one), else the list."""
    import difflib
    near = difflib.get_close_matches(word.lower(), COMMANDS, n=1)
    return f"there is no command {word!r}: " + (
        f"did you mean '{near[0]}'?" if near else
        f"the commands are {', '.join(COMMANDS)} (nomic-ci --help says what each does)")


def columns() -> int:
    """The terminal's width as argparse reads it (`shutil.get_terminal_size`: $COLUMNS, else
    the terminal's, else 80), without importing shutil, which loads three compression
    modules: a fiftieth of `status`'s start-up, for a width only --help and errors use."""
    try:
        given = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        given = 0
    if given > 0:
        return given
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


EXAMPLE = "example:"  # what begins a command's epilog


class Formatter(argparse.HelpFormatter):
    """argparse's help, as wide as argparse makes it (`columns`)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         columns() - 2 if width is None else width)


class CommandFormatter(Formatter):
    """A command's help: its description filled to 79 columns, its example kept as written.
    Filled here, when the help is shown, not as the parser is built: textwrap was a sixtieth
    of `status`'s start-up."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith(EXAMPLE):
            return argparse.RawDescriptionHelpFormatter._fill_text(self, text, width, indent)
        import textwrap
        return textwrap.fill(text, 79)


@cache  # the same for every command a process runs (the demo's, the tests' in-process runs)
def parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: with `only`, that command's alone (see `asked_command`)."""
    top = argparse.ArgumentParser(
        prog="nomic-ci", description="Play Nomic in a git repository: rules are files, "
                                     "proposals are branches or pull requests.",
        formatter_class=Formatter)
    top.add_argument("--version", action=Version, nargs=0, help="print the version and exit")
    top.add_argument("--repo", default=".", help="the game's directory (default: here)")
    top.add_argument("--now", help="the time to act at, ISO-8601 (default: $NOMIC_CI_NOW, "
                                   "else the clock)")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    # the global options may also come after the command; SUPPRESS keeps the ones given first
    common = argparse.ArgumentParser(add_help=False, formatter_class=Formatter)
    common.add_argument("--repo", default=argparse.SUPPRESS, metavar="DIR",
                        help="the game's directory (default: the game around here)")
    common.add_argument("--now", default=argparse.SUPPRESS, metavar="ISO-8601",
                        help="the time to act at (default: $NOMIC_CI_NOW, else the clock)")

    def command(name: str, summary: str, example: str, about: str = "", *,
                run: Callable[[argparse.Namespace], int]) -> argparse.ArgumentParser | None:
        """A subcommand whose --help says what it does and shows it used; None when
        another command is the one to build."""
        assert name in COMMANDS, name
        if only not in (None, name):
            return None
        sub = commands.add_parser(
            name, parents=[common], help=summary, epilog=f"{EXAMPLE}\n  {example}",
            description=about or f"{summary[0].upper()}{summary[1:]}.",
            formatter_class=CommandFormatter)
        # `parsed_by`: an option the command does not know is said with its usage, not
        # the top's (argparse leaves what a subcommand does not know to the top parser)
        sub.set_defaults(run=run, parsed_by=sub)
        return sub

    if init := command(
            "init", "make a new game",
            "nomic-ci init mygame --players alice,bob,carol --veto alice",
            "Make a new game in a new directory, as a git repository on main, ready to push to "
            "GitHub: the ruleset's rules, the players' state, the rendered READMEs, a front "
            "page for players, and the engine with the workflows that run it (on the schedule "
            "the rules need) and their pinned dependencies.",
            run=lazy("play", "cmd_init")):
        init.add_argument("dir", help="the new game's directory (new or empty)")
        init.add_argument("--ruleset", default=RULESETS[0], choices=RULESETS,
                          help=f"the rules to start from (default: {RULESETS[0]})")
        init.add_argument("--players", metavar="LOGIN[:ID],...",
                          help="the players in turn order, each with their numeric GitHub "
                               "user id for a game on GitHub (default: the seed's)")
        init.add_argument("--veto", metavar="LOGIN,...", help="the players who hold a veto")
        init.add_argument("--ends", metavar="DATE",
                          help="the end date (default: the ruleset's length after the start)")
        init.add_argument("--dice-seed", metavar="HEX", help="the dice seed (default: random)")
        init.add_argument("--admin", metavar="LOGIN[:ID]",
                          help="the Admin's login and numeric id, in rulesets that have one")
        init.add_argument("--game-only", action="store_true",
                          help="only the game's files, to play on this machine: without the "
                               "engine and the workflows that run it on GitHub")
        init.add_argument("--public-dice", action="store_true",
                          help="roll from the public seed alone (anyone can foresee the "
                               "rolls); by default the dice come from a secret kept in "
                               ".git/nomic-ci/")

    if propose := command(
            "propose", "propose the changes on a branch",
            "nomic-ci propose --as alice --branch race-to-50 --title 'Race to 50' --dry-run",
            "Propose the difference between a branch and main; print the proposal's number on "
            "the first line. A refused proposal exits with 1 and says why.",
            run=lazy("play", "cmd_propose")):
        propose.add_argument("--as", dest="as_login", required=True, metavar="LOGIN",
                             help="the player who proposes")
        propose.add_argument("--branch", required=True,
                             help="the local branch holding the change")
        propose.add_argument("--title", required=True, help="the proposal's title")
        propose.add_argument("--dry-run", action="store_true",
                             help="show what the proposal involves, needs and would change, "
                                  "and record nothing")

    if vote := command(
            "vote", "vote on a proposal", "nomic-ci vote 3 --as bob --yes",
            "Vote on the current version of a proposal in its vote. A vote that could not "
            "count is refused with the reason and not recorded.",
            run=lazy("play", "cmd_vote")):
        vote.add_argument("proposal", metavar="PROPOSAL",
                          help="its number; for a request to join, which takes none, its branch")
        vote.add_argument("--as", dest="as_login", required=True, metavar="LOGIN",
                          help="the player who votes")
        side = vote.add_mutually_exclusive_group(required=True)
        side.add_argument("--yes", dest="yes", action="store_true", help="vote for it")
        side.add_argument("--no", dest="yes", action="store_false", help="vote against it")

    if comment := command(
            "command", "write a command such as /pass, as a player",
            "nomic-ci command --as carol /move Prairie",
            "Write a command as a player (or the Admin) writes one in a comment on the game; "
            "the engine handles it (/pass, /active, /inactive, /veto N, /help, /status, a "
            "board's /roll or /move LOCATION) as the rules in force allow, and answers it. "
            "Its words need no quotes. Someone who is not in the game is refused, with the "
            "nearest player's login.",
            run=lazy("play", "cmd_command")):
        comment.add_argument("name", metavar="/COMMAND", help="the command, such as /move")
        comment.add_argument("words", nargs="*", default=[], metavar="WORD",
                             help="its words, such as Prairie")
        comment.add_argument("--as", dest="as_login", required=True, metavar="LOGIN",
                             help="the player who writes it")

    if adjust := command(
            "adjust", "correct a player's points, or the board, by hand, saying who and why",
            "nomic-ci adjust bob -3 --as admin --reason 'rolled twice by mistake'",
            "Correct a score outside any proposal (a mistake, a ruling): the points change in "
            "state/players.yaml and proposals/adjustments.yaml records who and why, so `verify` "
            "still adds up. With --board FILE (an edited copy of state/board.yaml), the board "
            "becomes FILE's, recorded the same way. On GitHub, run it in a clone and push the "
            "commit it makes.",
            run=lazy("play", "cmd_adjust")):
        adjust.add_argument("login", nargs="?", help="the player whose points change")
        adjust.add_argument("points", type=int, nargs="?",
                            help="points to add (negative: to take away)")
        adjust.add_argument("--board", metavar="FILE", help="the board as it should stand: "
                                                            "an edited copy of state/board.yaml")
        adjust.add_argument("--reason", required=True, help="why, as players will read it")
        adjust.add_argument("--counter", default="points", metavar="NAME",
                            help="another counter the rules keep, such as money (BoredNomic)")
        adjust.add_argument("--as", dest="as_login", required=True, metavar="LOGIN",
                            help="who makes the correction: the game's admin")
        adjust.add_argument("--judgment", type=int, metavar="N",
                            help="the Judgment whose ruling this carries out (rule 211 of "
                                 "Suber's set): it is cited, and verify checks it was ruled")

    command("tick", "decide and apply everything that is due",
            "nomic-ci --now 2026-05-03T12:00:00Z tick",
            "Decide and apply everything that is due (votes whose window closed, idle turns, "
            "the end date); every other command does this first too.",
            run=lazy("play", "cmd_tick"))

    if status := command(
            "status", "the scoreboard, the turn and open votes", "nomic-ci status --json",
            "Show the game as of now: the scoreboard, the turn, where each open vote stands, "
            "and what a `tick` would apply. It decides nothing.",
            run=lazy("status", "cmd_status")):
        status.add_argument("--json", action="store_true",
                            help="print one JSON object (turn, winners, over, players, "
                                 "proposals, due)")

    if render := command(
            "render", "rewrite the READMEs from the game's files", "nomic-ci render --check",
            "Rewrite rules/README.md, state/README.md, proposals/README.md and the score chart "
            "from the files in the working directory; rebuild the records' indexes, and move "
            "records a game made before kept at the top of proposals/ and actions/ into their "
            "folders of a hundred.",
            run=lazy("inspection", "cmd_render")):
        render.add_argument("--check", action="store_true", help="fail if they are out of date")

    command("verify", "re-check every roll and score", "nomic-ci verify",
            "Re-roll every recorded die from its inputs and re-add every score from the "
            "records; fail naming the record or player that does not add up.",
            run=lazy("inspection", "cmd_verify"))

    if github := command(
            "github", "run the engine on GitHub (from the engine workflow)",
            "GITHUB_TOKEN=... GITHUB_REPOSITORY=owner/game nomic-ci github reconcile",
            "One engine run on GitHub, as .github/workflows/engine.yml calls it; it reads "
            "GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL, NOMIC_ENGINE_LOGIN and "
            "NOMIC_DICE_SECRET from the environment.",
            run=cmd_github):
        github.add_argument("action", choices=["reconcile"],
                            help="what to do: reconcile the game")

    if check := command(
            "check-proposal", "check a proposal's files against the default branch's rules",
            "nomic-ci check-proposal --base main-checkout --head pr-checkout",
            "Compare two checkouts as data (the proposal's code is never run) and say which "
            "rules the proposal involves, the threshold it needs, and its problems; exit with "
            "1 on a problem.",
            run=cmd_check_proposal):
        check.add_argument("--base", required=True, help="a checkout of the default branch")
        check.add_argument("--head", required=True, help="a checkout of the proposal")

    if dice := command(
            "dice", "replace the dice secret: the old one is revealed, so every roll made "
                    "under it can be re-checked", "nomic-ci dice rotate",
            run=lazy("dice_secret", "cmd_dice")):
        dice.add_argument("action", choices=["rotate"], help="what to do: rotate the secret")

    if doctor := command(
            "doctor", "check a game repository before it goes live, and after",
            "nomic-ci --repo mygame doctor --github owner/mygame",
            "Check, offline, what a game on GitHub needs: the workflows present and pinned, "
            "the engine step able to start, the schedule the rules need, the game's files "
            "valid, rendered and adding up, every player with a numeric id, the dice secret "
            "held here the one the game is committed to. With --github, check over GitHub's "
            "API (with GH_TOKEN, or `gh auth token`) what only GitHub knows: workflows "
            "enabled, the secrets and the App's variable, the branch ruleset, the players' "
            "accounts, fork pull requests' settings.",
            run=lazy("doctor", "cmd_doctor")):
        doctor.add_argument("--github", metavar="OWNER/NAME",
                            help="the game's repository on GitHub, to check it there too")

    if host := command(
            "host", "make a game and start it on GitHub, in one command",
            "nomic-ci host alice/nomic --players alice,bob,carol",
            "Start a game on GitHub with your token (GH_TOKEN, or `gh auth token`): look up "
            "each player's numeric id, make the game in DIR (default: the repository's name; "
            "keep it: it holds the dice secret), create the repository (or fill an empty "
            "one), push the game, set the NOMIC_DICE_SECRET Actions secret to the secret the "
            "game is committed to, set the default branch's ruleset where the plan allows, "
            "and start the engine's first run, which opens the game issue. Run again, it "
            "changes nothing; with --app-id and --app-key it adds the GitHub App.",
            run=lazy("host", "cmd_host")):
        host.add_argument("repository", metavar="OWNER/NAME",
                          help="the repository: new, or empty, or the one this made before")
        host.add_argument("--players", metavar="LOGIN,...",
                          help="the players' GitHub logins, in turn order")
        host.add_argument("--ruleset", default=RULESETS[0], choices=RULESETS,
                          help=f"the rules to start from (default: {RULESETS[0]})")
        host.add_argument("--veto", metavar="LOGIN,...", help="the players who hold a veto")
        host.add_argument("--admin", metavar="LOGIN",
                          help="the Admin's login, in rulesets that have one")
        host.add_argument("--ends", metavar="DATE", help="the end date (default: the "
                                                             "ruleset's length after now)")
        host.add_argument("--dir", metavar="DIR",
                          help="where the game is made and kept (default: ./NAME)")
        host.add_argument("--private", action="store_true",
                          help="make the repository private (Actions minutes then count)")
        host.add_argument("--app-id", metavar="ID", help="the engine's GitHub App's id")
        host.add_argument("--app-key", metavar="FILE.pem", help="a private key of that App")

    if demo := command(
            "demo", "play a short scripted game", "nomic-ci demo /tmp/demo-game",
            "Play a short scripted game, narrating each step, in DIR (kept) or a temporary "
            "directory (removed at the end).",
            run=cmd_demo):
        demo.add_argument("dir", nargs="?",
                          help="where to play it (default: a temporary directory)")
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
    argv = sys.argv[1:] if argv is None else argv
    word = command_word(argv)
    if word is not None and word not in COMMANDS and not word.startswith("-"):
        parser().error(no_such_command(word))  # exits with 2, as argparse does
    args, unknown = parser(asked_command(argv)).parse_known_args(argv)
    if unknown:
        args.parsed_by.error(f"unrecognized arguments: {' '.join(unknown)}")  # exits with 2
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
        import traceback
        where = traceback.extract_tb(error.__traceback__)[-1]
        print(f"nomic-ci: internal error: {type(error).__name__}: {error} (at "
              f"{Path(where.filename).name}:{where.lineno})\n  what to do: the game changes all "
              "at once or not at all, so nothing was half-written; run the command again, and "
              "report this message if it happens again", file=sys.stderr)
        return 3
