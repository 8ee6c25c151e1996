"""What the board does when a turn ends and when a turn's time is up.

When a turn passes, a Cop Car choice not made takes option a (rule 11), a turn in which
its player did nothing counts toward the Gulag (rule 8), and the turn's marks are cleared:
any command its player gave in it left a mark, even an empty one (`gulag.acted`).
A turn also ends some minutes after its player moved unless they said /continue (rule 7),
and a roll on the Frontier that its player has not explored opens to every player some
minutes on (rule 8): timers, stamped with when they became due.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Iterable

from ...dice import Dice
from ...files.state import GameState
from ...game import Game
from ...transitions import BoardTimer, PassTurn
from . import bank, copcar, frontier, gulag, jail, unlucky
from ..playing import play_for, record_of
from ..actionlog import ActionRecord


def turn_ends(game: Game, at: datetime, dice: Dice, login: str,
              by_player: bool) -> tuple[GameState, ActionRecord | None]:
    """The state as `login`'s turn ends (before the next one begins), and the record of what
    the board did about it, if anything."""
    state = game.state
    if state.board is None or "ring" not in game.config.board or state.turn != login:
        return state, None
    play = play_for(game, at, dice, login)
    marks = play.turn
    acted = by_player or state.board.turn == marks  # marks: what the player did in it
    while (choice := play.choice) is not None:  # the turn's, then one a landing outside it
        # offered (rule 8's Numbers are used at any time): each waited for this turn's end
        if offered(play) is None:
            play.answered()  # a choice no rule in force offers any more
        elif choice in (unlucky.LANDED, unlucky.ROLLED):
            play.say(f"{login}'s turn ended without a choice for the Unlucky Space, so option "
                     f"a is taken ({play.cite('unlucky')})")
            unlucky.choose(play, login, choice, "a")
        else:
            play.say(f"{login}'s turn ended without a choice for the Cop Car, so option a is "
                     f"taken ({play.cite('cop_car')})")
            copcar.choose(play, login, "a")
    if play.token(login).landed is not None:  # a Bank landed on outside the turn (bank.py)
        play.hold(replace(play.token(login), landed=None), f"{bank.NAME} ({play.cite('bank')})",
                  f"{login}'s turn ends: so does what landing outside it allowed")
    if "jail" in game.config.board:
        jail.turn_over(play, login)
    if not acted:
        gulag.missed(play, login)
    play.state = replace(play.state, board=replace(play.board, turn=None))
    if not play.effects:
        return play.state, None
    return play.state, record_of(play, at, login, "turn end", None)


# the binding of the rule that offers each choice a player may be waiting to make
OFFERED_BY = {copcar.CHOICE: "cop_car", unlucky.LANDED: "unlucky", unlucky.ROLLED: "unlucky"}


def offered(play) -> str | None:
    """The choice waiting for the acting player, if a rule in force still offers it: one
    whose rule a passed proposal repealed while it waited is no one's to make (the seed is
    silent; nothing asks it any more)."""
    choice = play.choice
    return choice if choice is not None and OFFERED_BY.get(choice) in play.config.board \
        else None


def timers(game: Game) -> Iterable[tuple[datetime, PassTurn | BoardTimer]]:
    """The turn that ends because its player moved and did not /continue (rule 7); the
    Frontier that opens to every player because its roller has not explored (rule 8)."""
    from ...turns import next_player
    state, board = game.state, game.config.board
    movement = board.get("movement")
    marks = state.board.turn if state.board is not None else None
    waiting = frontier.waiting(game)
    opens = frontier.open_to_others_at(game.config, waiting) if waiting else None
    if waiting is not None and opens is not None and not waiting.explore_open \
            and not state.over:
        at = max(opens, state.last_change)
        minutes = int((opens - waiting.moved_at).total_seconds() // 60)
        yield at, BoardTimer(at, waiting.login,
                             f"{waiting.login} rolled on the {frontier.NAME} {minutes} minutes "
                             f"ago and has not explored: any other player may now /explore "
                             f"for them ({game.config.cite('frontier')})")
    if movement is None or movement.continue_within is None or marks is None \
            or marks.login != state.turn or marks.started != state.turn_started \
            or marks.moved_at is None or marks.continued or state.over or waiting:
        return
    at = max(marks.moved_at + movement.continue_within, state.last_change)
    minutes = int(movement.continue_within.total_seconds() // 60)
    yield at, PassTurn(at, marks.login, next_player(state, game.config, marks.login),
                       f"{marks.login} did not /continue within {minutes} minutes of moving "
                       f"({game.config.cite('movement')})")


def frontier_opens(game: Game, at: datetime, dice: Dice, timer: BoardTimer
                   ) -> tuple[GameState, ActionRecord]:
    """The Frontier's timer (rule 8): the turn's marks say the others were told, and the
    record says why."""
    play = play_for(game, at, dice, timer.login)
    play.mark(explore_open=True)
    play.effect({"timer": "frontier", "login": timer.login, "why": timer.reason},
                timer.reason)
    return play.state, record_of(play, at, timer.login, "frontier timer", None)
