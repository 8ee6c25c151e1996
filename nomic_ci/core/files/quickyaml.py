"""A fast reader for the plain block YAML nomic-ci writes itself, such as decision records.

`verify` and `render` read every record of a game, and ruamel.yaml takes milliseconds a
file: ten thousand records would take a minute. This reads only the narrow subset the
engine's dumper writes (block mappings and sequences, `[]` and `{}`, whole numbers, null,
true and false, plain and single-quoted one-line strings) and gives up, returning None,
on anything else, so the caller reads that file with ruamel.yaml, which also reports the
errors with their lines. A test checks that both readers agree on what this one reads.
"""

from __future__ import annotations

import re
from typing import Any

# control characters and what YAML counts as line breaks besides "\n": left to ruamel.yaml
_UNUSUAL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff]")
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")
_INT = re.compile(r"-?(0|[1-9][0-9]{0,14})\Z")
_CONSTANTS = {"null": None, "Null": None, "NULL": None, "~": None, "true": True,
              "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_NOT_KEYS = {"y", "n", "yes", "no", "on", "off"}  # strings, but some readers say otherwise
_SPECIAL_START = set("&*!|>%@`\"'[]{}#,?:-+. \t")
# what numbers, dates and times are written with: a plain text of these alone may be one
_NUMERIC = set("0123456789abcdefABCDEFxXoO_+-.:tTzZ ")


class _GiveUp(Exception):
    """Not in the subset this reads: the caller reads the text with ruamel.yaml."""


def quick_load(text: str) -> Any | None:
    """The data in `text`, or None where it is not in the subset (see the module)."""
    if _UNUSUAL.search(text):
        return None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        return None
    try:
        value, end = _block(lines, 0, 0)
    except _GiveUp:
        return None
    return value if end == len(lines) else None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _block(lines: list[str], at: int, indent: int) -> tuple[Any, int]:
    """The mapping or sequence whose lines start at `at` with `indent` spaces."""
    if lines[at][indent:].startswith("- "):
        return _sequence(lines, at, indent)
    return _mapping(lines, at, indent, {})


def _mapping(lines: list[str], at: int, indent: int, found: dict) -> tuple[dict, int]:
    while at < len(lines):
        line = lines[at]
        if _indent(line) < indent:
            break
        if _indent(line) > indent or "\t" in line:
            raise _GiveUp
        key, rest = _key(line[indent:])
        if key in found:
            raise _GiveUp
        found[key], at = _value(lines, at, indent, rest)
    return found, at


def _sequence(lines: list[str], at: int, indent: int) -> tuple[list, int]:
    found = []
    while at < len(lines) and _indent(lines[at]) == indent \
            and lines[at][indent:].startswith("- "):
        item = lines[at][indent + 2:]
        if ":" in item:  # a mapping, its first key on the dash's line
            key, rest = _key(item)
            first, after = _value(lines, at, indent + 2, rest)
            mapping, at = _mapping(lines, after, indent + 2, {key: first})
            found.append(mapping)
        else:
            found.append(_scalar(item))
            at += 1
            if at < len(lines) and _indent(lines[at]) > indent:
                raise _GiveUp  # a scalar continued on the next line
    return found, at


def _key(text: str) -> tuple[str, str]:
    """The plain key a `key: value` line starts with, and the text after its colon."""
    key, sep, rest = text.partition(":")
    if not sep or not _KEY.match(key) or key in _CONSTANTS or key.lower() in _NOT_KEYS \
            or (rest and not rest.startswith(" ")):
        raise _GiveUp
    return key, rest[1:]


def _value(lines: list[str], at: int, indent: int, rest: str) -> tuple[Any, int]:
    """The value of the key on line `at` (whose text after the colon is `rest`)."""
    if rest == "":
        nested = at + 1
        if nested < len(lines) and _indent(lines[nested]) > indent:
            return _block(lines, nested, _indent(lines[nested]))
        if nested < len(lines) and lines[nested][indent:].startswith("- "):
            return _sequence(lines, nested, indent)  # a sequence not indented under its key
        return None, nested
    value = _scalar(rest)
    if at + 1 < len(lines) and _indent(lines[at + 1]) > indent:
        raise _GiveUp  # a scalar continued on the next line
    return value, at + 1


def _scalar(text: str) -> Any:
    if text in ("[]", "{}"):
        return [] if text == "[]" else {}
    if text.startswith("'"):
        if len(text) < 2 or not text.endswith("'"):
            raise _GiveUp
        inner = text[1:-1]
        if "'" in inner.replace("''", ""):
            raise _GiveUp
        return inner.replace("''", "'")
    if text in _CONSTANTS:
        return _CONSTANTS[text]
    if _INT.match(text):
        return int(text)
    if not text or text[0] in _SPECIAL_START or text.endswith((" ", ":")) or ": " in text \
            or " #" in text or "\t" in text or (text[0].isdigit() and _NUMERIC.issuperset(text)):
        raise _GiveUp
    return text
