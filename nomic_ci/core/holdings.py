"""What each player holds on the board, for the scoreboard and `status`: items on their
token, Numbers, points in the bank, the Houses they built (Infinite Nomic's rules 8, 11, 13),
and the squares they own (BoredNomic's deeds, rule 16).

A kind is shown where a board game in force gives it (its room's `holdings`,
core/board/rooms.py), so a column is never one the rules cannot fill; the Suber world shows
what its players hold in its own table (text/world_table.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .frozen import frozen
from .game import Game

if TYPE_CHECKING:  # only a game with a board loads the board's modules (core/board)
    from .board.boardfile import Board

# each kind, and its name on the scoreboard
KINDS = {"items": "items", "numbers": "Numbers", "account": "in the bank",
         "houses": "Houses", "squares": "squares owned"}


@frozen
class Holding:
    """What one player holds on the board."""

    items: tuple[tuple[str, int], ...] = ()  # by name, how many
    numbers: tuple[int, ...] = ()
    account: int = 0  # points in the bank
    houses: tuple[int, ...] = ()  # the spaces of the Houses they built
    squares: tuple[tuple[int, str | None], ...] = ()  # each owned square and its name

    def shown(self, kind: str) -> str:
        """One kind as the scoreboard shows it: '2 Flute, 1 House'; '—' for none."""
        if kind == "items":
            return ", ".join(f"{n} {name}" for name, n in self.items) or "—"
        if kind == "numbers":
            return ", ".join(map(str, self.numbers)) or "—"
        if kind == "account":
            return f"{self.account} points" if self.account else "—"
        if kind == "houses":
            return ", ".join(f"on space {space}" for space in self.houses) or "—"
        return ", ".join(f"{square} ({name})" if name else str(square)
                         for square, name in self.squares) or "—"

    def plain(self, kind: str):
        """One kind as `status --json` gives it."""
        if kind == "items":
            return dict(self.items)
        if kind == "squares":
            return [{"square": square, "name": name} for square, name in self.squares]
        return list(value) if isinstance(value := getattr(self, kind), tuple) else value


def held(board: "Board", login: str) -> Holding:
    token = board.token(login)
    return Holding(token.items, token.numbers, token.account,
                   tuple(h.space for h in board.houses if h.owner == login),
                   tuple((d.square, d.name) for d in board.deeds if d.owner == login))


def holdings(game: Game) -> dict[str, Holding]:
    """Each player's holding, by login; none in a game without a board."""
    board = game.state.board
    if board is None:
        return {}
    return {p.login: held(board, p.login) for p in game.state.players}


def kinds_shown(game: Game) -> tuple[str, ...]:
    """The kinds of holding the scoreboard shows, in `KINDS`' order."""
    if game.state.board is None:
        return ()
    from .board.rooms import holdings as given  # only a game with a board loads it
    shown = set(given(game.config))
    return tuple(kind for kind in KINDS if kind in shown)
