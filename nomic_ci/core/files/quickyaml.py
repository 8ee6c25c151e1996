"""A fast reader for the plain block YAML of a game's files: decision records, state files,
rules' front matter.

A run reads every rule and the state, and `verify` and `render` every record; ruamel.yaml
takes milliseconds a file, and most of a short command's time went to importing and running
it. This reads a narrow subset (block mappings and sequences, comment lines, one-line lists
and mappings such as `[City]` or `{cost: {iron: 6}, effect: swap}`, plain keys of words,
plain words, whole numbers, times written as 2026-05-01T12:00:00Z, null, true and false,
single-quoted one-line strings, double-quoted ones with no escape, literal blocks `|` and
`|-`) and gives up, returning None, on anything else, so the caller reads that file with
ruamel.yaml, which also reports the errors with their lines.
A test checks that both readers agree on what this one reads.

The mappings and lists it returns know the line each key or item is on, for error messages
(`yamlio.line_of`).
"""

from __future__ import annotations

import bisect
import re
from datetime import datetime, timezone
from typing import Any

# the nesting ruamel.yaml is left to refuse, naming the line (yamlio.MAX_DEPTH)
MAX_DEPTH = 32
MAX_KEY = 1000  # YAML's plain keys end within 1024 characters: longer ones are ruamel.yaml's

# control characters, tabs, what YAML counts as line breaks besides "\n", and what it may
# not hold at all (surrogates, U+FFFE, U+FFFF): left to ruamel.yaml, which says why
UNUSUAL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff\ufffe\uffff]")
_KEY = re.compile(r"[A-Za-z_](?:[A-Za-z0-9_ -]*[A-Za-z0-9_-])?\Z")  # `Fishing Rod` too
_INT = re.compile(r"-?(0|[1-9][0-9]{0,14})\Z")
_TIME = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})Z\Z")
# what YAML 1.2 may read as a number or a date (any base, exponent, underscores, a date's
# start, a sexagesimal colon): a plain text that starts with a digit and looks like one of
# these is left to ruamel.yaml; 000-099, 2d6 or a hash such as 0b91be are text
_NUMBER_LIKE = re.compile(r"0b[01_]+\Z|0o[0-7_]+\Z|0x[0-9a-fA-F_]+\Z|[0-9]{4}-"
                          r"|[0-9_.]+(?:[eE][-+]?[0-9]+)?\Z|.*:")
