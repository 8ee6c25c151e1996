"""Banks (rule 11): on multiples of 7 above 7; deposits, withdrawals and interest."""

from nomic_ci.core.board.infinite import bank
from nomic_ci.core.board.boardfile import Token

from boardgames import board_game, play_on, scores

BIG = {"rules/005-the-game-board.md": lambda t: t.replace("spaces: 10", "spaces: 30")}


def test_banks_stand_on_multiples_of_7_above_7():
    play = play_on(board_game(Token("alice", 1), rules=BIG))
    assert [s for s in range(1, 31) if bank.present(play, s)] == [14, 21, 28]


def test_passing_or_landing_on_a_bank_pays_1_per_5_in_the_account():
    play = play_on(board_game(Token("alice", 13, account=12), rules=BIG))
    bank.passing(play, "alice", (14, 15, 16, 17, 18, 19, 20, 21))
    # 12 holds two 5s: +2 at 14; 14 holds two: +2 at 21
    assert play.board.token("alice").account == 16


def test_deposits_are_multiples_of_5_and_withdrawals_no_more_than_the_account():
    play = play_on(board_game(Token("alice", 14), points={"alice": 12}, rules=BIG))
    assert bank.deposit(play, "alice", 7) == "deposits are positive multiples of 5 (rule 11)"
    assert bank.deposit(play, "alice", 15) == "alice has 12 points, fewer than 15"
    assert bank.deposit(play, "alice", 10) is None
    assert scores(play)["alice"] == 2 and play.board.token("alice").account == 10
    assert bank.withdraw(play, "alice", 11) == "alice's account holds 10: withdraw from 1 to 10"
    assert bank.withdraw(play, "alice", 4) is None
    assert scores(play)["alice"] == 6 and play.board.token("alice").account == 6
