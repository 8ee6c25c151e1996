"""Master of Your Fate (rule 8): buying the roll as a Number, and using Numbers."""

from dataclasses import replace

from nomic_ci.core.board.infinite import fate
from nomic_ci.core.board.boardfile import Token, Turn

from boardgames import board_game, play_on, scores

from builders import T0


def on_7_by(roll: int, points: int, **marks):
    game = board_game(Token("alice", 7), points={"alice": points})
    board = replace(game.state.board, turn=Turn("alice", T0, moved_at=T0, roll=roll, **marks))
    return play_on(replace(game, state=replace(game.state, board=board)))


def test_landing_on_7_by_a_roll_offers_to_buy_it_for_as_many_points():
    play = on_7_by(6, 10)
    fate.land(play, "alice", 7)
    assert play.board.turn.fate == 6 and play.board.turn.choice is None  # asks nothing
    assert fate.buy(play, "alice") is None
    assert scores(play)["alice"] == 4 and play.board.token("alice").numbers == (6,)
    assert fate.buy(play, "alice").startswith("alice has no roll to buy")  # once


def test_a_landing_not_by_the_roll_offers_nothing():
    landed = on_7_by(6, 10, landed=3)  # the roll landed on 3; a Number brought her here
    fate.land(landed, "alice", 7)
    assert landed.board.turn.fate is None


def test_buying_into_debt_is_refused_by_rule_16():
    assert fate.buy(on_7_by(6, 5, fate=6), "alice") == "alice has 5 points and may not buy " \
                                                       "for 6 (rule 16)"


def test_a_number_is_used_once_and_never_the_3_on_space_7():
    play = play_on(board_game(Token("alice", 7, numbers=(3, 5))))
    assert fate.use_number(play, "alice", 3) == "the Number 3 may not be used on space 7 (rule 8)"
    assert fate.use_number(play, "alice", 4) == "alice has no Number 4 (their Numbers: 3, 5)"
    assert fate.use_number(play, "alice", 5) is None
    assert play.board.token("alice").numbers == (3,)
