"""The benchmark's board game is as play makes it: its round, played through the command
line, is what the engine's core writes from the same comments, and the game it grows to
adds up (tests/playedboard.py)."""

import pytest

import playedboard
from nomic_ci.cli.gamedir import working_files
from nomic_ci.core.game import load_game
from nomic_ci.core.verify import verify


def test_the_core_writes_the_round_s_bytes_and_the_grown_game_adds_up(tmp_path):
    said = playedboard.play(tmp_path / "game")
    assert [s.body for s in said[:2]] == ["/roll", "/pass"] and len(said) >= 18
    playedboard.grow(tmp_path / "game", said, 200)  # three days, at a turn in 22 minutes
    files = working_files(tmp_path / "game")
    game = load_game(files)
    assert len(game.actions) >= 200 and verify(files) == []
    # the last day's comments handled, not every one: the state does not grow with the game
    assert len(game.state.handled_comments) < 160 < game.state.handled_comments[-1][0]


def test_a_core_that_no_longer_writes_what_play_wrote_stops_the_benchmark(tmp_path):
    said = playedboard.play(tmp_path / "game")
    said[0].body = "/pass"  # not what was played: the core's round differs from play's
    with pytest.raises(SystemExit, match="no longer writes"):
        playedboard.grow(tmp_path / "game", said, 30)
