"""The quick writer: what it writes, ruamel.yaml writes the same, character for character;
the rest it leaves to ruamel.yaml."""

from types import MappingProxyType

import pytest
from hypothesis import given, settings, strategies as st
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import LiteralScalarString

from nomic_ci.core.board.boardfile import (HEADER, Board, CopCar, Offer, Token, Turn,
                                            dump_board)
from nomic_ci.core.dice import roll_inputs
from nomic_ci.core.facts import Account
from nomic_ci.core.files import yamlio
from nomic_ci.core.files.records import (Ballot, DieRoll, Outcome, Record, dump_record,
                                         load_record)
from nomic_ci.core.files.quickwrite import quick_dump
from nomic_ci.core.files.quickyaml import quick_load

from builders import T0

TRICKY = ["", " ", "a b", " lead", "trail ", "null", "Null", "~", "yes", "no", "on", "true",
          "123", "-1", "+1", "007", "0x1F", "1e3", "1.5", ".inf", "2026-05-01",
          "2026-05-01T12:00:00Z", "a: b", "a:", "#x", "x #y", "x#y", "- a", "-a", "'q'",
          "it's", '"q"', "&a", "*a", "!t", "|", ">", "%", "@x", "`x", "[x]", "{x}", "a, b",
          "?", ":", "=", "<<", "a\tb", "a\nb", "é", "日本", "🎲", "\u00a0", "a\u00a0b",
          "\u2028", "\x85", "x" * 99, "y " * 60, "z" * 150]
texts = st.one_of(st.sampled_from(TRICKY), st.text(max_size=30),
                  st.text("ab :#'-\n", max_size=12))
keys = st.one_of(st.from_regex(r"[a-z][a-z_ ]{0,10}[a-z]", fullmatch=True),
                 st.sampled_from(["y", "n", "yes", "null", "1", "a:b", "x" * 60, "-a"]), texts)
scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**16, 10**16), texts,
                    texts.map(yamlio.literal), st.floats(allow_nan=False))


def styled(value, flow: bool):
    """A collection of ruamel.yaml's, written on one line (flow) or not, as the engine makes
    them for `state/game.yaml`."""
    node = CommentedMap(value) if isinstance(value, dict) else CommentedSeq(value)
    if flow:
        node.fa.set_flow_style()
    return node


words = st.one_of(st.none(), st.integers(-99, 99), st.sampled_from(TRICKY),
                  st.from_regex(r"[a-z][a-z0-9-]{0,12}", fullmatch=True),
                  st.text("ab :#,[]{}-'", max_size=6))
flows = st.builds(styled, st.one_of(st.lists(words, max_size=4),
                                    st.dictionaries(keys, words, max_size=3)), st.booleans())
values = st.recursive(st.one_of(scalars, flows), lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4),
    st.builds(styled, st.dictionaries(keys, inner, max_size=3), st.just(False))),
    max_leaves=12)


def agrees(data) -> bool:
    """Whether the quick writer wrote `data` (True) or gave up (False); where it wrote it,
    it must be ruamel.yaml's text, and the quick reader's values where that reads it."""
    text = quick_dump(data)
    if text is None:
        return False
    assert text == yamlio.dump_with_ruamel(data)
    read = quick_load(text)
    assert read is None or read == data
    return True


def reads_back(data) -> bool:
    """Whether `data`, written by either writer, reads back as `data`."""
    return yamlio.load(yamlio.dump(data), "x") == data


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(keys, values, max_size=5))
def test_whatever_the_quick_writer_writes_ruamel_writes_the_same(data):
    agrees(data)
    assert reads_back(data)


@settings(max_examples=300, deadline=None)
@given(st.one_of(texts, st.text("ab :#'-@[]{},.019!&*|>%?~\"=<é\u00a0_+eEx\\/", max_size=14)),
       st.booleans())
def test_any_one_text_is_written_as_ruamel_writes_it_where_the_quick_writer_writes_it(text,
                                                                                     listed):
    agrees({"text": [text] if listed else text})
    assert reads_back({"text": styled([text], True) if listed else text})


@pytest.mark.parametrize("text, quoted", [
    ("its voting window closed (rule 9): 1 yes", True), ("2026-05-01T12:00:00Z", True),
    ("<", False), ("@x", True), ("1.5", True), ("1_000", True), ("a\u00a0b", False),
    ("x #y", True), ("[x]", True), ("Null", True), ("it's", False)])
def test_texts_the_quick_reader_leaves_are_written_quoted_where_ruamel_quotes_them(text,
                                                                                  quoted):
    assert agrees({"text": text})
    assert quick_dump({"text": text}) == (f"text: '{text}'\n" if quoted else f"text: {text}\n")


def test_a_die_s_purpose_with_a_quote_is_written_in_double_quotes_as_ruamel_writes_it():
    data = {"purpose": "rule 103: 1d6 added to the proposer's score", "in": ["it's: x"]}
    assert agrees(data)
    assert quick_dump(data) == ('purpose: "rule 103: 1d6 added to the proposer\'s score"\n'
                                'in:\n  - "it\'s: x"\n')
    assert quick_load(quick_dump(data)) == data


@pytest.mark.parametrize("title", ["a  " + "b" * 95 + "\\c d", "x\t" + "b" * 95 + "\\c d",
                                   "x\t" + "b" * 95 + "\x85c d"])
