"""`state/board.svg`: the board as it stands, drawn from the state (plain SVG, which GitHub
shows inline in `state/README.md`).

The ring of primary spaces runs clockwise from space 1 at the top; each space shows its
number and its features' marks (see `LEGEND`); Snakes and Ladders are lines joining their
pair; Jail and the Gulag are boxes in the middle; each player's token is a coloured disc
with their initial, on their space. Every element a reader (or a test) looks for carries a
`data-` attribute: `data-space`, `data-features`, `data-token`, `data-pair`.
"""

from __future__ import annotations

import math

from ..core.board.primitives import View
from ..core.board.boardfile import GULAG, JAIL
from ..core.game import Game
from .score_chart import COLOURS

BOARD_SVG = "state/board.svg"
MARKS = {"Bank": "B", "Cop Car": "C", "Fives": "5", "House": "H", "Ladder": "L",
         "Master of Your Fate": "M", "Shop": "S", "Snake": "S~", "Unlucky Space": "U"}
# what each mark means, and the binding whose rule it cites
MEANINGS = (("yellow", "a space divisible by 5", "fives"),
            ("M", "Master of Your Fate", "master_of_your_fate"),
            ("U", "the Unlucky Space", "unlucky"),
            ("B", "a Bank", "bank"), ("S", "a Shop", "shop"),
            ("C200", "the Cop Car and its health", "cop_car"),
            ("H:alice", "alice's House", "houses"),
            ("green line", "a Ladder's ends, Ladder 1L and 1U", "snakes_and_ladders"),
            ("red dashed line", "a Snake's ends", "snakes_and_ladders"),
            ("boxes in the middle", "Jail and the Gulag", "jail"))
SPACE_R, TOKEN_R = 17, 8


def legend(game: Game) -> str:
    """What the picture's marks mean, for the features the rules in force have."""
    board, cite = game.config.board, game.config.cite
    if "grid" in board:  # seed 003's squares (only its games load its modules: core/board)
        from .grid_svg import grid_legend
        return grid_legend(game)
    parts = [f"{mark}: {meaning} ({cite(key)})" for mark, meaning, key in MEANINGS
             if key in board]
    return ("The board: each player's token is a disc with their initial, on their space; "
            + "; ".join(parts) + ".")


def render_board_svg(game: Game) -> str | None:
    """The picture of the board, or None for a game without one."""
    if game.state.board is None or "ring" not in game.config.board:
        return None
    if "grid" in game.config.board:  # seed 003's squares in rows, not a ring
        from .grid_svg import render_grid_svg
        return render_grid_svg(game)
    from html import escape  # here: `status` shows the legend alone, and html loads a big table
    from ..core.board.infinite.features import on_space  # a ring's features: Infinite Nomic's
    view = View(game.config, game.state)
    board, total = view.board, view.total_spaces
    radius = max(160.0, total * (2 * SPACE_R + 14) / (2 * math.pi))
    size = int(2 * radius + 170)
    centre = size / 2

    def at(space: int, r: float) -> tuple[float, float]:
        angle = -math.pi / 2 + 2 * math.pi * (space - 1) / total
        return centre + r * math.cos(angle), centre + r * math.sin(angle)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
           f'viewBox="0 0 {size} {size}" font-family="sans-serif" font-size="12">',
           f"<title>The board: {total} spaces</title>",
           f'<rect width="{size}" height="{size}" fill="white"/>',
           f'<circle cx="{centre:.1f}" cy="{centre:.1f}" r="{radius:.1f}" fill="none" '
           'stroke="#bbb" stroke-width="2"/>']
    for pair in board.pairs:  # under the spaces, so each space's number stays readable
        (x1, y1), (x2, y2) = at(pair.lower, radius), at(pair.upper, radius)
        style = 'stroke="#2ca02c"' if pair.kind == "Ladder" else \
            'stroke="#d62728" stroke-dasharray="8 5"'
        out.append(f'<line data-pair="{pair.kind} {pair.number}" x1="{x1:.1f}" y1="{y1:.1f}" '
                   f'x2="{x2:.1f}" y2="{y2:.1f}" {style} stroke-width="4"/>')
    for space in range(1, total + 1):
        features = on_space(view, space, tiles=True)
        x, y = at(space, radius)
        fill = "#ffe08a" if "Fives" in features else "#f4f4f4"
        out.append(f'<g data-space="{space}" data-features="{escape(",".join(features))}">')
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SPACE_R}" fill="{fill}" '
                   'stroke="#555"/>')
        out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" '
                   f'font-weight="bold">{space}</text>')
        marks = [_mark(view, name, space) for name in features if name != "Fives"]
        if marks:
            mx, my = at(space, radius + SPACE_R + 16)
            out.append(f'<text x="{mx:.1f}" y="{my + 4:.1f}" text-anchor="middle" '
                       f'font-size="10">{escape(" ".join(marks))}</text>')
        out.append("</g>")
    boxes = {JAIL: (centre - 110, centre - 25), GULAG: (centre + 10, centre - 25)}
    for name, (bx, by) in boxes.items():
        out.append(f'<rect data-space="{name}" x="{bx:.1f}" y="{by:.1f}" width="100" '
                   'height="50" fill="#eee" stroke="#555"/>')
        out.append(f'<text x="{bx + 50:.1f}" y="{by - 6:.1f}" text-anchor="middle">'
                   f'{name.capitalize()}</text>')
    logins = [p.login for p in game.state.players]
    crowd: dict[object, int] = {}
    for index, login in enumerate(logins):
        space = board.token(login).space
        nth = crowd.get(space, 0)
        crowd[space] = nth + 1
        if isinstance(space, int):
            x, y = at(space, radius - SPACE_R - TOKEN_R - 4 - nth * (2 * TOKEN_R + 2))
        else:
            bx, by = boxes[space]
            x, y = bx + 14 + (nth % 5) * (2 * TOKEN_R + 2), by + 16 + (nth // 5) * 18
        colour = COLOURS[index % len(COLOURS)]
        out.append(f'<g data-token="{escape(login)}" data-at="{space}">'
                   f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{TOKEN_R}" fill="{colour}"/>'
                   f'<text x="{x:.1f}" y="{y + 3.5:.1f}" text-anchor="middle" font-size="10" '
                   f'fill="white">{escape(login[:1].upper())}</text>'
                   f'<title>{escape(login)}</title></g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _mark(view: View, name: str, space: int) -> str:
    board = view.board
    if name == "Cop Car" and board.cop_car is not None:
        return f"C{board.cop_car.health}"
    if name == "House":
        return " ".join(f"H:{h.owner}" for h in board.houses if h.space == space)
    if name in ("Snake", "Ladder"):
        return " ".join(p.name("L" if p.lower == space else "U") for p in board.pairs
                        if p.kind == name and space in (p.lower, p.upper))
    return MARKS[name]
