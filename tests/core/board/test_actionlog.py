"""Action records: written and read back alike, numbered without a gap."""

from types import MappingProxyType

import pytest

from nomic_ci.core.board.actionlog import ActionRecord, dump_action, load_action, load_actions
from nomic_ci.core.errors import GameError
from nomic_ci.core.files.records import DieRoll

from builders import T0


def record(number: int = 1) -> ActionRecord:
    die = DieRoll("movement (rule 7)", 6, 4, MappingProxyType({"seed": "s", "roll": 1,
                                                                "action": number}), "sha256-v1")
    return ActionRecord(number, T0, "alice", "/roll", 17, "alice rolls 4.", (die,),
                        (MappingProxyType({"move": "alice", "from": 1, "to": 5,
                                           "path": (2, 3, 4, 5), "why": "movement"}),),
                        MappingProxyType({"alice": 10}))


def test_a_record_reads_back_as_written():
    one = record()
    assert one.path == "actions/000000-000099/000001-alice-roll.json"
    again = load_action(one.path, dump_action(one))
    assert again == one


def test_a_missing_record_or_a_stray_file_is_named():
    with pytest.raises(GameError, match="action 1 is missing"):
        load_actions({record(2).path: dump_action(record(2))})
    with pytest.raises(GameError, match="not an action record file name"):
        load_actions({"actions/notes.txt": "x"})


def test_a_broken_record_names_its_file_and_line():
    with pytest.raises(GameError) as error:
        load_actions({"actions/000000-000099/000001-alice-roll.json":
                      '{\n "number": 1,\n oops\n}\n'})
    assert str(error.value).startswith(
        "actions/000000-000099/000001-alice-roll.json:3: not valid JSON")
