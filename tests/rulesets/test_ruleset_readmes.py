"""Each ruleset's README says, for every rule of its seed in its rules/ folder, whether the
engine enforces it or leaves it to the players, and why; and, for every reading the engine
takes where the seed's words allow more than one, the other reading and why this one.

The README holds two sections: "What the engine enforces", a table of `| rule | how |`, and
"What is left to the players, and why", a table of `| rule | why |` or a list of
`- RULES: why`. A row names whole rules (`104`, `13–18`) or parts of one (`4.2`, `9.4–9.6`,
`206 (declarations)`, `16's trades`): a rule is listed whole exactly once, or in parts,
each part once, and never both; every row gives its reason. Notes in the list that name no
rule (they start with a word) are not rows.
"""

from __future__ import annotations

import re
from importlib import resources

import pytest

from nomic_ci import rulesets

ENFORCED, LEFT = "## What the engine enforces", "## What is left to the players"
AMBIGUOUS = "## Where the seed is ambiguous"  # | rule | reading | other reading | why |
_WHOLE = re.compile(r"^(\d+)$")
_RANGE = re.compile(r"^(\d+)\s*[–-]\s*(\d+)$")
_PART = re.compile(r"^(\d+)(?:\.\d+(?:\s*[–-]\s*\d+\.\d+)?)?(?:\s*\(.+\)|'s .+)?$")


def section(text: str, heading: str) -> list[str]:
    """The lines under `heading`, to the next heading."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith(heading)), None)
    assert start is not None, f"no section {heading!r}"
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("#")),
               len(lines))
    return lines[start + 1:end]


def rows(lines: list[str]) -> list[tuple[str, str]]:
    """(the rules named, the reason) of each table row or list item in `lines`."""
    found, item = [], None
    for line in lines + [""]:
        if item is not None and line.startswith("  ") and line.strip():
            item += " " + line.strip()  # a list item's continuation line
            continue
        if item is not None:
            label, _, why = item.partition(": ")
            found.append((label.strip(), why.strip()))
            item = None
        if line.startswith("|") and not set(line) <= set("|- "):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells[0] != "rule":  # the header
                found.append((cells[0], " ".join(cells[1:]).strip()))
        elif line.startswith("- ") and line[2:3].isdigit():
            item = line[2:]
    return found


def labels(cell: str) -> list[str]:
    """'1–3, 10.1, 210 (a rule, of itself)' as its labels, split at the commas outside
    parentheses."""
    parts, depth, current = [], 0, ""
    for char in cell:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    return parts + [current.strip()]


def listing(text: str) -> tuple[dict[int, list[str]], list[str]]:
    """Each rule number with the labels that list it; and what is wrong with the rows."""
    listed: dict[int, list[str]] = {}
    problems = []
    for heading in (ENFORCED, LEFT):
        for cell, why in rows(section(text, heading)):
            if not why:
                problems.append(f"{cell!r} gives no reason")
            for label in labels(cell):
                whole, span, part = _WHOLE.match(label), _RANGE.match(label), _PART.match(label)
                if whole:
                    listed.setdefault(int(label), []).append(label)
                elif span:
                    for number in range(int(span[1]), int(span[2]) + 1):
                        listed.setdefault(number, []).append(str(number))
                elif part:
                    listed.setdefault(int(part[1]), []).append(label)
                else:
                    problems.append(f"{label!r} names no rule or part of one")
    return listed, problems


def rule_numbers(name: str) -> set[int]:
    folder = resources.files(rulesets) / name / "rules"
    return {int(p.name.split("-", 1)[0]) for p in folder.iterdir() if p.name.endswith(".md")
            and p.name[:1].isdigit()}


@pytest.mark.parametrize("name", rulesets.names())
def test_the_readme_lists_every_rule_once_as_enforced_or_left_with_a_reason(name):
    listed, problems = listing(rulesets.about(name))
    numbers = rule_numbers(name)
    assert problems == []
    assert sorted(numbers - set(listed)) == [], "rules the README does not list"
    assert sorted(set(listed) - numbers) == [], "the README lists rules the ruleset lacks"
    for number, names in listed.items():
        assert len(names) == len(set(names)), f"rule {number} is listed twice: {names}"
        assert len(names) == 1 or str(number) not in names, \
            f"rule {number} is listed whole and in parts: {names}"


def readings(text: str) -> list[list[str]]:
    """The cells of each row of the table of readings."""
    return [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in section(text, AMBIGUOUS)
            if line.startswith("|") and not set(line) <= set("|- ")
            and not line.startswith("| rule |")]


def reading_problems(rows: list[list[str]], numbers: set[int]) -> list[str]:
    """What is wrong with the rows of readings: each names rules of the ruleset and gives the
    reading, the other reading and why, and no two rows name the same rule or part."""
    problems, seen = [], set()
    for cells in rows:
        if len(cells) != 4 or not all(cells):
            problems.append(f"{cells[0]!r}: give the reading, the other and why (4 cells)")
        for label in labels(cells[0]):
            part = _PART.match(label)
            if part is None or int(part[1]) not in numbers:
                problems.append(f"{label!r} names no rule of this ruleset")
            elif label in seen:
                problems.append(f"{label!r} has two rows")
            seen.add(label)
    return problems


@pytest.mark.parametrize("name", rulesets.names())
def test_the_readme_gives_each_reading_with_the_other_and_why(name):
    rows = readings(rulesets.about(name))
    assert rows, f"{name}'s README has no table under {AMBIGUOUS!r}"
    assert reading_problems(rows, rule_numbers(name)) == []


def test_the_check_of_readings_finds_a_missing_why_a_stranger_and_a_repeat():
    rows = readings(f"{AMBIGUOUS}\n\n| rule | reading | other | why |\n|---|---|---|---|\n"
                    "| 8 (Gulag) | a | b | c |\n| 8 (Gulag) | a | b | |\n| 99 | a | b | c |\n")
    assert reading_problems(rows, {8}) == [
        "'8 (Gulag)': give the reading, the other and why (4 cells)", "'8 (Gulag)' has two rows",
        "'99' names no rule of this ruleset"]


def test_the_check_finds_a_missing_rule_a_repeat_and_a_row_without_reason():
    text = f"{ENFORCED}\n\n| rule | how |\n|---|---|\n| 101, 102 | counted |\n| 4.2 | |\n\n" \
           f"{LEFT}\n\n- 102, 4.2, 5 (the board): by hand\n- Notes: none\n"
    listed, problems = listing(text)
    assert problems == ["'4.2' gives no reason"]
    assert listed == {101: ["101"], 102: ["102", "102"], 4: ["4.2", "4.2"],
                      5: ["5 (the board)"]}
    assert listing(f"{ENFORCED}\n| rule | how |\n| 7x | ? |\n{LEFT}\n")[1] == [
        "'7x' names no rule or part of one"]
