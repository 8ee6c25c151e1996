"""Suber's initial set (seed 001) where two rules act at once, played through the players'
proposals and votes on both forges: a player who joins (214) while a rule-change is in its
vote, counted by 203, 205 and 206 at its end; and a proposal that transmutes an immutable
rule beside another change (108 with 103, 203 and 109).

Each expected outcome is worked out from the seed's words, quoted where it decides.
"""

from __future__ import annotations

import pytest

from nomic_ci.core.game import load_game
from nomic_ci.core.verify import verify

from boardgames import forge_tables
from builders import SEED, new_rule


@pytest.fixture(params=["local", "github"])
def table(request):
    with forge_tables(request.param, "suber-initial-set") as make:
        yield make


def active(t) -> set[str]:
    return {p.login for p in load_game(t.files()).state.players if p.active}


def record(t, number: int):
    return next(r for r in load_game(t.files()).records if r.number == number)


@pytest.mark.parametrize("dave_votes", [True, False])
def test_a_player_who_joins_during_a_vote_is_an_eligible_voter_in_it(table, tmp_path,
                                                                     dave_votes):
    """Rule 214: "Within 24 hours of the request, if no player has publicly objected ...
    that player will join the game"; rule 205: "Every active player is an eligible voter.
    Every eligible voter must participate in every vote on rule-changes"; rule 203: "adopted
    if and only if a simple majority of eligible voters vote for it"; rule 206: "Active
    players that have not voted after 36 hours of the start of a vote ... become inactive".
    Dave joins 23 hours into alice's vote, so he is an eligible voter in it from then, and
    it is counted at its end (rule 101: the rules "in the form in which they are then in
    effect"). Carol never votes: 36 hours in she is inactive, and so is dave if he has not
    voted, though he joined 13 hours before: the words count from "the start of a vote",
    not from the joining. Voting, dave decides it: alice and dave for, bob against, 2 of
    the 3 eligible; silent, 1 of 2 is no majority."""
    t = table(tmp_path, SEED)
    if t.kind == "github":  # a person with an account, not yet a player
        t.fake.add_user("dave", id=600)
    roster = t.read("state/players.yaml")
    t.later().branch("dave", {"state/players.yaml": roster + (
        "  - login: dave\n    id: null\n    points: 0\n")}, author="dave")
    t.propose("dave", "dave", "dave joins")                # T0+1h
    t.later().branch("one", new_rule(215), author="alice")
    assert t.propose("alice", "one") == 301                # T0+2h: alice's yes (202)
    t.later().vote(301, "bob", yes=False)
    t.later(23).tick()                                     # T0+26h: dave has joined
    players = [p["login"] for p in t.status()["players"]]
    assert players == ["dave", "alice", "bob", "carol"]  # before alice, whose turn it is
    assert t.status()["proposals"][0]["state"] == "voting"
    if dave_votes:
        t.later().vote(301, "dave")
    t.later(12).tick()                                     # T0+38h: 36 hours into the vote
    decided = record(t, 301)
    if dave_votes:
        assert active(t) == {"alice", "bob", "dave"}
        assert decided.outcome.value == "passed"
        assert "2 yes, 1 no of 3 eligible" in decided.reason
    else:
        assert active(t) == {"alice", "bob"}
        assert decided.outcome.value == "failed"
        assert "1 yes, 1 no of 2 eligible" in decided.reason
    assert verify(t.files()) == []


def test_a_transmutation_beside_another_change_needs_unanimity_and_an_amendment_with_it_is_refused(
        table, tmp_path):
    """Rule 108: "Rule-changes that transmute immutable rules into mutable rules may be
    adopted if and only if the vote is unanimous among the eligible voters"; rule 203 asks
    a simple majority of any rule-change. A proposal that makes rule 113 mutable and enacts a
    rule 215 holds a transmutation, so the whole of it needs unanimity: 108 is immutable and
    takes precedence over 203 (109). And rule 103 makes a rule-change "the ... amendment of a
    mutable rule", so a proposal that transmutes rule 113 and rewords it in one is refused:
    the rule is immutable until the vote that transmutes it completes (106: "No rule-change
    may take effect earlier than the moment of the completion of the vote that adopted it").
    The seed is ambiguous there, as both changes would take effect at one moment; the engine
    reads the amendment as one of an immutable rule, which 103 does not make a rule-change
    (and 115 permits changing the rules only where a rule does), so the player transmutes
    first and amends in a later turn."""
    t = table(tmp_path, SEED)
    path = "rules/113-unambiguous-votes.md"
    rule = t.read(path)
    transmuted = rule.replace("mutable: false", "mutable: true")
    t.later().branch("both", {path: transmuted, **new_rule(215)}, author="alice")
    assert t.propose("alice", "both") == 301
    t.later().vote(301, "bob")
    t.later().vote(301, "carol", yes=False)  # 2 of 3: a majority, but no unanimity
    decided = record(t, 301)
    assert decided.outcome.value == "failed" and "rule 108" in decided.threshold
    assert "mutable: false" in t.read(path) and "rules/215-rule-215.md" not in t.files()
    reworded = transmuted.replace("Votes must be unambiguous.", "Votes need not be clear.")
    assert reworded != transmuted
    t.later().branch("reword", {path: reworded}, author="bob")
    assert t.propose("bob", "reword") is None  # refused, so not numbered (rule 107)
    [held] = load_game(t.files()).state.awaiting_fix
    assert "rule 113 is immutable (rule 103): it may not be amended" in held.reason
    assert verify(t.files()) == []
