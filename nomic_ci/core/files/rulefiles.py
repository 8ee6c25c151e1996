"""Rule files: `rules/NNN-slug.md`, YAML front matter then the rule's prose.

The front matter is what markdown-it-py's front-matter plugin finds; a rule file of the
usual shape is split without it (see `_plain_front_matter`). A rule's machine bindings are
read here as raw values; `mechanics` gives them meaning.
"""

from __future__ import annotations

import functools
import re
from types import MappingProxyType
from dataclasses import field
from typing import Any, Iterable, Mapping

from . import yamlio
from ..frozen import frozen
from .gamefiles import under
from ..errors import GameError, shown

RULES_DIR = "rules/"
RULE_FILE = re.compile(r"^rules/(?P<number>[0-9]{3,6})-(?P<slug>[a-z0-9][a-z0-9-]*)\.md$")
GENERATED = {"rules/README.md"}
KNOWN_FIELDS = {"number", "title", "mutable", "bindings"}
# far beyond any rule's bindings (the largest shipped is under 1,000), and small enough
# that ruamel.yaml reads it in a fraction of a second whatever it holds
MAX_FRONT_MATTER = 16_000


@frozen
class Rule:
    """A rule as its file gives it: the front matter (number, title, mutable, raw bindings) and
    the prose (`text`)."""

    number: int
    title: str
    mutable: bool
    text: str
    path: str
    bindings: Mapping[str, Any] = field(default_factory=dict)
    # line of each binding key in the file, for error messages
    binding_lines: Mapping[str, int] = field(default_factory=dict)


def rule_number_of(path: str) -> int | None:
    """The rule number a path stands for, or None when it is not a rule file."""
    match = RULE_FILE.match(path)
    return int(match["number"]) if match else None


def is_rule_path(path: str) -> bool:
    return path.startswith(RULES_DIR) and path not in GENERATED


