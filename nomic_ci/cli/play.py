"""Playing a game on a local git repository: init, propose, vote, command, tick."""

from __future__ import annotations

import sys
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from .. import rulesets
from ..core.commitments import commit
from ..core.dice import commitment_of
from ..core.errors import GameError
from ..core.files.adjustments import (ADJUSTMENTS, Adjustment, dump_adjustments,
                                      read_adjustments)
from ..core.files.judgments import RULING, read_judgments
from ..core.files.state import OpenProposal
from ..core.files.statedump import dump_state
from ..core.files.statefile import read_state
from ..core.files.records import Outcome
from ..core.board.boardfile import BOARD, read_board
from ..core.board.corrections import corrected
from ..core.due import refuse_time_past
from ..core.game import Game, load_game
from ..forges.gitplumbing import Git
from ..forges.localforge import LocalForge
from ..forges.localrecords import LocalRecords
from ..reconcile import Report, reconcile
from ..core.wakeups import wakeups
from ..text.front_page import FRONT_PAGE, front_page
from ..text.game_issue import game_begins
from ..text.readmes import render_all
from .bundle import write_bundle
from .dice_secret import local_dice, new_secret
from .gamedir import ends_from, now_from
from .identity import acting_as, known_player
from ..core.times import iso
from ..core.words import number_in
from ..core.players.comment_commands import command_in


def print_report(report: Report) -> None:
    for line in report.lines:
        print(line)


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
    start = now_from(args.now)
    files = rulesets.game_files(args.ruleset, players=seats, start=start,
                                ends=ends_from(args.ends) if args.ends else None,
                                dice_seed=args.dice_seed, admin=args.admin)
    refuse_options_unused(args, load_game(files), start)
    target.mkdir(parents=True, exist_ok=True)
    git = Git(target)
    git.run("init", "--quiet", "--initial-branch=main")
    if not args.public_dice:  # commit, then reveal: the game publishes only the commitment
        state = commit(read_state(files), commitment_of(new_secret(git)), 1)
        files.update(dump_state(state, files))
    game = load_game(files)  # the engine's first run tells it all: the game issue's welcome
    files.update(dump_state(replace(game.state, to_tell=(game_begins(game),)), files))
    files.update(render_all(load_game(files)))
    files[FRONT_PAGE] = front_page(load_game(files), rulesets.describe(args.ruleset)["title"],
                                   rulesets.about(args.ruleset))
    for path, text in files.items():
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        (target / path).write_text(text)
    if not args.game_only:  # the engine and its workflows, the schedule the rules need
        write_bundle(target, wakeups(game.config).cron)
    git.run("add", "--all")
    tree = git.out("write-tree")
    first = git.commit_tree(tree, [], f"Start a game of {args.ruleset}", start)
    git.run("update-ref", "refs/heads/main", first)
    # the forge's records name main the game's branch now, not whichever branch is checked
    # out when the first command runs (a player's proposal branch, in the usual flow)
    LocalRecords(git, "main").save(start)
    git.close()
    game = load_game(files)
    turn = f"; it is {game.state.turn}'s turn" if game.state.turn else ""  # BoredNomic has none
    print(f"Made a game of {args.ruleset} in {target} with "
          f"{', '.join(p.login for p in game.state.players)}{turn}.")
    return 0


def refuse_options_unused(args, game: Game, start: datetime) -> None:
    """An option the ruleset would ignore, or that names no player, is a mistake to say now."""
    name, config, state = args.ruleset, game.config, game.state
    if args.veto:
        logins = {p.login.lower() for p in state.players}
        unknown = [v.strip() for v in args.veto.split(",") if v.strip().lower() not in logins]
        if unknown:
            raise GameError(f"--veto names {', '.join(unknown)}: not among the players",
                            hint="give players' logins to --veto")
        if not any(layer.threshold.kind == "veto" for layer in config.layers):
            raise GameError(f"no rule of {name} needs a veto, so --veto would change nothing",
                            hint="leave out --veto")
    if args.ends and config.ends_at is None:
        raise GameError(f"no rule of {name} ends the game on a date", hint="leave out --ends")
    if args.ends and config.ends_at <= start:
        raise GameError(f"--ends {args.ends} is not after the game's start ({iso(start)})",
                        hint="give a date in the future")
    if args.admin and state.admin is None:
        raise GameError(f"{name} has no Admin", hint="leave out --admin")
    if state.admin is not None and not args.admin:
        raise GameError(f"{name} has an Admin, who vetoes proposals and judges questions",
                        hint="give their login and numeric id with --admin LOGIN:ID; the "
                             "Admin may not be a player")


