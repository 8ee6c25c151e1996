"""The quick reader: what it reads, ruamel.yaml reads the same; the rest it leaves to it."""

import json
from datetime import datetime
from types import MappingProxyType

import pytest
from hypothesis import given, settings, strategies as st
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from nomic_ci.core.dice import roll_inputs
from nomic_ci.core.errors import GameError
from nomic_ci.core.facts import Account
from nomic_ci.core.files import yamlio
from nomic_ci.core.files.quickyaml import (MAX_DEPTH, LinedDict, LinedList, _general,
                                           _plainest, quick_load)
from nomic_ci.core.times import iso, moment
from nomic_ci.core.files.records import Ballot, DieRoll, Outcome, Record, dump_record

from builders import T0


def plain(data):
    """The data as JSON would have it, a time as the time it is (ruamel.yaml's own kind of
    datetime, and the quick reader's, stand for the same moment)."""
    return json.loads(json.dumps(data, default=lambda v: iso(moment(v))
                                 if isinstance(v, datetime) else str(v)))


def same_lines(quick, loaded) -> None:
    """Each key and item the quick reader read is on the line ruamel.yaml says it is."""
    if isinstance(quick, dict):
        for key in quick:
            assert yamlio.line_of(quick, key) == yamlio.line_of(loaded, key), key
            same_lines(quick[key], loaded[key])
    elif isinstance(quick, list):
        for index, item in enumerate(quick):
            if isinstance(item, (dict, list)) or yamlio.line_of(loaded, index) is not None:
                assert yamlio.line_of(quick, index) == yamlio.line_of(loaded, index), index
            same_lines(item, loaded[index])


def read_alike(plainest, general) -> None:
    """The plainest texts' reader read what the whole subset's reads: the same values of the
    same types, each key and item on the same line, the same lines of folded texts."""
    assert type(plainest) is type(general) and plainest == general
    if isinstance(general, LinedDict):
        assert plainest.key_lines == general.key_lines
        assert plainest.block_lines == general.block_lines
        for key in general:
            read_alike(plainest[key], general[key])
    elif isinstance(general, LinedList):
        assert plainest.item_lines == general.item_lines
        for mine, theirs in zip(plainest, general):
            read_alike(mine, theirs)


def agrees(text: str) -> bool:
    """Whether the quick reader read `text` (True) or gave up (False); where it read it, it
    must read what ruamel.yaml reads, each key on the same line; and where its reader of the
    plainest texts read it, the same as its reader of the whole subset."""
    plainest = _plainest(text)
    if plainest is not None:
        read_alike(plainest, _general(text))
    quick = quick_load(text)
    if quick is None:
        return False
    loaded = yamlio.load(text, "x.yaml")
    assert plain(quick) == plain(loaded)
    assert type(quick) is type(loaded) or isinstance(loaded, (dict, list))
    same_lines(quick, loaded)
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


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=120), st.text(max_size=60),
       st.from_regex(r"[A-Za-z0-9][A-Za-z0-9-]{0,12}", fullmatch=True))
def test_any_record_is_read_quickly_the_same_as_ruamel_reads_it(title, reason, login):
    assert agrees(dump_record(record(title, reason, login)))


def test_a_played_record_whose_reason_folds_is_read_quickly():
    """A failed proposal's reason, past the line's width, folded onto a second line: a
    quarter of a played game's records went to ruamel.yaml, 30 times slower."""
    reason = ("every eligible voter voted: 1 yes, 8 no of 9 eligible; 30% of the eligible "
              "voters: 3 of 9 — not met")
    text = dump_record(record("Every tenth proposal doubles its die, as long as nobody is "
                              "ahead by more than twenty points (proposal 17)", reason, "p5"))
    assert "— not\n  met'" in text and "twenty points \n  (proposal 17)" in text
    assert agrees(text)
    assert _plainest(text) is not None  # each line read once, at a third of the cost


