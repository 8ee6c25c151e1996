"""The Frontier (rule 8): the highest primary space. A movement roll made there explores:
roll − 1 new spaces; from 3 new spaces on, a Snake or Ladder pair joins a new space to an
old one with no features; then the player advances by the roll."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..mechanics.binding import Binding
from ..mechanics.values import Roll, count, is_mapping
from .boardfile import Pair
from .ring import MAX_SPACES

NAME = "Frontier"
D2 = Roll(1, 2)


def parse(value: Any) -> int:
    if not is_mapping(value) or set(value) != {"pair_from"}:
        raise ValueError("{pair_from: 3}")
    return count(value["pair_from"], minimum=1)


BINDINGS = (
    Binding("frontier", parse, "{pair_from: 3}",
            "a movement roll on the highest space adds roll − 1 spaces; from `pair_from` new "
            "spaces on, a Snake (die 1) or Ladder (die 2) pair joins a random new space and a "
            "random old one with no features"),
)


def on_frontier(play, login: str) -> bool:
    return "frontier" in play.config.board and play.token(login).space == play.total_spaces


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
    if added < play.config.board["frontier"]:
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
