"""YAML in and out: round-trip without changes, errors with lines, nothing dangerous."""

import pytest

from nomic_ci.core.errors import GameError
from nomic_ci.core.files import yamlio

from builders import make_files

FILES = make_files()


@pytest.mark.parametrize("path", ["state/players.yaml", "state/game.yaml"])
def test_a_load_and_dump_that_changes_nothing_keeps_every_byte(path):
    assert yamlio.dump(yamlio.load(FILES[path], path)) == FILES[path]


def test_quotes_and_nulls_are_written_as_they_were():
    text = "a: 'quoted'\nb: \"double\"\nc: null\nd: plain\n"
    assert yamlio.dump(yamlio.load(text, "f.yaml")) == text


@pytest.mark.parametrize("text, line", [
    ("a: 1\nb: &x\n  k: 1\nc: *x\n", 2),
    ("a: 1\nb: &x [1, 2]\nc:\n  - *x\n", 2),
])
def test_an_alias_is_refused_with_the_line_of_its_anchor(text, line):
    with pytest.raises(GameError, match=r"anchors and aliases \(&x\) are not allowed") as caught:
        yamlio.load(text, "state/game.yaml")
    assert (caught.value.path, caught.value.line) == ("state/game.yaml", line)
    assert "write the value out" in caught.value.hint


def test_a_line_in_front_matter_counts_from_where_the_yaml_starts_in_its_file():
    with pytest.raises(GameError) as caught:
        yamlio.load("a: &x [1]\nb: *x\n", "rules/201-x.md", first_line=2)
    assert caught.value.line == 2
    with pytest.raises(GameError, match="not valid YAML") as caught:
        yamlio.load("a: 1\nb: [2\n", "rules/201-x.md", first_line=2)
    assert caught.value.line == 4 and caught.value.path == "rules/201-x.md"


def test_a_file_over_the_limit_is_refused_before_it_is_parsed():
    text = "a: " + "x" * yamlio.MAX_BYTES
    with pytest.raises(GameError, match="too large to be a game file") as caught:
        yamlio.load(text, "state/game.yaml")
    assert caught.value.path == "state/game.yaml"
    assert yamlio.load("a: " + "x" * (yamlio.MAX_BYTES - 3), "f") == {"a": "x" * 999_997}


def test_brackets_nested_far_too_deep_are_refused_before_they_are_parsed():
    """ruamel.yaml would take seconds to give up on each such file."""
    text = "a: 1\nb: " + "[" * 100_000 + "]" * 100_000
    with pytest.raises(GameError, match=r"more than 256 brackets \(\[ or \{\) open at once"
                       ) as caught:
        yamlio.load(text, "rules/201-x.md", first_line=2)
    assert (caught.value.path, caught.value.line) == ("rules/201-x.md", 3)
    many = "a: [" + ", ".join("[1]" for _ in range(500)) + "]\n"  # many, but not deep
    assert len(yamlio.load(many, "f")["a"]) == 500
    # brackets in quoted text open nothing: a player's title written by the engine reads back
    title = "[" * 300 + "{" * 300
    assert yamlio.load(f"title: '{title}'\n", "state/game.yaml") == {"title": title}
    # and quotes inside brackets do not hide them
    with pytest.raises(GameError, match="more than 256 brackets"):
        yamlio.load("a: " + "[']', " * 20_000 + "1" + "]" * 20_000, "f")


def test_line_of_gives_one_based_lines_of_keys_and_items():
    data = yamlio.load("a: 1\nb:\n  - x\n  - y\n", "f.yaml")
    assert [yamlio.line_of(data, "a"), yamlio.line_of(data, "b")] == [1, 2]
    assert [yamlio.line_of(data["b"], 0), yamlio.line_of(data["b"], 1)] == [3, 4]
    assert yamlio.line_of(data, "b", first_line=5) == 6


def test_line_of_a_missing_key_or_item_is_none():
    data = yamlio.load("a: 1\nb: [x]\n", "f.yaml")
    assert yamlio.line_of(data, "c") is None and yamlio.line_of(data["b"], 5) is None


@pytest.mark.parametrize("node, key", [({"a": 1}, "a"), ("text", 0), (None, "a")])
def test_line_of_a_value_not_loaded_from_yaml_is_none(node, key):
    assert yamlio.line_of(node, key) is None


def test_frozen_makes_lists_tuples_and_mappings_read_only_all_the_way_down():
    value = yamlio.read_only(yamlio.load("a:\n  - b: [1, 2]\n  - 3\n4: x\n", "f"))
    assert value == {"a": ({"b": (1, 2)}, 3), "4": "x"}
    assert isinstance(value["a"], tuple) and isinstance(value["a"][0]["b"], tuple)
    for mapping in (value, value["a"][0]):
        with pytest.raises(TypeError):
            mapping["new"] = 1
    assert yamlio.read_only("text") == "text" and yamlio.read_only(None) is None
