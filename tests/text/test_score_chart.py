"""The score chart: what wins, a step line per player over time, each change on its date,
each line ending in its player's label, no line hidden under another."""

import xml.etree.ElementTree as ET
from dataclasses import replace
from datetime import datetime
from functools import cache
from types import MappingProxyType

from hypothesis import given, settings, strategies as st

from nomic_ci.core.board.actionindex import ActionLog, index_line, summary_of
from nomic_ci.core.board.actionlog import ActionRecord
from nomic_ci.core.files.adjustments import ADJUSTMENTS, Adjustment, dump_adjustments
from nomic_ci.core.files.history import History, read_history
from nomic_ci.core.scores import unexplained
from nomic_ci.text.score_chart import (LABEL_H, MAX_STEPS, chart_lines, render_score_chart,
                                       score_history)

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


def drawn(svg_text: str) -> dict:
    """What the chart draws: each player's line as points, each end label's text and
    height, and each change's mark on the time axis."""
    svg = ET.fromstring(svg_text)
    lines = {e.get("data-player"): [tuple(map(float, p.split(","))) for p in
                                    e.get("points").split()]
             for e in svg.iter(f"{SVG}polyline")}
    labels = {g.get("data-label"): (g.find(f"{SVG}text").text,
                                    float(g.find(f"{SVG}text").get("y")))
              for g in svg.iter(f"{SVG}g") if g.get("data-label")}
    marks = [(e.get("data-change"), e.get("data-at"), float(e.get("x1")))
             for e in svg.iter(f"{SVG}line") if e.get("data-change")]
    return {"lines": lines, "labels": labels, "marks": marks}


def test_each_player_has_a_step_line_ending_in_a_label_with_their_points():
    game = two_decisions()
    history = score_history(game)
    assert history.quantity.name == "points"
    assert [c.what for c in history.changes] == ["#1", "#2"]
    assert history.series == {"alice": (0, 4, 4), "bob": (0, 0, 6), "carol": (0, 0, 0)}
    chart = drawn(render_score_chart(game))
    assert set(chart["lines"]) == {"alice", "bob", "carol"}
    for login, points in chart["lines"].items():  # steps: every segment level or upright
        assert all(a[0] == b[0] or a[1] == b[1] for a, b in zip(points, points[1:])), login
    assert {login: text for login, (text, _) in chart["labels"].items()} == {
        p.login: f"{p.login} {p.points}" for p in game.state.players}
    # carol never scored: a level line, drawn apart from bob's level stretch at 0
    assert len({y for _, y in chart["lines"]["carol"]}) == 1
    assert chart["lines"]["carol"][0][1] != chart["lines"]["bob"][0][1]
    assert chart_lines(game) == ["![Each player's points over time](scores.svg)"]


def test_each_change_is_on_its_date():
    game = two_decisions()
    marks = drawn(render_score_chart(game))["marks"]
    assert [what for what, _, _ in marks] == ["#1", "#2"]
    (_, at1, x1), (_, at2, x2) = marks
    decided = [r.decided for r in game.records]
    assert [datetime.fromisoformat(a.replace("Z", "+00:00")) for a in (at1, at2)] == decided
    # the steps are where the marks are: alice's at #1, bob's at #2
    alice, bob = (drawn(render_score_chart(game))["lines"][who] for who in ("alice", "bob"))
    assert alice[1][0] == x1 and bob[1][0] == x2 and x1 < x2


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
    history = score_history(game)
    assert [c.what for c in history.changes] == ["#1", "#2", "adjusted"]
    assert history.series["carol"] == (0, 0, 0, 2) and history.series["bob"] == (0, 0, 6, 6)


def test_points_a_proposal_took_away_go_down_the_line():
    game = two_decisions()
    first = game.records[0]
    lost = replace(first, points_stated={"carol": -3})
    game = holding(replace(game, records=History.of((lost, *game.records[1:]))), carol=-3)
    history = score_history(game)
    assert history.series["carol"] == (0, -3, -3) and history.series["alice"] == (0, 4, 4)


def test_points_won_on_the_board_are_steps_and_the_labels_are_the_scoreboard():
    game = two_decisions()
    won = ActionRecord(1, T0 + 4 * HOUR, "carol", "/roll", None, "carol lands on a bonus",
                       points=MappingProxyType({"carol": 5}))
    game = holding(replace(game, actions=ActionLog.of([won])), carol=5)
    assert unexplained(game) == {}
    history = score_history(game)
    assert [c.what for c in history.changes] == ["#1", "carol /roll", "#2"]
    assert history.series["carol"] == (0, 0, 5, 5)
    assert drawn(render_score_chart(game))["labels"]["carol"][0] == "carol 5"


def test_close_values_have_their_labels_set_apart():
    game = two_decisions()
    game = holding(game, carol=5, alice=5, bob=6)
    labels = sorted(y for _, y in drawn(render_score_chart(game))["labels"].values())
    assert all(b - a >= LABEL_H for a, b in zip(labels, labels[1:]))


