"""The score chart: one line per player through every decision, and a legend that agrees."""

import xml.etree.ElementTree as ET
from dataclasses import replace
from functools import cache
from types import MappingProxyType

from hypothesis import given, settings, strategies as st

from nomic_ci.core.board.actionindex import ActionLog
from nomic_ci.core.board.actionlog import ActionRecord
from nomic_ci.core.files.adjustments import ADJUSTMENTS, Adjustment, dump_adjustments
from nomic_ci.core.files.history import History, read_history
from nomic_ci.core.scores import unexplained
from nomic_ci.text.score_chart import MAX_POINTS, render_score_chart, score_history

from builders import HOUR, T0, ScriptedDice, make_game, opened, review, step

SVG = "{http://www.w3.org/2000/svg}"


@cache  # a game is a value: each test changes its own copy
def two_decisions():
    game = make_game("alice,bob,carol")
    for n, (author, dice) in enumerate([("alice", 4), ("bob", 6)], start=1):
        at = T0 + 3 * n * HOUR
        game, p = opened(game, ScriptedDice(dice), author=author, key=str(n), head=f"h{n}",
                         opened=at)
        others = [v for v in ("alice", "bob", "carol") if v != author]
        voted = replace(p, reviews=tuple(review(v, at=at + HOUR, commit=f"h{n}") for v in others))
        _, game, _ = step(game, [voted], at + HOUR)
    return game


def test_each_player_has_a_line_through_every_decision_ending_at_their_points():
    game = two_decisions()
    labels, series = score_history(game)
    assert labels == ["start", "#1", "#2"]
    assert series == {"alice": [0, 4, 4], "bob": [0, 0, 6], "carol": [0, 0, 0]}
    svg = ET.fromstring(render_score_chart(game))
    lines = {e.get("data-player"): e.get("points").split() for e in svg.iter(f"{SVG}polyline")}
    assert set(lines) == {"alice", "bob", "carol"} and all(len(p) == 3 for p in lines.values())
    legend = [e.text for e in svg.iter(f"{SVG}text") if ": " in (e.text or "")]
    assert legend == [f"{p.login}: {p.points}" for p in game.state.players]
    assert len({point.split(",")[1] for point in lines["carol"]}) == 1  # carol never scored


def holding(game, **points):
    """The game with these players' points in the state, as the records now explain them."""
    state = game.state
    for login, value in points.items():
        player = next(p for p in state.players if p.login == login)
        state = state.with_player(replace(player, points=value))
    return replace(game, state=state)


def test_an_adjustment_is_a_step_of_its_own_and_a_counter_s_is_not_one():
    game = two_decisions()
    files = {**game.files, ADJUSTMENTS: dump_adjustments(
        (Adjustment(T0 + 30 * HOUR, "carol", 2, "a ruling", "alice"),
         Adjustment(T0 + 31 * HOUR, "bob", 50, "a loan", "alice", counter="money")))}
    game = holding(replace(game, files=files), carol=2)
    assert unexplained(game) == {}
    labels, series = score_history(game)
    assert labels == ["start", "#1", "#2", "adjusted"]
    assert series["carol"] == [0, 0, 0, 2] and series["bob"] == [0, 0, 6, 6]


def test_points_a_proposal_took_away_go_down_the_line():
    game = two_decisions()
    first = game.records[0]
    lost = replace(first, points_stated={"carol": -3})
    game = holding(replace(game, records=History.of((lost, *game.records[1:]))), carol=-3)
    labels, series = score_history(game)
    assert series["carol"] == [0, -3, -3] and series["alice"] == [0, 4, 4]


def test_points_won_on_the_board_are_steps_and_the_legend_is_the_scoreboard():
    game = two_decisions()
    won = ActionRecord(1, T0 + 4 * HOUR, "carol", "/roll", None, "carol lands on a bonus",
                       points=MappingProxyType({"carol": 5}))
    game = holding(replace(game, actions=ActionLog.of([won])), carol=5)
    assert unexplained(game) == {}
    labels, series = score_history(game)
    assert labels == ["start", "#1", "carol /roll", "#2"]
    assert series["carol"] == [0, 0, 5, 5]
    svg = ET.fromstring(render_score_chart(game))
    legend = [e.text for e in svg.iter(f"{SVG}text") if ": " in (e.text or "")]
    assert "carol: 5" in legend


@settings(max_examples=30, deadline=None)  # each example is a game of two hundred records
@given(st.lists(st.tuples(st.sampled_from(["alice", "bob", "carol"]),
                          st.integers(-5, 5)), min_size=MAX_POINTS - 3, max_size=MAX_POINTS + 3))
def test_a_long_game_s_chart_is_its_latest_steps_read_off_the_latest_records(deltas):
    """Worked back from the scoreboard, the chart is what adding up from the start gives,
    and only the lines it shows are parsed."""
    game = make_game()
    base = two_decisions().records[0]
    summaries = [replace(base, number=i + 1, key=f"k{i}", path=f"proposals/{i + 1:04d}-x.yaml",
                         decided=T0 + i * HOUR, points=MappingProxyType({login: delta}))
                 for i, (login, delta) in enumerate(deltas)]
    history = read_history(History.of(summaries).texts())  # as read: no line parsed yet
    totals = {"alice": 0, "bob": 0, "carol": 0}
    forward = {login: [0] for login in totals}
    for login, delta in deltas:
        totals[login] += delta
        for who, line in forward.items():
            line.append(totals[who])
    game = holding(replace(game, records=history), **totals)
    labels, series = score_history(game)
    assert series == {login: line[-MAX_POINTS:] for login, line in forward.items()}
    assert labels == (["start"] + [f"#{i}" for i in range(1, len(deltas) + 1)])[-MAX_POINTS:]
    assert len(history._read) <= MAX_POINTS
