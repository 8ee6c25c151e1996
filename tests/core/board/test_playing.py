"""One action's play: the next action's and the next die's numbers, and the record's answer
saying where the player now stands on each kind of board."""

from dataclasses import replace

from nomic_ci.core.board.actionindex import ActionLog
from nomic_ci.core.board.actions import carry_out
from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.board.playing import play_for, record_of, rolled

from boardgames import bored_game, board_game
from builders import DICE, T0
from suberworld import holding, suber_game


def test_the_next_play_numbers_the_next_action_and_the_next_die():
    game = board_game(Token("alice", 3))
    first = play_for(game, T0, DICE, "alice")
    assert (first.action, first.next_roll, rolled(game)) == (1, 1, 0)
    state, record = carry_out(game, T0, DICE, "alice", "/roll", 1)
    after = replace(game, state=state, actions=ActionLog.of([record]))
    second = play_for(after, T0, DICE, "bob")
    assert (second.action, second.next_roll, rolled(after)) == (2, 2, 1)


def test_the_record_says_where_the_player_stands_on_each_kind_of_board():
    ring = play_for(board_game(Token("alice", 7), points={"alice": 3}), T0, DICE, "alice")
    assert record_of(ring, T0, "alice", "/pass", None).answer == \
        "alice is on space 7 with 3 points."
    world = play_for(suber_game(holding("alice", "Jungle")), T0, DICE, "alice")
    assert record_of(world, T0, "alice", "/gather", 4).answer.endswith(
        "alice is in the Jungle with 0 points.")
    squares = play_for(bored_game(Token("alice", 5), stats={"alice": {"money": 7}}), T0, DICE,
                       "alice")
    assert record_of(squares, T0, "alice", "/roll", None).answer == \
        "alice is on square 5 with $7, level 1, 0 experience and 100 hit points."
