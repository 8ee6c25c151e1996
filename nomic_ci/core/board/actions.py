"""The players' board commands (`/roll`, `/choose b`, `/buy Flute`...): whether one may be
given now, and giving it. Each game's room says which commands it has and what each does
(core/board/rooms.py).

A command is judged at once, in the state the earlier ones left (`judge`): everything that
can refuse it is checked before any die is rolled, so the judgement needs no dice. It is
then carried out with the game's dice (`carry_out`), making the action's record and the
answer the player reads: the dice, the path, every effect in order, where they stand.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from ..dice import Dice
from ..game import Game
from ..files.state import GameState
from . import rooms
from .actionlog import ActionRecord
from .playing import play_for, record_of


def commands_given(game: Game) -> tuple[str, ...]:
    """The board commands the rules in force give."""
    return () if game.state.board is None else tuple(rooms.commands(game))


class _Judging:
    """Dice for judging a command: any roll means every check has passed."""

    method, commitment = "judging", None

    class Rolled(Exception):
        pass

    def roll(self, sides, inputs) -> int:
        raise self.Rolled


def judge(game: Game, at: datetime, login: str, name: str, words: list[str]) -> str | None:
    """Why `login` may not give this command now; None if they may."""
    state = game.state
    command = rooms.commands(game)[name]
    refused = rooms.refusal(game, login, name)
    if refused:
        return refused
    if command.on_turn and state.turn != login:
        return f"only the player whose turn it is may /{name} (it is {state.turn}'s turn)"
    if command.for_turn and state.turn is None:
        return "it is no one's turn"
    judging = _Judging()
    play = play_for(game, at, judging, state.turn if command.for_turn else login)
    play.state = replace(play.state, dice_secrets=())  # judging rolls no real die
    try:
        return command.run(play, login, words)
    except _Judging.Rolled:
        return None


def carry_out(game: Game, at: datetime, dice: Dice, login: str, text: str,
              comment: int | None) -> tuple[GameState, ActionRecord]:
    """The command done with the game's dice: the state after it and its record."""
    name, *words = text.strip().splitlines()[0].strip()[1:].split()
    command = rooms.commands(game)[name.lower()]
    play = play_for(game, at, dice, game.state.turn if command.for_turn else login)
    refused = command.run(play, login, words)
    assert refused is None, refused  # judged before: nothing it checks has changed since
    rooms.after_command(play, login)
    state = play.state
    if play.ends_turn:
        from ..turns import next_player
        state = replace(state, turn=next_player(state, game.config, login), turn_started=at)
        play.say(f"{login}'s turn ends; it is {state.turn}'s turn")
    return state, record_of(play, at, login, text.strip().splitlines()[0].strip(), comment,
                            about=play.login)
