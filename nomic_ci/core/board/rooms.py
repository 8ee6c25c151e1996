"""What a board game's room gives the engine, and the engine's one way into the rooms of the
games in force (games.py names them; a room is imported only when its game's keys are bound).

A room's `__init__.py` gives any of these functions; the engine asks every room in force, in
the order of `games.GAMES`, and a room without one has nothing to say. Each imports the room's
modules it needs when called: importing the room (to read one of its bindings) loads no more.

| name | what the engine asks of the room |
|---|---|
| `commands()` | its players' commands, by name (`Command`) |
| `refusal(game, login, name)` | why `login` may give no `/name` now, whatever it says |
| `after_command(play, login)` | what a command of the player whose turn it is also does |
| `turn_ends(game, at, dice, login, by_player)` | the board as `login`'s turn ends: the state, and the record of what it did |
| `timers(game)` | its timers running: (when due, transition), each due at most once |
| `carry(game, transition, dice)` | the state and record after one of its own timers; None for another's |
| `holds_turn(game)` | why the turn may not pass now |
| `where(view, login)` | where `login` is, for answers ("in the City"); None: on a space |
| `standing(view, login)` | how `login` stands, the last sentence of an answer to them; None: where they are, with their points |
| `goals(game)` | its ways to win, each (the counter it reads, the amount that wins or None, the sentence players read): core/winning.py |
| `holdings(config)` | what its players hold that the scoreboard shows, of core/holdings.py's `KINDS`, as its bindings in force give them |
| `unplayable(config)` | why its bindings in force could not be played together (a price and no currency): a proposal leaving them so waits for a fix before its vote; rules found so (changed by hand) leave the board standing still, its commands refused, while the rest of the game goes on |
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from types import ModuleType
from typing import Callable, Iterable, Mapping

from ..dice import Dice
from ..files.state import GameState
from ..frozen import frozen
from ..game import Game
from ..transitions import Transition
from .actionlog import ActionRecord
from .games import rooms_in_force
from .primitives import Play, View


@frozen
class Command:
    """A board command: which bindings give it, who may give it, and what it runs."""

    needs: tuple[str, ...]  # the bindings any one of which gives it
    usage: str
    what: str
    run: Callable[[Play, str, list[str]], str | None]  # why not, or None when done
    on_turn: bool = True  # only the player whose turn it is
    for_turn: bool = False  # done on behalf of the player whose turn it is (/explore)
    admin: bool = False  # the Admin's (seed 003), not a player's


def _rooms(game, hook: str) -> Iterable[ModuleType]:
    """The rooms in force that give `hook`."""
    return (room for room in rooms_in_force(game.config.board) if hasattr(room, hook))


def _played(game, hook: str) -> Iterable[ModuleType]:
    """The rooms in force that give `hook`, none where the bindings in force cannot be
    played together (`unplayable`): a proposal leaving them so waits for a fix, but a rule
    edited by hand, or merged by an older engine, may have. Then the board stands still,
    its commands refused saying why, and the rest of the game goes on: every run stopped at
    the first command or timer (KeyError: 'ring')."""
    return () if unplayable(game.config) else _rooms(game, hook)


def commands(game) -> Mapping[str, Command]:
    """The board commands the rules in force give, by name: where two games in force give
    one name, the first game's."""
    board, given = game.config.board, {}
    for room in _rooms(game, "commands"):
        for name, command in room.commands().items():
            if name not in given and any(key in board for key in command.needs):
                given[name] = command
    return given


def refusal(game: Game, login: str, name: str) -> str | None:
    stuck = unplayable(game.config)
    if stuck:
        return ("the board stands still: the rules in force were changed (by hand, or by "
                "a proposal merged before the engine held such ones) as a proposal would be "
                f"held for: {'; '.join(stuck)}. A proposal, or an admin, mends them")
    return next(filter(None, (room.refusal(game, login, name)
                              for room in _rooms(game, "refusal"))), None)


def after_command(play: Play, login: str) -> None:
    for room in _played(play, "after_command"):
        room.after_command(play, login)


def turn_ends(game: Game, at: datetime, dice: Dice, login: str,
              by_player: bool) -> tuple[GameState, ActionRecord | None]:
    state, record = game.state, None
    for room in _played(game, "turn_ends"):
        state, record = room.turn_ends(replace(game, state=state), at, dice, login, by_player)
    return state, record


def timers(game: Game) -> Iterable[tuple[datetime, Transition]]:
    for room in _played(game, "timers"):
        yield from room.timers(game)


def carry(game: Game, transition: Transition,
          dice: Dice) -> tuple[GameState, ActionRecord | None]:
    for room in _rooms(game, "carry"):
        done = room.carry(game, transition, dice)
        if done is not None:
            return done
    raise TypeError(f"no board game in force carries {transition}")


def holds_turn(game: Game) -> str | None:
    return next(filter(None, (room.holds_turn(game) for room in _played(game, "holds_turn"))),
                None)


def where(view: View, login: str) -> str:
    """Where `login` is: their room's answer, else the space their token is on."""
    for room in _rooms(view, "where"):
        if (found := room.where(view, login)) is not None:
            return found
    space = view.token(login).space
    return f"on space {space}" if isinstance(space, int) else f"in {str(space).capitalize()}"


def standing(view: View, login: str) -> str:
    """How `login` stands, the last sentence of an answer: their room's, else where they are
    and their points."""
    for room in _rooms(view, "standing"):
        if (found := room.standing(view, login)) is not None:
            return found
    player = next((p for p in view.state.players if p.login == login), None)
    return f"{login} is {where(view, login)} with {player.points if player else 0} points"


def goals(game: Game) -> list[tuple[str, int | None, str]]:
    """The ways to win the board games in force give (core/winning.py)."""
    return [goal for room in _rooms(game, "goals") for goal in room.goals(game)]


def holdings(config) -> tuple[str, ...]:
    """What the players hold that the board games in force give (core/holdings.py)."""
    return tuple(dict.fromkeys(kind for room in rooms_in_force(config.board)
                               if hasattr(room, "holdings") for kind in room.holdings(config)))


def unplayable(config) -> list[str]:
    """Why the board games' bindings in force could not be played together, if so."""
    return [why for room in rooms_in_force(config.board) if hasattr(room, "unplayable")
            for why in room.unplayable(config)]
