"""Features (rule 11): their order on landing, alphabetical, with rule 20's exception."""

from nomic_ci.core.board.boardfile import House, Pair, Token
from nomic_ci.core.board.infinite.features import on_space, order

from boardgames import board_game, play_on


def test_features_apply_alphabetically_with_snakes_and_ladders_before_the_cop_car():
    play = play_on(board_game(Token("alice", 1)))
    assert [name for name, _ in order(play)] == [
        "Bank", "Ladder", "Snake", "Cop Car", "Fives", "House", "Master of Your Fate", "Shop"]


def test_a_space_lists_its_features_and_rule_8s_tiles_only_when_asked():
    game = board_game(Token("alice", 1), houses=(House(10, "bob"),),
                      pairs=(Pair("Snake", 1, 3, 10),), added_spaces=4)
    play = play_on(game)
    assert on_space(play, 10) == ["Snake", "House"]
    assert on_space(play, 10, tiles=True) == ["Snake", "Fives", "House"]
    assert on_space(play, 4) == ["Cop Car"] and on_space(play, 7) == []
    assert on_space(play, 14) == ["Bank"] and on_space(play, 13) == ["Shop"]


def test_seed_000s_unlucky_space_is_a_tile_of_its_own():
    from builders import make_game
    from dataclasses import replace
    from nomic_ci.core.board.boardfile import Board
    game = make_game(ruleset="infinite-nomic-r7-start")
    play = play_on(replace(game, state=replace(game.state, board=Board(), turn="alice")))
    assert on_space(play, 4) == [] and on_space(play, 4, tiles=True) == ["Unlucky Space"]
