"""Go (seed 003 rule 13): passing over it pays $200; landing on it or jumping does not."""

import pytest

from nomic_ci.core.board.bored import go
from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.mechanics.registry import BINDINGS

from boardgames import bored_game, counters, play_on


def test_passing_over_go_pays_and_landing_on_it_does_not():
    play = play_on(bored_game(Token("alice", 20)))
    go.passing(play, "alice", (21, 22, 1))  # lands on Go (6.7: passes over 21 and 22)
    assert counters(play, "alice")["money"] == 10000
    go.passing(play, "alice", (2, 3))
    go.passing(play, "alice", (22, 1, 2))  # 6.7: passes over 22 and 1
    assert counters(play, "alice")["money"] == 10200
    assert "passing Go (rule 13)" in play.lines[-1]


def test_the_binding():
    assert go.parse_go({"square": 1, "money": 200}) == go.Go(1, 200)
    for bad in ({"square": 0, "money": 200}, {"square": 1}, {"square": 1, "money": -5}):
        with pytest.raises(ValueError):
            BINDINGS["go"].parse(bad)
