"""The Chief of Police (rule 11): the Cop Car, its health, the three options of a player who
lands on it, and its move to the space of a player who rolls a 4."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import Roll, count, is_mapping
from . import jail

NAME = "Cop Car"
CHOICE = "cop-car"
D6 = Roll(1, 6)
_KEYS = {"start", "health", "bribe", "fight", "reward", "moves_on"}


@frozen
class CopCarRule:
    """The `cop_car` binding: where the Cop Car starts, its health, what bribes and fights are
    worth, and the roll that moves it."""

    start: int  # where it is when the game begins
    health: int
    bribe: int  # points a bribe costs, and health it gives the Cop Car
    fight: int  # points won or lost in a fight, and health the Cop Car loses
    reward: int  # points for the player who brings its health to zero
    moves_on: int  # the movement roll that brings it to the player's space


def parse(value: Any) -> CopCarRule:
    if not is_mapping(value) or set(value) != _KEYS:
        raise ValueError("{start: 4, health: 200, bribe: 5, fight: 10, reward: 100, "
                         "moves_on: 4}")
    return CopCarRule(count(value["start"], minimum=1), count(value["health"], minimum=1),
                      count(value["bribe"]), count(value["fight"]), count(value["reward"]),
                      count(value["moves_on"], minimum=1))


BINDINGS = (
    Binding("cop_car", parse, "{start: 4, health: 200, bribe: 5, fight: 10, reward: 100, "
                              "moves_on: 4}",
            "the Cop Car: a player who lands on it chooses a (Jail), b (bribe) or c (fight) "
            "before their turn ends, else a; a movement roll of `moves_on` brings it to the "
            "player's space"),
)


def bound(board) -> bool:
    return "cop_car" in board


def present(view, space: int) -> bool:
    return view.board.cop_car is not None and view.board.cop_car.space == space


def land(play, login: str, space: int) -> None:
    rule = play.config.board["cop_car"]
    play.offer(CHOICE, f"{NAME} on space {space} ({play.cite('cop_car')}): {login} must choose "
                       f"before the turn ends: /choose a (admit fault: Jail), /choose b (bribe: "
                       f"lose {rule.bribe} points, the turn ends), /choose c (fight: two dice); "
                       "without a choice, a")


def options(play, login: str) -> dict[str, str | None]:
    """Each option, and why it is not open to `login` now (None: it is)."""
    rule, points = play.config.board["cop_car"], play.points_of(login)
    return {"a": None,
            "b": None if points >= rule.bribe else
            f"a bribe costs {rule.bribe} points and {login} has {points}",
            "c": None if points >= rule.fight else
            f"a fight risks {rule.fight} points and {login} has {points}"}


def choose(play, login: str, option: str) -> bool:
    """Carry out option a, b or c; whether the turn ends at once (a bribe ends it)."""
    rule, cite = play.config.board["cop_car"], play.cite("cop_car")
    play.answered()
    if option == "a":
        jail.send(play, login, f"{NAME}, option a ({cite}): {login} admits fault")
        return False
    if option == "b":
        play.gain(login, -rule.bribe, f"{NAME}, option b ({cite}): {login} bribes the officer")
        _health(play, rule.bribe, login)
        return True
    officer = play.roll(D6, f"{NAME}, option c ({cite}): the officer's roll")
    mine = play.roll(D6, f"{NAME}, option c ({cite}): {login}'s roll")
    play.say(f"{NAME}, option c ({cite}): the officer rolls {officer}, {login} rolls {mine}")
    if mine > officer:
        play.gain(login, rule.fight, f"{NAME} ({cite}): {login} wins the fight")
        _health(play, -rule.fight, login)
    elif mine < officer:
        play.gain(login, -rule.fight, f"{NAME} ({cite}): {login} loses the fight")
        jail.send(play, login, f"{NAME} ({cite}): {login} lost the fight")
    else:
        play.say(f"{NAME} ({cite}): a tie, and nothing happens")
    return False


def _health(play, change: int, login: str) -> None:
    rule, cite, car = play.config.board["cop_car"], play.cite("cop_car"), play.board.cop_car
    if car is None:
        return
    health = car.health + change
    if health > 0:
        play.change_board(replace(play.board, cop_car=replace(car, health=health)),
                          {"cop_car": "health", "from": car.health, "to": health},
                          f"{NAME} ({cite}): its health goes from {car.health} to {health}")
        return
    play.change_board(replace(play.board, cop_car=None),
                      {"cop_car": "removed", "from": car.space, "health": health},
                      f"{NAME} ({cite}): its health is {health}, so it ceases to be a feature")
    play.gain(login, rule.reward, f"{NAME} ({cite}): {login} brought its health to zero")


def after_roll(play, login: str, rolled: int) -> None:
    """A movement roll of `moves_on`: the Cop Car comes to the player's space."""
    rule, car = play.config.board.get("cop_car"), play.board.cop_car
    space = play.token(login).space
    if rule is None or car is None or rolled != rule.moves_on or not isinstance(space, int) \
            or car.space == space:
        return
    play.change_board(replace(play.board, cop_car=replace(car, space=space)),
                      {"cop_car": "moved", "from": car.space, "to": space},
                      f"{NAME} ({play.cite('cop_car')}): {login} rolled {rolled}, so it moves "
                      f"from space {car.space} to space {space}")
