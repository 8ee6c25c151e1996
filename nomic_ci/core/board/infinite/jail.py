"""Jail (rule 8): a player in Jail may not move; once a turn they may roll to escape (a 5 or
6 frees them onto space 1), and after failing two turns in a row they may pay a point.

The failures count in a row: a stay in Jail starts from none, and a turn in Jail without
an attempt breaks the row, so the point buys the escape only on the turn following two
failed ones (rule 8: "on their following turn")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import Roll, count, is_list, is_mapping, roll
from ..boardfile import JAIL

NAME = "Jail"


@frozen
class JailRule:
    """The `jail` binding: the escape roll, the results that free, and when and at what price a
    player may pay instead."""

    roll: Roll
    escape_on: tuple[int, ...]
    pay_after: int  # failed escapes in a row after which a player may pay
    price: int


def parse(value: Any) -> JailRule:
    if not is_mapping(value) or set(value) != {"roll", "escape_on", "pay_after", "price"} \
            or not is_list(value["escape_on"]) or not value["escape_on"]:
        raise ValueError("{roll: 1d6, escape_on: [5, 6], pay_after: 2, price: 1}")
    return JailRule(roll(value["roll"]), tuple(count(v, minimum=1) for v in value["escape_on"]),
                    count(value["pay_after"], minimum=1), count(value["price"]))


BINDINGS = (
    Binding("jail", parse, "{roll: 1d6, escape_on: [5, 6], pay_after: 2, price: 1}",
            "a player in Jail may not move; once a turn they may /escape by rolling one of "
            "`escape_on`, or, after `pay_after` failures in a row, /escape pay for `price` "
            "points; either way they are placed on space 1"),
)


def escape(play, login: str, pay: bool) -> str | None:
    rule, token, cite = play.config.board["jail"], play.token(login), play.cite("jail")
    if token.space != JAIL:
        return f"{login} is not in Jail"
    if play.turn.escape_tried:
        return f"{login} has already tried to escape this turn ({cite})"
    play.mark(escape_tried=True)
    if pay:
        if token.jail_failures < rule.pay_after:
            return (f"{login} may pay to escape only after failing {rule.pay_after} turns in a "
                    f"row ({token.jail_failures} so far) ({cite})")
        play.gain(login, -rule.price, f"{NAME} ({cite}): {login} pays to escape")
        free(play, login, cite)
        return None
    rolled = play.roll(rule.roll, f"{NAME} ({cite}): {login}'s escape")
    if rolled in rule.escape_on:
        play.say(f"{NAME} ({cite}): {login} rolls {rolled} and escapes")
        free(play, login, cite)
    else:
        failures = token.jail_failures + 1
        play.hold(replace(token, jail_failures=failures), f"{NAME} ({cite})",
                  f"{NAME} ({cite}): {login} rolls {rolled} and stays in Jail ({failures} "
                  f"failure{'s' if failures > 1 else ''} in a row)")
    return None


def send(play, login: str, why: str) -> None:
    """`login` goes to Jail, with no failed escapes counted yet."""
    _reset(play, login)
    play.place(login, JAIL, why)


def turn_over(play, login: str) -> None:
    """`login`'s turn ends: one spent in Jail without trying to escape breaks the row."""
    if play.token(login).space == JAIL and not play.turn.escape_tried:
        _reset(play, login)


def _reset(play, login: str) -> None:
    token = play.token(login)
    if token.jail_failures:
        play.hold(replace(token, jail_failures=0), f"{NAME} ({play.cite('jail')})",
                  f"{NAME} ({play.cite('jail')}): {login}'s failed escapes are no longer in a "
                  "row, and count from none")


def free(play, login: str, cite: str) -> None:
    play.hold(replace(play.token(login), jail_failures=0), f"{NAME} ({cite})",
              f"{login} is out of Jail")
    play.place(login, 1, f"{NAME} ({cite}): an escaped player goes to the lowest space")
