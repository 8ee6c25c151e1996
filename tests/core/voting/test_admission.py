"""Whether a proposal may be put to the vote, and what it needs (admission)."""

from dataclasses import replace

import pytest

from nomic_ci.core.facts import ChangeKind, FileChange
from nomic_ci.core.voting.admission import problems, requirement

from builders import make_game, proposal

M, A, D, R = ChangeKind.MODIFIED, ChangeKind.ADDED, ChangeKind.REMOVED, ChangeKind.RENAMED


def test_a_new_rule_outside_every_layer_is_refused_with_the_layers():
    reason = requirement(make_game(), proposal(paths=["rules/450-too-high.md"]))
    assert "rule 450 is in no layer of rule 104" in reason
    assert "rules 300–399" in reason


def test_markdown_under_rules_with_a_bad_name_is_refused():
    found = problems(make_game(), proposal(paths=["rules/my-idea.md"]))
    assert "rules/my-idea.md is not a rule file name" in found[0]


def test_a_proposal_whose_rules_would_not_parse_is_refused_naming_file_and_line():
    text = "---\nnumber: 250\ntitle: X\nmutable: maybe\n---\nText\n"
    found = problems(make_game(), proposal(paths=["rules/250-x.md"],
                                           texts=[("rules/250-x.md", text)]))
    assert "rules/250-x.md:4: field 'mutable' must be true or false" in found[0]


def test_a_proposal_that_would_duplicate_a_rule_number_is_refused():
    text = "---\nnumber: 101\ntitle: X\nmutable: true\n---\nText\n"
    found = problems(make_game(), proposal(changes=[FileChange("rules/101-other.md", A)],
                                           texts=[("rules/101-other.md", text)]))
    assert "rule 101 is also defined" in found[0]


def test_a_proposal_with_no_changes_or_too_many_files_is_refused():
    assert problems(make_game(), proposal(changes=[])) == ["it changes nothing"]
    too_big = replace(proposal(), problems=("it changes more than 3,000 files",))
    assert problems(make_game(), too_big) == ["it changes more than 3,000 files"]


def test_a_proposal_bringing_more_text_than_a_run_can_read_is_refused_unread():
    """A megabyte of flat YAML costs ruamel.yaml many seconds, at every run while it is
    voted on: refused before a line is parsed (this one would not parse at all)."""
    texts = [(f"rules/{n}-x.md", "---\nnumber: [" + "1, " * 100_000) for n in (201, 202, 203, 204)]
    found = problems(make_game(), proposal(paths=[p for p, _ in texts], texts=texts))
    assert found == ["it brings 1,200,052 characters of rules and state (rules/204-x.md: "
                     "300,013), more than the 1,000,000 one proposal may"]


@pytest.mark.parametrize("removed", ["rules/104-the-layer-cake-rule.md",
                                     "rules/106-player-order.md"])
def test_a_proposal_that_would_stop_all_future_change_is_refused(removed):
    found = problems(make_game(), proposal(changes=[FileChange(removed, ChangeKind.REMOVED)]))
    assert any("nothing could ever pass again" in f for f in found)
