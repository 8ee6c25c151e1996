"""A proposal that takes out the board a board game is played on, and leaves the game: seed
003's squares (`ring`, rule 6) under BoredNomic's weekly moves, Go, property and the Arena;
Infinite Nomic's spaces (`ring`, rule 5) under its die, tiles and features; the Suber
world's locations (`locations`, rule 302) under its resources, trade, professions and
claims (305-308). Such a game cannot be played, so the proposal waits for a fix before
anyone votes, saying what to keep or take out with it, and the game goes on. Before, it
passed, and the next update (KeyError: 'ring') or command in the world (KeyError:
'locations') stopped every run after. Played on both forges as players play it."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from nomic_ci.core.game import load_game
from nomic_ci.core.verify import verify

from boardgames import forge_tables

MONDAY = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)  # Sunday's update was at 00:00 May 3
NEXT_SUNDAY = datetime(2026, 5, 10, 1, 0, tzinfo=timezone.utc)


def taken_out(t, rule: str, key: str) -> dict[str, str]:
    repealed = re.sub(rf"\n  {key}:\n(    .*\n)*", "\n", t.read(rule))
    assert f"\n  {key}:" not in repealed
    return {rule: repealed}


def waits_for_a_fix(t, says: str) -> None:
    waiting = t.status()["awaiting_fix"]
    assert len(waiting) == 1 and says in str(waiting), waiting
    assert not load_game(t.files()).records  # not put to the vote


@pytest.mark.parametrize("forge", ["local", "github"])
def test_a_proposal_taking_the_squares_out_of_borednomic_waits_for_a_fix(tmp_path, forge):
    with forge_tables(forge, "borednomic", admin="the-admin") as make:
        t = make(tmp_path, "no-ring")
        t.now = MONDAY
        t.tick()
        before = load_game(t.files()).state.board
        t.later().branch("no-ring", taken_out(t, "rules/006-the-board.md", "ring"),
                         author="alice")
        t.propose("alice", "no-ring")
        waits_for_a_fix(t, "keep the 'ring' binding (rule 6)")
        t.now = NEXT_SUNDAY  # Sunday's update moves every token (rule 9.1)
        t.tick()
        assert load_game(t.files()).state.board != before
        assert verify(t.files()) == []


@pytest.mark.parametrize("forge", ["local", "github"])
def test_a_proposal_taking_the_locations_out_of_the_suber_world_waits_for_a_fix(tmp_path,
                                                                                forge):
    with forge_tables(forge, "suber-initial-set") as make:
        t = make(tmp_path, "no-locations")
        t.later().branch("no-locations", taken_out(t, "rules/302-locations.md", "locations"),
                         author="alice")
        t.propose("alice", "no-locations")  # alice's turn: her proposal (rule 202)
        waits_for_a_fix(t, "keep the 'locations' binding (rule 302)")
        t.later().command("bob", "/trade carol 1 wood for nothing")
        assert verify(t.files()) == []


@pytest.mark.parametrize("forge", ["local", "github"])
def test_a_proposal_taking_the_ring_out_of_infinite_nomic_waits_for_a_fix(tmp_path, forge):
    """Infinite Nomic's spaces (`ring`, rule 5) taken out while the die moves tokens on them
    (rule 11), the Frontier adds to them (rule 8) and the Cop Car and the Jail stand on
    them: every /roll, and the end of every turn, would find no board. Before, it passed,
    and every run after stopped (KeyError: 'ring')."""
    with forge_tables(forge, "infinite-nomic-r7") as make:
        t = make(tmp_path, "no-ring")
        t.later().branch("no-ring", taken_out(t, "rules/005-the-game-board.md", "ring"),
                         author="alice")
        t.propose("alice", "no-ring")
        waits_for_a_fix(t, "keep the 'ring' binding (rule 5)")
        t.later().command("alice", "/roll")
        assert load_game(t.files()).state.board.token("alice").space != 1, t.out
        assert verify(t.files()) == []


def by_hand(t, files: dict[str, str]) -> None:
    """An admin's commit on the default branch: pushed past the ruleset on GitHub, made in
    the game's repository locally."""
    if t.kind == "local":
        import subprocess
        for path, text in files.items():
            (t.root / path).write_text(text)
        subprocess.run(["git", "-C", str(t.root), "-c", "user.name=alice", "-c",
                        "user.email=alice@example.com", "commit", "-qam", "by hand"],
                       check=True)
    else:
        t.fake.commit("main", files, author="alice", message="by hand")


@pytest.mark.parametrize("forge", ["local", "github"])
def test_infinite_nomic_with_its_ring_taken_out_by_hand_plays_on_until_a_proposal_mends_it(
        tmp_path, forge):
    """The proposal above cannot pass now; but an admin's hand edit, a merge on GitHub by
    hand, or an engine from before this check can leave rule 5 without its spaces. Before,
    every run after stopped at the first /roll or turn's end (KeyError: 'ring'): the game
    was halted until an admin mended it by hand. Now the board stands still, its commands
    refused saying why, and the rest of the game goes on: turns pass, and a proposal, held
    for nothing, puts the spaces back; then the board plays again."""
    with forge_tables(forge, "infinite-nomic-r7") as make:
        t = make(tmp_path, "no-ring")
        rule = "rules/005-the-game-board.md"
        spaces = t.read(rule)
        by_hand(t, taken_out(t, rule, "ring"))
        t.later().command("alice", "/roll")
        assert "/roll is not allowed: the board stands still: the rules in force were " \
            "changed (by hand, or by a proposal merged before the engine held such ones) as " \
            "a proposal would be held for: it would leave movement" in t.out, t.out
        assert "keep the 'ring' binding (rule 5)" in t.out
        assert t.cli("doctor") == 1 and "the board stands still, its commands refused" \
            in t.out, t.out
        t.later(25).tick()  # alice's 24 hours (rule 3) pass, and the board takes no part
        assert t.status()["turn"] == "bob"
        t.branch("spaces-back", {rule: spaces}, author="bob")
        number = t.propose("bob", "spaces-back")
        assert number is not None, t.out
        t.vote(number, "alice")
        t.later(25).tick()
        assert load_game(t.files()).records[-1].outcome.value == "passed"
        turn = t.status()["turn"]
        t.later().command(turn, "/roll")
        assert load_game(t.files()).state.board.token(turn).space != 1, t.out
        assert verify(t.files()) == []
