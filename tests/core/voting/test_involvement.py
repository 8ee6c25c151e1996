"""Which rules a proposal involves, and the layer that decides it (rule 104)."""

import pytest

from nomic_ci.core.voting.admission import requirement
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
