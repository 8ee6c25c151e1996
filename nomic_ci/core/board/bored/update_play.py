"""An update's turns (seed 003 rules 7.1 and 9.1; when they are due: `updates`): the order
drawn from the dice, then each player's turn: their hens lay (14.2), a Ticket's jump to the
Arena (5.3) or a 2d6 move (7.1, 6.7) paying Go when passed (13), then what the square they
land on offers or does (16, 17, 20). A player with a question of the Inquisition to answer
does not advance (20.3)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from ...errors import GameError
from ...files import BOARD
from ...mechanics.values import Roll
from ..actionlog import ActionRecord
from ..playing import play_for
from ..ring import advance
from . import arena, deeds, go, hens, inquisition, reserves
from .grid import missing_squares
from .updates import COMMAND, UpdateTurns


def play_update(game, at: datetime, dice) -> tuple[Any, ActionRecord]:
    """Every player's turn, in the order the dice draw (9.1)."""
    rule = game.config.board["update_turns"]
    actor = game.state.admin or "nomic-ci"
    play = play_for(game, at, dice, actor)
    cite = play.cite("update_turns")
    added = missing_squares(play)
    if added:  # 6.3: a square a rule names joins the board, one past the highest
        total = play.total_spaces
        play.change_board(replace(play.board, added_spaces=play.board.added_spaces + added),
                          {"frontier": "squares", "from": total, "to": total + added},
                          f"squares {total + 1}–{total + added} are added to the board "
                          f"({play.config.cite('grid')})")
    reserves.week_ends(play)
    remaining = [p.login for p in play.state.players]
    order = []
    while remaining:
        pick = play.roll(Roll(1, len(remaining)), f"the order of turns ({cite})") \
            if len(remaining) > 1 else 1
        order.append(remaining.pop(pick - 1))
    play.say(f"the update: turns in the order {', '.join(order)} ({cite})")
    arrived: list[str] = []
    for login in order:
        take_turn(play, login, rule, arrived)
    answer = ". ".join(play.lines) + "."
    return play.state, ActionRecord(play.action, at, actor, COMMAND, None, answer,
                                    tuple(play.rolls), tuple(play.effects))


def take_turn(play, login: str, rule: UpdateTurns, arrived: list[str]) -> None:
    cite = play.cite("update_turns")
    token = play.token(login)
    if token.landed is not None or token.healed or token.fought:  # what the last turn
        # allowed lapses
        play.hold(replace(token, landed=None, healed=0, fought=False), f"a new turn ({cite})",
                  f"{login}'s turn")
    hens.lay(play, login)
    if "inquisition" in play.config.board and inquisition.waits(play, login):
        return
    if not arena.use_ticket(play, login):
        start = play.token(login).space
        if not play.token(login).on_ring:
            raise GameError(f"{login}'s token is not on a square", path=BOARD)
        rolled = play.roll(rule.roll, f"{login}'s movement ({cite})")
        path = advance(start, rolled, play.total_spaces)
        play.move(login, path, f"{login} rolls {rolled} ({rule.roll}, {cite})")
        go.passing(play, login, path)
    land(play, login, arrived)


def land(play, login: str, arrived: list[str]) -> None:
    board, square = play.config.board, play.token(login).space
    play.hold(replace(play.token(login), landed=square), f"landing ({play.cite('update_turns')})",
              f"{login} lands on square {square}")
    if "arena" in board and square == board["arena"].square:
        arena.land(play, login, arrived)
    if "inquisition" in board and square == board["inquisition"].square:
        inquisition.land(play, login)
    deeds.offer(play, login, square)