_CONSTANTS = {"null": None, "Null": None, "NULL": None, "~": None, "true": True,
              "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_SPECIAL_START = set("&*!|>%@`\"'[]{}#,?:-+.=<~ ")
# where a plain word in a one-line list or mapping ends; a double quote, a colon or a
# comment in it is left to ruamel.yaml
_FLOW_END = re.compile("[][{},#\":]")
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

    def __init__(self) -> None:
        super().__init__()
        self.key_lines: dict[str, int] = {}
        self.block_lines: set[int] = set()  # the text's lines in literal blocks, at its top


class LinedList(list):
    """A list quick_load read, with the line (counted from 0) each item is on."""

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
        self.block_lines: set[int] = set()  # those of literal blocks, blank lines and #s too


def quick_load(text: str) -> Any | None:
    """The data in `text`, or None where it is not in the subset (see the module)."""
    if UNUSUAL.search(text):
        return None
    lines = _Lines(text)
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


def _indent(line: Line) -> int:
    return len(line[1]) - len(line[1].lstrip(" "))


def _block(lines: _Lines, at: int, indent: int, depth: int) -> tuple[Any, int]:
    """The mapping or sequence whose lines start at `at` with `indent` spaces, `depth`
    levels down."""
    if lines[at][1][indent:].startswith("- "):
        return _sequence(lines, at, indent, depth)
    return _mapping(lines, at, indent, LinedDict(), depth)


def _mapping(lines: _Lines, at: int, indent: int, found: LinedDict,
             depth: int) -> tuple[LinedDict, int]:
    _within_depth(depth)
    while at < len(lines):
        line = lines[at]
        if _indent(line) < indent:
            break
        if _indent(line) > indent:
            raise GiveUp
        key, rest = _key(line[1][indent:])
        if key in found:
            raise GiveUp
        found.key_lines[key] = line[0]
        found[key], at = _value(lines, at, indent, rest, depth)
    return found, at


def _sequence(lines: _Lines, at: int, indent: int, depth: int) -> tuple[LinedList, int]:
    _within_depth(depth)
    found = LinedList()
    while at < len(lines) and _indent(lines[at]) == indent \
            and lines[at][1][indent:].startswith("- "):
        found.item_lines.append(lines[at][0])
        item = lines[at][1][indent + 2:]
        # a mapping, from the dash's line (not a quoted text with a colon in it)
        if ":" in item and not item.startswith(("[", "{", "'", '"')):
            key, rest = _key(item)
            _within_depth(depth + 1)
            first = LinedDict()
            first.key_lines[key] = lines[at][0]
            first[key], after = _value(lines, at, indent + 2, rest, depth + 1)
            mapping, at = _mapping(lines, after, indent + 2, first, depth + 1)
            found.append(mapping)
        else:
            found.append(_inline(item, lines[at][0], depth + 1))
            at += 1
            if at < len(lines) and _indent(lines[at]) > indent:
                raise GiveUp  # a scalar continued on the next line
    return found, at


def _within_depth(depth: int) -> None:
    """A collection `depth` levels down (the document's own is 0) is read here only within
    ruamel.yaml's limit, with a level to spare; deeper, ruamel.yaml refuses it, naming the
    line."""
    if depth >= MAX_DEPTH:
        raise GiveUp


def _key(text: str) -> tuple[str, str]:
    """The plain key a `key: value` line starts with, and the text after its colon."""
    key, sep, rest = text.partition(":")
    if not sep or (rest and not rest.startswith(" ")):
        raise GiveUp
    return plain_key(key), rest[1:]


def plain_key(key: str) -> str:
    """`key`, where it is a plain key of words both readers read alike."""
    if len(key) > MAX_KEY or not _KEY.match(key) or key in _CONSTANTS:
        raise GiveUp  # (`on`, `yes`, `y` are texts to YAML 1.2 and to ruamel.yaml)
    return key


def _value(lines: _Lines, at: int, indent: int, rest: str,
           depth: int) -> tuple[Any, int]:
    """The value of the key on line `at` (whose text after the colon is `rest`)."""
    if rest == "":
        nested = at + 1
        if nested < len(lines) and _indent(lines[nested]) > indent:
            return _block(lines, nested, _indent(lines[nested]), depth + 1)
        if nested < len(lines) and _indent(lines[nested]) == indent \
                and lines[nested][1][indent:].startswith("- "):
            # a sequence not indented under its key
            return _sequence(lines, nested, indent, depth + 1)
        return None, nested
    if rest in ("|", "|-"):
        return _literal(lines, at, indent, rest == "|")
    value = _inline(rest, lines[at][0], depth + 1)
    if at + 1 < len(lines) and _indent(lines[at + 1]) > indent:
        raise GiveUp  # a scalar continued on the next line
    return value, at + 1


def _literal(lines: _Lines, at: int, indent: int, clip: bool) -> tuple[str, int]:
    """The text of the literal block (`|`, or `|-` without its last line break) whose header
    ends line `at`, of a key `indent` deep: the lines indented as its first is, that much
    taken off, and blank lines among them; and the first line of values after it."""
    raw, start = lines.raw, lines[at][0] + 1
    end = start
    while end < len(raw) and not raw[end].strip(" "):
        end += 1
    deep = len(raw[end]) - len(raw[end].lstrip(" ")) if end < len(raw) else 0
    if end > start:
        raise GiveUp  # blank lines before its first: the spaces on them may say how deep
    body: list[str] = []
    if deep > indent:
        while end < len(raw) and (raw[end].startswith(" " * deep) or not raw[end].strip(" ")):
            if not raw[end].strip(" ") and len(raw[end]) > deep:
                raise GiveUp  # a line of spaces alone, some of them its text
            body.append(raw[end][deep:])
            end += 1
    if end == len(raw) and raw[-1]:
        raise GiveUp  # its last line ends the text with no line break to keep or strip
    lines.block_lines.update(range(start, end))
    while body and not body[-1]:
        body.pop()  # blank lines at its end are not its text (nor are they with `|-`)
    text = "\n".join(body)
    return text + "\n" if clip and body else text, bisect.bisect_left(lines.numbers, end)


def _inline(text: str, line: int, depth: int) -> Any:
    """The value written on one line, `depth` levels down if it is a collection."""
    return _flow(text, line, depth) if text.startswith(("[", "{")) else scalar(text)


def _flow(text: str, line: int, depth: int) -> Any:
    """A one-line collection of plain words, numbers and the like, on the line `line`:
    `[reactions, reviews]`, `{cost: {iron: 6, timber: 3}, effect: swap}`."""
    value, end = _flow_at(text, 0, line, depth)
    if end != len(text):
        raise GiveUp  # `[x] # c`, `[x]y`: ruamel.yaml says what YAML makes of it
    return value


def _flow_at(text: str, at: int, line: int, depth: int) -> tuple[Any, int]:
    """The list or mapping that opens at `at`, and where its text ends."""
    _within_depth(depth)
    closer = "]" if text[at] == "[" else "}"
    found: LinedList | LinedDict = LinedList() if closer == "]" else LinedDict()
    at = _skip_spaces(text, at + 1)
    if text.startswith(closer, at):
        return found, at + 1  # `[]`, `{}`
    while True:
        if isinstance(found, LinedDict):
            colon = text.find(": ", at)  # not a copy of the rest of the line a key
            if colon == -1 or colon - at > MAX_KEY:
                raise GiveUp  # `{a}`, `{a:1}`, or a key longer than YAML's
            key = plain_key(text[at:colon].rstrip(" "))  # `{[a]: b}`, `{a, b: c}`: given up
            if key in found:
                raise GiveUp
            found.key_lines[key] = line
            at = _skip_spaces(text, at + len(key) + 2)
        if text.startswith(("[", "{"), at):
            item, at = _flow_at(text, at, line, depth + 1)
        elif text.startswith("'", at):  # may hold what ends a plain word: `'12:00, noon'`
            end = _quote_end(text, at)
            item, at = scalar(text[at:end]), _skip_spaces(text, end)
        else:
            end = _FLOW_END.search(text, at)
            word = text[at:end.start() if end else len(text)].rstrip(" ")
            if not word:
                raise GiveUp  # `[a,,b]`, `[a, ]`: ruamel.yaml says what YAML makes of it
            item, at = scalar(word), _skip_spaces(text, at + len(word))
        if isinstance(found, LinedDict):
            found[key] = item
        else:
            found.append(item)
            found.item_lines.append(line)
        if text.startswith(closer, at):
            return found, at + 1
        if not text.startswith(",", at):
            raise GiveUp
        at = _skip_spaces(text, at + 1)


def _quote_end(text: str, at: int) -> int:
    """Where the single-quoted text that opens at `at` ends (`''` is a quote inside it)."""
    end = at + 1
    while (end := text.find("'", end)) != -1:
        if not text.startswith("''", end):
            return end + 1
        end += 2
    raise GiveUp  # never closed on this line


def _skip_spaces(text: str, at: int) -> int:
    while text.startswith(" ", at):
        at += 1
    return at


def scalar(text: str) -> Any:
    if text.startswith("'"):
        if len(text) < 2 or not text.endswith("'"):
            raise GiveUp
        inner = text[1:-1]
        if "'" in inner.replace("''", ""):
            raise GiveUp
        return inner.replace("''", "'")
    if text.startswith('"'):  # with no escape in it: ruamel.yaml writes `"the player's turn"`
        if len(text) < 2 or not text.endswith('"') or '"' in text[1:-1] or "\\" in text:
            raise GiveUp
        return text[1:-1]
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
            or " #" in text or ("0" <= text[0] <= "9" and _NUMBER_LIKE.match(text)):
        raise GiveUp
    return text
