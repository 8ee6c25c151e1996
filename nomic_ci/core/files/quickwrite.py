"""A fast writer for the data the engine writes: `state/board.yaml`, decision records, and
the parts of `state/game.yaml` a run changes. The quick reader's (quickyaml) counterpart.

ruamel.yaml takes milliseconds for each hundred lines it dumps, and a board of a thousand
tokens was most of a deciding run. This writes, character for character, what ruamel.yaml
writes with yamlio's settings, for a narrow subset: block mappings of plain keys and lists,
one-line lists and mappings of texts and numbers where a collection of ruamel.yaml's asks
for flow style (`[a, b]`, `{id: 7}`), `{}` and `[]`, null, true, false, whole numbers,
texts of one line plain or in quotes (ruamel.yaml's own emitter says which, where the
quick reader cannot), folded where ruamel.yaml folds them (not in double quotes), and literal blocks (`|`, `|-`)
of ordinary lines. It gives up, returning None, on anything else (comments, a list in a list,
a value met twice, which ruamel.yaml writes as an anchor, a character to escape), and
ruamel.yaml writes that. A test checks that both writers agree wherever this one writes.

`rewritten` writes a mapping's changed top-level keys into its text, keeping every other
line as it was, comments too.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Mapping

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.scalarstring import LiteralScalarString

from .quickyaml import UNUSUAL, GiveUp, LinedDict, misread, plain_key, scalar

WIDTH = 100  # yamlio's: where ruamel.yaml folds a long text
_MAPPING_INDENT = 2  # yamlio's `indent(mapping=2, sequence=4, offset=2)`: a list's items
_DASH_OFFSET = 2  # are indented 2 under their key, and what follows a dash 2 more
_RUNS = re.compile(" +|[^ ]+")  # a text's words and the spaces between them


def quick_dump(data: Any) -> str | None:
    """`data`, a mapping, as ruamel.yaml writes it, or None where it is not in the subset
    (see the module)."""
    writer = _Writer()
    try:
        if _kind(data) != "block" or not isinstance(data, dict) or not data:
            return None
        writer.mapping(data, 0)
    except GiveUp:
        return None
    return "\n".join(writer.lines) + "\n"


def rewritten(text: str, old: LinedDict, new: Mapping[str, Any]) -> str | None:
    """`text`, which the quick reader read as `old`, with the top-level keys whose value in
    `new` is not the very value read written again, those `new` lacks taken out and those
    it adds put at the end; every other line as it was. Comments and blank lines that end a
    key's lines stand before the next key and stay. None where a key to write again holds
    a comment or a blank line among its lines (not in a literal block, where they are its
    text), or a value out of quick_dump's subset."""
    try:
        return _rewritten(text, old, new)
    except GiveUp:
        return None


def _rewritten(text: str, old: LinedDict, new: Mapping[str, Any]) -> str:
    lines = text.split("\n")

    def aside(number: int) -> bool:  # not a literal block's blank line or #: its text
        return _aside(lines[number]) and number not in old.block_lines

    keys = sorted(old.key_lines.items(), key=lambda item: item[1])
    ends = [start for _, start in keys[1:]] + [len(lines) - text.endswith("\n")]
    out: list[str] = []
    at, written = 0, False
    for (key, start), end in zip(keys, ends):
        while end - 1 > start and (aside(end - 1) or not lines[end - 1].strip(" ")):
            end -= 1  # what ends its lines stands before the next key (a block's blank
            # lines at its end too, which are not its text)
        out += _after(lines[at:start], written)
        at, written = end, not (key in new and new[key] is old[key])
        if not written:
            out += lines[start:end]
        elif any(aside(number) for number in range(start + 1, end)):
            raise GiveUp  # a comment among its lines: ruamel.yaml keeps it where it can
        elif key in new:
            out += _lines_of(key, new[key])
    out += _after(lines[at:], written)
    if out and out[-1] == "":
        out.pop()
    for key in new:
        if key not in old:
            out += _lines_of(key, new[key])
    return "\n".join(out) + "\n"


def _after(aside: list[str], written: bool) -> list[str]:
    """The comment and blank lines that follow a key, at the line's start where the key was
    written again: indented, they would be read as lines of a block (`|`) it may end with."""
    return [line.lstrip(" ") for line in aside] if written else aside


