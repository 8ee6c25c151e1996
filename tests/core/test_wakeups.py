"""The engine's schedule: as coarse as the rules' timers allow (issue 32: the schedule is the
bill), finer only where a rule's timer needs it, and back to coarse once that rule is gone."""

from datetime import timedelta

import pytest

from nomic_ci.core.game import load_game
from nomic_ci.core.wakeups import cron_every, minutes_of, runs_a_month, timers, wakeups

from builders import make_files, make_game, with_rule

MOVING = "rules/007-moving.md"


@pytest.mark.parametrize("ruleset, cron, why", [
    ("default", "7 * * * *", "for the default `remind_before` of 12h"),
    ("suber-initial-set", "7 * * * *", "for the default `remind_before` of 12h"),
    ("borednomic", "7 * * * *", "for the default `remind_before` of 12h"),
    ("infinite-nomic-r7", "2,7,12,17,22,27,32,37,42,47,52,57 * * * *",
     "for rule 7's `movement` of 5m"),
])
def test_each_ruleset_is_woken_as_often_as_its_shortest_timer_needs(ruleset, cron, why):
    game = make_game(ruleset=ruleset, **({"admin": "boss:9"} if ruleset == "borednomic" else {}))
    need = wakeups(game.config)
    assert need.cron == cron and why in need.why()


def test_a_timer_a_proposal_adds_makes_it_finer_and_its_repeal_coarse_again():
    files = make_files(ruleset="infinite-nomic-r7")
    assert wakeups(load_game(files).config).minutes == 5
    slower = with_rule(files, MOVING, lambda t: t.replace("continue_within: 5m",
                                                          "continue_within: 2h"))
    # the Frontier's 10 minutes (rule 8) is the shortest now
    assert wakeups(load_game(slower).config).minutes == 5
    slower = with_rule(slower, "rules/008-points-and-tiles.md",
                       lambda t: t.replace("others_after: 10m", "others_after: 6h"))
    need = wakeups(load_game(slower).config)
    assert need.minutes == 30 and need.timer.key == "movement"  # a quarter of its 2 hours
    assert need.timer.length == timedelta(hours=2) and need.timer.rule == 7
    slower = with_rule(slower, MOVING, lambda t: t.replace("    continue_within: 2h\n", ""))
    assert wakeups(load_game(slower).config).minutes == 60  # no timer under 4 hours left


def test_every_duration_a_rule_binds_is_a_timer_the_board_s_too():
    keys = {t.key for t in timers(make_game(ruleset="infinite-nomic-r7").config)}
    assert {"voting_window", "turn_timeout", "guard", "movement", "frontier"} <= keys


@pytest.mark.parametrize("minutes", [5, 10, 15, 20, 30, 60])
def test_a_cron_line_reads_back_as_its_interval_off_the_top_of_the_hour(minutes):
    line = cron_every(minutes)
    assert minutes_of(line) == minutes and not line.startswith("0 ")


@pytest.mark.parametrize("line, minutes", [
    ("7,22,37,52 * * * *", 15), ("*/15 * * * *", 15), ("7 * * * *", 60), ("0,50 * * * *", 50),
    ("2-59/5 * * * *", 5), ("7 1 * * *", None), ("7 * * * 1", None), ("x * * * *", None),
    ("*/0 * * * *", None), ("61 * * * *", None)])
def test_what_doctor_can_judge_of_a_cron_line(line, minutes):
    assert minutes_of(line) == minutes


def test_the_month_s_scheduled_runs():
    assert runs_a_month(15) == 2922 and runs_a_month(60) == 730 and runs_a_month(5) == 8766
