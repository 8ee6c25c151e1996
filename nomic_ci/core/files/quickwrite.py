"""A fast writer for the plain data the engine writes whole: `state/board.yaml`, decision
records, adjustments.

ruamel.yaml takes milliseconds for each hundred lines it dumps, and a board of a thousand
tokens was most of a deciding run. This writes, character for character, what ruamel.yaml
writes with yamlio's settings, for a narrow subset: block mappings of plain keys and lists,
`{}` and `[]`, null, true, false, whole numbers, texts of one line plain or in single
quotes (ruamel.yaml's own emitter says which, where the quick reader cannot), folded where
ruamel.yaml folds them, and literal blocks (`|`) of ordinary lines. It gives up, returning
None, on anything else (comments, flow style, a list in a list, a character to escape),
and ruamel.yaml writes that. A test checks that both writers agree wherever this
one writes.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.scalarstring import LiteralScalarString

from .quickyaml import UNUSUAL, GiveUp, plain_key, scalar

WIDTH = 100  # yamlio's: where ruamel.yaml folds a long text
_MAPPING_INDENT = 2  # yamlio's `indent(mapping=2, sequence=4, offset=2)`: a list's items
_DASH_OFFSET = 2  # are indented 2 under their key, and what follows a dash 2 more


def quick_dump(data: Any) -> str | None:
    """`data`, a dict of plain values, as ruamel.yaml writes it, or None where it is not in
    the subset (see the module)."""
    if type(data) is not dict or not data:
        return None
    lines: list[str] = []
    try:
        _mapping(data, 0, lines)
    except GiveUp:
        return None
    return "\n".join(lines) + "\n"


def _mapping(data: dict, indent: int, lines: list[str]) -> None:
    pad = " " * indent
    for key, value in data.items():
        if type(key) is not str or len(key) > WIDTH // 2:  # ruamel.yaml's `? ` keys
            raise GiveUp
        head = f"{pad}{plain_key(key)}:"
        if type(value) is dict and value:
            lines.append(head)
            _mapping(value, indent + _MAPPING_INDENT, lines)
        elif type(value) is list and value:
            lines.append(head)
            _sequence(value, indent + _DASH_OFFSET, lines)
        elif type(value) is LiteralScalarString:
            _literal(head, value, indent + _MAPPING_INDENT, lines)
        else:
            _folded(f"{head} ", value, indent + _MAPPING_INDENT, lines)


def _sequence(items: list, indent: int, lines: list[str]) -> None:
    dash = " " * indent + "- "
    for item in items:
        if type(item) is dict and item:  # its first key on the dash's line
            first = len(lines)
            _mapping(item, indent + _DASH_OFFSET, lines)
            lines[first] = dash + lines[first][indent + _DASH_OFFSET:]
        elif type(item) in (dict, list, LiteralScalarString) and item:
            raise GiveUp  # a list in a list: ruamel.yaml writes `-   - x`
        else:
            _folded(dash, item, indent + _DASH_OFFSET, lines)


def _literal(head: str, text: str, indent: int, lines: list[str]) -> None:
    """A literal block, `|`, of lines that need no indicator: one line break at the end,
    and a first line that starts with neither a space nor a line break."""
    if not text.endswith("\n") or text.endswith("\n\n") or text[0] in " \n" \
            or UNUSUAL.search(text):
        raise GiveUp
    lines.append(f"{head} |")
    pad = " " * indent
    lines.extend(pad + line if line else "" for line in text[:-1].split("\n"))


_RUNS = re.compile(" +|[^ ]+")  # a text's words and the spaces between them


def _folded(start: str, value: Any, indent: int, lines: list[str]) -> None:
    """`start` and a value, on the lines ruamel.yaml writes them: past its width it breaks a
    text at a single space, onto a line `indent` deep, and puts a plain word that would
    overflow on a line of its own (leaving the space before it at the end of the line)."""
    text, quote = _scalar(value)
    line = start + quote
    if quote:  # ruamel.yaml's write_single_quoted: never at the text's first or last space
        runs = _RUNS.findall(text)
        for index, run in enumerate(runs):
            if run == " " and len(line) > WIDTH and 0 < index < len(runs) - 1:
                lines.append(line)
                line = " " * indent
            else:
                line += run
        lines.append(line + quote)
        return
    for run in _RUNS.findall(text):  # its write_plain
        if run == " " and len(line) >= WIDTH:
            lines.append(line)
            line = " " * indent
            continue
        if run[0] != " " and len(line) + len(run) > WIDTH and len(line) > indent:
            lines.append(line)
            line = " " * indent
        line += run
    lines.append(line)


def _scalar(value: Any) -> tuple[str, str]:
    """The text ruamel.yaml writes for a value, and the quote around it ("" for none)."""
    if value is None:
        return "null", ""
    if type(value) in (dict, list) and not value:
        return "{}" if type(value) is dict else "[]", ""
    if value is True or value is False:
        return "true" if value else "false", ""
    if type(value) is int:
        text = str(value)
        scalar(text)  # within the digits the quick reader reads
        return text, ""
    if type(value) is not str:
        raise GiveUp  # a time, a float, ruamel.yaml's own types: ruamel.yaml writes them
    if value == "":
        return "", "'"
    if UNUSUAL.search(value) or "\n" in value:
        raise GiveUp  # ruamel.yaml escapes these, in double quotes
    try:
        if scalar(value) == value:
            return value, ""  # what the quick reader reads plain, ruamel.yaml writes plain
    except GiveUp:
        pass
    emitter, resolver = _ruamel_yaml()  # how it writes the rest, it alone knows
    written = emitter.analyze_scalar(value)
    if written.allow_block_plain and \
            resolver.resolve(ScalarNode, value, (True, False)) == "tag:yaml.org,2002:str":
        return value, ""
    if "'" in value:
        raise GiveUp  # ruamel.yaml quotes it in double quotes
    if written.allow_single_quoted:
        return value, "'"
    raise GiveUp


@functools.cache
def _ruamel_yaml() -> tuple[Any, Any]:
    """ruamel.yaml's round-trip emitter and resolver, to ask how it writes a text: whether it
    may be plain in a block, and whether, plain, it would read as a text. (What yamlio sets,
    indents and width, changes neither answer.)"""
    from ruamel.yaml import YAML
    yaml = YAML()
    return yaml.emitter, yaml.resolver
