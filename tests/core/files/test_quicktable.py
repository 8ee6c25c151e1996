"""A record's ballots read as a table: the same values as the quick reader reads, or left
to it."""

from datetime import timedelta
from types import MappingProxyType

import pytest
from hypothesis import given, settings, strategies as st

from nomic_ci.core.dice import roll_inputs
from nomic_ci.core.facts import Account
from nomic_ci.core.files import yamlio
from nomic_ci.core.files.quicktable import quick_load_table
from nomic_ci.core.files.quickyaml import quick_load
from nomic_ci.core.files.records import (BALLOT_COLUMNS, Ballot, DieRoll, Outcome, Record,
                                         dump_record, read_record)

from builders import T0


def table(text: str):
    return quick_load_table(text, "votes", BALLOT_COLUMNS)


def record(ballots: tuple[Ballot, ...], left_out: tuple[Ballot, ...] = (),
           title: str = "Tea for everyone", reason: str = "3 yes, 1 no") -> Record:
    return Record(7, "12", title, Account("alice", 3), Outcome.PASSED, reason, T0, T0,
                  head="c0ffee", rules=(101,), threshold="a majority", counted=ballots,
                  left_out=left_out,
                  dice=(DieRoll("rule 103", 6, 4, MappingProxyType(roll_inputs("s", 1, 7)),
                                "sha256-v1"),),
                  points=MappingProxyType({"alice": 4}), turn_to="bob")


def read_alike(text: str) -> bool:
    """Whether `text` was read as a table (True) or left (False); read, it is what the quick
    reader reads (which reads what ruamel.yaml reads: test_quickyaml)."""
    data = table(text)
    if data is None:
        return False
    assert data == quick_load(text)
    return True


_LOGINS = st.from_regex(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})", fullmatch=True) | st.sampled_from(
    ["null", "yes", "no", "123", "0x1F", "1e3", "True", "on", "-1", "007", ".inf"])
_BALLOTS = st.builds(
    Ballot, _LOGINS, st.booleans(), st.none() | st.from_regex(r"[0-9a-f]{7,40}", fullmatch=True)
    | st.sampled_from(["null", "123", "1e3", "deadbeef" * 5]),
    st.none() | st.integers(0, 10 ** 8).map(lambda s: T0 + timedelta(seconds=s)))


@settings(max_examples=100, deadline=None)
@given(st.lists(_BALLOTS, max_size=12), st.text(max_size=100), st.text(max_size=100))
def test_whatever_ballots_the_engine_writes_are_read_the_same_as_every_reader_reads_them(
        ballots, title, reason):
    """Logins and commits that YAML reads as numbers or null are quoted by both writers,
    a missing time is null: a table's values are read as the quick reader reads them."""
    text = dump_record(record(tuple(ballots), title=title, reason=reason))
    assert read_alike(text) == bool(ballots)  # every list the writers write is a table
    assert read_record("x.yaml", text).counted == tuple(ballots)


def test_a_played_record_is_read_as_a_table():
    text = dump_record(record(tuple(
        Ballot(f"p{n}", n % 3 > 0, "6a119a16285403b70a33913b24d44b5d5c8b8841",
               T0 + timedelta(minutes=n)) for n in range(9)),
        reason="every eligible voter voted: 1 yes, 8 no of 9 eligible; 30% of the eligible "
               "voters: 3 of 9 — not met"))
    assert "— not\n  met'" in text  # its reason folds, as a failed proposal's does
    assert read_alike(text)


BALLOT = "votes:\n  - login: p1\n    vote: yes\n    commit: c0ffee\n    at: '2026-05-01T12:00:00Z'\n"


@pytest.mark.parametrize("votes", [
    "votes: []\n",  # no table: nothing to read by it
    BALLOT + "    reason: late\n",  # a ballot of another shape
    BALLOT.replace("vote: yes", "vote: yes # changed"),  # a comment
    BALLOT.replace("vote: yes", "vote: 'yes\n      really'"),  # folded onto the next line
    BALLOT.replace("vote: yes", "vote: [yes]"),
    BALLOT.replace("vote: yes", "vote:  yes"),
    BALLOT.replace("vote: yes", "vote: |\n      yes"),
    BALLOT.replace("vote: yes", "vote: 'yes"),  # never closed
    BALLOT.replace("vote: yes", "vote: 1.5"),  # ruamel.yaml's to read
    BALLOT.replace("vote: yes", "vote:\tyes"),
    BALLOT.replace("p1", "p\x071"),  # a control character: ruamel.yaml says where
    BALLOT + "\n",  # a blank line after it
    BALLOT + "  # a comment\n",
    BALLOT.replace("  - login", "  -  login"),
    BALLOT.replace("    at", "     at"),
])
def test_anything_but_a_table_of_plain_values_is_left_to_the_other_readers(votes):
    text = "number: 7\n" + votes + "left_out: []\n"
    assert table(text) is None


def test_a_key_given_twice_is_left_to_ruamel_which_refuses_it():
    text = BALLOT + "number: 7\n" + BALLOT
    assert table(text) is None
    with pytest.raises(Exception, match="duplicate key"):
        yamlio.read(text, "x.yaml", table=("votes", BALLOT_COLUMNS))


def test_a_table_read_where_the_list_is_the_last_key():
    assert table("number: 7\n" + BALLOT) == {"number": 7, "votes": [
        {"login": "p1", "vote": "yes", "commit": "c0ffee", "at": "2026-05-01T12:00:00Z"}]}
