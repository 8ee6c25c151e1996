"""The Shop and the Flute (rule 11)."""

from nomic_ci.core.board.infinite import shop
from nomic_ci.core.board.boardfile import Pair, Token

from boardgames import board_game, play_on


def test_shops_stand_on_the_primes_above_10():
    play = play_on(board_game(Token("alice", 1), added_spaces=20))
    assert [s for s in range(1, 31) if shop.present(play, s)] == [11, 13, 17, 19, 23, 29]


def test_a_flute_moves_a_snake_end_to_an_adjacent_space_and_disappears():
    game = board_game(Token("alice", 1, items=(("Flute", 1),)), pairs=(Pair("Snake", 1, 3, 8),))
    play = play_on(game)
    assert shop.use_flute(play, "alice", ["Snake", "1U", "sideways"]).startswith("say which")
    assert shop.use_flute(play, "alice", ["Snake", "2U", "up"]) == "there is no Snake 2"
    assert shop.use_flute(play, "alice", ["Snake", "1U", "up"]) is None
    assert play.board.pairs == (Pair("Snake", 1, 3, 9),)
    assert play.board.token("alice").item("Flute") == 0
    assert shop.use_flute(play, "alice", ["Snake", "1U", "up"]) == "alice has no Flute"
