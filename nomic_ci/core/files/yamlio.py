"""YAML in and out with ruamel.yaml round-trip, so comments and key order survive.

Reading for values alone (`read`) goes through the quick reader first (quickyaml): most
commands then never import ruamel.yaml. Errors come back as GameError naming the file and
line.
"""

from __future__ import annotations

import io
from types import MappingProxyType
from typing import Any, Mapping

from .quicktable import quick_load_table
from .quickyaml import MAX_DEPTH, UNUSUAL, LinedDict, LinedList, misread, quick_load
from ..errors import GameError


def _yaml(width: int = 100):
    from ruamel.yaml import YAML
    yaml = YAML()  # round-trip
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.preserve_quotes = True
    yaml.width = width
    # write null as `null`, as people do, so a no-op load and dump keeps the bytes
    yaml.representer.add_representer(
        type(None), lambda rep, _: rep.represent_scalar("tag:yaml.org,2002:null", "null"))
    return yaml


MAX_BYTES = 1_000_000  # far beyond any game file; a bigger one is a mistake or an attack


def read(text: str, path: str, first_line: int = 1,
         table: tuple[str, tuple[str, ...]] | None = None) -> Any:
    """The values in YAML text, to read and not to write back: the quick reader's where the
    text is in its subset, else ruamel.yaml's (`load`), which also gives every error. A
    `table`, (key, columns), is where the text's top-level key may hold one (quicktable)."""
    if len(text) <= MAX_BYTES:
        data = quick_load_table(text, *table) if table else None
        if data is None:
            data = quick_load(text)
        if data is not None:
            return data
    return load(text, path, first_line)


def load(text: str, path: str, first_line: int = 1) -> Any:
    """Parse YAML text; `first_line` is where the text starts in its file (front matter).

    Anchors and aliases are refused: nothing in a game needs them, and nested
    aliases can make a few lines expand into gigabytes.
    """
    from ruamel.yaml.error import MarkedYAMLError, YAMLError
    if len(text) > MAX_BYTES:
        raise GameError(f"too large to be a game file ({len(text):,} characters)", path=path)
    _check_brackets(text, path, first_line)
    try:
        data = _yaml().load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + first_line if mark else None
        problem = exc.problem or exc.context
        if exc.context and exc.context_mark and exc.problem_mark:
            problem = (f"{exc.context} (from line {exc.context_mark.line + first_line}), "
                       f"{exc.problem}")
        raise GameError(f"not valid YAML: {problem}", path=path, line=line,
                        hint="fix the YAML syntax at that line") from None
    except YAMLError as exc:
        raise GameError(f"not valid YAML: {exc}", path=path) from None
    except RecursionError:
        raise GameError(f"nested more than {MAX_DEPTH} levels deep", path=path,
                        hint="no game file needs that: write it flatter") from None
    except (ValueError, OverflowError) as exc:  # such as an integer of thousands of digits
        raise GameError(f"not a value a game can hold: {str(exc)[:100]}", path=path,
                        hint="write numbers of at most 15 digits") from None
    _check_shape(data, path, first_line)
    return data


# ruamel.yaml takes seconds to give up on flow brackets nested thousands deep (a hostile
# proposal could add many such files): brackets far beyond MAX_DEPTH are refused first
MAX_OPEN_BRACKETS = 8 * MAX_DEPTH


def _check_brackets(text: str, path: str, first_line: int) -> None:
    """No point where more than MAX_OPEN_BRACKETS flow collections (`[`, `{`) are open. Only
    a text with that many brackets at all is scanned, by ruamel.yaml's scanner, which knows
    a bracket in a quoted string from one that opens a collection."""
    if text.count("[") + text.count("{") <= MAX_OPEN_BRACKETS:
        return
    from ruamel.yaml.error import YAMLError
    from ruamel.yaml.tokens import (FlowMappingEndToken, FlowMappingStartToken,
                                    FlowSequenceEndToken, FlowSequenceStartToken)
    depth = 0
    try:
        for token in _yaml().scan(text):
            if isinstance(token, (FlowSequenceStartToken, FlowMappingStartToken)):
                depth += 1
                if depth > MAX_OPEN_BRACKETS:
                    raise GameError(
                        f"more than {MAX_OPEN_BRACKETS} brackets ([ or {{) open at once: nested "
                        f"more than {MAX_DEPTH} levels deep", path=path,
                        line=token.start_mark.line + first_line,
                        hint="no game file needs that: write it flatter")
            elif isinstance(token, (FlowSequenceEndToken, FlowMappingEndToken)):
                depth -= 1
    except YAMLError:
        return  # not valid YAML: the parse that follows says where


