"""The board's opening pieces (rule 11's Cop Car) and what a passed proposal changing them
does: the board kept in line with the rules, and the Cop Car verify's replay begins from."""

from dataclasses import replace
from types import MappingProxyType

import pytest

from nomic_ci.core.board.boardfile import Board, CopCar
from nomic_ci.core.board.infinite.copcar import CopCarRule
from nomic_ci.core.board.opening import amended, dump_opening, openings, read_opening
from nomic_ci.core.facts import Account
from nomic_ci.core.files.records import Outcome, Record

from builders import HOUR, T0

MOVED = Board(cop_car=CopCar(5, 190))  # moved and fought since the game began on 4, 200
RULE = {"cop_car": CopCarRule(9, 150, 5, 10, 100, 4)}


@pytest.mark.parametrize("before, after, car", [
    (CopCar(4, 200), None, None),  # repealed: no rule makes it a feature
    (CopCar(4, 200), CopCar(9, 150), CopCar(5, 190)),  # "Initially": how it began, no more
    (None, CopCar(9, 150), CopCar(5, 190)),  # one already there (an older engine's leftover)
])
def test_a_changed_opening_brings_the_board_in_line_with_the_rules(before, after, car):
    assert amended(MOVED, before, after).cop_car == car


def test_a_cop_car_enacted_again_starts_where_and_as_its_rule_says():
    assert amended(Board(), None, CopCar(9, 150)).cop_car == CopCar(9, 150)


def record(hours: int, opening: CopCar | None | str) -> Record:
    kept = None if opening == "none" else MappingProxyType(dump_opening(opening))
    return Record(hours, str(hours), "p", Account("alice"), Outcome.PASSED, "r", opened=T0,
                  decided=T0 + hours * HOUR, opening=kept)


def test_the_replay_opens_with_the_earliest_change_before_and_each_change_knows_its_after():
    # decided in the order 1, 3, 2: record 2 (index 2) came before record 3 (index 1)
    records = [record(1, "none"), record(3, None), record(2, CopCar(4, 200))]
    start, changed = openings(records, RULE)
    assert start == CopCar(4, 200)
    assert changed == {2: (CopCar(4, 200), None), 1: (None, CopCar(9, 150))}


def test_without_a_change_recorded_the_replay_opens_with_the_rules_now_as_before():
    assert openings([record(1, "none")], RULE) == (CopCar(9, 150), {})
    assert openings([], {}) == (None, {})


@pytest.mark.parametrize("data", [{"cop_car": {"space": 0, "health": 200}},
                                  {"cop_car": {"space": 4, "health": True}},
                                  {"cop_car": {"space": 4}}, {}])
def test_an_opening_that_is_not_one_is_refused(data):
    with pytest.raises((KeyError, TypeError, ValueError)):
        read_opening(data)


def test_an_opening_reads_back_as_written():
    for car in (CopCar(4, 200), None):
        assert read_opening(dump_opening(car)) == car
    assert replace(MOVED, cop_car=None) == amended(MOVED, CopCar(4, 200), None)