@pytest.mark.parametrize("text", [
    "k: 'a b\n  c'\n", "k: 'a\n\n  b'\n", "- 'a ''q''\n  b'\n", 'k: "a\\tb \\"q\\"\n  c"\n',
    'k: "a\\\n  \\ b"\n', 'k: "\\x41\\u00e9\\U0001F3B2\\N\\_\\L\\P\\/\\e"\n',
    "k: a b\n  c\n\n  d\nz: 1\n", "k: \n  long\n  word\n", "- w w -\n  - b\n",
    "k:\n  # a\n  - b\n", "k: |2\n    lead\n  x\n", "k: |+\n  a\n\n...\n", "k: |-\n  a\n   \n",
    "- |2-\n   a\n- m: |2\n\n    b\n", "'on': 1\n'': x\n\"\\t\": y\n",
    "0A: 1\na:b: 2\n", "k:\n  -   - 1\n      - 2\n  -   - a: 1\n        b: 2\n",
    "k: [a, b,\n  c d]\n", "k: {'on': 1, \"x\": [0:0, a\"b]}\n", "k: [+x, .x, <x, ~x, -x]\n",
    "k: ?x\nl: :x\nm: -x\nn: 12:30\no: 0..\n"])
def test_what_the_writers_fold_escape_or_mark_is_read_quickly(text):
    """Texts folded over lines (plain, in quotes, blank lines among them), escapes, literal
    blocks with an indentation or a chomping indicator, quoted keys, lists in lists, one-line
    collections broken over lines: what ruamel.yaml writes, read as it reads it."""
    assert agrees(text), text


def styled(value, flow: bool):
    """A collection of ruamel.yaml's, on one line (flow) or not, as a state file the engine
    read and writes back holds them."""
    node = CommentedMap(value) if isinstance(value, dict) else CommentedSeq(value)
    if flow:
        node.fa.set_flow_style()
    return node


# what the engine writes: texts of any characters (a player's title, a message), whole
# numbers, true, false, null, literal blocks, lists and mappings, keys of any text of a line
# a login or a name may be, and the one-line collections of a file it read; never a float
# or a time (times are written as texts), a key that breaks a line (ruamel.yaml's `? `),
# comments or anchors (a hand-written file's, which ruamel.yaml reads), or a lone surrogate
# (no text read from a file or from JSON of UTF-8 holds one, nor can a file be written with it)
_TEXTS = st.one_of(st.text(st.characters(blacklist_categories=("Cs",)), max_size=130), st.text("ab :#'\"\\-\n ", max_size=20),
                   st.sampled_from(["null", "yes", "on", "y", "~", "123", "-1", "0x1F", "1e3",
                                    "2026-05-01", "2026-05-01T12:00:00Z", "a: b", "- a", "#x",
                                    " lead", "trail ", "x" * 150, "w " * 70, "é" * 120 + " b",
                                    "a\n\n", "\n", "it's \"q\" \\ " + "w " * 50]))
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), _TEXTS,
                     _TEXTS.map(yamlio.literal))
_KEYS = st.one_of(st.text(st.characters(blacklist_categories=("Cs",),
                                        blacklist_characters="\n\x85\u2028\u2029"), max_size=40),
                 st.from_regex(r"[a-z][a-z0-9-]{0,38}", fullmatch=True))
_FLOWS = st.builds(styled, st.one_of(
    st.lists(st.one_of(st.none(), st.integers(-99, 99), _TEXTS), max_size=12),
    st.dictionaries(_KEYS, st.one_of(st.integers(), _TEXTS), max_size=6)),
    st.just(True))
_VALUES = st.recursive(st.one_of(_SCALARS, _FLOWS), lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(_KEYS, inner, max_size=4)), max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(_KEYS, _VALUES, min_size=1, max_size=5))
def test_whatever_either_writer_writes_the_quick_reader_reads(data):
    """What the engine writes, by the quick writer or by ruamel.yaml, is read without
    ruamel.yaml, as ruamel.yaml reads it."""
    text = yamlio.dump(data)
    assert agrees(text), text
    assert quick_load(text) == data


