"""Rule files: parsing, and errors that say which file, which line and what to do."""

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from nomic_ci import rulesets
from nomic_ci.core.mechanics.config import derive_config
from nomic_ci.core.errors import GameError
from nomic_ci.core.files.rulefiles import (_front_matter, _plain_front_matter, parse_rule,
                                           parse_rules)

GOOD = """---
number: 201
title: Friendly Rule
mutable: true
bindings:
  turn_timeout: 24h
---
Be *nice*.
"""


def test_a_rule_file_gives_its_fields_prose_and_bindings():
    rule = parse_rule("rules/201-friendly-rule.md", GOOD)
    assert (rule.number, rule.title, rule.mutable) == (201, "Friendly Rule", True)
    assert rule.text == "Be *nice*."
    assert rule.bindings == {"turn_timeout": "24h"}
    assert rule.binding_lines == {"turn_timeout": 6}


def test_the_shipped_rules_parse_and_bind_what_seed_002_says(files):
    rules = parse_rules(files)
    assert [r.number for r in rules] == [101, 102, 103, 104, 105, 106, 107]
    config = derive_config(rules)
    assert config.victory_points == 100
    assert str(config.turn_roll) == "1d6"
    assert [str(layer.threshold) for layer in config.layers] == [
        "unanimity of the eligible voters", "a majority of the eligible voters",
        "30% of the eligible voters", "a yes from a veto holder other than the proposer"]
    assert config.other_files_as_rule == 0
    assert config.sources["layers"] == 104


def error_of(path: str, text: str) -> GameError:
    with pytest.raises(GameError) as caught:
        derive_config(parse_rules({path: text}))
    return caught.value


@pytest.mark.parametrize("text, line, words", [
    (GOOD.replace("title: Friendly Rule", "title: [unclosed"), 4,
     "not valid YAML: while parsing a flow sequence (from line 3)"),
    (GOOD.replace("mutable: true", "mutable: sometimes"), 4, "field 'mutable' must be true or false"),
    (GOOD.replace("number: 201", "number: 202"), 2, "does not match the file name"),
    (GOOD.replace("turn_timeout: 24h", "turn_timeout: soon"), 6, "'turn_timeout' must be a duration from 1m to 3650d"),
    (GOOD.replace("turn_timeout: 24h", "turn_timout: 24h"), 6, "unknown binding 'turn_timout'\n"
     "  what to do: did you mean 'turn_timeout'? nomic_ci/docs/bindings.md lists every "
     "binding"),
    (GOOD.replace("mutable: true", "mutable: true\nauthor: me"), 5, "unknown field 'author'"),
    (GOOD.replace("title: Friendly Rule\n", ""), 2, "missing field 'title'"),
    ("Just prose, no front matter.\n", 1, "no front matter"),
    ("---\nnumber: 201\nlist: [" + "1, " * 6000 + "1]\n---\n", 2,
     "front matter of 18,021 characters, more than the 16,000 a rule may have"),
])
def test_a_broken_rule_file_is_an_error_naming_file_line_and_problem(text, line, words):
    error = error_of("rules/201-friendly-rule.md", text)
    assert error.path == "rules/201-friendly-rule.md"
    assert error.line == line
    assert words in str(error)
    assert str(error).startswith(f"rules/201-friendly-rule.md:{line}: ")


def test_a_wrong_binding_type_says_what_is_expected():
    text = GOOD.replace("turn_timeout: 24h", "layers:\n    - numbers: 100-199\n      need: most")
    error = error_of("rules/201-friendly-rule.md", text)
    assert "'unanimous', 'majority', 'more-yes-than-no', 'veto' or a percentage" in str(error)
    assert error.line == 6


def test_two_rules_with_one_number_is_an_error():
    with pytest.raises(GameError) as caught:
        parse_rules({"rules/201-a.md": GOOD, "rules/201-friendly-rule.md": GOOD})
    assert "rule 201 is also defined in rules/201-a.md" in str(caught.value)


@pytest.mark.parametrize("path", ["rules/friendly.md", "rules/١٥٠-x.md", "rules/１５０-x.md",
                                  "rules/1234567-long.md"])
def test_a_misnamed_rule_file_is_an_error_with_the_naming_scheme(path):
    """Three to six ASCII digits: a number in another script's digits is no rule number."""
    with pytest.raises(GameError) as caught:
        parse_rules({path: GOOD})
    assert "rules/NNN-slug.md" in str(caught.value)


def test_the_rendered_readme_and_attachments_are_not_rules():
    rules = parse_rules({"rules/README.md": "# generated", "rules/305.png": "",
                         "rules/201-friendly-rule.md": GOOD})
    assert [r.number for r in rules] == [201]


def test_a_parsed_rule_is_shared_by_the_cache_so_nothing_in_it_can_be_changed():
    text = ("---\nnumber: 150\ntitle: X\nmutable: true\nbindings:\n  layers:\n"
            "    - {numbers: '100-199', need: majority}\n---\nText\n")
    rule = parse_rule("rules/150-x.md", text)
    with pytest.raises(TypeError):
        rule.bindings["layers"] = []
    with pytest.raises(TypeError):
        rule.bindings["layers"][0]["need"] = "unanimous"
    assert parse_rule("rules/150-x.md", text) is rule  # the same value, unchanged


def markdown_it_front_matter(text: str):
    """What markdown-it-py's front-matter plugin finds, as `_front_matter` gives it."""
    from markdown_it import MarkdownIt
    from mdit_py_plugins.front_matter import front_matter_plugin
    tokens = MarkdownIt("commonmark").use(front_matter_plugin).parse(text)
    if not tokens or tokens[0].type != "front_matter":
        return None
    return tokens[0].content, tokens[0].map[0] + 1, tokens[0].map[1]


def test_every_shipped_rule_is_split_without_markdown_it_as_markdown_it_splits_it():
    shipped = sorted(Path(rulesets.__file__).parent.glob("*/rules/*.md"))
    assert len(shipped) > 80
    for path in shipped:
        text = path.read_text()
        assert _plain_front_matter(text) == markdown_it_front_matter(text), path
        assert _plain_front_matter(text) is not None, path


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["---", "----", "...", "  ---", "    ---", "--- x", "-- -",
                                 "a: 1", "", " ", "\t---", "--", "text", "---\r", "\u2028",
                                 "\x0b", "... ", "---  "]), max_size=8))
def test_a_file_split_without_markdown_it_is_split_as_markdown_it_splits_it(lines):
    text = "\n".join(lines)
    plain = _plain_front_matter(text)
    assert plain is None or plain == markdown_it_front_matter(text)
    assert _front_matter(text) == markdown_it_front_matter(text)


def test_a_rule_of_an_unusual_shape_is_read_as_markdown_it_reads_it():
    crlf = GOOD.replace("\n", "\r\n")
    assert _plain_front_matter(crlf) is None
    rule = parse_rule("rules/201-friendly-rule.md", crlf)
    assert (rule.title, rule.bindings, rule.text) == ("Friendly Rule", {"turn_timeout": "24h"},
                                                      "Be *nice*.")
