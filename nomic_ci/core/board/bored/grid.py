"""The BoredNomic board's squares (seed 003 rule 6): rows of `columns` winding like Snakes and
Ladders (6.5), colours repeating every five (6.9), and squares added one past the highest
(6.3) when a rule names a square beyond the board (17.1's Arena is square 21, 20.1's
Inquisition square 22).

`grid: {columns: 10, colours: [Red, Yellow, Green, Cyan, Blue]}`; the number of squares is
rule 6.2's `ring: {spaces: 20}` plus those added since (`added_spaces` in state/board.yaml).
"""

from __future__ import annotations

from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import count, is_list, is_mapping

GREEN = "Green"


@frozen
class Grid:
    """The `grid` binding: the columns and colours the squares are drawn in (text/grid_svg.py)."""

    columns: int
    colours: tuple[str, ...]

    def colour(self, square: int) -> str:
        return self.colours[(square - 1) % len(self.colours)]

    def cell(self, square: int) -> tuple[int, int]:
        """(column, row) of a square, both from 0, row 0 at the bottom: left to right on
        even rows, right to left on odd ones (6.5)."""
        row, offset = divmod(square - 1, self.columns)
        return (offset if row % 2 == 0 else self.columns - 1 - offset), row


def parse_grid(value: Any) -> Grid:
    expected = "{columns: 10, colours: [Red, Yellow, Green, Cyan, Blue]}"
    if not is_mapping(value) or set(value) != {"columns", "colours"} \
            or not is_list(value["colours"]) or not value["colours"] \
            or not all(isinstance(c, str) and c for c in value["colours"]):
        raise ValueError(expected)
    return Grid(count(value["columns"], minimum=1, maximum=100), tuple(value["colours"]))


BINDINGS = (
    Binding("grid", parse_grid, "{columns: 10, colours: [Red, Yellow, Green, Cyan, Blue]}",
            "the squares are drawn in rows of `columns`, winding like Snakes and Ladders from "
            "square 1 at the bottom left, each square coloured in turn from `colours`"),
)


def named_squares(config) -> dict[int, str]:
    """The squares the rules in force name, by number."""
    board = config.board
    named = {board["go"].square: "Go"} if "go" in board else {}
    if "arena" in board:
        named[board["arena"].square] = "The Arena"
    if "inquisition" in board:
        named[board["inquisition"].square] = "The Inquisition"
    return named


def missing_squares(view) -> int:
    """How many squares must be added so every square a rule names is on the board (6.3)."""
    highest = max(named_squares(view.config), default=0)
    return max(0, highest - view.total_spaces)
