"""`state/scores.svg`: every player's points over the game's decisions, as a line chart.

Plain SVG, which GitHub shows inline in `state/README.md`: one line per player, the x
axis the decisions in the order they were made, a legend with each player's points now.
"""

from __future__ import annotations

from ..core.files.adjustments import read_adjustments
from ..core.game import Game

SCORES_SVG = "state/scores.svg"
WIDTH, HEIGHT, LEFT, TOP, PLOT_W, PLOT_H = 720, 260, 48, 16, 480, 200
MAX_POINTS = 200  # the most recent steps drawn: a long game shows its latest stretch
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf")


def score_history(game: Game) -> tuple[list[str], dict[str, list[int]]]:
    """The step labels (the start, then each decision or adjustment in time order) and each
    player's points after every step."""
    start = game.config.starting_points
    points = {p.login: start for p in game.state.players}
    events = [(r.decided, f"#{r.number}" if r.number is not None else "refused",
               {login: r.points.get(login, 0) + r.points_stated.get(login, 0)
                for login in {*r.points, *r.points_stated}})
              for r in game.records.having("points", "points_stated")]
    events += [(a.at, "adjusted", {a.login: a.points}) for a in read_adjustments(game.files)
               if a.login is not None]
    events.sort(key=lambda e: e[0])
    labels, series = ["start"], {login: [value] for login, value in points.items()}
    for _, label, deltas in events:
        for login, delta in deltas.items():
            if login in points:
                points[login] += delta
        labels.append(label)
        for login in series:
            series[login].append(points[login])
    return labels[-MAX_POINTS:], {login: values[-MAX_POINTS:] for login, values in series.items()}


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
