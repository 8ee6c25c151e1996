"""A fast reader for the plain block YAML of a game's files: decision records, state files,
rules' front matter.

A run reads every rule and the state, and `verify` and `render` every record; ruamel.yaml
takes milliseconds a file, and most of a short command's time went to importing and running
it. This reads a narrow subset (block mappings and sequences, comment lines, one-line lists
and mappings such as `[City]` or `{cost: {iron: 6}, effect: swap}`, plain keys of words and
quoted keys, plain words, whole numbers, times written as 2026-05-01T12:00:00Z, null, true
and false, texts plain or in single or double quotes (escapes too) on one line or folded
over several, and literal blocks `|`) and gives up, returning None, on anything else, so the
caller reads that file with ruamel.yaml, which also reports the errors with their lines.
Whatever the engine's two writers write (quickwrite, and ruamel.yaml with yamlio's
settings) is in the subset: a record whose long reason ruamel.yaml folded onto a second
line, a quarter of a played game's, took 30 times as long to read. Tests check that both
readers agree on what this one reads, and that it reads all the writers write.

The mappings and lists it returns know the line each key or item is on, for error messages
(`yamlio.line_of`).

The plainest texts (keys of a word, each value on its line or folded under it, no comment,
blank line or block: a record, most of the state) are read a line at a time from one pass
of a pattern (`_plainest`); any other text, or anything that one is unsure of, by the whole
subset.
"""

from __future__ import annotations

import bisect
import functools
import re
from itertools import accumulate
from datetime import datetime, timezone
from typing import Any

# the nesting ruamel.yaml is left to refuse, naming the line (yamlio.MAX_DEPTH)
MAX_DEPTH = 32
MAX_KEY = 1000  # YAML's plain keys end within 1024 characters: longer ones are ruamel.yaml's

