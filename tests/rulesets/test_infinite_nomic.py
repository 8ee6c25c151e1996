"""Infinite Nomic round 7 (seed 004), played through the CLI on the local forge.

Outcomes worked out from the seed: rule 4 (any player without a proposal in its
vote may propose; 24 hours of voting; more 👍 than 👎 passes and the proposer
gains 👍 − 👎 points; an edited proposal is retracted), rule 3 (a turn passes
after 24 hours, or when its player ends it), rule 0 (a proposal changing rule 0
passes only with no vote against after 24 hours, or 3 for each against at 7 days).
"""

import pytest

from builders import by_name, new_rule
from tables import LocalTable


@pytest.fixture
def t(tmp_path):
    return LocalTable(tmp_path / "g", players="alice,bob,carol,dave,erin",
                      ruleset="infinite-nomic-r7")


def record(t, number):
    return next(text for path, text in sorted(t.files().items())
                if by_name(path).startswith(f"proposals/{number:04d}-"))


def points(t):
    return {p["login"]: p["points"] for p in t.status()["players"]}


def test_anyone_may_propose_one_at_a_time_and_the_vote_lasts_24_hours(t):
    t.later().branch("a", new_rule(21), author="alice")
    assert t.propose("alice", "a") == 1
    t.branch("b", new_rule(22), author="bob")
    assert t.propose("bob", "b") == 2  # not bob's turn: proposing is not a turn here
    t.branch("a2", new_rule(23), author="alice")
    assert t.propose("alice", "a2") == 3
    assert "alice already has proposal 1 in its vote (rule 4)" in record(t, 3)
    for who in ("bob", "carol", "dave", "erin"):
        t.later().vote(1, who)  # everyone has voted, but the vote runs its 24 hours
    assert t.status()["proposals"][0]["state"] == "voting"
    t.later().vote(2, "carol", yes=False)
    t.vote(2, "alice")
    t.later(24).tick()
    assert "outcome: passed" in record(t, 1)
    assert "outcome: failed" in record(t, 2)  # 1 for, 1 against is not more for
    assert points(t)["alice"] == 4 and points(t)["bob"] == 0  # 4 yes − 0 no


def test_an_edited_proposal_is_retracted(t):
    t.later().branch("a", new_rule(21), author="alice")
    t.propose("alice", "a")
    t.later().vote(1, "bob")
    t.later().branch("a", new_rule(21, "Changed my mind."), author="alice")
    t.later().tick()
    text = record(t, 1)
    assert "outcome: retracted" in text and "edited before it took effect (rule 4)" in text
    assert "rules/021-rule-21.md" not in t.files()


def test_turns_pass_after_24_hours_or_when_their_player_ends_them(t):
    assert t.status()["turn"] == "alice"
    t.later().command("bob", "/pass")
    assert "only the player whose turn it is may /pass" in t.out
    t.command("alice", "/pass")
    assert t.status()["turn"] == "bob"
    t.later(25).tick()
    assert t.status()["turn"] == "carol"


def rule0(t, target):
    return {"rules/000-winning.md": t.read("rules/000-winning.md").replace(
        "victory_points: 100", f"victory_points: {target}")}


def test_rule_0_passes_after_24_hours_with_no_vote_against(t):
    t.later().branch("zero", rule0(t, 90), author="alice")
    t.propose("alice", "zero")
    t.later().vote(1, "bob")
    t.later(24).tick()
    assert "outcome: passed" in record(t, 1)
    assert "victory_points: 90" in t.read("rules/000-winning.md")


@pytest.mark.parametrize("yes, outcome", [(3, "passed"), (2, "failed")])
def test_rule_0_with_a_vote_against_waits_7_days_for_3_to_1(t, yes, outcome):
    t.later().branch("zero", rule0(t, 90), author="alice")
    t.propose("alice", "zero")
    t.later().vote(1, "bob", yes=False)
    for who in ("carol", "dave", "erin")[:yes]:
        t.later().vote(1, who)
    t.later(30).tick()
    assert t.status()["proposals"][0]["state"] == "voting"  # a vote against: no early pass
    t.later(24 * 7).tick()
    assert f"outcome: {outcome}" in record(t, 1)


def test_rule_0_passes_when_the_only_vote_against_is_withdrawn(t):
    t.later().branch("zero", rule0(t, 90), author="alice")
    t.propose("alice", "zero")
    t.later().vote(1, "bob", yes=False)
    t.later(30).vote(1, "bob")  # bob changes his mind after 31 hours
    assert "outcome: passed" in record(t, 1)


def test_a_rule_0_proposal_shows_its_own_7_day_window(t):
    t.later().branch("zero", rule0(t, 90), author="alice")
    t.propose("alice", "zero")
    t.later().cli("status")
    assert "closes 2026-05-08 13:00 UTC" in t.out  # opened 2026-05-01 13:00, plus 7 days


def decided_at_98_points(vp: int):
    """alice, at 98 points (and `vp` Victory Points), passes a proposal 2 to 0 and gains 2
    points (rule 4); dave's vote is a stranger's (the ruleset's players are alice, bob, carol)."""
    from dataclasses import replace
    from datetime import timedelta

    from nomic_ci import rulesets
    from nomic_ci.core.dice import SeededDice
    from nomic_ci.core.apply import apply
    from nomic_ci.core.game import load_game
    from nomic_ci.core.due import next_transition

    from builders import HOUR, T0, proposal, review
    files = rulesets.game_files("infinite-nomic-r7", players=None, start=T0, dice_seed="s")
    files["state/players.yaml"] = files["state/players.yaml"].replace(
        "points: 0", "points: 98" + (f"\n    stats: {{vp: {vp}}}" if vp else ""), 1)
    game = load_game(files)
    p = proposal("alice", paths=["rules/021-new.md"], texts=[(
        "rules/021-new.md", "---\nnumber: 21\ntitle: New\nmutable: true\n---\nNew.\n")])
    state = game.state
    for step in range(4):
        if step:
            p = replace(p, reviews=tuple(review(who, at=T0 + HOUR)
                                         for who in ("bob", "carol", "dave")))
        t = next_transition(game, [p], T0 + timedelta(hours=30))
        if t is None:
            break
        state, record = apply(game, t, SeededDice())
        game = game.after(state, record)
        if state.over:
            break
    return state


def test_100_points_are_not_100_victory_points():
    """Rule 0: a player wins at 100 Victory Points, a quantity of its own that only rule 0
    may change (and it gives no way to gain any): 100 points win nothing."""
    state = decided_at_98_points(vp=0)
    assert state.players[0].points == 100 and state.winners == ()


def test_100_victory_points_win_the_game():
    """Rule 0: with 100 VP (however rule 0 came to give them), the next check ends the game."""
    state = decided_at_98_points(vp=100)
    assert state.winners == ("alice",)