def cmd_propose(args) -> int:
    now = now_from(args.now)
    forge = LocalForge(Path(args.repo), now, writing=not args.dry_run)
    game = load_game(forge.read_files())
    refuse_time_past(game, now)
    author = refuse_typo(game, args.as_login, args.title)
    key = forge.open_proposal(args.branch, author, args.title)
    if args.dry_run:  # the forge's records stay in memory: nothing is saved or committed
        from .preview import preview_proposal
        lines, opens = preview_proposal(game, forge, key, now)
        print("\n".join(lines))
        return 0 if opens else 1
    report = reconcile(forge, now, local_dice(forge.git))
    game = load_game(forge.read_files())
    open_ = next((o for o in game.state.open_proposals if o.key == key), None)
    record = game.record_for(key)
    number = open_.number if open_ else record.number if record else None
    # "-": it has no number (refused, or a request to join, where only rule-changes have one)
    print(number if number is not None else "-")
    print_report(report)  # says why it is refused or awaits a fix: said once, not again below
    if record is not None and record.outcome is Outcome.REFUSED:
        return 1
    if any(a.key == key for a in game.state.awaiting_fix):
        print(f"nomic-ci: commit the fix on branch {args.branch}, then run 'nomic-ci tick': "
              "it is judged again then", file=sys.stderr)
        return 1
    return 0


def _in_its_vote(game: Game, forge: LocalForge, given: str) -> OpenProposal:
    """The proposal in its vote a player names: by its number, or, for a request to join
    (which takes no number where only rule-changes are numbered), by its branch."""
    number = number_in(given.lstrip("#"))
    if number is not None:
        open_ = next((o for o in game.state.open_proposals if o.number == number), None)
    else:
        open_ = next((o for o in game.state.open_proposals
                      if forge.branch_of(o.key) == given), None)
    if open_ is not None:
        return open_
    # not in its vote: decided? (the history looked through only then, newest first)
    record = next((r for r in game.records.having("number", newest_first=True)
                   if r.number == number), None) if number_in(given) is not None else None
    if record is not None:
        raise GameError(f"proposal {given} is already decided: {record.outcome.value}")
    raise GameError(f"there is no proposal {given} in its vote",
                    hint="'nomic-ci status' lists the proposals; name one by its number, or a "
                         "request to join by its branch")


def cmd_vote(args) -> int:
    now = now_from(args.now)
    forge = LocalForge(Path(args.repo), now)
    game = load_game(forge.read_files())
    refuse_time_past(game, now)
    open_ = _in_its_vote(game, forge, args.proposal)
    voter = refuse_vote_that_cannot_count(game, open_, args.as_login, now)
    head = forge.add_review(open_.key, voter, args.yes)
    print(f"{voter} votes {'yes' if args.yes else 'no'} on {open_.name} (at {head[:7]}).")
    print_report(reconcile(forge, now, local_dice(forge.git)))
    return 0


def cmd_command(args) -> int:
    """A command, written as a player (or the Admin) writes one in a comment, and answered
    at once; its words need no quotes (`/move Prairie`)."""
    now = now_from(args.now)
    text = " ".join((args.name, *args.words))
    if command_in(text) is None:  # the engine would take it for talk, and say nothing
        said = text.strip()
        raise GameError(f"{said!r} is not a command: a command is a word after a slash",
                        hint=f"did you mean /{said}?" if said[:1].isalpha() else
                        "write it as /help (which lists the game's commands) or /pass")
    forge = LocalForge(Path(args.repo), now)
    game = load_game(forge.read_files())
    refuse_time_past(game, now)
    login = acting_as(game, args.as_login, "so the engine reads no command of theirs",
                      admin=True)
    forge.add_comment(login, text)
    report = reconcile(forge, now, local_dice(forge.git))
    print_report(report)
    return 0


def cmd_tick(args) -> int:
    now = now_from(args.now)
    forge = LocalForge(Path(args.repo), now)
    report = reconcile(forge, now, local_dice(forge.git))
    print_report(report)
    if not report.lines:
        print("Nothing is due.")
    return 0


def refuse_typo(game: Game, login: str, title: str) -> str:
    """A proposal is history once made: a mistyped login or an empty title stops it first.
    Someone who is no player may still propose where the rules let them ask to join, and
    the Admin where the rules let them propose while the game is paused. The proposer's
    login, as the game spells it."""
    if not title.strip():
        raise GameError("the title is empty", hint="give --title the proposal's name")
    return acting_as(game, login, "so they may not propose", admin=game.config.pause is not None,
                     others=game.config.join_window is not None)


