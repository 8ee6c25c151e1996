"""Comment commands: a player writes `/pass` (and the like) in a comment, the engine acts.

Each comment is handled once (its id is kept in the state), only from whom the
rule allows, and answered with what was done or why not. An edited comment
does not count.
"""

from __future__ import annotations

from datetime import datetime
from typing import Callable, Mapping

from ..facts import Comment, Proposal
from ..game import Game
from ..transitions import Activate, Command, Deactivate, PassTurn, Refuse
from ..turns import next_player


def command_name(comment: Comment) -> str | None:
    """`pass` for a comment whose first line is `/pass`; None for an ordinary comment."""
    first = comment.body.strip().splitlines()[0].strip() if comment.body.strip() else ""
    if not first.startswith("/") or len(first) < 2:
        return None
    return first[1:].split()[0].lower()


def is_command(game: Game, comment: Comment) -> bool:
    """A command the rules know, from a player or the Admin: anything else is just talk."""
    name = command_name(comment)
    writer_counts = game.state.player(comment.author) is not None or (
        game.state.is_admin(comment.author))
    return name in HANDLERS and name in game.config.commands and writer_counts


def handle(game: Game, comment: Comment, at: datetime,
           proposals: Mapping[str, Proposal]) -> Command:
    name = command_name(comment)
    assert name is not None
    if comment.edited:
        return Command(at, comment, None, f"/{name} was edited after it was posted, and an "
                                          "edited command does not count: post a new comment")
    allowed = game.config.commands
    if name not in allowed:
        known = ", ".join(f"/{c}" for c in allowed) or "none"
        return Command(at, comment, None, f"the rules in force have no /{name} command "
                                          f"(the commands are: {known})")
    effect, answer = HANDLERS[name](game, comment, at, proposals)
    return Command(at, comment, effect, answer)


def _pass(game: Game, comment: Comment, at: datetime, _proposals):
    state, cite = game.state, game.config.cite("commands")
    player = state.player(comment.author)
    if player is None or state.turn != player.login:
        return None, f"only the player whose turn it is may /pass (it is {state.turn}'s turn)"
    following = next_player(state, player.login)
    return (PassTurn(at, player.login, following, f"{player.login} ended their turn ({cite})"),
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
    number = words[1].lstrip("#") if len(words) > 1 else ""
    open_ = next((o for o in state.open_proposals if str(o.number) == number), None)
    if open_ is None or open_.key not in proposals:
        return None, f"there is no proposal {number or '(give its number)'} in its vote to veto"
    return (Refuse(at, proposals[open_.key], open_.number, f"vetoed by the Admin, "
                   f"{state.admin} ({cite})", open_), f"proposal {open_.number} is vetoed")


HANDLERS: dict[str, Callable] = {"pass": _pass, "active": _active, "inactive": _inactive,
                                 "veto": _veto}
