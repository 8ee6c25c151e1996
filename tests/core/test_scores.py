"""Where points come from: dice and votes, proposals' own changes, the admin's adjustments."""

from dataclasses import replace

from nomic_ci.core.files.adjustments import ADJUSTMENTS, Adjustment, dump_adjustments
from nomic_ci.core.files.statedump import dump_state
from nomic_ci.core.game import load_game
from nomic_ci.core.scores import Sources, point_sources, unexplained

from builders import T0, make_files


def with_points(files, **points):
    game = load_game(files)
    state = game.state
    for login, value in points.items():
        player = next(p for p in state.players if p.login == login)
        state = state.with_player(replace(player, points=value))
    return {**files, **dump_state(state, files)}


def test_points_nothing_explains_are_named_and_an_adjustment_explains_them():
    files = with_points(make_files(), bob=5)
    assert unexplained(load_game(files)) == {"bob": 5}
    adjusted = {**files, ADJUSTMENTS: dump_adjustments(
        (Adjustment(T0, "bob", 2, "a ruling", "alice"), Adjustment(T0, "bob", 3, "x", "alice")))}
    game = load_game(adjusted)
    assert unexplained(game) == {}
    assert point_sources(game)["bob"] == Sources(start=0, adjusted=5)
    assert str(point_sources(game)["bob"]) == (
        "0 to start + 0 from dice and votes + 0 set by proposals + 5 from the admin's "
        "adjustments")
