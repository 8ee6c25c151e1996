"""Comment commands: a player writes `/pass` (and the like) in a comment, the engine acts.

Each comment is handled once (the id of one that changed the game is kept in the state
while a run's listing can still return it; one that changed nothing is marked by its
answer on the forge), only from whom the rule allows, and answered with what was done or
why not. An edited comment does not count. Every comment of a player's that starts with `/` is answered:
`/help` and `/status` whatever the rules, the rules' own commands, and anything
else with the list of commands there are.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Callable, Mapping, Sequence

from ..facts import Comment, Proposal
from ..game import Game
from ..times import iso
from ..transitions import Act, Activate, Command, Deactivate, PassTurn, Pause, Refuse
from ..turns import next_player
from ..board.games import COMMANDS as BOARD_COMMANDS  # every game's, by name
from ..words import number_in
from . import judgment_commands
from .judgment import turn_waits
from .proposers import may_propose_now


# A run lists the comments written or edited since the game last changed, less this margin
# for a forge slow to list a new one: every earlier comment was seen by the run that made
# that change, so the listing, and the handled ids the state keeps, do not grow with history.
LISTING_MARGIN = timedelta(days=1)


# How far a position a run keeps for the next (`answered_before`) stays behind the run's
# clock: a comment the forge lists late, or stamped by a clock a little ahead, is listed again.
KEPT_MARGIN = timedelta(minutes=5)


def listed_since(game: Game) -> datetime:
    """Where a run's listing of comments starts, where no earlier run kept a later start."""
    return game.state.last_change - LISTING_MARGIN


def answered_before(game: Game, comments: Sequence[Comment], listed_from: datetime,
                    now: datetime, listed_to: datetime | None = None) -> datetime:
    """Where a later run's listing may start, from what this run listed (`comments`, from
    `listed_from`, to `listed_to` where it stopped short): no later than its clock less
    `KEPT_MARGIN`, nor than where it stopped, nor than any player's command whose reply was
    not listed with it (one answered since is passed by the next run, which lists its reply;
    one the state records as handled, too, so that whatever lists it later lists its reply,
    and the state may forget it). Talk and strangers' comments do not hold it back; nothing
    a comment says moves it."""
    waiting = [c.at for c in comments if c.at >= listed_from and not c.answered
               and is_command(game, c)]
    stopped = [listed_to] if listed_to is not None else []
    return max(listed_from, min([now - KEPT_MARGIN, *stopped, *waiting]))


def command_name(comment: Comment) -> str | None:
    """`pass` for a comment whose first line is `/pass`; None for an ordinary comment."""
    return command_in(comment.body)


def command_in(text: str) -> str | None:
    """`pass` for a text whose first line is `/pass`; None for one that holds no command."""
    first = text.strip().splitlines()[0].strip() if text.strip() else ""
    if not first.startswith("/") or len(first) < 2:
        return None
    return first[1:].split()[0].lower()


def is_command(game: Game, comment: Comment) -> bool:
    """A `/…` comment from a player or the Admin: anything else is just talk."""
    return command_name(comment) is not None and (
        game.state.player(comment.author) is not None or game.state.is_admin(comment.author))


def commands_in_force(game: Game) -> tuple[str, ...]:
    paused = ("pause",) if game.config.pause else ()  # the pause binding brings its command
    given: tuple[str, ...] = ()
    if game.config.board:
        from ..board.actions import commands_given  # only a game with a board loads it
        given = commands_given(game)
    return (*game.config.commands, *paused, *judgment_commands.given(game), *given, *ALWAYS)


def handle(game: Game, comment: Comment, at: datetime,
           proposals: Mapping[str, Proposal]) -> Command:
    name = command_name(comment)
    assert name is not None
    if comment.edited:
        return Command(at, comment, None, f"/{name} was edited after it was posted, and an "
                                          "edited command does not count: post a new comment")
    if game.state.over and name not in ALWAYS:  # a last word still gets an answer
        return Command(at, comment, None, _over(game, name))
    allowed = commands_in_force(game)
    if name not in allowed:
        known = ", ".join(f"/{c}" for c in allowed)
        why = (f"the rules in force have no /{name} command" if name in HANDLERS
               or name in BOARD_COMMANDS else f"there is no /{name} command")
        from difflib import get_close_matches  # only for a command that is not one
        near = get_close_matches(name, allowed, n=1)  # a suggestion: nothing is done
        the = f": did you mean /{near[0]}? The" if near else "; the"
        return Command(at, comment, None, f"{why}{the} commands are {known}")
    if name not in HANDLERS:  # allowed, so one of the board's: this game has a board
        from ..board.actions import judge
        from ..board.rooms import commands
        player = game.state.player(comment.author)
        if commands(game)[name].admin:  # seed 003: the Admin judges, and is no player
            if not game.state.is_admin(comment.author):
                return Command(at, comment, None, f"only the Admin "
                                                  f"({game.state.admin or 'nobody'}) may /{name}")
            login = game.state.admin
        elif player is None:
            return Command(at, comment, None, f"{comment.author.login} is not a player")
        else:
            login = player.login
        words = comment.body.strip().splitlines()[0].split()[1:]
        why = _waiting(game, name) or judge(game, at, login, name, words)
        if why is not None:
            return Command(at, comment, None, f"/{name} is not allowed: {why}")
        first = comment.body.strip().splitlines()[0].strip()
        return Command(at, comment, Act(at, login, first, comment.id), "done")
    effect, answer = HANDLERS[name](game, comment, at, proposals)
    return Command(at, comment, effect, answer)


