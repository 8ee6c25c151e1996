"""The score chart: one line per player through every decision, and a legend that agrees."""

import xml.etree.ElementTree as ET
from dataclasses import replace

from nomic_ci.core.files.adjustments import ADJUSTMENTS, Adjustment, dump_adjustments
from nomic_ci.core.files.history import History
from nomic_ci.text.score_chart import render_score_chart, score_history

from builders import HOUR, T0, ScriptedDice, make_game, opened, review, step

SVG = "{http://www.w3.org/2000/svg}"


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


def test_an_adjustment_is_a_step_of_its_own():
    game = two_decisions()
    files = {**game.files, ADJUSTMENTS: dump_adjustments(
        (Adjustment(T0 + 30 * HOUR, "carol", 2, "a ruling", "alice"),))}
    labels, series = score_history(replace(game, files=files))
    assert labels[-1] == "adjusted" and series["carol"][-1] == 2


def test_points_a_proposal_took_away_go_down_the_line():
    game = two_decisions()
    first = game.records[0]
    lost = replace(first, points_stated={"carol": -3})
    labels, series = score_history(replace(game, records=History.of((lost, *game.records[1:]))))
    assert series["carol"] == [0, -3, -3] and series["alice"] == [0, 4, 4]
