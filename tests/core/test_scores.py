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


def test_a_counter_s_latest_changes_are_the_actions_and_corrections_that_moved_it():
    from types import MappingProxyType

    from nomic_ci.core.board.actionindex import ActionLog
    from nomic_ci.core.board.actionlog import ActionRecord
    from nomic_ci.core.scores import latest_changes

    from builders import HOUR

    def moved(n, login, counter, was, now):
        return ActionRecord(n, T0 + n * HOUR, login, "/x", None, "", effects=(MappingProxyType(
            {"stats": login, "from": {counter: was}, "to": {counter: now}}),))
    files = make_files("alice,bob", ruleset="borednomic", admin="the-admin")
    files[ADJUSTMENTS] = dump_adjustments((
        Adjustment(T0 + 2 * HOUR, "bob", 50, "a loan", "the-admin", counter="money"),
        Adjustment(T0 + 2 * HOUR, "bob", 5, "points", "the-admin")))
    game = replace(load_game(files), actions=ActionLog.of([
        moved(1, "alice", "money", 10000, 9900), moved(3, "bob", "hit_points", 100, 90),
        moved(4, "bob", "money", 10050, 10000)]))
    changes = latest_changes(game, 10, "money")
    assert [(c.what, dict(c.deltas)) for c in changes] == [
        ("alice /x", {"alice": -100}), ("adjusted", {"bob": 50}), ("bob /x", {"bob": -50})]
    assert [c.what for c in latest_changes(game, 2, "money")] == ["adjusted", "bob /x"]
    assert [dict(c.deltas) for c in latest_changes(game, 10, "hit_points")] == [{"bob": -10}]
