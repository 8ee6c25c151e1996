"""Money (seed 003 rules 4, 11.3 and 19): paying and receiving whole dollars, what a bankrupt
player may not do, the sale back at a third, and the two ways money wins.

`money: {counter: money, sell_back_divisor: 3}` (rule 4) names the counter and 4.5's third;
bankruptcy itself is `bankrupt_below` (core/mechanics/bankruptcy.py), which also refuses a
bankrupt player's proposals and votes. `last_solvent_wins: true` (11.3) and `money_wins:
1000000` (19) end the game.
"""

from __future__ import annotations

from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import count, counts, flag, is_mapping
from .vitals import change, stat


@frozen
class Money:
    """The `money` binding: the counter that is money, and what divides a price sold back (4.5)."""

    counter: str
    sell_back_divisor: int


def parse_money(value: Any) -> Money:
    expected = "{counter: money, sell_back_divisor: 3}"
    if not is_mapping(value) or not isinstance(value.get("counter"), str) \
            or not value["counter"]:
        raise ValueError(expected)
    divisor = counts({k: v for k, v in value.items() if k != "counter"}, expected,
                     ("sell_back_divisor",))["sell_back_divisor"]
    if divisor < 1:
        raise ValueError(expected + " with a divisor of at least 1")
    return Money(value["counter"], divisor)


BINDINGS = (
    Binding("money", parse_money, "{counter: money, sell_back_divisor: 3}",
            "money is the counter named, in whole dollars; a bankrupt player may /sell items "
            "and squares back for their price divided by `sell_back_divisor`, rounded up"),
    Binding("last_solvent_wins", flag, "true or false",
            "when only one player is not bankrupt, that player wins"),
    Binding("money_wins", lambda v: count(v, minimum=1), "a whole number of dollars",
            "a player with at least this much money wins"),
)


def counter(view) -> str:
    return view.config.board["money"].counter


def money_of(view, login: str) -> int:
    return stat(view, login, counter(view))


def bankrupt(view, login: str) -> str | None:
    """Why `login` is bankrupt (rule 4.3), or None."""
    rule = view.config.bankrupt_below
    if rule is None:
        return None
    player = next(p for p in view.state.players if p.login == login)
    return rule.of(player, view.config.starting_stats)


def pay_refusal(play, login: str, amount: int) -> str | None:
    """Why `login` may not pay `amount` by their own choice (rule 4.3): a bankrupt player may
    take no action that loses money, and no one an action that makes them bankrupt."""
    cite = play.config.cite("bankrupt_below")
    have = money_of(play, login)
    why = bankrupt(play, login)
    if why is not None:
        return f"{why}, and a bankrupt player may take no action that loses money ({cite})"
    floor = play.config.bankrupt_below.amount if play.config.bankrupt_below else 0
    if have - amount < floor:
        return (f"{login} has ${have:,} and paying ${amount:,} would leave ${have - amount:,}: "
                f"no one may make themselves bankrupt ({cite})")
    return None


def choice_refusal(play, login: str) -> str | None:
    """Rule 4.4: a bankrupt player makes no choice their moves offer (buying the square,
    fighting in the Arena)."""
    why = bankrupt(play, login)
    if why is not None:
        return f"{why}: a bankrupt player makes no choices their moves offer " \
               f"({play.config.cite('bankrupt_below')})"
    return None


def pay(play, login: str, amount: int, why: str) -> None:
    change(play, login, why, **{counter(play): -amount})


def receive(play, login: str, amount: int, why: str) -> None:
    change(play, login, why, **{counter(play): amount})


def sell_back(view, price: int) -> int:
    """Rule 4.5: a third of the original price, rounded up."""
    return -(-price // view.config.board["money"].sell_back_divisor)


def winners(game) -> tuple[tuple[str, ...], str] | None:
    """Who wins by money now, and why (rules 19 and 11.3), or None."""
    board, state, config = game.config.board, game.state, game.config
    if "money" not in board or state.over or not state.players:
        return None
    name = board["money"].counter
    if "money_wins" in board:
        rich = tuple(p.login for p in state.players
                     if p.stat(name, config.starting_stats) >= board["money_wins"])
        if rich:
            return rich, f"{' and '.join(rich)} {'has' if len(rich) == 1 else 'have'} at " \
                         f"least ${board['money_wins']:,} ({config.cite('money_wins')})"
    if board.get("last_solvent_wins") and config.bankrupt_below is not None \
            and len(state.players) > 1:
        solvent = [p.login for p in state.players
                   if config.bankrupt_below.of(p, config.starting_stats) is None]
        if len(solvent) == 1:
            return (solvent[0],), f"{solvent[0]} is the only player not bankrupt " \
                                  f"({config.cite('last_solvent_wins')})"
    return None
