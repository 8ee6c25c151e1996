"""BoredNomic's board as a picture (seed 003 rule 6): the squares in rows of ten winding like
Snakes and Ladders from square 1 at the bottom left (6.5), each in its colour (6.9), with the
names the rules give (Go, The Arena, The Inquisition), each owned square's name and owner
(16), and each player's token, a disc with their initial, on their square.

Every element a reader (or a test) looks for carries a `data-` attribute: `data-square`,
`data-colour`, `data-name`, `data-owner`, `data-token`.
"""

from __future__ import annotations


from ..core.board.bored.grid import named_squares
from ..core.board.primitives import View
from ..core.game import Game
from .score_chart import COLOURS

CELL, TOKEN_R, MARGIN = 80, 8, 10
FILLS = {"red": "#f6b3b3", "yellow": "#f7e8a0", "green": "#b5e0b5", "cyan": "#b3e8ee",
         "blue": "#b8cbf2"}  # light enough for black text; other colours are drawn grey


def render_grid_svg(game: Game) -> str:
    from html import escape  # here: `status` shows the legend alone, and html loads a big table
    view = View(game.config, game.state)
    grid, board, total = game.config.board["grid"], view.board, view.total_spaces
    rows = -(-total // grid.columns)
    width, height = grid.columns * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN
    names = named_squares(game.config)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           f"<title>The board: {total} squares</title>",
           f'<rect width="{width}" height="{height}" fill="white"/>']

    def corner(square: int) -> tuple[int, int]:
        column, row = grid.cell(square)
        return MARGIN + column * CELL, MARGIN + (rows - 1 - row) * CELL

    for square in range(1, total + 1):
        x, y = corner(square)
        colour = grid.colour(square)
        deed = board.deed(square)
        name = names.get(square) or (deed.name if deed and deed.name else "")
        owner = f' data-owner="{escape(deed.owner)}"' if deed else ""
        out.append(f'<g data-square="{square}" data-colour="{escape(colour)}" '
                   f'data-name="{escape(name)}"{owner}>')
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                   f'fill="{FILLS.get(colour.lower(), "#e4e4e4")}" stroke="#555"/>')
        out.append(f'<text x="{x + 5}" y="{y + 14}" font-weight="bold">{square}</text>')
        if name:
            out.append(f'<text x="{x + 5}" y="{y + 28}">{escape(_short(name))}</text>')
        if deed:
            out.append(f'<text x="{x + 5}" y="{y + 42}" font-style="italic">'
                       f'{escape(_short(deed.owner))}</text>')
        out.append("</g>")
    crowd: dict[int, int] = {}
    for index, player in enumerate(game.state.players):
        square = board.token(player.login).space
        if not isinstance(square, int) or square > total:
            continue
        nth = crowd.get(square, 0)
        crowd[square] = nth + 1
        x, y = corner(square)
        cx, cy = x + 12 + (nth % 4) * (2 * TOKEN_R + 2), y + CELL - 12 - (nth // 4) * 18
        out.append(f'<g data-token="{escape(player.login)}" data-at="{square}">'
                   f'<circle cx="{cx}" cy="{cy}" r="{TOKEN_R}" fill="{COLOURS[index % len(COLOURS)]}"/>'
                   f'<text x="{cx}" y="{cy + 3.5}" text-anchor="middle" font-size="10" '
                   f'fill="white">{escape(player.login[:1].upper())}</text>'
                   f'<title>{escape(player.login)}</title></g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def grid_legend(game: Game) -> str:
    cite, board = game.config.cite, game.config.board
    owned = (f"; an owned square shows its name and, in italics, its owner "
             f"({cite('property')})") if "property" in board or game.state.board.deeds else ""
    return (f"The board: squares in rows of {board['grid'].columns}, from square 1 at the "
            f"bottom left, winding up like Snakes and Ladders, each in its colour "
            f"({cite('grid')}){owned}; each player's token is a disc with their initial.")


def _short(text: str) -> str:
    return text if len(text) <= 13 else text[:12] + "…"
