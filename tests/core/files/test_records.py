"""Records: one file per decided proposal, read back as it was written and never changed."""

from dataclasses import replace
from operator import setitem
from types import MappingProxyType

import pytest

from nomic_ci.core.dice import roll_inputs
from nomic_ci.core.errors import GameError
from nomic_ci.core.facts import Account
from nomic_ci.core.files.records import (Ballot, DieRoll, Outcome, Record, dump_record,
                                         load_record)
from nomic_ci.core.files.history import read_history

from builders import HOUR, T0

RECORD = Record(
    3, "17", "Tea for everyone!", Account("alice", 11), Outcome.PASSED, "2 yes, 1 no",
    opened=T0, decided=T0 + HOUR, head="c0ffee", rules=(101, 150), threshold="a majority",
    counted=(Ballot("bob", True, "c0ffee", T0), Ballot("carol", False, "c0ffee", T0 + HOUR)),
    left_out=(Ballot("dave", True, "0ld", None, "cast on an older version"),),
    dice=(DieRoll("rule 103", 6, 4, MappingProxyType(roll_inputs("5eed", 3, 3)), "sha256-v1"),),
    points=MappingProxyType({"alice": 4}), turn_to="bob",
    experience=MappingProxyType({"alice": 10, "bob": 1}))
REFUSED = replace(RECORD, number=None, key="pr-9", outcome=Outcome.REFUSED, dice=(),
                  points=MappingProxyType({}), experience=MappingProxyType({}))


@pytest.mark.parametrize("record, path", [
    (RECORD, "proposals/0000-0099/0003-tea-for-everyone.yaml"),
    (replace(RECORD, number=12345), "proposals/12300-12399/12345-tea-for-everyone.yaml"),
    # a refusal has no number: its forge key's hundred; a key that is no number, the top
    (replace(REFUSED, key="150"), "proposals/0100-0199/refused-150-tea-for-everyone.yaml"),
    (REFUSED, "proposals/refused-pr-9-tea-for-everyone.yaml"),
])
def test_a_dumped_record_loads_as_the_same_record(record, path):
    assert record.path == record.home == path
    loaded = load_record(path, dump_record(record))
    assert loaded == record and (loaded.yes, loaded.no) == (record.yes, record.no)


def test_a_record_read_where_a_game_made_before_kept_it_says_where_it_is():
    loaded = load_record("proposals/0003-tea-for-everyone.yaml", dump_record(RECORD))
    assert loaded == RECORD and loaded.path == "proposals/0003-tea-for-everyone.yaml"
    assert loaded.home == "proposals/0000-0099/0003-tea-for-everyone.yaml"
    # a record made from it is a new one, written where the engine writes it
    assert replace(loaded, number=142).path == "proposals/0100-0199/0142-tea-for-everyone.yaml"


@pytest.mark.parametrize("part, key", [
    (lambda r: r.points, "alice"), (lambda r: r.experience, "bob"),
    (lambda r: r.dice[0].inputs, "roll"), (lambda r: r.dice, 0), (lambda r: r.counted, 0),
])
def test_a_loaded_record_is_shared_by_its_cache_so_nothing_in_it_can_be_changed(part, key):
    text = dump_record(RECORD)
    with pytest.raises(TypeError):
        setitem(part(load_record(RECORD.path, text)), key, 99)
    assert load_record(RECORD.path, text) == RECORD


@pytest.mark.parametrize("old, new", [("outcome: passed", "outcome: won"),
                                      ("forge_key: '17'\n", ""), ("sides: 6", "sides: six")])
def test_a_broken_record_is_an_error_naming_it(old, new):
    text = dump_record(RECORD).replace(old, new)
    with pytest.raises(GameError, match="not a valid proposal record") as caught:
        read_history({RECORD.path: text})
    assert caught.value.path == RECORD.path and "git history" in caught.value.hint


OPENED = replace(RECORD, opening=MappingProxyType(
    {"cop_car": MappingProxyType({"space": 4, "health": 200})}))


@pytest.mark.parametrize("record", [OPENED, replace(RECORD, opening=MappingProxyType(
    {"cop_car": None}))])
def test_the_board_opening_a_passed_proposal_replaced_is_read_back(record):
    assert load_record(record.path, dump_record(record)) == record


@pytest.mark.parametrize("old, new", [("space: 4", "space: 0"), ("health: 200", "health: lots"),
                                      ("  cop_car:\n", "  cop:\n")])
def test_a_broken_board_opening_is_an_error_naming_its_record(old, new):
    text = dump_record(OPENED)
    assert old in text
    with pytest.raises(GameError, match="not a valid proposal record") as caught:
        read_history({RECORD.path: text.replace(old, new)})
    assert caught.value.path == RECORD.path