@pytest.mark.parametrize("text", [
    "a: 1  # a comment\n", "# heading\na: 1\n", "a: &x 1\nb: *x\n", "a: |\n  text\n",
    "a: 'open\n  more'\n", "a:\n  - 1\n    - 2\n", "a: 1\na: 2\n", "a:\tb\n", "a: 1.5\n",
    "a: \"x\"\n", "a: b\n  c\n", "\n", "a: 1\n\nb: 2\n", "- a\n- b\n"])
def test_anything_else_is_left_to_ruamel(text):
    assert quick_load(text) is None or agrees(text)


@pytest.mark.parametrize("text, read", [
    ("# a heading\na: 1\n\n  # indented comment\nb: [x, y z, 3]\n", True),
    ("votes_from: [reactions, reviews]\n", True),
    ("names: [Gold Flakes, Fish Oil, Admin's Choice]\n", True),
    ("at: 2026-05-01T12:00:00Z\n", True),
    ("numbers: 000-099\nroll: 1d6\nwindow: 7d\nneed: 30%\n", True),
    ("a:\n  - 1\n  # between\n  - b: [c]\n    d: 2027-02-20T00:00:00Z\n", True),
    ("at: 2026-02-30T12:00:00Z\n", False), ("at: 2026-05-01\n", False),
    ("at: 2026-05-01 12:00:00\n", False), ("v: 1e3\n", False), ("v: 0x1F\n", False),
    ("v: 1_000\n", False), ("v: 017\n", False), ("v: 0b101\n", False), ("v: 0o17\n", False),
    ("v: 12:30\n", True), ("v: 1.5\n", False), ("head: 0b91be595a569e08\n", True),
    ("v: 0x1fg\n", True), ("v: 0o18\n", True), ("a: {h: 0b91be, i: 0b1}\n", False),
    ("a: {h: 0b91be, i: 1}\n", True),
    ("a: [x,,y]\n", False), ("a: [x, ]\n", False), ("a: [x, [y]]\n", True),
    ("a: [x: y]\n", False), ("a: ['x, y', z]\n", True), ("a: [x] # c\n", False),
    ("a: [x]y\n", False), ("a: [ ]\n", True), ("a: [x, {y: 1}]\n", True),
    ("a: =\n", False), ("a: <<\n", False), ("a: ~x\n", True)])
def test_comments_one_line_lists_times_and_texts_that_start_with_a_digit(text, read):
    assert agrees(text) is read


@pytest.mark.parametrize("text, read", [
    ("yields: {Prairie: wheat, City: stock options}\nuncrowded: [City]\n", True),
    ("items:\n  Fishing Rod: {by: Woodcarver, cost: {timber: 9}, effect: {extra: d3, in: Marsh}}\n"
     "  Potion of Cleansing: {by: Alchemist, cost: {Gold Flakes: 3, Fish Oil: 1}}\n", True),
    ("a: {b: [c, {d: []}], e: {}}\n", True), ("- {a: 1}\n- [b, {c: d}]\n", True),
    ("a: { b: 1 , c: x y }\n", True), ("a b: c\n", True), ("a  b: c\n", True),
    ("a: {b}\n", False), ("a: {b:1}\n", False), ("a: {b: }\n", False), ("a: {b: 1,}\n", False),
    ("a: {b: 1, b: 2}\n", False), ("a: {b: 1}}\n", False), ("a: {b: c: d}\n", False),
    ("a: {b: c #d}\n", False), ("a: {? b: c}\n", False),
    ("a: {b: 'c, d', e: 'it''s: [x]'}\n", True), ("a: ['x', y]\n", True),
    ("- {id: 7, at: '2026-05-01T12:00:00Z'}\n", True), ("a: ['x'y]\n", False),
    ("a: ['x]\n", False), ("a: ['x'', y]\n", False), ("a: ['x' , 'y' ]\n", True),
    ("a: {b: 1\n", False), ("a: {b: 1,\n  c: 2}\n", True), ("a: {1: b}\n", False),
    ("a: {yes: b}\n", True), ("a: {b c : d}\n", True), ("a : b\n", False),
    ("a: {b: \"c\"}\n", True), ("a: {b: &c d}\n", False), ("a: [x, {b: 1}] \n", True),
    ("a: {" + "b" * 1025 + ": 1}\n", False), ("a: {b" + " " * 1025 + ": 1}\n", False),
    ("Rod " * 257 + "x: 1\n", False), ("- " + "a" * 1030 + ": b\n", False),
    ("a: {" + "b" * 1000 + ": 1}\n", True)])
