"""The Suber world's table in state/README.md."""

from dataclasses import replace

from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.board.worldfile import Settler
from nomic_ci.text.readmes import render_state
from nomic_ci.text.world_table import world_lines

from builders import make_game
from suberworld import holding, suber_game


def test_each_player_with_location_holdings_profession_and_claim():
    game = suber_game(holding("alice", "Marsh", fish=5, wheat=2, Bread=1), Token("bob", 1),
                      settlers=(Settler("alice", profession="Cook", claim="Marsh", upgrades=2),
                                Settler("bob", landowner=False)))
    lines = world_lines(game)
    assert lines[1] == "## The world (rule 302)"
    assert "| alice | Marsh | yes | Cook | 2 wheat, 5 fish | 1 Bread | Marsh (+2) |" in lines
    assert "| bob | City | no | — | — | — | — |" in lines  # no location: the City (302)
    assert "## The world" in render_state(game)


def test_no_world_without_locations():
    assert world_lines(make_game()) == []
    game = suber_game()
    assert world_lines(replace(game, state=replace(game.state, board=None))) == []
