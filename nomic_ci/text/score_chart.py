"""`state/scores.svg`: what wins (core/winning.py: points, Victory Points, money) for each
player over time, as a step chart.

Plain SVG, which GitHub shows inline in `state/README.md`. The x axis is time: each change
(a decision, a board action, an admin's correction) is a step on its date, marked under the
axis, and a line keeps its value until its player's next change. Each line ends in a label,
its player's login and what they have now, the labels set apart where the values are close;
lines of equal value are drawn a few pixels apart, so none hides another. Only the latest
`MAX_STEPS` changes are drawn, worked back from the scoreboard (core/scores.py); a game in
which nothing has changed yet has no chart, and says so.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Mapping

from ..core.frozen import frozen
from ..core.game import Game
from ..core.scores import Change, latest_changes
from ..core.winning import Quantity, charted

SCORES_SVG = "state/scores.svg"
MAX_STEPS = 100  # the most recent changes drawn: a long game shows its latest stretch (a
# decision's commit sends the chart whole to GitHub: 200 steps were 36 kB, 100 are 20 kB)
TOP, PLOT_W, PLOT_H = 34, 480, 200
LEAD = TRAIL = 24  # pixels for the values before the first change, and after the last
GAP = 3.0  # pixels between the lines of players with equal values
LABEL_H = 15  # each end label's height: labels closer than this are moved apart
CHAR_W = 7  # about a character's width at font-size 12, for the margins
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf")
# the spacings the time axis's ticks may have, in seconds: minutes to four weeks
TICKS = (60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 86400, 2 * 86400,
         7 * 86400, 14 * 86400, 28 * 86400)
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


@frozen
class ScoreHistory:
    """A quantity's latest changes, and each player's value before the first of them and
    after each (from the scoreboard, worked back)."""

    quantity: Quantity
    changes: tuple[Change, ...]
    series: Mapping[str, tuple[int, ...]]
    earlier: bool  # changes came before the first shown


def score_history(game: Game) -> ScoreHistory | None:
    """What the chart draws; None where no quantity is worth charting (core/winning.py)."""
    quantity = charted(game)
    if quantity is None:
        return None
    changes = latest_changes(game, MAX_STEPS + 1, quantity.name)
    earlier, changes = len(changes) > MAX_STEPS, changes[-MAX_STEPS:]
    now = {p.login: quantity.of(p, game.config) for p in game.state.players}
    series = {login: [value] for login, value in now.items()}
    for change in reversed(changes):
        for login, delta in change.deltas.items():
            if login in now:
                now[login] -= delta
        for login, line in series.items():
            line.append(now[login])
    return ScoreHistory(quantity, tuple(changes),
                        {login: tuple(line[::-1]) for login, line in series.items()}, earlier)


def chart_lines(game: Game) -> list[str]:
    """What `state/README.md` shows under the scoreboard: the chart, or why there is none."""
    quantity = charted(game)
    if quantity is None:
        return []
    if not latest_changes(game, 1, quantity.name):
        return [f"The chart of {quantity.label} over time starts with the first change: "
                "there has been none yet."]
    return [f"![Each player's {quantity.label} over time]"
            f"({SCORES_SVG.removeprefix('state/')})"]


def render_score_chart(game: Game) -> str:
    history = score_history(game)
    if history is None or not history.changes:
        return _without_changes(history)
    quantity, changes = history.quantity, history.changes
    values = [v for line in history.series.values() for v in line]
    step, low, high = _value_ticks(min(values), max(values))
    start = changes[0].at
    end = max(changes[-1].at, game.state.last_change)
    if end <= start:
        end = start + timedelta(hours=1)
    logins = list(history.series)
    ends = [f"{login} {quantity.shown(line[-1])}" for login, line in history.series.items()]
    left = 16 + CHAR_W * max(len(quantity.shown(v)) for v in (low, high))
    width = left + PLOT_W + 40 + CHAR_W * max(len(text) for text in ends)
    gap = min(GAP, 30 / max(len(logins) - 1, 1))
    plot_bottom = TOP + PLOT_H
    height = max(plot_bottom + 44, TOP + LABEL_H * len(logins) + 10)

    def x(moment: datetime) -> float:
        return left + LEAD + (PLOT_W - LEAD - TRAIL) * (moment - start) / (end - start)

    def y(value: float) -> float:
        return TOP + PLOT_H * (high - value) / (high - low)

    what = quantity.label[:1].upper() + quantity.label[1:] + " over time" + (
        f", the latest {len(changes)} changes" if history.earlier else "")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
           f"<title>{_escaped(what)}</title>",
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="{TOP - 14}" font-weight="bold">{_escaped(what)}</text>']
    for tick in range(low, high + 1, step):
        out.append(f'<line x1="{left}" y1="{y(tick):.1f}" x2="{left + PLOT_W}" '
                   f'y2="{y(tick):.1f}" stroke="#e6e6e6"/>')
        out.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">'
                   f'{_escaped(quantity.shown(tick))}</text>')
    out.append(f'<line x1="{left}" y1="{plot_bottom}" x2="{left + PLOT_W}" y2="{plot_bottom}" '
               'stroke="#888"/>')
    for moment, label in _time_ticks(start, end):
        tx = x(moment)
        out.append(f'<line x1="{tx:.1f}" y1="{plot_bottom}" x2="{tx:.1f}" '
                   f'y2="{plot_bottom + 10}" stroke="#888"/>')
        for row, text in enumerate(label):
            out.append(f'<text x="{tx:.1f}" y="{plot_bottom + 23 + 13 * row}" '
                       f'text-anchor="middle">{text}</text>')
    for change in changes:  # each change on its date, under the axis
        out.append(f'<line data-change="{_escaped(change.what)}" data-at="'
                   f'{change.at:%Y-%m-%dT%H:%M:%SZ}" x1="{x(change.at):.1f}" '
                   f'y1="{plot_bottom + 1}" x2="{x(change.at):.1f}" y2="{plot_bottom + 5}" '
                   f'stroke="#444"><title>{_escaped(change.what)}</title></line>')
    lines_end = []
    for index, (login, line) in enumerate(history.series.items()):
        colour = COLOURS[index % len(COLOURS)]
        offset = (index - (len(logins) - 1) / 2) * gap
        points = [(float(left), y(line[0]) + offset)]
        for change, before, after in zip(changes, line, line[1:]):
            if after != before:
                points += [(x(change.at), y(before) + offset), (x(change.at), y(after) + offset)]
        points.append((float(left + PLOT_W), y(line[-1]) + offset))
        out.append(f'<polyline data-player="{_escaped(login)}" fill="none" stroke="{colour}" '
                   'stroke-width="2" points="'
                   + " ".join(f"{px:.1f},{py:.1f}" for px, py in points) + '"/>')
        lines_end.append(points[-1][1])
    for (login, text, colour, line_y), label_y in zip(
            ((login, text, COLOURS[i % len(COLOURS)], line_y) for i, (login, text, line_y)
             in enumerate(zip(logins, ends, lines_end))),
            _apart(lines_end, TOP, height - 6)):
        lx = left + PLOT_W + 22
        out.append(f'<g data-label="{_escaped(login)}">'
                   f'<line x1="{left + PLOT_W + 2}" y1="{line_y:.1f}" x2="{lx - 2}" '
                   f'y2="{label_y:.1f}" stroke="{colour}" stroke-width="1.5"/>'
                   f'<rect x="{lx}" y="{label_y - 5:.1f}" width="10" height="10" '
                   f'fill="{colour}"/>'
                   f'<text x="{lx + 14}" y="{label_y + 4.5:.1f}">{_escaped(text)}</text></g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _without_changes(history: ScoreHistory | None) -> str:
    """A picture that says there is nothing to chart (the README says so in words)."""
    text = "Nothing to chart: no rule in force counts points or says what wins." \
        if history is None else (f"The chart of {history.quantity.label} over time starts "
                                 "with the first change: there has been none yet.")
    width = 16 + CHAR_W * len(text)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="32" '
            f'viewBox="0 0 {width} 32" font-family="sans-serif" font-size="12">\n'
            f"<title>{_escaped(text)}</title>\n"
            f'<rect width="{width}" height="32" fill="white"/>\n'
            f'<text x="8" y="20">{_escaped(text)}</text>\n</svg>\n')


def _value_ticks(low: int, high: int) -> tuple[int, int, int]:
    """A round step between the value axis's ticks (1, 2 or 5 times a power of ten; four
    or so in all), and the ticks it starts and ends at, around `low` and `high`."""
    if high == low:
        low, high = low - 1, high + 1
    raw = (high - low) / 4
    step = 1
    while step * 5 < raw:
        step *= 10
    step = next(s for s in (step, 2 * step, 5 * step, 10 * step) if s >= raw)
    return step, low // step * step, -(-high // step) * step


def _time_ticks(start: datetime, end: datetime) -> list[tuple[datetime, tuple[str, ...]]]:
    """Round moments along the time axis (at most six), each with its label: the date, and
    the time of day where the ticks are less than a day apart (the date where it changes)."""
    span = (end - start).total_seconds()
    every = next((s for s in TICKS if span / s <= 5), None)
    if every is None:  # longer than months: a tick every so many four-week stretches
        every = TICKS[-1] * -(-int(span) // (TICKS[-1] * 5))
    first = -(-int((start - EPOCH).total_seconds()) // every) * every
    ticks, shown_day = [], None
    for seconds in range(first, int((end - EPOCH).total_seconds()) + 1, every):
        moment = EPOCH + timedelta(seconds=seconds)
        if every >= 86400:
            ticks.append((moment, (f"{moment:%Y-%m-%d}",)))
            continue
        day = f"{moment:%Y-%m-%d}"
        ticks.append((moment, (f"{moment:%H:%M}",) + ((day,) if day != shown_day else ())))
        shown_day = day
    return ticks


def _apart(wanted: list[float], top: float, bottom: float) -> list[float]:
    """Heights for the end labels, each as near its line's end as it can be while no two are
    closer than a label's height, all between `top` and `bottom`."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed: dict[int, float] = {}
    floor = top
    for i in order:  # downwards, each below the one before
        placed[i] = floor = max(wanted[i], floor)
        floor += LABEL_H
    ceiling = bottom
    for i in reversed(order):  # then upwards, where that ran past the bottom
        placed[i] = ceiling = min(placed[i], ceiling)
        ceiling -= LABEL_H
    return [placed[i] for i in range(len(wanted))]


def _escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") \
        .replace('"', "&quot;")