def test_a_long_escaped_title_reads_back_as_it_was(title):
    """ruamel.yaml, folding a long text in double quotes right after an escape, can leave
    out the backslash that continues it: such a text is written unfolded."""
    assert reads_back({"title": title}) and reads_back({"t": styled([title], True)})


def test_keys_the_quick_reader_leaves_are_written_as_ruamel_writes_them():
    assert quick_dump({"y": 1, "on": "x", "null": 2, "1": 3}) == "y: 1\non: x\n'null': 2\n'1': 3\n"


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text("ab :#-@,.1é", min_size=80, max_size=260),
                 st.text("abcdefghijklmnop  ", min_size=90, max_size=200)),
       st.integers(0, 3), st.from_regex(r"k[a-z]{0,30}", fullmatch=True))
def test_a_long_text_is_folded_where_ruamel_folds_it(text, where, key):
    """Folded, two spaces (at the end of a line, not read) would be one: such a text is
    written in double quotes, by ruamel.yaml."""
    assert agrees([{key: text}, {key: [text]}, {key: {key: text}},
                   {key: [{key: text, "x": [text]}]}][where]) != ("  " in text)
    assert reads_back({key: text}) and reads_back({key: styled([text], True)})


@settings(max_examples=300, deadline=None)
@given(st.text("ab #:-'\n\t é", max_size=40), st.integers(0, 2))
def test_a_literal_block_is_written_as_ruamel_writes_it(text, where):
    """The messages the engine has still to tell, and a record's board, with or without a
    line break at their end, blank lines among them."""
    block = LiteralScalarString(text)
    agrees([{"k": block}, {"k": {"m": block}}, {"k": [{"m": block, "z": 1}]}][where])
    assert reads_back({"k": yamlio.literal(text)})


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.from_regex(r"k[a-z_]{0,8}", fullmatch=True), st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
              st.from_regex(r"[A-Za-z]( ?[A-Za-z0-9]){0,19} ?[a-z]", fullmatch=True)),
    lambda inner: st.one_of(st.lists(inner, max_size=3).filter(lambda v: not any(
        isinstance(i, list) and i for i in v)),
        st.dictionaries(st.from_regex(r"k[a-z]{0,8}", fullmatch=True), inner, max_size=3)),
    max_leaves=10), min_size=1, max_size=5))
def test_plain_words_numbers_and_nesting_are_written_quickly(data):
    assert agrees(data)


SHARED = {"x": 1}  # one value in two places: ruamel.yaml writes an anchor and an alias


@pytest.mark.parametrize("data", [
    {"a": [[1]]}, {"a": LiteralScalarString(" lead\n")}, {"a": LiteralScalarString("a\n\n")},
    {"a": 'say "it\'s": x'}, {"a": "it's: x " + "y" * 100}, {"a": T0}, {"a": 1.5}, {"a": 10**4300},
    {"a": "tab\there"}, [1], {}, {"a": SHARED, "b": SHARED}, {"a": [SHARED, SHARED]},
    {"a": styled([[1]], True)}, {"a": styled([1] * 40, True)},
    yamlio.load("a: 1  # a note\n", "x"), yamlio.load("a: &x\n  b: 1\n", "x"),
    yamlio.load("a: [1]\n# the end\n", "x"), yamlio.load("a: !!str 3\n", "x")])
def test_what_ruamel_writes_its_own_way_is_left_to_it(data):
    assert not agrees(data)


def test_a_board_of_every_kind_of_feature_is_written_quickly_as_ruamel_writes_it():
    board = Board(3, CopCar(4, 200), tokens=(
        Token("alice", 7, items=(("Fishing Rod", 2), ("house", 1)), numbers=(3, 12),
              account=5, jail_failures=1, beaten=("bob",)), Token("bob", "jail")),
        turn=Turn("alice", T0, moved_at=T0, landed=7, roll=5, choice="cop-car"),
        offers=(Offer(9, "alice", "bob", (("points", 3),), (("house", 1),)),))
    text = dump_board(board, ("alice", "bob", "carol"))
    assert text.startswith(HEADER)
    body = text[len(HEADER):]
    data = _plain(quick_load(body))
    assert agrees(data) and quick_dump(data) == body
    assert "Fishing Rod: 2" in body and "started: '2026-05-01T12:00:00Z'" in body


def test_a_decision_record_and_a_board_are_written_without_ruamel(monkeypatch):
    monkeypatch.setattr(yamlio, "dump_with_ruamel", lambda data: pytest.fail(f"{data}"))
    record = Record(7, "12", "Tea: for everyone!", Account("alice", 3), Outcome.PASSED,
                    "its voting window closed (rule 9): 3 yes, 1 no of 4 eligible", T0, T0,
                    head="c0ffee", rules=(101,), threshold="a majority",
                    counted=(Ballot("alice", True, "c0ffee", T0, reason="why not?"),),
                    dice=(DieRoll("rule 103", 6, 4, MappingProxyType(roll_inputs("s", 1, 7)),
                                  "sha256-v1"),), points=MappingProxyType({"alice": 4}),
                    board="alice moves to 7.\nbob pays 2.\n")
    assert load_record("proposals/0000-0099/0007-tea.yaml", dump_record(record)) == record
    assert dump_board(Board(tokens=(Token("alice", 3),)), ("alice", "bob")).endswith(
        "  - login: bob\n    space: 1\nturn: null\n")


def _plain(value):
    """Values of the quick reader as plain dicts and lists."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
