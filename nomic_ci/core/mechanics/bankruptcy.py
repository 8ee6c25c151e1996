"""Bankruptcy (seed 003 rules 4.3 and 4.4): a player with too little of a counter.

`bankrupt_below: {counter: money, amount: 1}` makes a player whose money is
under $1 bankrupt: they may not propose, and their votes do not count (rule
4.4), each refused with the reason. Whatever changes the counter (the Admin by
hand, or a mechanic), the engine reads it as it stands.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..files.state import Player
from ..frozen import frozen
from .binding import Binding
from .values import count, is_mapping


@frozen
class Bankruptcy:
    """The `bankrupt_below` binding: under `amount` of `counter`, a player is bankrupt (`of`)."""

    counter: str
    amount: int

    def of(self, player: Player, start: Mapping[str, int]) -> str | None:
        """Why `player` is bankrupt (e.g. "alice has 0 money, under 1"), or None."""
        value = player.stat(self.counter, start)
        if value >= self.amount:
            return None
        return f"{player.login} is bankrupt ({value} {self.counter}, under {self.amount})"


def parse_bankruptcy(value: Any) -> Bankruptcy:
    expected = "{counter: NAME, amount: N}"
    if not is_mapping(value) or set(value) != {"counter", "amount"} \
            or not isinstance(value["counter"], str) or not value["counter"]:
        raise ValueError(expected)
    return Bankruptcy(value["counter"], count(value["amount"]))


BINDINGS = (
    Binding("bankrupt_below", parse_bankruptcy, "{counter: money, amount: 1}",
            "a player with less than `amount` of `counter` is bankrupt: they may not propose, "
            "and their votes do not count"),
)
