"""Houses (rule 11): landing on another's House pays its owner."""

from nomic_ci.core.board.infinite import houses
from nomic_ci.core.board.boardfile import House, Token

from boardgames import board_game, play_on, scores


def test_landing_on_anothers_house_pays_its_owner_a_point():
    game = board_game(Token("alice", 3), points={"alice": 2}, houses=(House(3, "bob"),))
    play = play_on(game)
    houses.land(play, "alice", 3)
    assert scores(play) == {"alice": 1, "bob": 1, "carol": 0}


def test_nothing_is_paid_without_a_point_or_on_ones_own_house():
    game = board_game(Token("alice", 3), houses=(House(3, "bob"), House(3, "alice")))
    play = play_on(game)
    houses.land(play, "alice", 3)
    assert scores(play) == {"alice": 0, "bob": 0, "carol": 0} and play.effects == []