def test_one_line_mappings_and_keys_of_words_as_the_suber_world_writes_them(text, read):
    assert agrees(text) is read


@pytest.mark.parametrize("text", [
    "k:\n" + "".join("  " * i + "- k:\n" for i in range(17)) + "  " * 17 + "- x\n",
    "k:\n" + "".join("  " * i + "- k:\n" for i in range(600)) + "  " * 600 + "- x\n",
    "".join("  " * i + f"k{i}:\n" for i in range(31)) + "  " * 31 + "- a: [x]\n"])
def test_nesting_by_any_path_deeper_than_the_limit_is_left_to_ruamel(text):
    """Lists under keys, mappings in list items, one-line lists: each counts a level."""
    assert quick_load(text) is None
    with pytest.raises(GameError, match="nested more than"):
        yamlio.read(text, "x.yaml")


@pytest.mark.parametrize("text", ["a: \uffff\n", "# \ufffe\na: 1\n", "a: [x\uffffy]\n"])
def test_characters_yaml_may_not_hold_are_left_to_ruamel_even_in_a_comment(text):
    assert quick_load(text) is None
    with pytest.raises(GameError, match="unacceptable character"):
        yamlio.read(text, "x.yaml")


@pytest.mark.parametrize("text", ["a:\n    b:\nc: x- y\n", "- a:\n    b:\n- c - x\n"])
def test_an_empty_value_is_null_whatever_a_less_indented_line_holds(text):
    assert agrees(text)


def test_nesting_deeper_than_the_limit_is_left_to_ruamel_which_refuses_it():
    text = "".join(f"{'  ' * level}k{level}:\n" for level in range(MAX_DEPTH + 2)) + \
        f"{'  ' * (MAX_DEPTH + 2)}leaf: 1\n"
    assert quick_load(text) is None
    with pytest.raises(GameError, match="nested more than"):
        yamlio.read(text, "x.yaml")
    within = "".join(f"{'  ' * level}k{level}:\n" for level in range(MAX_DEPTH - 2)) + \
        f"{'  ' * (MAX_DEPTH - 2)}leaf: [1, 2]\n"
    assert agrees(within)


# lines made of what YAML's plain texts, numbers, times and lists are made of
_WORD = st.text("0123456789abdeoxTZ_-.:+ ,[]{}'#%\"\\", min_size=1, max_size=12)
_LINE = st.tuples(st.integers(0, 3), st.sampled_from(["k", "key", "k ey", "- ", "- k", "# "]),
                  _WORD)


@settings(max_examples=400, deadline=None)
@given(st.lists(_LINE, min_size=1, max_size=8))
def test_any_text_of_those_pieces_is_read_the_same_as_ruamel_reads_it_or_left(lines):
    text = "".join(f"{'  ' * depth}{start}{': ' if start.startswith(('k', '- k')) else ''}"
                   f"{word}\n" for depth, start, word in lines)
    try:
        agrees(text)
    except GameError:
        assert quick_load(text) is None  # only ruamel.yaml says a text is not YAML


# lines of literal blocks: their headers, lines of text at any depth, blank lines and lines
# of spaces, lines a block ends at
_BLOCK_LINE = st.tuples(st.integers(0, 5), st.sampled_from(
    ["k: |", "k: |-", "- k: |", "k: |+", "k: |2", "k: | # c", "k:", "- x", "kk: 1", "text",
     "# no comment in a block", "a: b", "", "  ", "x  y ", "'q'"]))