def _over(game: Game, name: str) -> str:
    state = game.state
    won = " and ".join(state.winners) + " won" if state.winners else "no one won"
    return (f"/{name} is not allowed: the game is over ({won}; it ended at "
            f"{iso(state.ended_at)}), and only /help and /status answer now")


def _waiting(game: Game, name: str) -> str | None:
    """Why a command of the turn's may not be given now: the turn is over, and the next
    waits for consent while Judgment is pending (seed 001 rule 211)."""
    if not turn_waits(game.state):
        return None
    from ..board.rooms import commands  # a board's command: this game has a board
    if name != "pass" and not commands(game)[name].on_turn:
        return None
    return (f"{game.state.turn}'s turn is over, and the next begins once the other active "
            f"players consent, Judgment {game.state.judgment.number} being pending "
            f"({game.config.cite('judgment')})")


def _pass(game: Game, comment: Comment, at: datetime, _proposals):
    state, cite = game.state, game.config.cite("commands")
    player = state.player(comment.author)
    if player is None or state.turn != player.login:
        return None, f"only the player whose turn it is may /pass (it is {state.turn}'s turn)"
    if turn_waits(state):
        return None, _waiting(game, "pass")
    if game.config.board:
        from ..board.rooms import holds_turn  # only a game with a board loads it
        held = holds_turn(game)
        if held is not None:
            return None, held
    following = next_player(state, game.config, player.login)
    return (PassTurn(at, player.login, following, f"{player.login} ended their turn ({cite})",
                     by_player=True),
            f"{player.login} passes: it is now {following}'s turn")


def _active(game: Game, comment: Comment, at: datetime, _proposals):
    player = game.state.player(comment.author)
    if player is None:
        return None, f"{comment.author.login} is not a player"
    if player.active:
        return None, f"{player.login} is already active"
    return (Activate(at, player.login, f"{player.login} declared they are active"),
            f"{player.login} is active again")


def _inactive(game: Game, comment: Comment, at: datetime, _proposals):
    player = game.state.player(comment.author)
    if player is None:
        return None, f"{comment.author.login} is not a player"
    if not player.active:
        return None, f"{player.login} is already inactive"
    return (Deactivate(at, player.login, f"{player.login} declared they are no longer active"),
            f"{player.login} is inactive now")


def _veto(game: Game, comment: Comment, at: datetime, proposals: Mapping[str, Proposal]):
    state, cite = game.state, game.config.cite("commands")
    if not state.is_admin(comment.author):
        return None, f"only the Admin ({state.admin or 'nobody'}) may /veto"
    words = comment.body.strip().split()
    number = number_in(words[1].lstrip("#")) if len(words) > 1 else None
    open_ = next((o for o in state.open_proposals
                  if number is not None and o.number == number), None)
    if open_ is None or open_.key not in proposals:
        return None, (f"there is no proposal {number} in its vote to veto" if number is not None
                      else "say which proposal in its vote to veto: /veto N")
    return (Refuse(at, proposals[open_.key], open_.number, f"vetoed by the Admin, "
                   f"{state.admin} ({cite})", open_), f"proposal {open_.number} is vetoed")


def _pause(game: Game, comment: Comment, at: datetime, _proposals):
    state, cite = game.state, game.config.cite("pause")
    if not state.is_admin(comment.author):
        return None, f"only the Admin ({state.admin or 'nobody'}) may /pause the game ({cite})"
    if state.paused_since is not None:
        return None, "the game is already paused"
    return (Pause(at, f"the Admin, {state.admin}, judged that the game cannot go on ({cite})"),
            f"the game is paused ({cite}): players make no proposals; the Admin makes the only "
            "proposal of the week, and the game goes on once one of theirs is accepted")


