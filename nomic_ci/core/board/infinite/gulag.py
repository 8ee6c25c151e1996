"""The Gulag (rule 8): a player who misses two of their own turns in a row leaves the turn
order for the Gulag, where they neither gain nor lose points, nor take turns, until they
/rejoin: then they are placed on space 1 at the bottom of the turn order. Whether a Gulag
holds a player is `Board.in_gulag`'s to say, under the rules in force: a Gulag no rule keeps
holds no one, and a passed proposal repealing it frees whoever is in it (core/apply.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...mechanics.binding import Binding
from ...mechanics.values import count, is_mapping
from ..boardfile import GULAG

NAME = "Gulag"


def parse(value: Any) -> int:
    if not is_mapping(value) or set(value) != {"missed_turns"}:
        raise ValueError("{missed_turns: 2}")
    return count(value["missed_turns"], minimum=1)


BINDINGS = (
    Binding("gulag", parse, "{missed_turns: 2}",
            "a player who misses this many of their own turns in a row goes to the Gulag, out "
            "of the turn order, until they /rejoin at the bottom of it on space 1"),
)


def missed(play, login: str) -> None:
    """`login`'s turn passed without their doing anything in it."""
    limit, cite = play.config.board.get("gulag"), play.cite("gulag")
    token = play.token(login)
    if limit is None or token.space == GULAG:
        return
    count_ = token.missed_turns + 1
    play.hold(replace(token, missed_turns=count_), f"{NAME} ({cite})",
              f"{login} missed their turn ({count_} in a row)")
    if count_ >= limit:
        play.hold(replace(play.token(login), missed_turns=0), f"{NAME} ({cite})",
                  f"{login}'s missed turns are counted afresh")
        play.place(login, GULAG, f"{NAME} ({cite}): {login} missed {limit} turns in a row")


def acted(play, login: str) -> None:
    """`login` gave a command in their own turn (any: a /buy, a /trade, an /accept): the turn
    is not a missed one. An empty mark says so where the command itself marked nothing, and
    the turn's end reads it (turn_end.py)."""
    play.mark()
    token = play.token(login)
    if token.missed_turns:
        play.hold(replace(token, missed_turns=0), f"{NAME} ({play.cite('gulag')})",
                  f"{login} took their turn, so no turns are missed in a row")


def rejoin(play, login: str) -> str | None:
    if play.token(login).space != GULAG:
        return f"{login} is not in the Gulag"
    play.place(login, 1, f"{NAME} ({play.cite('gulag')}): {login} rejoins the game")
    player = next(p for p in play.state.players if p.login == login)
    play.state = replace(play.state, players=tuple(
        p for p in play.state.players if p.login != login) + (player,))
    play.effect({"turn_order": login, "to": "bottom"},
                f"{login} goes to the bottom of the turn order ({play.cite('gulag')})")
    return None
