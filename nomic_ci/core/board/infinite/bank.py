"""Banks (rule 11): on spaces that are multiples of 7 above 7; a player who lands on one may
deposit points in multiples of 5 or withdraw them, and every Bank passed or landed on adds
1 point per 5 in their account."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import count, is_mapping

NAME = "Bank"


@frozen
class BankRule:
    """The `bank` binding: where Banks stand, what deposits are multiples of, and the interest."""

    multiple_of: int  # Banks are on multiples of this, above it
    deposit_in: int  # deposits are multiples of this
    interest_per: int  # 1 point of interest per this many in the account


def parse(value: Any) -> BankRule:
    if not is_mapping(value) or set(value) != {"multiple_of", "deposit_in", "interest_per"}:
        raise ValueError("{multiple_of: 7, deposit_in: 5, interest_per: 5}")
    return BankRule(count(value["multiple_of"], minimum=1), count(value["deposit_in"], minimum=1),
                    count(value["interest_per"], minimum=1))


BINDINGS = (
    Binding("bank", parse, "{multiple_of: 7, deposit_in: 5, interest_per: 5}",
            "Banks stand on the multiples of `multiple_of` above it: landing on one, a player "
            "may /deposit points (in multiples of `deposit_in`) or /withdraw them; passing or "
            "landing on one adds 1 point per `interest_per` in their account"),
)


def bound(board) -> bool:
    return "bank" in board


def present(view, space: int) -> bool:
    rule = view.config.board["bank"]
    return space > rule.multiple_of and space % rule.multiple_of == 0


def land(play, login: str, space: int) -> None:
    """Landing on a Bank opens its counter for the turn; to a player who lands outside their
    turn (a Number is used at any time, rule 8), until their own turn ends."""
    cite = play.cite("bank")
    if play.state.turn == login:
        play.say(f"{NAME} on space {space} ({cite}): {login} may /deposit or /withdraw points "
                 "this turn")
        return
    play.hold(replace(play.token(login), landed=space), f"{NAME} ({cite})",
              f"{NAME} on space {space} ({cite}): {login} may /deposit or /withdraw points "
              "until their own turn ends")


def open_to(play, login: str) -> bool:
    """Whether `login` stands on a Bank they landed on in this turn, or outside their turn
    since their own last ended."""
    token = play.token(login)
    landed = (play.turn.landed if play.state.turn == login else None, token.landed)
    return token.on_ring and token.space in landed and present(play, token.space)


def passing(play, login: str, path: tuple[int, ...]) -> None:
    if "bank" not in play.config.board:
        return
    rule = play.config.board["bank"]
    for space in path:
        token = play.token(login)
        interest = token.account // rule.interest_per
        if present(play, space) and interest:
            play.hold(replace(token, account=token.account + interest),
                      f"{NAME} ({play.cite('bank')})",
                      f"{NAME} on space {space} ({play.cite('bank')}): {login}'s account earns "
                      f"{interest} (now {token.account + interest})")


def deposit(play, login: str, amount: int) -> str | None:
    rule, token, points = play.config.board["bank"], play.token(login), play.points_of(login)
    if amount <= 0 or amount % rule.deposit_in:
        return f"deposits are positive multiples of {rule.deposit_in} ({play.cite('bank')})"
    if amount > points:
        return f"{login} has {points} points, fewer than {amount}"
    play.gain(login, -amount, f"{NAME} ({play.cite('bank')}): {login} deposits {amount}")
    play.hold(replace(token, account=token.account + amount), f"{NAME} ({play.cite('bank')})",
              f"{login}'s account holds {token.account + amount}")
    return None


def withdraw(play, login: str, amount: int) -> str | None:
    token = play.token(login)
    if amount <= 0 or amount > token.account:
        return f"{login}'s account holds {token.account}: withdraw from 1 to {token.account}"
    play.hold(replace(token, account=token.account - amount), f"{NAME} ({play.cite('bank')})",
              f"{login}'s account holds {token.account - amount}")
    play.gain(login, amount, f"{NAME} ({play.cite('bank')}): {login} withdraws {amount}")
    return None
