"""Where each player's points came from: the ledger `verify` checks the state against."""

from __future__ import annotations

from typing import Mapping

from .files.adjustments import read_adjustments
from .frozen import frozen
from .game import Game


@frozen
class Sources:
    """A player's points by where they came from; `total` is what the state should hold."""

    start: int
    earned: int = 0  # dice and votes, as each record (or proposal in its vote) holds them
    stated: int = 0  # set by passed proposals' own changes to state/players.yaml
    adjusted: int = 0  # corrected by the game's admin (proposals/adjustments.yaml)
    played: int = 0  # won and lost on the board, as each action recorded it (actions/)

    @property
    def total(self) -> int:
        return self.start + self.earned + self.stated + self.adjusted + self.played

    def __str__(self) -> str:
        board = f" + {self.played} from board actions" if self.played else ""
        return (f"{self.start} to start + {self.earned} from dice and votes + {self.stated} "
                f"set by proposals + {self.adjusted} from the admin's adjustments{board}")


def point_sources(game: Game) -> Mapping[str, Sources]:
    """Every player's points as the records and adjustments explain them, by login."""
    earned: dict[str, int] = {}
    stated: dict[str, int] = {}
    adjusted: dict[str, int] = {}
    for record in game.records.having("points"):
        for login, delta in record.points.items():
            earned[login] = earned.get(login, 0) + delta
    for record in game.records.having("points_stated"):
        for login, delta in record.points_stated.items():
            stated[login] = stated.get(login, 0) + delta
    for open_ in game.state.open_proposals:  # rolled as they opened (seed 002 rule 103)
        if open_.dice:
            earned[open_.author.login] = earned.get(open_.author.login, 0) + open_.rolled
    played: dict[str, int] = {}
    for action in game.actions.points():
        for login, delta in action.points.items():
            played[login] = played.get(login, 0) + delta
    for adjustment in read_adjustments(game.files):
        if adjustment.login is None or adjustment.counter != "points":
            continue  # the board's alone, or seed 003's money and the like (bored/ledger.py)
        adjusted[adjustment.login] = adjusted.get(adjustment.login, 0) + adjustment.points
    logins = {p.login for p in game.state.players} | earned.keys() | stated.keys() | \
        adjusted.keys() | played.keys()
    start = game.config.starting_points
    return {login: Sources(start, earned.get(login, 0), stated.get(login, 0),
                           adjusted.get(login, 0), played.get(login, 0)) for login in logins}


def unexplained(game: Game) -> dict[str, int]:
    """Points in the state that nothing recorded explains, by login."""
    sources = point_sources(game)
    return {p.login: p.points - sources[p.login].total for p in game.state.players
            if p.points != sources[p.login].total}