def _aside(line: str) -> bool:
    """A blank line or a comment line, which the quick reader reads as nothing."""
    return not line.strip(" ") or line.lstrip(" ").startswith("#")


def _lines_of(key: str, value: Any) -> list[str]:
    text = quick_dump({key: value})
    if text is None:
        raise GiveUp
    return text[:-1].split("\n")


def _kind(value: Any) -> str | None:
    """How ruamel.yaml writes a collection: "block", "flow", or None for a scalar (or a
    collection with comments, which this gives up on)."""
    kind = type(value)
    if kind is dict or kind is list:
        return "block"
    if kind is CommentedMap or kind is CommentedSeq:
        notes = value.ca
        if notes.comment or notes.items or notes.end or value.yaml_anchor() is not None \
                or getattr(value.tag, "value", None) is not None:
            raise GiveUp  # comments, an anchor, a tag: ruamel.yaml's to write
        return "flow" if value.fa.flow_style() else "block"
    return None


class _Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.seen: set[int] = set()  # the collections written: one met twice is an anchor

    def _once(self, value: Any) -> None:
        if id(value) in self.seen:
            raise GiveUp
        self.seen.add(id(value))

    def mapping(self, data: Mapping, indent: int) -> None:
        self._once(data)
        pad = " " * indent
        for key, value in data.items():
            head = f"{pad}{_key(key)}:"
            kind = _kind(value)
            if kind == "block" and value:
                self.lines.append(head)
                if isinstance(value, dict):
                    self.mapping(value, indent + _MAPPING_INDENT)
                else:
                    self.sequence(value, indent + _DASH_OFFSET)
            else:
                self.scalar(f"{head} ", value, kind, indent + _MAPPING_INDENT)

    def sequence(self, items: list, indent: int) -> None:
        self._once(items)
        dash = " " * indent + "- "
        for item in items:
            kind = _kind(item)
            if kind == "block" and isinstance(item, dict) and item:  # its first key on the
                first = len(self.lines)                              # dash's line
                self.mapping(item, indent + _DASH_OFFSET)
                self.lines[first] = dash + self.lines[first][indent + _DASH_OFFSET:]
            elif kind == "block" and item:
                raise GiveUp  # a list in a list: ruamel.yaml writes `-   - x`
            else:
                self.scalar(dash, item, kind, indent + _DASH_OFFSET)

    def scalar(self, start: str, value: Any, kind: str | None, indent: int) -> None:
        """A value written after `start`: a scalar, or a collection on one line."""
        if kind is not None:
            self._once(value)
            self.lines.append(_fitting(start + _flow(value)))
        elif type(value) is LiteralScalarString:
            self.lines += _literal(start, value, indent)
        else:
            self.lines += _folded(start, value, indent)


def _key(key: Any, flow: bool = False) -> str:
    if type(key) is not str or not key or len(key) > WIDTH // 2 or misread(key, flow):
        raise GiveUp  # ruamel.yaml's `? ` keys, or ones it writes in double quotes
    try:
        return plain_key(key)
    except GiveUp:  # such as `on`, a text to YAML 1.2 and to ruamel.yaml
        text, quote = _scalar(key, flow)
        return quote + text + quote


