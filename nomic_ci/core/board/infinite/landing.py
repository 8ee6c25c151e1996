"""Moving and landing: what every move up the ring sets off, in the rules' order (rule 11:
passing effects as the token passes, then the landing space's features, alphabetically)."""

from __future__ import annotations

from . import bank, looping
from .features import order
from ..ring import advance


def move_up(play, login: str, steps: int, why: str) -> None:
    start = play.token(login).space
    path = advance(start, steps, play.total_spaces)
    play.move(login, path, why)
    looping.passing(play, login, path)
    bank.passing(play, login, path)
    land(play, login, path[-1])


def land(play, login: str, space: int) -> None:
    """The effects of the features on `space`, in order: a Snake or Ladder moves the token,
    and the space's later features still act, as rule 20 puts them before the Cop Car."""
    for _name, kind in order(play):
        if kind.present(play, space):
            kind.land(play, login, space)
    if play.login == login and play.state.turn == login:
        play.mark(landed=play.token(login).space if play.token(login).on_ring else None)