def _check_shape(data: Any, path: str, first_line: int) -> None:
    """No anchor used twice (an alias), no nesting deeper than MAX_DEPTH, and no text holding
    half of a surrogate pair (a double-quoted `\\ud800`), which no UTF-8 file holds: the
    engine could never write the READMEs that show it."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    seen: set[int] = set()
    todo = [(data, 0)]
    while todo:
        node, depth = todo.pop()
        if isinstance(node, str):
            if not node.isascii() and any("\ud800" <= c <= "\udfff" for c in node):
                raise GameError("a text holds half of a surrogate pair (an escape from "
                                "\\ud800 to \\udfff), which no UTF-8 file can hold",
                                path=path, hint="write the character itself, or its whole "
                                "code point as \\U0001F3B2")
            continue
        if not isinstance(node, (CommentedMap, CommentedSeq)):
            continue
        if depth > MAX_DEPTH:
            raise GameError(f"nested more than {MAX_DEPTH} levels deep", path=path,
                            line=node.lc.line + first_line if node.lc.line is not None else None,
                            hint="no game file needs that: write it flatter")
        if id(node) in seen:
            anchor = getattr(node, "anchor", None)
            name = f" &{anchor.value}" if anchor is not None and anchor.value else ""
            raise GameError(f"YAML anchors and aliases ({name.strip() or '*'}) are not allowed",
                            path=path, line=node.lc.line + first_line if node.lc.line is not None
                            else None, hint="write the value out where it is used")
        seen.add(id(node))
        todo.extend((child, depth + 1) for child in (
            [*node.keys(), *node.values()] if isinstance(node, CommentedMap) else node))


def dump(data: Any) -> str:
    """`data` as YAML: by the quick writer where it is plain data in its subset (the same
    text, faster), else by ruamel.yaml."""
    from .quickwrite import quick_dump  # only to write: most commands never do
    text = quick_dump(data)
    return text if text is not None else dump_with_ruamel(data)


def literal(text: str) -> str:
    """`text` to be written as a literal block (`|`), where a block can hold it: one with a
    control character would not read back (ruamel.yaml writes it raw, then refuses it), so
    that is written in double quotes, escaped. A player's title with an escape in it made a
    message the next run could not read."""
    if UNUSUAL.search(text):
        return text
    from ruamel.yaml.scalarstring import LiteralScalarString  # imported only to write
    return LiteralScalarString(text)


def dump_with_ruamel(data: Any) -> str:
    """`data` as ruamel.yaml writes it, written again where that would read back otherwise:
    unfolded (ruamel.yaml can leave out the backslash that continues a long escaped text,
    `"a\\`, at a fold: a title with a tab or a backslash read back with a space more; and it
    can fold a key of a one-line mapping where no reader reads it), then without its
    comments, in place (one put back where it was read can join a `|` block that now ends
    before it: a message to tell would be another)."""
    data = _marked(data)
    text = _dumped(data, 100)
    if not _reads_back(text, data):
        text = _dumped(data, 2**31)
        if not _reads_back(text, data):
            uncomment(data)
            text = _dumped(data, 2**31)
    return text


def _reads_back(text: str, data: Any) -> bool:
    try:
        return load(text, "") == data
    except GameError:
        return False  # not even YAML; or anchors, a caller's own, written as they are


def _dumped(data: Any, width: int) -> str:
    out = io.StringIO()
    _yaml(width).dump(data, out)
    return out.getvalue()


def _marked(data: Any) -> Any:
    """`data` with the texts ruamel.yaml would misread (`misread`) marked, in place, to be
    written in double quotes. A marked text is the same text to every reader."""
    from ruamel.yaml.comments import CommentedBase, CommentedMap
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString as Quoted
    if not isinstance(data, (Mapping, list)):
        return Quoted(data) if type(data) is str and misread(data, False) else data
    todo = [data]
    while todo:
        node = todo.pop()
        flow = bool(isinstance(node, CommentedBase) and node.fa.flow_style())
        slots = list(node.items() if isinstance(node, Mapping) else enumerate(node))
        for slot, value in slots:
            if type(value) is str and misread(value, flow):
                node[slot] = Quoted(value)
            elif isinstance(value, (Mapping, list)):
                todo.append(value)
        if isinstance(node, Mapping) and any(type(k) is str and misread(k, flow)
                                             for k, _ in slots):  # keys, in their places
            for place, (key, value) in enumerate(list(node.items())):
                del node[key]
                if isinstance(node, CommentedMap):
                    node.insert(place, Quoted(key) if misread(key, flow) else key, value)
                else:
                    node[Quoted(key) if misread(key, flow) else key] = value
    return data


def uncomment(data: Any) -> None:
    """Every comment in a document of ruamel.yaml's taken out, in place."""
    from ruamel.yaml.comments import CommentedBase
    todo = [data]
    while todo:
        node = todo.pop()
        if isinstance(node, CommentedBase):
            node.ca.comment, node.ca.end = None, None
            node.ca.items.clear()
        if isinstance(node, (Mapping, list)):
            todo.extend(node.values() if isinstance(node, Mapping) else node)


def line_of(node: Any, key: Any, first_line: int = 1) -> int | None:
    """The 1-based line of `key` in a mapping (or index in a sequence) loaded by `read` or
    `load`."""
    try:
        if isinstance(node, LinedDict):
            return node.key_lines[key] + first_line
        if isinstance(node, LinedList):
            return node.item_lines[key] + first_line
        lines = getattr(node, "lc", None)  # ruamel.yaml's
        if lines is not None:
            return (lines.key(key) if isinstance(node, Mapping) else lines.item(key))[0] \
                + first_line
    except (KeyError, IndexError, TypeError):
        pass
    return None


def read_only(value: Any) -> Any:
    """A loaded YAML value as plain values no one can change: mappings read-only, lists as
    tuples. What a cache hands out is shared, so it must not be changeable."""
    if isinstance(value, Mapping):
        return MappingProxyType({str(k): read_only(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(read_only(v) for v in value)
    return value
