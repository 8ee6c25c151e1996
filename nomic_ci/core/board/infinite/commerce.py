"""Commerce (rule 16): no one buys with 0 or fewer points, or into debt; and buying items."""

from __future__ import annotations

from ...mechanics.binding import Binding
from ...mechanics.values import choice

BINDINGS = (
    Binding("commerce", choice("no-debt"), "'no-debt'",
            "a player may not buy with 0 or fewer points, nor if buying would leave them below "
            "0"),
)


def refusal(play, login: str, price: int) -> str | None:
    """Why `login` may not pay `price` points now, if they may not."""
    points = play.points_of(login)
    if "commerce" in play.config.board and (points <= 0 or points - price < 0):
        return (f"{login} has {points} points and may not buy for {price} "
                f"({play.cite('commerce')})")
    return None
