"""The quick reader: what it reads, ruamel.yaml reads the same; the rest it leaves to it."""

import json
from types import MappingProxyType

import pytest
from hypothesis import given, settings, strategies as st

from nomic_ci.core.dice import roll_inputs
from nomic_ci.core.facts import Account
from nomic_ci.core.files import yamlio
from nomic_ci.core.files.quickyaml import quick_load
from nomic_ci.core.files.records import Ballot, DieRoll, Outcome, Record, dump_record

from builders import T0


def plain(data):
    return json.loads(json.dumps(data, default=str))


def agrees(text: str) -> bool:
    """Whether the quick reader read `text` (True) or gave up (False); where it read it, it
    must read what ruamel.yaml reads."""
    quick = quick_load(text)
    if quick is None:
        return False
    assert plain(quick) == plain(yamlio.load(text, "x.yaml"))
    return True


def record(title: str, reason: str, login: str) -> Record:
    return Record(7, "12", title, Account(login, 3), Outcome.PASSED, reason, T0, T0,
                  head="c0ffee", rules=(101,), threshold="a majority",
                  counted=(Ballot(login, True, "c0ffee", T0),),
                  dice=(DieRoll("rule 103", 6, 4, MappingProxyType(roll_inputs("s", 1, 7)),
                                "sha256-v1"),),
                  points=MappingProxyType({login: 4}))


def test_a_record_as_the_engine_writes_it_is_read_quickly_and_the_same():
    assert agrees(dump_record(record("Tea for everyone!", "3 yes, 1 no", "alice")))


@pytest.mark.parametrize("title", [
    "null", "true", "~", "123", "0x1F", "1e3", "yes", "No", "- a", "a: b", "#x", "x #y", "'q'",
    '"q"', "a\tb", "", " lead", "trail ", "2026-05-01", "&anchor", "*alias", "[1]", "{a: 1}",
    "very long " * 20, "line\nbreak", "émoji 🎲", "-1", "+1", "007", ".inf", "?", ":"])
def test_titles_a_player_may_give_are_read_the_same_or_left_to_ruamel(title):
    agrees(dump_record(record(title, title, "bob")))


@pytest.mark.parametrize("login", ["null", "yes", "123", "on", "a-b", "True"])
def test_logins_that_look_like_other_values_as_keys_are_read_the_same_or_left(login):
    agrees(dump_record(record("t", "r", login)))


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=120), st.text(max_size=60),
       st.from_regex(r"[A-Za-z0-9][A-Za-z0-9-]{0,12}", fullmatch=True))
def test_any_record_is_read_the_same_as_ruamel_reads_it(title, reason, login):
    agrees(dump_record(record(title, reason, login)))


@pytest.mark.parametrize("text", [
    "a: 1  # a comment\n", "# heading\na: 1\n", "a: &x 1\nb: *x\n", "a: |\n  text\n",
    "a: 'open\n  more'\n", "a:\n  - 1\n    - 2\n", "a: 1\na: 2\n", "a:\tb\n", "a: 1.5\n",
    "a: \"x\"\n", "a: b\n  c\n", "\n", "a: 1\n\nb: 2\n", "- a\n- b\n"])
def test_anything_else_is_left_to_ruamel(text):
    assert quick_load(text) is None or agrees(text)
