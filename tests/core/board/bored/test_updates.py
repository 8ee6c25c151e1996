"""When BoredNomic's updates are due (seed 003 rules 7.1, 9.1, 10.1)."""

from dataclasses import replace
from datetime import datetime, timezone

import pytest

from nomic_ci.core.board.bored import updates
from nomic_ci.core.mechanics.registry import BINDINGS

from boardgames import bored_game

FRIDAY = datetime(2026, 5, 1, 12, 0, tzinfo=timezone.utc)
SUNDAY, THURSDAY = datetime(2026, 5, 3, tzinfo=timezone.utc), datetime(2026, 5, 7, tzinfo=timezone.utc)


def test_the_binding():
    rule = BINDINGS["update_turns"].parse({"roll": "2d6", "days": ["thu", "sun"]})
    assert (str(rule.roll), rule.days) == ("2d6", frozenset({3, 6}))
    for bad in ({"roll": "2d6", "days": []}, {"roll": "2d6", "days": ["someday"]},
                {"roll": "2d6"}, {"roll": "x", "days": ["thu"]}):
        with pytest.raises(ValueError):
            BINDINGS["update_turns"].parse(bad)


def test_the_next_update_is_the_next_thursday_or_sunday_midnight():
    game = bored_game()
    assert game.state.last_change == FRIDAY
    assert updates.next_update(game) == SUNDAY
    at_sunday = replace(game, state=replace(game.state, last_change=SUNDAY))
    assert updates.next_update(at_sunday) == SUNDAY  # a decision at midnight comes first


def test_no_turns_are_taken_during_a_pause_or_after_the_end():
    game = bored_game()
    assert updates.next_update(replace(game, state=replace(game.state, paused_since=FRIDAY))) \
        is None
    assert updates.next_update(replace(game, state=replace(game.state, ended_at=FRIDAY))) is None


def test_after_an_update_the_next_one_comes():
    from nomic_ci.core.board.actionlog import ActionRecord
    game = bored_game()
    done = ActionRecord(1, SUNDAY, "the-admin", updates.COMMAND, None, "")
    game = replace(game, actions=(done,), state=replace(game.state, last_change=SUNDAY))
    assert updates.next_update(game) == THURSDAY
