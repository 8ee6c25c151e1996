"""One action's play: the Play a command or a timer acts through, and the record it leaves.

Shared by the players' commands (`actions`) and every game's timers (each room's)."""

from __future__ import annotations

from datetime import datetime
from types import MappingProxyType

from ..commitments import rolls_made
from ..dice import Dice
from ..game import Game
from .actionlog import ActionRecord
from .primitives import Play
from .rooms import standing


def play_for(game: Game, at: datetime, dice: Dice, login: str) -> Play:
    """The play of the game's next action, by `login`, rolling the game's next dice."""
    return Play(game, at, dice, len(game.actions) + 1, rolled(game) + 1, login)


def rolled(game: Game) -> int:
    """How many dice the game has rolled: the proposals' and the actions', one sequence."""
    return rolls_made(game.records, game.state.open_proposals) + game.actions.dice()


def record_of(play: Play, at: datetime, login: str, command: str,
              comment: int | None, about: str | None = None) -> ActionRecord:
    """The action's record; its answer ends with where `about` (the one it moved: `login`
    unless they acted for another) stands."""
    about = about or login
    stands = standing(play, about)
    answer = ". ".join(play.lines + [stands]) + "."
    return ActionRecord(play.action, at, login, command, comment, answer, tuple(play.rolls),
                        tuple(play.effects), MappingProxyType(dict(play.points)))