WHAT = {"pass": "end your turn", "active": "say you are active again",
        "inactive": "say you are away", "veto": "veto a proposal in its vote (the Admin)",
        "pause": "pause the game while it cannot go on (the Admin)",
        "help": "what you may do now", "status": "the turn, the scores and the open votes",
        **judgment_commands.WHAT}


def _help(game: Game, comment: Comment, at: datetime, _proposals):
    """What this player (or the Admin) may do now, first, then the rest: one a line."""
    state = game.state
    what = dict(WHAT)
    board = {}
    if game.config.board:  # the board's commands, in a game with one
        from ..board.rooms import commands
        board = commands(game)
        what.update((name, command.what) for name, command in board.items())
    player = state.player(comment.author)
    now, later = [], []
    for name in commands_in_force(game):
        (now if _may_now(game, comment, name, board.get(name)) else later).append(
            f"- /{name}: {what[name]}")
    propose = ("- propose: open a pull request that changes rules/; vote on the open ones as "
               "their vote comment says")
    why = may_propose_now(game, player, at) if player is not None else (
        None if state.paused_since else "the Admin proposes only during a pause"
        if state.is_admin(comment.author) else "you are not a player")
    if why is None:
        now.insert(0, propose)
    else:
        later.insert(0, f"- propose: {why}")
    if state.over:
        whose = "The game is over."
    elif state.turn is not None:
        whose = ("It is your turn." if player is not None and player.login == state.turn
                 else f"It is {state.turn}'s turn.")
    else:
        whose = "The rules keep no turns."
    lines = [f"{whose} What you may do now:", *now]
    if later:
        lines += ["", "Not now:", *later]
    return None, "\n".join(lines)


def _may_now(game: Game, comment: Comment, name: str, board_command) -> bool:
    """Whether the author of `comment` may give the command `name` now, as far as who and
    when go (what it names is judged when given)."""
    state = game.state
    player, admin = state.player(comment.author), state.is_admin(comment.author)
    mine = player is not None and (state.turn is None or state.turn == player.login) \
        and not turn_waits(state)
    if name in ALWAYS:
        return True
    if board_command is not None:
        return admin if board_command.admin else (
            player is not None and (mine or not board_command.on_turn))
    if name in ("veto", "pause"):
        return admin
    if name == "pass":
        return mine and state.turn is not None
    if name in ("active", "inactive"):
        return player is not None and player.active == (name == "inactive")
    if name in judgment_commands.WHAT:
        return player is not None and (name == "judgment") == (state.judgment is None)
    return player is not None


def _status(game: Game, comment: Comment, at: datetime, _proposals):
    state = game.state
    from ..winning import POINTS, counted, quantity  # what wins first, as the scoreboard
    lead = next(iter(counted(game)), None) or quantity(game.config, POINTS)
    label = "Points" if lead.name == POINTS else lead.label[:1].upper() + lead.label[1:]
    scores = ", ".join(f"{p.login} {lead.shown(lead.of(p, game.config))}" for p in state.players)
    turn = "the game is over" if state.over else (
        f"it is {state.turn}'s turn" if state.turn else "no one has the turn")
    voting = ", ".join(f"{o.number if o.number is not None else o.name} ({o.title})"
                       for o in state.open_proposals) or "none"
    board = "" if state.board is None else ". On the board: " + ", ".join(
        f"{p.login} {_where(game, p.login)}" for p in state.players)
    return None, f"{turn}. {label}: {scores}. In their vote: {voting}{board}"


def _where(game: Game, login: str) -> str:
    from ..board.primitives import View
    from ..board.rooms import where
    return where(View(game.config, game.state), login)


# how each command not a board's is written, and which are the Admin's alone
USAGE = {"pass": "/pass", "active": "/active", "inactive": "/inactive", "veto": "/veto N",
         "pause": "/pause", "help": "/help", "status": "/status", **judgment_commands.USAGE}
ADMINS = ("veto", "pause")


def usages(game: Game) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """How the commands in force are written: the players', then the Admin's alone (seed
    003's), from the commands the rules give and who may give them."""
    board = {}
    if game.config.board:
        from ..board.rooms import commands
        board = commands(game)
    players, admins = [], []
    for name in commands_in_force(game):
        command = board.get(name)
        admin = command.admin if command is not None else name in ADMINS
        (admins if admin else players).append(command.usage if command else USAGE[name])
    return tuple(players), tuple(admins)


ALWAYS = ("help", "status")  # whatever the rules say: a player can always ask
HANDLERS: dict[str, Callable] = {"pass": _pass, "active": _active, "inactive": _inactive,
                                 "veto": _veto, "help": _help, "status": _status,
                                 "pause": _pause, **judgment_commands.HANDLERS}
