"""Where each player's points came from: the ledger `verify` checks the state against; and
the latest changes to the points, or to a counter such as money, for the score chart."""

from __future__ import annotations

from datetime import datetime
from heapq import merge
from itertools import islice
from typing import Mapping

from .files.adjustments import Adjustment, read_adjustments
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
    began: dict[str, int] = {}  # the start each player began with, where a rule changed it
    for record in game.records.having("points_began"):
        for login, delta in record.points_began.items():
            began[login] = began.get(login, 0) + delta
    for open_ in game.state.open_proposals:  # rolled as they opened (seed 002 rule 103)
        if open_.dice:
            earned[open_.author.login] = earned.get(open_.author.login, 0) + open_.rolled
    played: dict[str, int] = {}
    for action in game.actions.having("points"):
        for login, delta in action.points.items():
            played[login] = played.get(login, 0) + delta
    for adjustment in _of_points(read_adjustments(game.files)):
        adjusted[adjustment.login] = adjusted.get(adjustment.login, 0) + adjustment.points
    logins = {p.login for p in game.state.players} | earned.keys() | stated.keys() | \
        adjusted.keys() | played.keys()
    start = game.config.starting_points
    return {login: Sources(start + began.get(login, 0), earned.get(login, 0), stated.get(login, 0),
                           adjusted.get(login, 0), played.get(login, 0)) for login in logins}


def unexplained(game: Game) -> dict[str, int]:
    """Points in the state that nothing recorded explains, by login."""
    sources = point_sources(game)
    return {p.login: p.points - sources[p.login].total for p in game.state.players
            if p.points != sources[p.login].total}


@frozen
class Change:
    """A quantity (points, or a counter such as money) that changed at one moment, by login,
    and what changed it."""

    at: datetime
    what: str  # "#12" (a decision), "refused", "adjusted", or a board action: "alice /roll"
    deltas: Mapping[str, int]


def latest_changes(game: Game, count: int, quantity: str = "points") -> list[Change]:
    """The latest `count` changes to the players' `quantity`, oldest first; only the latest
    lines of each index are read. Points change as `point_sources` adds them up; a counter
    by the board's actions (the index's `stats`) and the admin's corrections (a decision's
    experience, seed 003 rule 12.5, is no step: core/winning.py charts no level)."""
    if quantity != "points":
        return _latest_counter_changes(game, count, quantity)
    decisions = [Change(r.decided, f"#{r.number}" if r.number is not None else "refused",
                        _summed(r.points, r.points_stated))
                 for r in islice(game.records.moving("points"), count)]
    actions = [Change(a.at, f"{a.login} {a.command}", a.points)
               for a in islice(game.actions.moving("points"), count)]
    opened = sorted((Change(o.opened, f"#{o.number}", {o.author.login: o.rolled})
                     for o in game.state.open_proposals if o.dice), key=_when)
    adjusted = sorted((Change(a.at, "adjusted", {a.login: a.points})
                       for a in _of_points(read_adjustments(game.files))), key=_when)
    changes = list(merge(decisions[::-1], actions[::-1], opened, adjusted, key=_when))
    return changes[-count:]


def _latest_counter_changes(game: Game, count: int, counter: str) -> list[Change]:
    actions = [Change(a.at, f"{a.login} {a.command}",
                      {login: deltas[counter] for login, deltas in a.stats.items()
                       if deltas.get(counter)})
               for a in islice(game.actions.moving(counter), count)]
    adjusted = sorted((Change(a.at, "adjusted", {a.login: a.points})
                       for a in read_adjustments(game.files)
                       if a.login is not None and a.counter == counter), key=_when)
    return list(merge(actions[::-1], adjusted, key=_when))[-count:]


def _when(change: Change) -> datetime:
    return change.at


def _summed(*deltas: Mapping[str, int]) -> dict[str, int]:
    total: dict[str, int] = {}
    for points in deltas:
        for login, delta in points.items():
            total[login] = total.get(login, 0) + delta
    return total


def _of_points(adjustments: tuple[Adjustment, ...]) -> list[Adjustment]:
    """The adjustments of a player's points: not the board's alone, nor seed 003's money
    and the like (bored/ledger.py)."""
    return [a for a in adjustments if a.login is not None and a.counter == "points"]