@settings(max_examples=500, deadline=None)
@given(st.lists(_BLOCK_LINE, min_size=1, max_size=10), st.booleans())
def test_literal_blocks_are_read_the_same_as_ruamel_reads_them_or_left(lines, last_break):
    """The messages still to tell in `state/game.yaml`, a record's board: a `|` block's
    blank lines and lines starting with # are its text; blank lines at its end are not."""
    text = "".join(f"{' ' * depth}{piece}\n" for depth, piece in lines)
    text = text if last_break else text[:-1]
    try:
        agrees(text)
    except GameError:
        assert quick_load(text) is None  # only ruamel.yaml says a text is not YAML


def test_a_game_file_with_messages_to_tell_is_read_quickly():
    text = ("turn: alice\nto_tell:\n  - on: game\n    id: status\n    message: |\n    final: |\n"
            "      <!-- nomic-ci:game -->\n      ### Where the game stands\n\n      It is"
            " **alice**'s turn.\n\n  - on: '3'\n    message: |-\n      Proposal 3 failed.\n"
            "      # 2 yes, 3 no\nlast_change: 2026-05-01T12:00:00Z\n")
    assert agrees(text)
    assert quick_load(text)["to_tell"][0]["final"].startswith("<!-- nomic-ci:game -->\n###")


# lines of the plainest texts: keys of a word, dashes, values on the line or folded under
# it, and what makes a text less plain (a comment, a blank line, a key of words, quotes)
_PLAIN_PIECE = st.sampled_from([
    "k:", "key: v", "- a", "- k: 1", "- k:", "  more", "'q", "q'", "x: 'a", "  b'", "- 'a",
    'y: "a', '  b"', "l: []", "m: {}", "n: [a]", "- []", "t: a b", "# c", "", "k k: v",
    "null: 1", "-", "k: - x", "k: |", "a-b: 2", "_: 3", "k: 'x''", "k: x #c", "k:  ", "- - a",
    "k: 2026-05-01T12:00:00Z", "k: 0x1", "k: '2026-05-01T12:00:00Z'", "k: ..."])


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), _PLAIN_PIECE), min_size=1, max_size=10),
       st.booleans())
def test_the_plainest_texts_are_read_as_the_whole_subset_reads_them_or_left(lines, ends):
    """Both ways of the quick reader agree wherever the quicker one reads a text, values
    and lines alike; where they do not, it leaves the text to the other."""
    text = "".join(f"{'  ' * depth}{piece}\n" for depth, piece in lines)
    text = text if ends else text[:-1]
    plainest = _plainest(text)
    if plainest is not None:
        read_alike(plainest, _general(text))


_FOLDED = dump_record(record("Every tenth proposal doubles its die, as long as nobody is ahead "
                             "by more than twenty points (proposal 17)", "every eligible voter "
                             "voted: 1 yes, 8 no of 9 eligible; 30% of the eligible voters: 3 "
                             "of 9 — not met", "p5")).split("\n")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(_FOLDED) - 1), st.integers(0, 3), st.integers(-2, 2),
                          _PLAIN_PIECE), min_size=1, max_size=3))
def test_a_record_edited_by_hand_is_read_as_the_whole_subset_reads_it_or_left(edits):
    """A player edits a record's lines (a line replaced, taken out, doubled, or moved in or
    out): where the quicker way reads it, it reads what the other does."""
    lines = list(_FOLDED)
    for at, how, shift, piece in edits:
        at = min(at, len(lines) - 1)
        if how == 0:
            lines[at] = piece
        elif how == 1:
            del lines[at]
        elif how == 2:
            lines.insert(at, lines[at])
        else:
            lines[at] = " " * max(0, len(lines[at]) - len(lines[at].lstrip(" ")) + shift) \
                + lines[at].lstrip(" ")
    text = "\n".join(lines)
    plainest = _plainest(text)
    if plainest is not None:
        read_alike(plainest, _general(text))