# control characters, tabs, what YAML counts as line breaks besides "\n", and what it may
# not hold at all (surrogates, U+FFFE, U+FFFF): left to ruamel.yaml, which says why
UNUSUAL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff\ufffe\uffff]")
_KEY = re.compile(r"[A-Za-z_](?:[A-Za-z0-9_ -]*[A-Za-z0-9_-])?\Z")  # `Fishing Rod` too
# as many digits as Python reads (sys.get_int_max_str_digits); ruamel.yaml refuses more
_INT = re.compile(r"-?(0|[1-9][0-9]{0,4299})\Z")
_TIME = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})Z\Z")
_CONSTANTS = {"null": None, "Null": None, "NULL": None, "~": None, "true": True,
              "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
# what a plain text cannot start with; `-`, `?` and `:` only followed by a space
_SPECIAL_START = set("&*!|>%@`\"'[]{}#, ")
# what YAML 1.2 reads as other than a text, in a plain text that starts with one of these
# characters (ruamel.yaml's resolver: whole numbers of any base, with underscores, numbers
# with a point or an exponent, dates and times, `<<` a merge and `=` a value); 000-099,
# 2d6 or a hash such as 0b91be are texts; the constants and the quick reader's own numbers
# and times are read before
_RESOLVED_START = "-+.0123456789<="
_RESOLVED = re.compile(r"""(?:
    [-+]?(?:0b[01_]+|0o?[0-7_]+|[0-9_]+|0x[0-9a-fA-F_]+)
  | [-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+]?[0-9]+)? | [-+]?[0-9][0-9_]*[eE][-+]?[0-9]+
  | [-+]?\.[0-9_]+(?:[eE][-+][0-9]+)? | [-+]?\.(?:inf|Inf|INF) | \.(?:nan|NaN|NAN)
  | [0-9]{4}-[0-9]{2}-[0-9]{2}
  | [0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[\ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?
    (?:[\ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?
  | <<  | = )\Z""", re.X)
# where a plain word in a one-line list or mapping ends: at a bracket or a comma, a colon
# before a space, a bracket or a comma, or a comment
_FLOW_END = re.compile(r"[][{},]|:(?=[ \n,\[\]{}]|\Z)|(?<=[ \n])#")
# where ruamel.yaml writes a text plain or in single quotes so that it reads back otherwise:
# a run of spaces before a word it moves to the next line ends that line, and a line's end
# spaces are not read; Unicode's other line breaks (NEL, LS, PS) are written raw, and read
# as a fold. Both writers (yamlio, quickwrite) write such a text in double quotes.
_MISREAD = re.compile("  |[\x85\u2028\u2029]")


def misread(text: str, flow: bool) -> bool:
    """Whether ruamel.yaml could write `text` so that it reads back as another text (in a
    one-line collection, `flow`, one starting with `?` or `:` reads as a mapping or not at
    all): such a text is written in double quotes, escaped, which read back as written. A
    player's title with two spaces, folded, lost one and made its record disagree with the
    index."""
    return _MISREAD.search(text) is not None or (flow and text.startswith(("?", ":")))


class GiveUp(Exception):
    """Not in the subset this reads: the caller reads the text with ruamel.yaml."""


class LinedDict(dict):
    """A mapping quick_load read, with the line (counted from 0) each key is on."""

    # slots: a record read makes a dozen, and each object more was time and memory
    __slots__ = ("key_lines", "block_lines")

    def __init__(self) -> None:
        super().__init__()
        self.key_lines: dict[str, int] = {}
        # the text's lines in literal blocks and folded texts, at its top (none below)
        self.block_lines: set[int] | frozenset[int] = frozenset()


class LinedList(list):
    """A list quick_load read, with the line (counted from 0) each item is on."""

    __slots__ = ("item_lines",)

    def __init__(self) -> None:
        super().__init__()
        self.item_lines: list[int] = []


Line = tuple[int, str]  # its number in the text (from 0), and its text


class _Lines(list[Line]):
    """The lines that hold values (no blank or comment line), and every line of the text
    as it is: a literal block's blank lines and lines starting with # are its text."""

    def __init__(self, text: str) -> None:
        self.raw = text.split("\n")
        super().__init__((number, line) for number, line in enumerate(self.raw)
                         if line.strip(" ") and not line.lstrip(" ").startswith("#"))
        self.numbers = [number for number, _ in self]
        self.indents = [len(line) - len(line.lstrip(" ")) for _, line in self]
        self.block_lines: set[int] = set()  # those of literal blocks, blank lines and #s too

    def __delitem__(self, index) -> None:
        super().__delitem__(index)
        del self.numbers[index], self.indents[index]


def quick_load(text: str) -> Any | None:
    """The data in `text`, or None where it is not in the subset (see the module)."""
    if UNUSUAL.search(text):
        return None
    plainest = _plainest(text)
    return plainest if plainest is not None else _general(text)


def _general(text: str) -> Any | None:
    """`quick_load` of a text free of UNUSUAL characters, by the whole subset."""
    lines = _Lines(text)
    if lines and lines[-1][1] == "...":
        del lines[-1]  # the document's end, which ruamel.yaml writes after a kept block (|+)
    if not lines:
        return None
    try:
        value, end = _block(lines, 0, 0, 0)
    except (GiveUp, RecursionError):
        return None
    if end != len(lines):
        return None
    if isinstance(value, LinedDict):
        value.block_lines = lines.block_lines
    return value




# --- the plainest texts, as the writers write records and state: read a line at a time ----

# each line of a block: its indentation, a list's dash, a plain key of a word (`login`,
# `alice-b`, within MAX_KEY) and its colon, and the rest (possessive: a shorter key is
# never one, so no line is read again)
_PLAIN_LINES = re.compile(r"^( *+)(- )?+(?:([A-Za-z_][A-Za-z0-9_-]{0,%d}+):(?: |$))?+(.*+)"
                          % (MAX_KEY - 1), re.M)
_PLAINEST_DEPTH = 8  # deeper than any record or state file: left to the whole subset


def _plainest(text: str) -> Any | None:
    """`quick_load` of the plainest texts, or None to read `text` by the whole subset: block
    mappings and lists of keys of a word, each value on its key's line (a text folded over
    the lines after it too) or under it, `[]` and `{}`; no literal block, other one-line
    collection, or blank or comment line (but in a text in quotes, which reads them).
    The same values and lines as the whole subset gives, in two fifths of the time
    (callgrind's count): `verify` reads ten thousand records of sixty lines, and spent most
    of its time reading them. Tests check both ways agree wherever this one reads."""
    body = text[:-1] if text.endswith("\n") else text  # its last line break ends no line
    reader = _Plainest(body.split("\n"), _PLAIN_LINES.findall(body))
    if len(reader.parsed) != len(reader.raw):
        return None
    try:
        value, end = reader.block(0, 0, 0)
    except (GiveUp, RecursionError):
        return None
    if end != len(reader.parsed):
        return None
    if isinstance(value, LinedDict):
        value.block_lines = reader.block_lines
    return value


class _Plainest:
    """The walk of `_plainest` over its lines, each (indentation, dash, key, rest): the
    whole subset's `_block`, `_mapping`, `_sequence` and `_value` for those lines alone,
    giving up (GiveUp) on any other."""

    def __init__(self, raw: list[str], parsed: list[tuple[str, str, str, str]]):
        self.raw, self.parsed = raw, parsed
        # how deep each line is, and one past the last line (deep as none: a block's end)
        self.indents = [len(line[0]) for line in parsed] + [-1]
        self.block_lines: set[int] = set()

    def block(self, at: int, indent: int, depth: int) -> tuple[Any, int]:
        if self.parsed[at][1]:
            return self.sequence(at, indent, depth)
        return self.mapping(at, indent, LinedDict(), depth)

    def mapping(self, at: int, indent: int, found: LinedDict, depth: int) -> tuple[Any, int]:
        if depth >= _PLAINEST_DEPTH:
            raise GiveUp
        parsed, indents, lines = self.parsed, self.indents, found.key_lines
        while indents[at] >= indent:
            if indents[at] != indent:
                raise GiveUp
            _, dash, key, rest = parsed[at]
            if dash or not key or key in found or key in _CONSTANTS:
                raise GiveUp
            lines[key] = at
            if rest and rest[0] not in "|[{ " and indents[at + 1] <= indent:
                found[key], at = quick_scalar(rest), at + 1  # most lines: a value alone
            else:
                found[key], at = self.value(at, indent, rest, depth)
        return found, at

    def sequence(self, at: int, indent: int, depth: int) -> tuple[Any, int]:
        if depth >= _PLAINEST_DEPTH:
            raise GiveUp
        parsed, indents, found = self.parsed, self.indents, LinedList()
        while indents[at] == indent and parsed[at][1]:
            _, _, key, rest = parsed[at]
            found.item_lines.append(at)
            if not key:
                if rest.startswith(" ") or ": " in rest or rest.endswith(":"):
                    raise GiveUp  # a list in a list, a key not of a word
                value, at = self.value(at, indent, rest, depth)
            else:  # a mapping, from the dash's line
                if key in _CONSTANTS:
                    raise GiveUp
                value = LinedDict()
                value.key_lines[key] = at
                if rest and rest[0] not in "|[{ " and indents[at + 1] <= indent + 2:
                    value[key], after = quick_scalar(rest), at + 1
                else:
                    value[key], after = self.value(at, indent + 2, rest, depth + 1)
                value, at = self.mapping(after, indent + 2, value, depth + 1)
            found.append(value)
        return found, at

    def value(self, at: int, indent: int, rest: str, depth: int) -> tuple[Any, int]:
        """The value that starts with `rest` on line `at`, after a key `indent` deep (or a
        list's dash `indent` deep), and the first line after it."""
        parsed, indents, nested = self.parsed, self.indents, at + 1
        deeper = indents[nested] > indent
        if not deeper and rest and rest[0] not in "|[{ ":
            return quick_scalar(rest), nested
        if not rest.strip(" "):
            if deeper:
                _, dash, key, _ = parsed[nested]
                if not dash and not key:
                    raise GiveUp  # a plain text on a line of its own
                return self.block(nested, indents[nested], depth + 1)
            if indents[nested] == indent and parsed[nested][1]:
                raise GiveUp  # a list not indented under its key
            return None, nested
        if rest.startswith(("|", "[", "{", " ")):
            if rest not in ("[]", "{}") or deeper:
                raise GiveUp
            return (LinedList() if rest == "[]" else LinedDict()), nested
        end = nested  # a text folded over the lines after it, indented deeper
        while indents[end] > indent:
            end += 1
        if rest.startswith(("'", '"')):
            text = "\n".join([rest, *self.raw[at + 1:end]])
            value, closed = _quoted(text, 0)
            last = at + text.count("\n", 0, closed)
            if text[closed:].strip(" "):
                raise GiveUp  # anything after the closing quote, or more lines after it
        else:
            value, last = _plain(self.raw, at, rest, end)
        if last != end - 1:
            raise GiveUp
        self.block_lines.update(range(at + 1, end))
        return value, end


def _spaces(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _block(lines: _Lines, at: int, indent: int, depth: int) -> tuple[Any, int]:
    """The mapping or sequence whose lines start at `at` with `indent` spaces, `depth`
    levels down."""
    if lines[at][1][indent:].startswith("- "):
        return _sequence(lines, at, indent, depth)
    return _mapping(lines, at, indent, LinedDict(), depth)


def _mapping(lines: _Lines, at: int, indent: int, found: LinedDict,
             depth: int) -> tuple[LinedDict, int]:
    _within_depth(depth)
    indents = lines.indents
    while at < len(lines):
        if indents[at] != indent:
            if indents[at] < indent:
                break
            raise GiveUp
        line = lines[at]
        key, rest = _key(line[1][indent:])
        if key in found:
            raise GiveUp
        found.key_lines[key] = line[0]
        found[key], at = _value(lines, at, indent, rest, depth)
    return found, at


def _sequence(lines: _Lines, at: int, indent: int, depth: int,
              inside: bool = False) -> tuple[LinedList, int]:
    """The list whose items' dashes are `indent` deep, from line `at`; `inside` another
    list's item, its first dash is on that item's line (ruamel.yaml's `-   - x`)."""
    _within_depth(depth)
    found = LinedList()
    while at < len(lines) and (lines.indents[at] == indent or inside) \
            and lines[at][1][indent:].startswith("- "):
        inside = False
        found.item_lines.append(lines[at][0])
        item = lines[at][1][indent + 2:]
        if item.startswith(" ") and item.lstrip(" ").startswith("- "):  # a list in a list
            value, at = _sequence(lines, at, indent + 2 + _spaces(item), depth + 1, True)
            found.append(value)
        elif _keyed(item):  # a mapping, from the dash's line
            key, rest = _key(item)
            _within_depth(depth + 1)
            first = LinedDict()
            first.key_lines[key] = lines[at][0]
            first[key], after = _value(lines, at, indent + 2, rest, depth + 1)
            mapping, at = _mapping(lines, after, indent + 2, first, depth + 1)
            found.append(mapping)
        else:
            value, at = _value(lines, at, indent, item, depth)
            found.append(value)
    return found, at


def _within_depth(depth: int) -> None:
    """A collection `depth` levels down (the document's own is 0) is read here only within
    ruamel.yaml's limit, with a level to spare; deeper, ruamel.yaml refuses it, naming the
    line."""
    if depth >= MAX_DEPTH:
        raise GiveUp


def _keyed(text: str) -> bool:
    """Whether a line's text (after its indentation, or a list's dash) starts with a key:
    a plain text up to a colon and a space (or the line's end), or a quoted text closed on
    the line and followed by a colon."""
    if text.startswith(("'", '"')):
        try:
            _, end = _quoted(text, 0)
        except GiveUp:
            return False  # not closed on this line: a text folded over several
        return text.startswith(":", end)
    return not text.startswith(("[", "{")) and (": " in text or text.endswith(":"))


def _key(text: str) -> tuple[str, str]:
    """The key a `key: value` line starts with (plain, or in quotes), and the text after
    its colon."""
    if text.startswith(("'", '"')):
        key, end = _quoted(text, 0)
        if end > MAX_KEY:
            raise GiveUp
        rest = text[end + 1:]
        if not text.startswith(":", end) or (rest and not rest.startswith(" ")):
            raise GiveUp
        return key, rest[1:]
    colon = text.find(": ")
    if colon == -1:
        if not text.endswith(":"):
            raise GiveUp
        colon = len(text) - 1
    return _plain_key(text[:colon]), text[colon + 2:]


def plain_key(key: str) -> str:
    """`key`, where it is a plain key of words both readers read alike."""
    if len(key) > MAX_KEY or not _KEY.match(key) or key in _CONSTANTS:
        raise GiveUp  # (`on`, `yes`, `y` are texts to YAML 1.2 and to ruamel.yaml)
    return key


def _plain_key(key: str) -> str:
    """`key`, a plain key of words, or another text that reads as itself (`0A`, a login
    ruamel.yaml writes plain)."""
    try:
        return plain_key(key)
    except GiveUp:
        if len(key) > MAX_KEY or key in _CONSTANTS or scalar(key) != key:
            raise  # `1`, `0x1F`: a number, and not this text
        return key


def _value(lines: _Lines, at: int, indent: int, rest: str,
           depth: int) -> tuple[Any, int]:
    """The value that starts with `rest` on line `at`, after a key `indent` deep (or a
    list's dash `indent` deep), and the first line of values after it."""
    if not rest.strip(" "):
        nested = at + 1
        if nested < len(lines) and lines.indents[nested] > indent:
            inner = lines[nested][1].lstrip(" ")
            if inner.startswith(("- ", "|", "[", "{")) or _keyed(inner):
                return _block(lines, nested, lines.indents[nested], depth + 1)
            # a plain text whose first word ruamel.yaml put on a line of its own
            return _text(lines, nested, lines.indents[nested], indent)
        if nested < len(lines) and lines.indents[nested] == indent \
                and lines[nested][1][indent:].startswith("- "):
            # a sequence not indented under its key
            return _sequence(lines, nested, indent, depth + 1)
        return None, nested
    if rest.startswith("|"):
        return _literal(lines, at, indent, rest)
    if rest.startswith(("[", "{")):
        return _flow_lines(lines, at, indent, rest, depth + 1)
    return _text(lines, at, len(lines[at][1]) - len(rest), indent)


def _text(lines: _Lines, at: int, column: int, indent: int) -> tuple[Any, int]:
    """The scalar that starts at `column` of line `at`, in a mapping or list `indent` deep:
    on that line, or folded over the lines after it indented deeper (blank lines among
    them too), as ruamel.yaml folds a long text; and the first line of values after it."""
    raw, row = lines.raw, lines[at][0]
    first = raw[row][column:]
    after = at + 1
    if (lines.numbers[after] == row + 1 and lines.indents[after] <= indent) \
            if after < len(lines) else row + 2 >= len(raw):
        return scalar(first), after  # on its line alone (the next is no more of it)
    end = row + 1  # the lines the text may run on: none after one less indented
    while end < len(raw) and (not raw[end].strip(" ") or _spaces(raw[end]) > indent):
        end += 1
    if first.startswith(("'", '"')):
        text = "\n".join([first, *raw[row + 1:end]])
        value, closed = _quoted(text, 0)
        last = row + text.count("\n", 0, closed)
        if text[closed:].split("\n", 1)[0].strip(" "):
            raise GiveUp  # anything after the closing quote (a comment) is ruamel.yaml's
    else:
        value, last = _plain(raw, row, first, end)
    lines.block_lines.update(range(row + 1, last + 1))  # a line starting with # is its text
    return value, bisect.bisect_left(lines.numbers, last + 1)


def _plain(raw: list[str], row: int, first: str, end: int) -> tuple[Any, int]:
    """A plain scalar whose first line is `first` (on line `row`), continued on the
    non-blank lines before `end`; and its last line."""
    last, value, blank = row, None, 0
    for number in range(row + 1, end):
        piece = raw[number].strip(" ")
        if not piece:
            blank += 1
            continue
        if piece.startswith("#"):
            break  # a comment ends it (a line after that is no more of it)
        if value is None:
            value = _plain_text(first.rstrip(" "))
        if ": " in piece or " #" in piece or piece.endswith(":"):
            raise GiveUp  # what would be a key or a comment on the line: ruamel.yaml's
        value += ("\n" * blank if blank else " ") + piece
        last, blank = number, 0
    return (scalar(first) if value is None else value), last


def _plain_text(text: str) -> str:
    """The first line of a plain text folded over several lines (the text it makes holds a
    space or a line break: a number or a constant never does, a time may, and one that
    starts as a date is left to ruamel.yaml)."""
    value = scalar(text)
    if not isinstance(value, str) or text.startswith(("'", '"')):
        raise GiveUp
    return value


# a literal block's header: `|`, then how its last line breaks are kept (`-` none, `+` all)
# and how deep its lines are, past the key's or the dash's (where it starts with spaces)
_LITERAL = re.compile(r"\|(?:([-+])?([1-9])?|([1-9])([-+]))\Z")


def _literal(lines: _Lines, at: int, indent: int, header: str) -> tuple[str, int]:
    """The text of the literal block whose header ends line `at`, after a key (or a list's
    dash) `indent` deep: its lines, as deep as its first or as the header says, that much
    taken off; lines of no more spaces are blank lines, which end it only where its last
    line breaks are not kept (`|+`); and the first line of values after it. As
    ruamel.yaml's scanner reads a block."""
    found = _LITERAL.match(header)
    if found is None:
        raise GiveUp  # a comment after it, `>`: ruamel.yaml's
    chomp, step = found[1] or found[4], found[2] or found[3]
    raw, start = lines.raw, lines[at][0] + 1
    ends_text = len(raw) - 1 if raw[-1] == "" else len(raw)  # the lines before the text's end
    if step:
        deep = indent + int(step)
    else:
        if start < ends_text and not raw[start].strip(" "):
            raise GiveUp  # blank lines before its first: the spaces on them say how deep
        deep = _spaces(raw[start]) if start < ends_text else 0
        if deep <= indent:
            deep = indent + 1  # no line is deep enough: an empty block
    body: list[str | None] = []  # its lines, None for a blank line
    end = start
    while end < ends_text:
        line = raw[end]
        if not line.strip(" "):
            body.append(line[deep:] if len(line) > deep else None)  # more spaces: its text
        elif _spaces(line) >= deep:
            body.append(line[deep:])
        else:
            break
        end += 1
    lines.block_lines.update(range(start, end))
    kept = len(body)
    while kept and body[kept - 1] is None:
        kept -= 1  # blank lines at its end are its text only where kept
    if not kept:  # blank lines alone: kept, each a line break, where the text goes on
        breaks = sum(1 for number in range(start, end) if number < len(raw) - 1)
        return "\n" * breaks if chomp == "+" else "", bisect.bisect_left(lines.numbers, end)
    text = "\n".join(line or "" for line in body[:kept])
    if chomp != "-" and start + kept - 1 < len(raw) - 1:  # its last line's break
        text += "\n"
    if chomp == "+":  # and each blank line's after it, where the text does not end first
        text += "\n" * sum(1 for number in range(start + kept, end) if number < len(raw) - 1)
    return text, bisect.bisect_left(lines.numbers, end)


def _flow_lines(lines: _Lines, at: int, indent: int, rest: str, depth: int) -> tuple[Any, int]:
    """A one-line collection (`rest` on line `at`, of a key or dash `indent` deep) of plain
    words, numbers, quoted texts and the like: `[reactions, reviews]`, `{cost: {iron: 6},
    effect: swap}`; or one ruamel.yaml broke over the lines after it, indented deeper (a
    line break is a space between its items, and folds a text, as YAML folds it). And the
    first line of values after it."""
    raw, row = lines.raw, lines[at][0]
    try:
        value, stop = _flow_at(rest, 0, ([0], [row]), depth)
    except GiveUp:
        stop = -1  # not closed on its line, or not in the subset at all
    if stop != -1:
        if rest[stop:].strip(" ") or (at + 1 < len(lines) and lines.indents[at + 1] > indent):
            raise GiveUp  # `[x] # c`, `[x]y`, or more of it: ruamel.yaml says what it is
        return value, at + 1
    end = row + 1
    while end < len(raw) and (not raw[end].strip(" ") or _spaces(raw[end]) > indent):
        end += 1
    pieces = [rest, *raw[row + 1:end]]
    starts = list(accumulate((len(piece) + 1 for piece in pieces[:-1]), initial=0))
    text = "\n".join(pieces)
    value, stop = _flow_at(text, 0, (starts, list(range(row, end))), depth)
    if text[stop:].strip(" \n"):
        raise GiveUp  # `[x] # c`, `[x]y`: ruamel.yaml says what YAML makes of it
    last = _line_at((starts, list(range(row, end))), stop - 1)
    lines.block_lines.update(range(row + 1, last + 1))
    return value, bisect.bisect_left(lines.numbers, last + 1)


Places = tuple[list[int], list[int]]  # where each line starts in a text, and its number


def _line_at(places: Places, at: int) -> int:
    starts, numbers = places
    return numbers[bisect.bisect_right(starts, at) - 1]


def _flow_at(text: str, at: int, places: Places, depth: int) -> tuple[Any, int]:
    """The list or mapping that opens at `at`, and where its text ends."""
    _within_depth(depth)
    closer = "]" if text[at] == "[" else "}"
    found: LinedList | LinedDict = LinedList() if closer == "]" else LinedDict()
    at = _skip_blank(text, at + 1)
    if text.startswith(closer, at):
        return found, at + 1  # `[]`, `{}`
    while True:
        if isinstance(found, LinedDict):
            line = _line_at(places, at)
            if text.startswith(("'", '"'), at):  # `{'on': b}`
                key, at = _quoted(text, at)
                if not text.startswith(": ", at) or len(key) > MAX_KEY:
                    raise GiveUp
            else:
                colon = text.find(": ", at)  # not a copy of the rest of the line a key
                if colon == -1 or colon - at > MAX_KEY:
                    raise GiveUp  # `{a}`, `{a:1}`, or a key longer than YAML's
                key = _plain_key(text[at:colon].rstrip(" "))  # `{[a]: b}`, `{a, b: c}`
                at = colon
            if key in found:
                raise GiveUp
            found.key_lines[key] = line
            at = _skip_blank(text, at + 2)
        start = at
        if text.startswith(("[", "{"), at):
            item, at = _flow_at(text, at, places, depth + 1)
        elif text.startswith(("'", '"'), at):  # may hold what ends a plain word: `'12, noon'`
            item, end = _quoted(text, at)
            at = _skip_blank(text, end)
        else:
            end = _FLOW_END.search(text, at)
            word = text[at:end.start() if end else len(text)].rstrip(" \n")
            if not word or word.startswith("?"):
                raise GiveUp  # `[a,,b]`, `[a, ]`, `[?a]`: ruamel.yaml says what YAML makes of it
            item, at = _folded_word(word), _skip_blank(text, at + len(word))
        if isinstance(found, LinedDict):
            found[key] = item
        else:
            found.append(item)
            found.item_lines.append(_line_at(places, start))
        if text.startswith(closer, at):
            return found, at + 1
        if not text.startswith(",", at):
            raise GiveUp
        at = _skip_blank(text, at + 1)


def _folded_word(word: str) -> Any:
    """A plain word of a one-line collection, or one folded over lines."""
    if "\n" not in word:
        return scalar(word)
    first, *more = word.split("\n")
    value, blank = _plain_text(first.rstrip(" ")), 0
    for piece in (line.strip(" ") for line in more):
        if not piece:
            blank += 1
            continue
        value += ("\n" * blank if blank else " ") + piece
        blank = 0
    return value


def _skip_blank(text: str, at: int) -> int:
    """Past spaces and line breaks (between the items of a collection on several lines)."""
    while text.startswith((" ", "\n"), at):
        at += 1
    return at


def _skip_spaces(text: str, at: int) -> int:
    while text.startswith(" ", at):
        at += 1
    return at


def scalar(text: str) -> Any:
    if text.startswith(("'", '"')):
        inner = text[1:-1]
        if len(text) > 1 and text[-1] == text[0]:  # the usual quoted texts, at once
            if text[0] == "'" and "'" not in inner.replace("''", ""):
                return inner.replace("''", "'")
            if text[0] == '"' and '"' not in inner and "\\" not in inner:
                return inner
        value, end = _quoted(text, 0)
        if end != len(text):
            raise GiveUp  # `'a' # c`, `'a'b`: ruamel.yaml says what YAML makes of it
        return value
    if text in _CONSTANTS:
        return _CONSTANTS[text]
    if _INT.match(text):
        return int(text)
    time = _TIME.match(text)
    if time:
        try:
            return datetime(*map(int, time.groups()), tzinfo=timezone.utc)
        except ValueError:
            raise GiveUp from None  # no such day: ruamel.yaml says so
    if not text or text[0] in _SPECIAL_START or text.endswith((" ", ":")) or ": " in text \
            or " #" in text or (text[0] in "-?:" and text[1:2] in ("", " ")) \
            or text.startswith(("---", "...")) \
            or (text[0] in _RESOLVED_START and _RESOLVED.match(text)):
        raise GiveUp
    return text


# the short values of a game's files repeat (yes, no, logins, a commit on each ballot): each
# read once; a scalar is a text, number, time or constant, which no reader can change. A
# long one is not kept: a file's text is all the memory it takes.
_short_scalar = functools.lru_cache(maxsize=4096)(scalar)


def quick_scalar(text: str) -> Any:
    """A value on its key's line or its dash's, as the quick reader reads it (GiveUp where
    it would not)."""
    return _short_scalar(text) if len(text) <= 64 else scalar(text)


# how YAML reads an escape in double quotes (ruamel.yaml's scanner: YAML 1.2's, and `\/`)
_ESCAPES = {"0": "\0", "a": "\x07", "b": "\x08", "t": "\t", "\t": "\t", "n": "\n",
            "v": "\x0b", "f": "\x0c", "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/",
            "\\": "\\", "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029"}
_CODES = {"x": 2, "u": 4, "U": 8}  # `\xNN`, `\uNNNN`, `\UNNNNNNNN`
_HEX = re.compile("[0-9A-Fa-f]*")
# a run of a quoted text up to its quote, an escape, a line break or the spaces before one
# (a fold): spaces between words are in the run, or a reason of twenty words was twenty turns
_QUOTED_RUN = {"'": re.compile("(?:[^' \n]++| ++(?!\n))*+"),
               '"': re.compile('(?:[^"\\\\ \n]++| ++(?!\n))*+')}


def _quoted(text: str, at: int) -> tuple[str, int]:
    """The text in the quotes that open at `at` (its lines joined by line feeds), and where
    it ends, after its closing quote. Read as YAML reads it: in single quotes `''` is a
    quote; in double quotes the escapes (a backslash at a line's end joins it to the next);
    and a line break, with the spaces around it, is a space, or a line feed for each blank
    line after it."""
    quote = text[at]
    run = _QUOTED_RUN[quote]
    chunks: list[str] = []
    at += 1
    while True:
        end = run.match(text, at).end()
        chunks.append(text[at:end])
        at = end
        if at == len(text):
            raise GiveUp  # never closed
        char = text[at]
        if char == quote:
            if quote == '"' or not text.startswith("''", at):
                return "".join(chunks), at + 1
            chunks.append("'")
            at += 2
        elif char == "\\":
            at = _escape(text, at + 1, chunks)
        else:  # a line break, after any spaces (the run takes the others): a fold
            at = _breaks(text, _skip_spaces(text, at) + 1, chunks, " ")


def _escape(text: str, at: int, chunks: list[str]) -> int:
    """The escape whose backslash is just before `at`; where the text goes on after it."""
    char = text[at:at + 1]
    if char in _ESCAPES and char:
        chunks.append(_ESCAPES[char])
        return at + 1
    if char in _CODES and char:
        digits = text[at + 1:at + 1 + _CODES[char]]
        code = int(digits, 16) if len(digits) == _CODES[char] and _HEX.fullmatch(digits) \
            else -1
        if not 0 <= code <= 0x10FFFF or 0xD800 <= code <= 0xDFFF:
            raise GiveUp  # not an escape, or not a character a game's text holds
        chunks.append(chr(code))
        return at + 1 + len(digits)
    if char == "\n":  # the line goes on, after the next line's spaces, with no space
        return _breaks(text, at + 1, chunks, "")
    raise GiveUp


def _breaks(text: str, at: int, chunks: list[str], fold: str) -> int:
    """After a line break at `at`: the next line's spaces, and a line feed for each blank
    line among them, or `fold` where there is none; where the text goes on."""
    blank = 0
    at = _skip_spaces(text, at)
    while text.startswith("\n", at):
        blank += 1
        at = _skip_spaces(text, at + 1)
    chunks.append("\n" * blank if blank else fold)
    return at