def money_game():
    """A BoredNomic game in which board actions moved money, as their records say."""
    game = make_game("alice,bob", ruleset="borednomic", admin="the-admin")
    paid = ActionRecord(1, T0 + HOUR, "alice", "/buy", None, "alice buys square 4",
                        effects=(MappingProxyType({"stats": "alice", "from": {"money": 10000},
                                                   "to": {"money": 9700}, "why": "a deed"}),))
    rent = ActionRecord(2, T0 + 5 * HOUR, "the-admin", "update", None, "bob lands on 4",
                        effects=(MappingProxyType({"stats": "bob", "from": {"money": 10000},
                                                   "to": {"money": 9990}, "why": "rent"}),
                                 MappingProxyType({"stats": "alice", "from": {"money": 9700},
                                                   "to": {"money": 9710}, "why": "rent"}),
                                 MappingProxyType({"stats": "bob", "from": {"hit_points": 100},
                                                   "to": {"hit_points": 90}, "why": "a fall"})))
    state = game.state
    for login, money in (("alice", 9710), ("bob", 9990)):
        player = next(p for p in state.players if p.login == login)
        state = state.with_player(player.with_stats(money=money))
    return replace(game, state=state, actions=ActionLog([index_line(summary_of(r)) for r in (paid, rent)]))


def test_borednomic_charts_money_from_the_actions_index():
    game = money_game()
    history = score_history(game)
    assert history.quantity.name == "money" and history.quantity.dollars
    assert [c.what for c in history.changes] == ["alice /buy", "the-admin update"]
    assert history.series == {"alice": (10000, 9700, 9710), "bob": (10000, 10000, 9990)}
    chart = drawn(render_score_chart(game))
    assert chart["labels"]["alice"][0] == "alice $9,710"
    assert chart_lines(game) == ["![Each player's money over time](scores.svg)"]


def test_nothing_changed_yet_is_said_not_drawn_as_an_empty_frame():
    game = make_game("alice,bob", ruleset="borednomic", admin="the-admin")
    assert chart_lines(game) == ["The chart of money over time starts with the first "
                                 "change: there has been none yet."]
    svg = ET.fromstring(render_score_chart(game))
    assert not list(svg.iter(f"{SVG}polyline"))
    assert "none yet" in "".join(svg.itertext())


@settings(max_examples=30, deadline=None)  # each example is a game of two hundred records
@given(st.lists(st.tuples(st.sampled_from(["alice", "bob", "carol"]),
                          st.integers(-5, 5)), min_size=MAX_STEPS - 3, max_size=MAX_STEPS + 3))
def test_a_long_game_s_chart_is_its_latest_steps_read_off_the_latest_records(deltas):
    """Worked back from the scoreboard, the chart is what adding up from the start gives,
    and only the lines it shows (and one more, to tell that there were earlier) are parsed."""
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
    found = score_history(game)
    assert found.series == {login: tuple(line[-MAX_STEPS - 1:])
                            for login, line in forward.items()}
    assert [c.what for c in found.changes] == \
        [f"#{i}" for i in range(1, len(deltas) + 1)][-MAX_STEPS:]
    assert found.earlier == (len(deltas) > MAX_STEPS)
    assert len(history._read) <= MAX_STEPS + 1
    render_score_chart(game)
    assert len(history._read) <= MAX_STEPS + 1


def test_a_long_board_game_s_money_chart_reads_only_its_latest_index_lines():
    """A thousand actions each moving someone's money: the chart is their latest MAX_STEPS, and
    only the index lines it shows (and one more) are parsed, no record read."""
    game = money_game()
    logins = ("alice", "bob")
    records = [ActionRecord(n, T0 + n * HOUR, logins[n % 2], "/reset", None, "",
                            effects=(MappingProxyType({"stats": logins[n % 2],
                                                       "from": {"money": 10000 + n // 2},
                                                       "to": {"money": 10001 + n // 2}}),))
               for n in range(1, 1001)]
    log = ActionLog([index_line(summary_of(r)) for r in records])  # as read: no line parsed yet
    state = game.state
    for login, money in (("alice", 10500), ("bob", 10500)):
        player = next(p for p in state.players if p.login == login)
        state = state.with_player(player.with_stats(money=money))
    game = replace(game, state=state, actions=log)
    history = score_history(game)
    assert history.earlier and len(history.changes) == MAX_STEPS
    # alice (the even actions) had half the steps' less before the latest; bob (the odd) too
    before = 10500 - MAX_STEPS // 2
    assert history.series["alice"] == tuple(before + n // 2 for n in range(MAX_STEPS + 1))
    assert history.series["bob"] == tuple(before + (n + 1) // 2 for n in range(MAX_STEPS + 1))
    render_score_chart(game)
    assert len(log._read) == MAX_STEPS + 1 and not log._records


def test_a_chart_finds_the_changes_without_reading_the_actions_that_moved_nothing():
    """Money moved by two actions, then three thousand that moved none (rolls): the totals
    name the two, so the chart reads no other line (each read was a scan of the whole
    index at every command, in a game whose chart quantity rarely moves)."""
    game = money_game()
    quiet = [index_line(summary_of(ActionRecord(n, T0 + 6 * HOUR, "alice", "/roll", None,
                                                "alice rolls")))
             for n in range(3, 3003)]
    lines = [line for _, line in game.actions.lines()] + quiet
    texts = ActionLog(lines).texts()
    log = ActionLog(files=texts, shards=sorted(p for p in texts if p.endswith(".jsonl")))
    history = score_history(replace(game, actions=log))
    assert [c.what for c in history.changes] == ["alice /buy", "the-admin update"]
    assert sorted(log._read) == [0, 1]  # the two lines that moved money, parsed
    assert log._chunks[1] is None and log._chunks[2] is None  # the quiet files, not read
