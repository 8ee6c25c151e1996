"""One player action being carried out: the small primitives every board mechanic shares.

A `Play` starts from the game as the earlier actions left it and changes it only through
these primitives (gain or lose points, move or place a token, change a token's holdings,
change a feature, offer a choice), each of which records an effect saying why. The effects,
in the order applied, and every die with its inputs, become the action's record and the
answer the player reads.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from types import MappingProxyType
from typing import Any

from ..dice import Dice
from ..facts import Account
from ..errors import GameError
from ..files.records import DieRoll
from ..files.state import GameState
from ..game import Game
from ..mechanics.config import GameConfig
from ..mechanics.values import Roll
from .boardfile import Board, GULAG, JAIL, Token, Turn
from .worldfile import Settler, change_of


def action_roll_inputs(seed: str, roll: int) -> dict:
    """What an action's die is derived from: the game's seed and how many dice the game rolled
    before it; never anything a player writes or does. Not the action's number either: a
    player could shift that with an action that rolls nothing (a /buy before a /roll) and so
    pick between two dice they can foresee from the public seed."""
    return {"seed": seed, "roll": roll, "purpose": "board"}


class View:
    """The board as the rules in force make it: what is where, for play and for pictures."""

    def __init__(self, config: GameConfig, state: GameState) -> None:
        self.config, self.state = config, state

    @property
    def board(self) -> Board:
        assert self.state.board is not None
        return self.state.board

    def cite(self, key: str) -> str:
        return self.config.cite(key)

    @property
    def total_spaces(self) -> int:
        return self.config.board["ring"].spaces + self.board.added_spaces

    def token(self, login: str) -> Token:
        return self.board.token(login)

    def plays(self, login: str) -> bool:
        """Whether `login` is still a player: one an admin removed by hand (seed 003 rule
        1.3) leaves a token behind, whose belongings earn and pay nothing."""
        return self.state.player(Account(login)) is not None


class Play(View):
    def __init__(self, game: Game, at: datetime, dice: Dice, action: int, first_roll: int,
                 login: str) -> None:
        super().__init__(game.config, game.state)
        self.game, self.at, self.login = game, at, login
        self.dice, self.action, self.next_roll = dice, action, first_roll
        self.effects: list[dict[str, Any]] = []
        self.lines: list[str] = []
        self.rolls: list[DieRoll] = []
        self.points: dict[str, int] = {}
        self.ends_turn = False  # the action ends the player's turn (a bribe, rule 11)

    def points_of(self, login: str) -> int:
        player = next(p for p in self.state.players if p.login == login)
        return player.points

    @property
    def turn(self) -> Turn:
        """What the acting player has done in the current turn."""
        return self.board.turn_of(self.login, self.state.turn_started)

    # --- the primitives
    def roll(self, dice: Roll, purpose: str) -> int:
        """Roll `dice` (each die the game's next roll), recorded with its inputs."""
        secret = self.state.dice_secret
        if (secret.commitment if secret else None) != self.dice.commitment:
            raise GameError("the dice are not the ones this game is committed to",
                            hint="run the engine again: it commits to its dice before it rolls")
        total = 0
        for _ in range(dice.count):
            inputs = action_roll_inputs(self.state.dice_seed, self.next_roll)
            result = self.dice.roll(dice.sides, inputs)
            self.rolls.append(DieRoll(purpose, dice.sides, result, MappingProxyType(inputs),
                                      self.dice.method, self.dice.commitment))
            self.next_roll += 1
            total += result
        return total

    def gain(self, login: str, amount: int, why: str) -> None:
        """`login` gains (or, negative, loses) points; a player in the Gulag neither gains
        nor loses any (rule 8)."""
        if amount == 0:
            return
        if self.board.in_gulag(login, self.config.board):
            self.say(f"{login} is in the Gulag and cannot {'gain' if amount > 0 else 'lose'} "
                     f"points ({self.cite('gulag')})")
            return
        player = next(p for p in self.state.players if p.login == login)
        self.state = self.state.with_player(replace(player, points=player.points + amount))
        self.points[login] = self.points.get(login, 0) + amount
        self.effect({"gain": amount, "login": login, "why": why},
                    f"{why}: {login} {'gains' if amount > 0 else 'loses'} {abs(amount)} "
                    f"point{'s' if abs(amount) != 1 else ''} (now {player.points + amount})")

    def move(self, login: str, path: tuple[int, ...], why: str) -> None:
        """`login` moves along `path`, ending on its last space."""
        before = self.token(login).space
        self.set_token(replace(self.token(login), space=path[-1]))
        self.effect({"move": login, "from": before, "to": path[-1], "path": list(path),
                     "why": why},
                    f"{why}: {login} moves {' → '.join(str(s) for s in (before, *path))}")

    def place(self, login: str, space: int | str, why: str) -> None:
        """`login` is put on `space` (a primary space, Jail or the Gulag) without moving."""
        before = self.token(login).space
        self.set_token(replace(self.token(login), space=space))
        self.effect({"place": login, "from": before, "to": space, "why": why},
                    f"{why}: {login} is placed {_at(space)}")

    def hold(self, token: Token, why: str, line: str) -> None:
        """A token's holdings change (items, Numbers, bank account, counters)."""
        before = self.token(token.login)
        self.set_token(token)
        self.effect({"hold": token.login, "why": why, **_holdings_change(before, token)},
                    line)

    def settle(self, settler: Settler, why: str, line: str | None = None) -> None:
        """A player's counts in the Suber world change (seed 001, core/board/worldfile.py);
        bookkeeping such as a turn counted needs no `line` for the player to read."""
        before = self.board.world.settler(settler.login)
        if before == settler:
            return
        world = self.board.world.with_settler(settler)
        self.state = replace(self.state, board=replace(self.board, world=world))
        self.effects.append({"settler": settler.login, "why": why, **change_of(before, settler)})
        if line:
            self.lines.append(line)

    def change_board(self, board: Board, what: dict[str, Any], line: str) -> None:
        """A feature is added, moved, removed or changed."""
        self.state = replace(self.state, board=board)
        self.effect(what, line)

    def offer(self, choice: str, why: str) -> None:
        """The acting player is offered a choice they answer with /choose: a mark of their
        turn, or, offered outside it (a Number used at any time, rule 8), one that waits on
        their token until their own turn ends."""
        if self.state.turn == self.login:
            self.mark(choice=choice)
        else:
            self.set_token(replace(self.token(self.login), choice=choice))
        self.effect({"offer": choice, "login": self.login, "why": why}, why)

    @property
    def choice(self) -> str | None:
        """The choice waiting for the acting player's answer: their turn's, else their
        token's."""
        return self.turn.choice or self.token(self.login).choice

    def answered(self) -> None:
        """The waiting choice (`choice`) is answered, or taken for them."""
        if self.turn.choice is not None:
            self.mark(choice=None)
        elif self.token(self.login).choice is not None:
            self.set_token(replace(self.token(self.login), choice=None))

    def mark(self, **marks: Any) -> None:
        """Remember what the acting player did in this turn (rule 7's once a turn...); only
        the player whose turn it is has a turn to remember things of."""
        if self.state.turn != self.login:
            return
        self.state = replace(self.state, board=replace(self.board,
                                                       turn=replace(self.turn, **marks)))

    def say(self, line: str) -> None:
        self.lines.append(line)

    # --- bookkeeping
    def set_token(self, token: Token) -> None:
        self.state = replace(self.state, board=self.board.with_token(token))

    def effect(self, what: dict[str, Any], line: str) -> None:
        self.effects.append(what)
        self.lines.append(line)


def _at(space: int | str) -> str:
    if isinstance(space, int):
        return f"on space {space}"
    return f"on {space.capitalize()}" if space in (JAIL, GULAG) else f"in the {space}"


def _holdings_change(before: Token, after: Token) -> dict[str, Any]:
    change: dict[str, Any] = {}
    if before.items != after.items:
        change["items"] = dict(after.items)
    if before.numbers != after.numbers:
        change["numbers"] = list(after.numbers)
    if before.beaten != after.beaten:
        change["beaten"] = list(after.beaten)
    for name in ("account", "jail_failures", "missed_turns", "landed", "fought", "question",
                 "healed"):
        if getattr(before, name) != getattr(after, name):
            change[name] = getattr(after, name)
    return change
