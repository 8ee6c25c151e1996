"""The Suber world's bookkeeping as a turn ends (seed 001): the player whose turn ended
counts it, may now roll for location resources until the following turn ends (rule 305),
and a claim counts it (rule 308); whoever's turn was skipped is no longer a Landowner
(305); items made in the turn may be used from now on (307b).

Level-triggered, like the votes: however the turn ended (a decided proposal, inactivity, a
/pass), the world notices the new turn at the moment it began and catches up, as an action
record of its own, so `verify` replays it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Iterable

from ...dice import Dice
from ...files.state import GameState
from ...game import Game
from ...transitions import WorldTurn
from . import claims
from ..actionlog import ActionRecord
from ..playing import play_for, record_of


def timers(game: Game) -> Iterable[tuple[datetime, WorldTurn]]:
    """The turn the world has not counted yet, due when the new one began."""
    state = game.state
    if state.board is None or "locations" not in game.config.board or state.turn is None \
            or state.turn_started is None or state.over:
        return
    seen, now = state.board.world.turn, (state.turn, state.turn_started)
    if seen == now:
        return
    at = max(state.turn_started, state.last_change)
    if seen is None:  # a world enacted into a game under way counts from this turn
        yield at, WorldTurn(at, "", ())
        return
    # a turn whose clock started again (its player may propose only now, rule 206) is the
    # same turn, and the world counts it on (core/turns.py): a player seen here again has
    # begun a new turn, every other player's skipped on the way round
    yield at, WorldTurn(at, seen[0], _skipped(state, seen[0], state.turn))


def _skipped(state: GameState, ended: str, begun: str) -> tuple[str, ...]:
    """The players between the ended turn's and the new turn's (rule 206 skips them)."""
    order = [p.login for p in state.players]
    if ended not in order or begun not in order:
        return ()
    start = order.index(ended)
    between = []
    for login in order[start + 1:] + order[:start + 1]:
        if login == begun:
            break
        if login != ended:
            between.append(login)
    return tuple(between)


def turn_ended(game: Game, transition: WorldTurn,
               dice: Dice) -> tuple[GameState, ActionRecord | None]:
    state = game.state
    play = play_for(game, transition.at, dice, transition.ended or state.turn or "")
    start = play.config.board["locations"].start
    for player in state.players:  # rule 302: a player with no location is in the City;
        # placed there as a turn ends, so state/board.yaml says so too
        if play.token(player.login).space not in play.config.board["locations"].places:
            play.place(player.login, start, f"a player with no location is in the {start} "
                                            f"({play.cite('locations')})")
    if transition.ended:
        for settler in play.board.world.settlers:  # made last turn: usable now; and the
            # window to roll that the turn before opened shuts (rule 305)
            if settler.fresh or (settler.gather and settler.login != transition.ended):
                play.settle(replace(settler, fresh=(), gather=False), "a turn ended")
        cite = play.cite("location_resources")
        settler = play.board.world.settler(transition.ended)
        play.settle(replace(settler, turns=settler.turns + 1, stay=settler.stay + 1,
                            gather="location_resources" in play.config.board),
                    "a turn ended", f"{transition.ended}'s turn ended: they may /gather "
                                    f"location resources until the next turn ends ({cite})"
                    if "location_resources" in play.config.board else None)
        claims.turn_ended(play, transition.ended)
    for login in transition.skipped:
        settler = play.board.world.settler(login)
        if settler.landowner:
            play.settle(replace(settler, landowner=False), "a turn skipped",
                        f"{login}'s turn was skipped: they are no longer a Landowner "
                        f"({play.cite('location_resources')})")
    world = replace(play.board.world, turn=(state.turn, state.turn_started))
    play.state = replace(play.state, board=replace(play.board, world=world))
    if not play.effects:
        return play.state, None
    return play.state, record_of(play, transition.at, transition.ended or state.turn,
                                 "turn end" if transition.ended else "locations", None)