def _flow(value: Any) -> str:
    """A collection on one line, `[a, b]` or `{id: 7, at: '2026-05-01T12:00:00Z'}`."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k, flow=True)}: {_flow_scalar(v)}"
                               for k, v in value.items()) + "}"
    return "[" + ", ".join(_flow_scalar(item) for item in value) + "]"


def _flow_scalar(value: Any) -> str:
    if _kind(value) is not None:
        raise GiveUp  # nested: not in the subset
    text, quote = _scalar(value, flow=True)
    return quote + text + quote


def _fitting(line: str) -> str:
    """`line`, where ruamel.yaml writes it on one line: a one-line collection past its
    width it breaks."""
    if len(line) > WIDTH:
        raise GiveUp
    return line


def _literal(start: str, text: str, indent: int) -> list[str]:
    """A literal block, `|` (`|-` without a line break at the end), of lines that need no
    other indicator: a first line that starts with neither a space nor a line break, and
    no more than one line break at the end."""
    if not start.endswith(": "):
        raise GiveUp
    if not text:
        return [f"{start}|"]
    if text[0] in " \n" or text.endswith("\n\n") or UNUSUAL.search(text):
        raise GiveUp
    body, chomp = (text[:-1], "") if text.endswith("\n") else (text, "-")
    pad = " " * indent
    return [f"{start}|{chomp}", *(pad + line if line else "" for line in body.split("\n"))]


def _folded(start: str, value: Any, indent: int) -> list[str]:
    """`start` and a value, on the lines ruamel.yaml writes them: past its width it breaks a
    text at a single space, onto a line `indent` deep, and puts a plain word that would
    overflow on a line of its own (leaving the space before it at the end of the line)."""
    text, quote = _scalar(value, flow=False)
    lines, line = [], start + quote
    if quote == '"':  # ruamel.yaml's write_double_quoted breaks with escapes: not written
        return [_fitting(line + text + quote)]
    if quote:  # ruamel.yaml's write_single_quoted: never at the text's first or last space
        runs = _RUNS.findall(text)
        for index, run in enumerate(runs):
            if run == " " and len(line) > WIDTH and 0 < index < len(runs) - 1:
                lines.append(line)
                line = " " * indent
            else:
                line += run
        return [*lines, line + quote]
    for run in _RUNS.findall(text):  # its write_plain
        if run == " " and len(line) >= WIDTH:
            lines.append(line)
            line = " " * indent
            continue
        if run[0] != " " and len(line) + len(run) > WIDTH and len(line) > indent:
            lines.append(line)
            line = " " * indent
        line += run
    return [*lines, line]


def _scalar(value: Any, flow: bool) -> tuple[str, str]:
    """The text ruamel.yaml writes for a value, and the quote around it ("" for none), in a
    block or in a one-line collection."""
    if value is None:
        return "null", ""
    if (type(value) is dict or type(value) is list) and not value:
        return "{}" if type(value) is dict else "[]", ""
    if value is True or value is False:
        return "true" if value else "false", ""
    if type(value) is int:
        try:
            text = str(value)
        except ValueError:
            raise GiveUp from None  # more digits than Python writes (ruamel.yaml neither)
        scalar(text)  # within the digits the quick reader reads
        return text, ""
    if type(value) is not str:
        raise GiveUp  # a time, a float, ruamel.yaml's own types: ruamel.yaml writes them
    if value == "":
        return "", "'"
    if UNUSUAL.search(value) or "\n" in value or misread(value, flow):
        raise GiveUp  # ruamel.yaml writes these in double quotes
    if not flow:
        try:
            if scalar(value) == value:
                return value, ""  # what the quick reader reads plain, ruamel.yaml writes plain
        except GiveUp:
            pass
    plain_in_block, plain_in_flow, single_quoted = _styles(value)
    if plain_in_flow if flow else plain_in_block:
        return value, ""
    if "'" not in value and single_quoted:
        return value, "'"
    if '"' in value or "\\" in value:
        raise GiveUp  # in double quotes, ruamel.yaml escapes these
    return value, '"'  # what it writes in double quotes, such as `the proposer's score: 1d6`


@functools.lru_cache(maxsize=4096)
def _styles(text: str) -> tuple[bool, bool, bool]:
    """Whether ruamel.yaml may write a text plain in a block, plain in a one-line
    collection, and in single quotes, as its emitter and resolver say: plain, it must also
    read back as a text. (A game's logins and times come back again and again.)"""
    emitter, resolver = _ruamel_yaml()
    written = emitter.analyze_scalar(text)
    is_text = resolver.resolve(ScalarNode, text, (True, False)) == "tag:yaml.org,2002:str"
    return (is_text and written.allow_block_plain, is_text and written.allow_flow_plain,
            written.allow_single_quoted)


@functools.cache
def _ruamel_yaml() -> tuple[Any, Any]:
    """ruamel.yaml's round-trip emitter and resolver, to ask how it writes a text. (What
    yamlio sets, indents and width, changes neither answer.)"""
    from ruamel.yaml import YAML
    yaml = YAML()
    return yaml.emitter, yaml.resolver
