"""Judgments as values and as files: the record in judgments/, and the one pending in
state/game.yaml, written and read back as they were, with errors that name file and field."""

from dataclasses import replace

import pytest

from nomic_ci.core.errors import GameError
from nomic_ci.core.files import GAME, yamlio
from nomic_ci.core.files.judgments import (CONSENT, OVERRULED, RULING, TURN_BEGAN, Judgment,
                                           Step, dump_judgment, judgment_paths,
                                           judgments_recorded, load_judgment, read_judgments)
from nomic_ci.core.files.statedump import dump_state
from nomic_ci.core.files.statefile import read_state

from builders import make_files
from judging import at, invoked

QUESTION = "Is proposal 301 legal?\nRule 202: \"one rule-change\" | and @everyone <b>"
STEPS = (Step(at(2), RULING, by="dave", verdict="no", text="It is not.\nSee rule 202.",
              comment=5),
         Step(at(3), OVERRULED, judge="carol", active=("alice", "bob", "carol", "dave"),
              needs="unanimous"),
         Step(at(4), CONSENT, by="alice", comment=9),
         Step(at(5), TURN_BEGAN, by="bob", active=("alice", "bob", "carol", "dave"),
              needs="majority"))
ENDED = replace(invoked(None, *STEPS).state.judgment, question=QUESTION, ended=at(5))


def test_a_record_reads_back_as_it_was_written_multi_line_texts_as_blocks():
    text = dump_judgment(ENDED)
    assert "question: |-\n  Is proposal 301 legal?\n" in text
    assert load_judgment(yamlio.read(text, ENDED.path), ENDED.path) == ENDED
    assert ENDED.path == "judgments/0001-is-proposal-301-legal-rule-202-one-rule-change-a.yaml"


def test_then_adds_a_step_and_an_ending_ends_it():
    pending = replace(ENDED, steps=STEPS[:3], ended=None)
    assert pending.then(STEPS[3]) == ENDED
    assert pending.then(STEPS[2]).ended is None


def test_the_judgment_pending_is_part_of_the_state_and_leaves_it_whole():
    files = make_files(ruleset="suber-initial-set")
    state = read_state(files)
    pending = replace(ENDED, steps=STEPS[:3], ended=None, turn_ended=at(4))
    written = dump_state(replace(state, judgment=pending), files)
    assert read_state({**files, **written}).judgment == pending
    again = dump_state(replace(state, judgment=None), {**files, **written})
    assert again[GAME] == files[GAME]  # gone once it ended, and nothing else changed


def test_the_records_are_read_in_their_numbers_order():
    second = replace(ENDED, number=2, question="Again?")
    files = {second.path: dump_judgment(second), ENDED.path: dump_judgment(ENDED),
             "judgments/README.md": "the page"}
    assert read_judgments(files) == (ENDED, second)
    assert judgments_recorded(files) == 2 and judgment_paths({}) == []


@pytest.mark.parametrize("path, text, says", [
    ("judgments/notes.txt", "hello", "not a Judgment record's file name"),
    ("judgments/0002-is-proposal-301-legal.yaml", dump_judgment(ENDED),
     "Judgment 1 is recorded under another number"),
    (ENDED.path, dump_judgment(ENDED).replace("did: consent", "did: shrug"),
     "step 3: field 'did' must be one of ruling, consent"),
    (ENDED.path, dump_judgment(ENDED).replace("verdict: no", "verdict: maybe"),
     "step 1: field 'verdict' must be one of yes, no, paradox, unplayable"),
])
def test_a_record_that_is_not_as_the_engine_writes_it_is_an_error_naming_it(path, text, says):
    with pytest.raises(GameError, match=says) as error:
        read_judgments({path: text})
    assert error.value.path == path


def test_a_bad_judgment_in_the_state_names_the_field():
    files = make_files(ruleset="suber-initial-set")
    files[GAME] += "judgment:\n  number: 0\n"
    with pytest.raises(GameError, match="the Judgment pending: ") as error:
        read_state(files)
    assert error.value.path == GAME


def test_a_judgment_is_a_value():
    assert isinstance(ENDED, Judgment) and hash(ENDED) == hash(replace(ENDED))
