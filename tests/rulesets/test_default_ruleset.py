"""The default ruleset (seed 002), played through the CLI on the local forge: the seed's
readings the engine follows, each checked against the rule's text.

Rule 103: "One turn consists of three parts in this order: (1) propose one rule-change.
(2) generate a random number between 1 and 6. That number is added to the player's score.
(3) proposed rule change is voted on and either accepted or declined."
"""

import pytest

from builders import new_rule
from tables import LocalTable


@pytest.fixture
def t(tmp_path):
    return LocalTable(tmp_path / "g", players="alice,bob,carol")


def record(t, number):
    return next(text for path, text in sorted(t.files().items())
                if path.startswith(f"proposals/{number:04d}-"))


def test_a_second_proposal_in_a_turn_is_refused_citing_rule_103_that_refuses_it(t):
    # rule 103's "propose one rule-change" is what refuses a second one, not the turn order
    t.later().branch("one", new_rule(201), author="alice")
    assert t.propose("alice", "one") == 1
    t.later().branch("two", new_rule(202), author="alice")
    assert t.propose("alice", "two") == 2
    assert "proposal 1 is still in its vote; one proposal a turn (rule 103)" in record(t, 2)
