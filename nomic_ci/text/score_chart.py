"""`state/scores.svg`: every player's points over the game's decisions, as a line chart.

Plain SVG, which GitHub shows inline in `state/README.md`: one line per player, the x
axis the changes to the points (decisions, board actions, adjustments) in the order they
were made, a legend with each player's points now.
"""

from __future__ import annotations

from ..core.game import Game
from ..core.scores import latest_changes

SCORES_SVG = "state/scores.svg"
WIDTH, HEIGHT, LEFT, TOP, PLOT_W, PLOT_H = 720, 260, 48, 16, 480, 200
MAX_POINTS = 200  # the most recent steps drawn: a long game shows its latest stretch
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf")


def score_history(game: Game) -> tuple[list[str], dict[str, list[int]]]:
    """The step labels (the start, then each change to the points in time order: the
    latest `MAX_POINTS` steps of a long game) and each player's points after every step.
    Worked back from the points the players hold now, so the lines end at the scoreboard
    and a long game reads only its latest changes."""
    changes = latest_changes(game, MAX_POINTS)
    points = {p.login: p.points for p in game.state.players}
    series = {login: [value] for login, value in points.items()}
    for change in reversed(changes):
        for login, delta in change.deltas.items():
            if login in points:
                points[login] -= delta
        for login, line in series.items():
            line.append(points[login])
    labels = ["start", *(change.what for change in changes)]
    return labels[-MAX_POINTS:], {login: line[::-1][-MAX_POINTS:]
                                  for login, line in series.items()}


def render_score_chart(game: Game) -> str:
    labels, series = score_history(game)
    values = [v for line in series.values() for v in line] or [0]
    low, high = min(0, *values), max(1, *values)
    steps = max(len(labels) - 1, 1)
    height = max(HEIGHT, TOP + 24 + 18 * len(series))  # room for every player's legend

    def x(i: int) -> float:
        return LEFT + PLOT_W * i / steps

    def y(v: int) -> float:
        return TOP + PLOT_H * (high - v) / (high - low)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">',
           "<title>Points over the game's decisions</title>",
           f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
           f'<line x1="{LEFT}" y1="{TOP + PLOT_H}" x2="{LEFT + PLOT_W}" y2="{TOP + PLOT_H}" '
           'stroke="#888"/>',
           f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + PLOT_H}" stroke="#888"/>',
           f'<text x="{LEFT - 6}" y="{y(high) + 4:.1f}" text-anchor="end">{high}</text>',
           f'<text x="{LEFT - 6}" y="{y(low) + 4:.1f}" text-anchor="end">{low}</text>',
           f'<text x="{LEFT}" y="{TOP + PLOT_H + 16}">{labels[0]}</text>',
           f'<text x="{LEFT + PLOT_W}" y="{TOP + PLOT_H + 16}" text-anchor="end">'
           f'{labels[-1]}</text>']
    for index, (login, line) in enumerate(series.items()):
        colour = COLOURS[index % len(COLOURS)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line))
        out.append(f'<polyline data-player="{login}" fill="none" stroke="{colour}" '
                   f'stroke-width="2" points="{points}"/>')
        legend_y = TOP + 14 + 18 * index
        out.append(f'<rect x="{LEFT + PLOT_W + 24}" y="{legend_y - 9}" width="12" height="12" '
                   f'fill="{colour}"/>')
        out.append(f'<text x="{LEFT + PLOT_W + 42}" y="{legend_y + 1}">{login}: {line[-1]}'
                   '</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
