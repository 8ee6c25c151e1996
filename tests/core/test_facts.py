"""Facts a forge reports: plain frozen values, with the forge's spellings normalized."""

from dataclasses import FrozenInstanceError, replace

import pytest

from nomic_ci.core.facts import Account, ChangeKind, FileChange, ReviewState

from builders import HOUR, T0, proposal, review

ADDED, MODIFIED, REMOVED, RENAMED = (ChangeKind.ADDED, ChangeKind.MODIFIED, ChangeKind.REMOVED,
                                     ChangeKind.RENAMED)


@pytest.mark.parametrize("status, kind", [
    ("A", ADDED), ("M", MODIFIED), ("D", REMOVED), ("R100", RENAMED), ("R087", RENAMED),
    ("C", ADDED), ("C75", ADDED), ("T", MODIFIED), ("U", MODIFIED),
    ("added", ADDED), ("modified", MODIFIED), ("removed", REMOVED), ("renamed", RENAMED),
    ("copied", ADDED), ("changed", MODIFIED), ("unchanged", MODIFIED), ("Renamed", RENAMED),
])
def test_a_change_kind_is_read_from_git_or_github_spelling(status, kind):
    assert ChangeKind.of(status) is kind


@pytest.mark.parametrize("text", ["approved", "APPROVED", "Approved"])
def test_a_review_state_is_read_in_any_case(text):
    assert ReviewState.parse(text) is ReviewState.APPROVED


def test_an_unknown_review_state_is_refused():
    with pytest.raises(ValueError):
        ReviewState.parse("LOVED")


def test_the_description_hash_changes_with_what_players_read_and_only_with_it():
    text = "Tea\n\nAll rules shall be read aloud."
    p = replace(proposal(), description=text)
    assert len(p.description_hash) == 16 and int(p.description_hash, 16) >= 0
    assert replace(p, head="head2", title="other").description_hash == p.description_hash
    assert replace(p, description=p.description + "!").description_hash != p.description_hash
    assert replace(proposal(key="9"), description=text).description_hash == p.description_hash
    assert replace(p, description="").description_hash != p.description_hash


@pytest.mark.parametrize("fact, field", [
    (Account("alice"), "login"), (FileChange("rules/1.md", MODIFIED), "path"),
    (proposal(), "head"), (review("bob"), "state"),
])
def test_facts_cannot_be_changed(fact, field):
    with pytest.raises(FrozenInstanceError):
        setattr(fact, field, "x")


def test_a_proposal_defaults_to_an_open_proposal_with_no_problems():
    p = proposal()
    assert (p.state.value, p.closed_at, p.problems, p.description) == ("open", None, (), "")


def test_a_proposal_is_proposed_when_opened_or_when_a_draft_became_ready_after():
    made = proposal(opened=T0)
    assert made.proposed_at == T0
    assert replace(made, ready_at=T0 + 72 * HOUR).proposed_at == T0 + 72 * HOUR
    assert replace(made, ready_at=T0 - HOUR).proposed_at == T0