def cmd_adjust(args) -> int:
    """An admin's correction of a score or of the board: the change and, beside it, who and
    why."""
    now = now_from(args.now)
    if (args.login is None) != (args.points is None) or (args.points == 0 and not args.board) \
            or (args.login is None and not args.board) or not args.reason.strip():
        raise GameError("an adjustment changes some points, or the board, and says why",
                        hint="give LOGIN and a number of points other than 0, or --board FILE, "
                             "and a --reason")
    forge = LocalForge(Path(args.repo), now)
    files = forge.read_files()
    game = load_game(files)
    refuse_time_past(game, now)
    # whoever corrects the game (a repository admin may play in it or not), but not by a slip
    by = acting_as(game, args.as_login, "and too near one's login to be told from a slip",
                   admin=True, others=True)
    state, board, told = game.state, None, []
    counter = getattr(args, "counter", "points")
    judgment = getattr(args, "judgment", None)
    if judgment is not None:
        refuse_uncited_judgment(game, judgment)
    if args.board:
        try:
            text = Path(args.board).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise GameError(f"cannot read {args.board}: {error}",
                            hint="give an edited copy of state/board.yaml") from None
        board = corrected(game, text, args.board)
        state = replace(state, board=read_board(board))
        told.append(f"the board is corrected ({BOARD})")
    player = None
    if args.login is not None and args.points:
        player = known_player(game, args.login, "so there is no score to adjust", option="")
        if counter == "points":
            state = state.with_player(replace(player, points=player.points + args.points))
        else:  # seed 003's money and the like: 12.3 and 12.4 apply after
            from ..core.board.bored.ledger import adjusted, counters  # BoredNomic's
            if "money" not in game.config.board or counter not in counters(game.config):
                raise GameError(f"the rules keep no counter {counter!r} to adjust",
                                hint="give --counter money, level, experience, hit_points or "
                                     "correct_answers, in a game whose rules keep them")
            state = state.with_player(adjusted(game.config, player, counter, args.points))
        after = state.player(player.account)
        now_has = after.points if counter == "points" else \
            after.stat(counter, game.config.starting_stats)
        told.insert(0, f"{player.login} now has {now_has} {counter}")
    adjustment = Adjustment(now, player.login if player else None, args.points or 0,
                            args.reason.strip(), by, board,
                            len(game.actions) if board or counter != "points" else 0, counter,
                            judgment)
    changed = {**dump_state(state, files),
               ADJUSTMENTS: dump_adjustments(read_adjustments(files) + (adjustment,))}
    changed.update(render_all(load_game(files.changed(changed))))
    what = f"{args.points:+d} {counter} to {player.login}" if player else "the board"
    if player and board:
        what += " and the board"
    cites = f"; Judgment {judgment}" if judgment is not None else ""
    forge.write_files(changed, f"nomic-ci adjust: {what} by {by} "
                               f"({adjustment.reason}{cites})")
    forge.finish()
    if player is not None and board is None:
        print(f"{told[0]} ({args.points:+d}, by {by}: {adjustment.reason}); "
              f"recorded in {ADJUSTMENTS}.")
    else:
        print(f"{' and '.join(told)} (by {by}: {adjustment.reason}); recorded in "
              f"{ADJUSTMENTS}.")
    return 0


def refuse_uncited_judgment(game: Game, number: int) -> None:
    """An adjustment carries out a Judge's ruling only where that Judgment has one."""
    known = {j.number: j for j in read_judgments(game.files)}
    if game.state.judgment is not None:
        known[game.state.judgment.number] = game.state.judgment
    if number not in known:
        raise GameError(f"there is no Judgment {number}",
                        hint=f"the Judgments are numbered 1 to {len(known)}; see "
                             "judgments/README.md" if known else "this game has had none")
    if not any(step.did == RULING for step in known[number].steps):
        raise GameError(f"Judgment {number} has no ruling to carry out",
                        hint="adjust once its Judge has ruled")


def refuse_vote_that_cannot_count(game: Game, open_: OpenProposal, login: str,
                                  now: datetime) -> str:
    """A vote the rules would leave out is refused with the reason, not recorded; else the
    voter's login, as the game spells it."""
    config = game.config
    player = known_player(game, login, "so their vote would not count", "--as")
    if config.proposer_votes_yes and player.login == open_.author.login:
        raise GameError(f"{player.login} proposed proposal {open_.number}, which already counts "
                        f"as their yes ({config.cite('proposer_votes_yes')})")
    broke = config.bankrupt_below.of(player, config.starting_stats) \
        if config.bankrupt_below else None
    if broke:
        raise GameError(f"{broke}: a bankrupt player may not vote "
                        f"({config.cite('bankrupt_below')})")
    if config.schedule and not config.schedule.may_vote(now):
        days = config.schedule.describe(config.schedule.vote)
        raise GameError(f"votes count only on the voting days ({days}, "
                        f"{config.cite('schedule')})", hint="vote again on a voting day")
    return player.login
