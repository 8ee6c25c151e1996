"""Who a local command acts as: `--as LOGIN`, the local forge's only identity.

A login is taken as the game spells it (GitHub's logins ignore case). A login the game
does not know is refused, with the nearest one it does know as a suggestion, never taken
for it: a slip of the keyboard must not vote, propose or play as someone else."""

from __future__ import annotations

import difflib
from typing import Sequence

from ..core.errors import GameError
from ..core.facts import Account
from ..core.files.state import Player
from ..core.game import Game

# how near a login must be to one of the game's to be refused as a slip: nearer where a
# stranger may act too (a request to join), so only a near miss stops a newcomer
NEAR, NEAR_A_STRANGER = 0.6, 0.75


def nearest(login: str, logins: Sequence[str], cutoff: float = NEAR) -> str | None:
    """The login among `logins` nearest `login`, ignoring case; None if none is near."""
    by_lower = {known.lower(): known for known in logins}
    found = difflib.get_close_matches(login.lower(), list(by_lower), n=1, cutoff=cutoff)
    return by_lower[found[0]] if found else None


def acting_as(game: Game, login: str, why: str, *, option: str = "--as", admin: bool = False,
              others: bool = False) -> str:
    """The login a command acts as: a player's (with `admin`, or the Admin's), as the game
    spells it. Anyone else is refused, saying `why` and suggesting the nearest login; with
    `others`, someone by a login near none of theirs may act (asking to join, correcting a
    score), as they wrote it."""
    state, account = game.state, Account(login.strip())
    player = state.player(account) if login.strip() else None
    if player is not None:
        return player.login
    if admin and state.is_admin(account):
        return state.admin
    logins = [p.login for p in state.players] + ([state.admin] if admin and state.admin else [])
    near = nearest(login, logins, NEAR_A_STRANGER if others else NEAR)
    if others and near is None and login.strip():
        return login.strip()
    the_admin = f" or the Admin ({state.admin})" if admin and state.admin else ""
    raise GameError(f"{login!r} is not a player{the_admin}, {why}",
                    hint=f"did you mean {' '.join(filter(None, (option, near)))}?" if near
                    else f"the players are {', '.join(p.login for p in state.players)}")


def known_player(game: Game, login: str, why: str, option: str = "--as") -> Player:
    """The player with this login, or an error that suggests the nearest one."""
    return game.state.player(Account(acting_as(game, login, why, option=option)))
