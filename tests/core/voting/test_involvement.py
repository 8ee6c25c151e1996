"""Which rules a proposal involves, and the layer that decides it (rule 104)."""

from dataclasses import replace

import pytest

from nomic_ci.core.voting.admission import problems, requirement
from nomic_ci.core.voting.involvement import rules_involved
from nomic_ci.core.facts import ChangeKind, FileChange

from builders import make_game, proposal

M, A, D, R = ChangeKind.MODIFIED, ChangeKind.ADDED, ChangeKind.REMOVED, ChangeKind.RENAMED


def test_a_rename_involves_the_old_and_the_new_number():
    involved = rules_involved([FileChange("rules/301-new.md", R, "rules/205-old.md")])
    assert involved.rules == (205, 301)


@pytest.mark.parametrize("changes, kind, numbers", [
    ([FileChange("rules/101-victory-condition.md", M)], "majority", (101,)),
    ([FileChange("rules/250-new-rule.md", A)], "fraction", (250,)),
    ([FileChange("rules/350-new.md", A)], "veto", (350,)),
    # the lowest number involved picks the layer
    ([FileChange("rules/250-new-rule.md", A), FileChange("rules/104-the-layer-cake-rule.md", M)],
     "majority", (104, 250)),
    ([FileChange("rules/301-r.md", R, "rules/105-ab-initio.md")], "majority", (105, 301)),
    # anything outside rules/ counts as rule 0: unanimity
    ([FileChange("nomic_ci/game.py", M), FileChange("rules/250-new-rule.md", A)], "unanimous",
     (0, 250)),
    ([FileChange("state/players.yaml", M)], "unanimous", (0,)),
    ([FileChange("rules/README.md", M)], "unanimous", (0,)),
    ([FileChange("rules/107-rule-of-completion.md", D)], "majority", (107,)),
])
def test_the_lowest_number_involved_picks_the_threshold(changes, kind, numbers):
    needed = requirement(make_game(), proposal(changes=changes))
    assert needed.threshold.kind == kind
    assert needed.rules == numbers


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
