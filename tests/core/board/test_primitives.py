"""The primitives every mechanic shares: each changes the game and records why."""

import pytest

from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.errors import GameError
from nomic_ci.core.mechanics.values import Roll

from boardgames import board_game, play_on, scores


def test_each_primitive_records_its_effect_in_order():
    play = play_on(board_game(Token("alice", 2)), "alice", 3)
    assert play.roll(Roll(1, 6), "movement") == 3
    play.move("alice", (3, 4, 5), "movement")
    play.gain("alice", 10, "Fives")
    play.place("alice", "jail", "Cop Car")
    assert [list(e)[0] for e in play.effects] == ["move", "gain", "place"]
    assert play.effects[0] == {"move": "alice", "from": 2, "to": 5, "path": [3, 4, 5],
                               "why": "movement"}
    assert scores(play)["alice"] == 10 and play.points == {"alice": 10}
    assert dict(play.rolls[0].inputs) == {"seed": "5eed", "roll": 1, "purpose": "board"}


def test_the_marks_of_a_turn_are_kept_only_for_the_player_whose_turn_it_is():
    play = play_on(board_game(Token("bob", 2)), "bob")
    play.mark(continued=True)
    assert play.board.turn is None


def test_dice_that_are_not_the_games_roll_nothing():
    from dataclasses import replace

    from nomic_ci.core.files.state import DiceSecret
    game = board_game(Token("alice", 2))
    game = replace(game, state=replace(game.state, dice_secrets=(DiceSecret("a" * 64, 1),)))
    with pytest.raises(GameError, match="not the ones this game is committed to"):
        play_on(game, "alice", 3).roll(Roll(1, 6), "movement")
