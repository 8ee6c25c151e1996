"""A proposal that takes out the board a board game is played on, and leaves the game: seed
003's squares (`ring`, rule 6) under BoredNomic's weekly moves, Go, property and the Arena;
the Suber world's locations (`locations`, rule 302) under its resources, trade, professions
and claims (305-308). Such a game cannot be played, so the proposal waits for a fix before
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
