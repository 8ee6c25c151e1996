"""The Frontier (rule 8): the highest primary space. A movement roll made there explores:
roll − 1 new spaces; from 3 new spaces on, a Snake or Ladder pair joins a new space to an
old one with no features; then the player advances by the roll.

The roll and the exploring are two commands: `/roll` rolls, then `/explore` carries out the
three steps. The roller explores when they like, doing nothing else in between (rule 8:
"with no intervening actions"); once `others_after` has passed since the roll, any other
player may `/explore` for them, and until someone does, their turn does not end. That
moment is a timer: it tells the other players, stamped with when it became due.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import Roll, count, duration, is_mapping
from ..boardfile import Pair, Turn
from ..ring import MAX_SPACES

NAME = "Frontier"
D2 = Roll(1, 2)


@frozen
class FrontierRule:
    """The `frontier` binding: when exploring adds Snake and Ladder pairs, and when others may
    explore."""

    pair_from: int  # new spaces from which a Snake or Ladder pair is made
    others_after: timedelta | None  # after this, any other player may explore for the roller


def parse(value: Any) -> FrontierRule:
    if not is_mapping(value) or not {"pair_from"} <= set(value) <= {"pair_from",
                                                                   "others_after"}:
        raise ValueError("{pair_from: 3, others_after: 10m}")
    after = value.get("others_after")
    return FrontierRule(count(value["pair_from"], minimum=1),
                        duration(after) if after is not None else None)


BINDINGS = (
    Binding("frontier", parse, "{pair_from: 3, others_after: 10m}",
            "a movement roll on the highest space explores (/explore): roll − 1 new spaces; "
            "from `pair_from` new spaces on, a Snake (die 1) or Ladder (die 2) pair joins a "
            "random new space and a random old one with no features; `others_after` the roll, "
            "any other player may /explore for the roller, whose turn lasts until someone "
            "does"),
)


def on_frontier(play, login: str) -> bool:
    return "frontier" in play.config.board and play.token(login).space == play.total_spaces


def waiting(game) -> Turn | None:
    """The current turn's marks, if its player rolled on the Frontier and has not explored
    yet: their turn does not end until someone explores (rule 8). Nothing waits once the
    rules in force have no Frontier (a proposal repealed it meanwhile)."""
    state = game.state
    marks = state.board.turn if state.board is not None else None
    if "frontier" not in game.config.board or marks is None or marks.explore is None \
            or marks.login != state.turn \
            or marks.started != state.turn_started:
        return None
    return marks


def open_to_others_at(config, marks: Turn) -> datetime | None:
    """When any other player may explore for the roller (None: never)."""
    rule = config.board.get("frontier")
    if rule is None or rule.others_after is None or marks.moved_at is None:
        return None
    return marks.moved_at + rule.others_after


def holds_turn(game) -> str | None:
    """Why the turn may not end now, if a roll on the Frontier waits to be explored."""
    marks = waiting(game)
    if marks is None:
        return None
    return (f"{marks.login} rolled {marks.explore} on the {NAME} and the turn does not end "
            f"until new territory is explored: /explore ({game.config.cite('frontier')})")


def explore(play, login: str, rolled: int) -> None:
    """Steps 1 and 2 of exploring; step 3, the advance, is the movement itself."""
    from .features import on_space
    cite, old = play.cite("frontier"), play.total_spaces
    added = min(rolled - 1, MAX_SPACES - old)  # the board's limit (ring.py) ends exploring
    if added <= 0:
        play.say(f"{NAME} ({cite}): {login} explores, but adds no space (a roll of "
                 f"{rolled}, on a board of {old})")
        return
    play.change_board(replace(play.board, added_spaces=play.board.added_spaces + added),
                      {"frontier": "explored", "from": old, "to": old + added},
                      f"{NAME} ({cite}): {login} explores; spaces {old + 1} to {old + added} "
                      f"are added (the board has {old + added})")
    if added < play.config.board["frontier"].pair_from:
        return
    kind = "Snake" if play.roll(D2, f"{NAME} ({cite}): Snake (1) or Ladder (2)") == 1 else "Ladder"
    new = old + play.roll(Roll(1, added), f"{NAME} ({cite}): which new space")
    bare = [s for s in range(1, old + 1) if not on_space(play, s)]
    if not bare:
        play.say(f"{NAME} ({cite}): no old space is without features, so no {kind} is placed")
        return
    first = bare[play.roll(Roll(1, len(bare)), f"{NAME} ({cite}): which old space without "
                                               f"features") - 1] if len(bare) > 1 else bare[0]
    number = 1 + sum(1 for p in play.board.pairs if p.kind == kind)
    pair = Pair(kind, number, first, new)
    play.change_board(replace(play.board, pairs=play.board.pairs + (pair,)),
                      {"pair": f"{kind} {number}", "lower": first, "upper": new},
                      f"{NAME} ({cite}): {kind} {number}L is on space {first} and "
                      f"{kind} {number}U on space {new}")
