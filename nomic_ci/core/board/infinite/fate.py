"""Master of Your Fate (rule 8): on landing on space 7 by a roll of X, a player may spend X
points to keep the roll as a Number; a Number advances its holder that many spaces, at any
time.

The roll is offered, not asked about: the offer (`Turn.fate`) stands until it is bought or
the turn ends, and waits for nothing, so a Cop Car on the same space still asks its own
choice (rule 11), and a player who does not buy goes on as they like."""

from __future__ import annotations

from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import count, is_mapping

NAME = "Master of Your Fate"
TILE = True  # a tile of rule 8, not a feature of rule 11
CHOICE = "number"


@frozen
class FateRule:
    """The `master_of_your_fate` binding: the space where a roll may be kept as a Number."""

    space: int
    barred: int | None  # the Number that may not be used on `space`


def parse(value: Any) -> FateRule:
    if not is_mapping(value) or not {"space"} <= set(value) <= {"space", "barred"}:
        raise ValueError("{space: 7, barred: 3}")
    barred = value.get("barred")
    return FateRule(count(value["space"], minimum=1), None if barred is None else count(barred))


BINDINGS = (
    Binding("master_of_your_fate", parse, "{space: 7, barred: 3}",
            "a player who lands on `space` by a roll of X may /choose buy, spending X points to "
            "keep X as a Number; /use N advances them N spaces (never the `barred` Number on "
            "`space`)"),
)


def bound(board) -> bool:
    return "master_of_your_fate" in board


def present(view, space: int) -> bool:
    return space == view.config.board["master_of_your_fate"].space


def land(play, login: str, space: int) -> None:
    roll = play.turn.roll
    if play.login != login or roll is None or play.turn.landed is not None:
        return  # not arrived by this turn's movement roll: there is no roll to buy
    why = (f"{NAME} on space {space} ({play.cite('master_of_your_fate')}): {login} may "
           f"/choose buy, spending {roll} points to keep {roll} as a Number")
    play.mark(fate=roll)
    play.effect({"offer": CHOICE, "login": login, "why": why}, why)


def buy(play, login: str) -> str | None:
    from .commerce import refusal
    roll = play.turn.fate
    if roll is None:
        return (f"{login} has no roll to buy: {NAME} offers the movement roll that lands a "
                f"player on space {play.config.board['master_of_your_fate'].space}, until "
                f"their turn ends ({play.cite('master_of_your_fate')})")
    why = refusal(play, login, roll)
    if why:
        return why
    play.mark(fate=None)
    play.gain(login, -roll, f"{NAME} ({play.cite('master_of_your_fate')}): {login} buys the "
                            f"roll {roll}")
    token = play.token(login)
    from dataclasses import replace
    play.hold(replace(token, numbers=token.numbers + (roll,)),
              f"{NAME} ({play.cite('master_of_your_fate')})",
              f"{login} keeps {roll} as a Number (Numbers: "
              f"{', '.join(map(str, token.numbers + (roll,)))})")
    return None


def use_number(play, login: str, number: int) -> str | None:
    """Whether `login` may use the Number `number` now (None), and if so takes it away."""
    rule, token = play.config.board["master_of_your_fate"], play.token(login)
    if number not in token.numbers:
        held = ", ".join(map(str, token.numbers)) or "none"
        return f"{login} has no Number {number} (their Numbers: {held})"
    if not token.on_ring:
        return f"{login} is not on a primary space"
    if rule.barred == number and token.space == rule.space:
        return f"the Number {number} may not be used on space {rule.space} " \
               f"({play.cite('master_of_your_fate')})"
    numbers = list(token.numbers)
    numbers.remove(number)
    from dataclasses import replace
    play.hold(replace(token, numbers=tuple(numbers)), f"{NAME} ({play.cite('master_of_your_fate')})",
              f"{login} uses their Number {number}")
    return None