# what makes markdown-it read lines other than by "\n" alone, or read a line as the end of
# front matter: a text with these is left to it
_UNUSUAL_LINES = re.compile("[\r\0\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
_CLOSING = re.compile(r"[ \t]*(-{3,}|\.\.\.)")


def _front_matter(text: str) -> tuple[str, int, int] | None:
    """The front matter's text, the index of its first line and of the first line after it
    (the prose's), or None where the file has none."""
    plain = _plain_front_matter(text)
    if plain is not None:
        return plain
    from markdown_it import MarkdownIt  # imported only for a file of an unusual shape
    from mdit_py_plugins.front_matter import front_matter_plugin
    tokens = MarkdownIt("commonmark").use(front_matter_plugin).parse(text)
    if not tokens or tokens[0].type != "front_matter":
        return None
    return tokens[0].content, tokens[0].map[0] + 1, tokens[0].map[1]


def _plain_front_matter(text: str) -> tuple[str, int, int] | None:
    """`_front_matter` of a file that opens with a '---' line and closes with the next line
    that could close it, itself '---': what markdown-it finds there, without importing and
    running it (a test checks they agree). None for any other file."""
    if not text.startswith("---\n") or _UNUSUAL_LINES.search(text):
        return None
    lines = text.split("\n")
    for index in range(1, len(lines)):
        if _CLOSING.match(lines[index]):
            if lines[index] != "---":
                return None
            return "\n".join(lines[1:index]), 1, index + 1
    return None


@functools.lru_cache(maxsize=4096)
def parse_rule(path: str, text: str) -> Rule:
    """Parse one rule file; every problem names the file and the line (cached: a run reads
    the same rules at every step)."""
    number = rule_number_of(path)
    if number is None:
        raise GameError("not a rule file name", path=path,
                        hint="name rule files rules/NNN-slug.md (three to six digits, then "
                             "lower-case words joined by dashes)")
    if len(text) > yamlio.MAX_BYTES:
        raise GameError(f"too large to be a rule ({len(text):,} characters)", path=path,
                        hint=f"keep a rule under {yamlio.MAX_BYTES:,} characters")
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors save first: no text,
    # as YAML reads it in the state files (else '---' after it is no front matter)
    front = _front_matter(text)
    if front is None:
        raise GameError("no front matter", path=path, line=1,
                        hint=f"start the file with a line '---', then 'number: {number}', "
                             "'title: ...' and 'mutable: true' (or false) on lines of their "
                             "own, then '---', then the rule's text")
    content, start, end = front
    first_line = start + 1  # the line after the opening '---', counted from 1
    if len(content) > MAX_FRONT_MATTER:
        raise GameError(f"front matter of {len(content):,} characters, more than the "
                        f"{MAX_FRONT_MATTER:,} a rule may have", path=path, line=first_line,
                        hint="a rule's fields and bindings fit in a few lines: put its prose "
                             "after the closing '---'")
    data = yamlio.read(content, path, first_line)
    if not isinstance(data, Mapping):
        raise GameError("front matter must be a mapping of fields", path=path, line=first_line,
                        hint=f"write 'number: {number}', 'title: ...', 'mutable: true' on lines "
                             "of their own")
    for key in data:
        if key not in KNOWN_FIELDS:
            raise GameError(f"unknown field {key!r} in the front matter", path=path,
                            line=yamlio.line_of(data, key, first_line),
                            hint=f"the fields are {', '.join(sorted(KNOWN_FIELDS))}; "
                                 "machine bindings go under 'bindings:'")

    def need(key: str, kind: type, expect: str, written: str) -> Any:
        if key not in data:
            raise GameError(f"missing field {key!r}", path=path, line=first_line,
                            hint=f"add a line '{key}: {written}' to the front matter")
        value = data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise GameError(f"field {key!r} must be {expect}, not {shown(value)}", path=path,
                            line=yamlio.line_of(data, key, first_line),
                            hint=f"write '{key}: {written}'")
        return value

    declared = need("number", int, "the rule's number", f"{number}")
    if declared != number:
        raise GameError(f"number {declared} does not match the file name's {number:03d}",
                        path=path, line=yamlio.line_of(data, "number", first_line),
                        hint=f"write 'number: {number}', or rename the file to begin with "
                             f"{declared:03d} if that is the number meant")
    title = need("title", str, "the rule's title in quotes", '"The rule\'s title"').strip()
    mutable = need("mutable", bool, "true or false", "true' (or 'false")
    bindings = data.get("bindings") or {}
    if not isinstance(bindings, Mapping):
        raise GameError("'bindings' must be a mapping of binding names to values", path=path,
                        line=yamlio.line_of(data, "bindings", first_line))
    lines = {key: yamlio.line_of(bindings, key, first_line) or first_line for key in bindings}
    body = "\n".join(text.splitlines()[end:]).strip()
    return Rule(number=number, title=title, mutable=mutable, text=body, path=path,
                bindings=yamlio.read_only(bindings), binding_lines=MappingProxyType(lines))



def is_rule_text(path: str) -> bool:
    """A markdown file under rules/ that must be a rule (attachments such as pictures are not)."""
    return is_rule_path(path) and path.endswith(".md")


def ordered(rules: Iterable[Rule]) -> tuple[Rule, ...]:
    """The rules in number order; two files with one number is an error."""
    by_number: dict[int, Rule] = {}
    for rule in sorted(rules, key=lambda r: r.path):
        if rule.number in by_number:
            raise GameError(f"rule {rule.number} is also defined in "
                            f"{by_number[rule.number].path}", path=rule.path, line=1,
                            hint="give each rule its own number; remove or renumber one of them")
        by_number[rule.number] = rule
    return tuple(by_number[n] for n in sorted(by_number))


def parse_rules(files: Mapping[str, str]) -> tuple[Rule, ...]:
    """All rules among `files` (path -> text), in number order."""
    return ordered(parse_rule(path, files[path]) for path in under(files, RULES_DIR)
                   if is_rule_text(path))
