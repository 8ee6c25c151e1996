"""Helpers for scripted board games: a dice seed that rolls what a test needs, and reading
the board back. Every roll comes from the game's own dice (the public seed); a test names
the rolls its story needs and this finds a seed that makes them."""

from __future__ import annotations

import itertools

from nomic_ci.core.board.play import action_roll_inputs
from nomic_ci.core.board.state import read_board
from nomic_ci.core.dice import derive_roll


def seed_for(*rolls: tuple[int, int, int]) -> str:
    """A dice seed whose rolls are these, each (action number, sides, result), in the order
    the game rolls them (its 1st, 2nd… die)."""
    for n in itertools.count():
        seed = f"board{n}"
        if all(derive_roll(sides, action_roll_inputs(seed, index, action)) == result
               for index, (action, sides, result) in enumerate(rolls, start=1)):
            return seed
    raise AssertionError("unreachable")


def roll_of(seed: str, number: int, action: int, sides: int = 6) -> int:
    """The game's `number`-th die, rolled by action `action`: what the engine must roll."""
    return derive_roll(sides, action_roll_inputs(seed, number, action))


def board(t):
    return read_board(t.read("state/board.yaml"))


def where(t, login: str):
    return board(t).token(login).space


def points(t) -> dict[str, int]:
    return {p["login"]: p["points"] for p in t.status()["players"]}
