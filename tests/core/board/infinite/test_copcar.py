"""The Cop Car (rule 11): its three options, its health, its move on a rolled 4."""

from nomic_ci.core.board.infinite import copcar
from nomic_ci.core.board.boardfile import CopCar, Token

from boardgames import board_game, play_on, scores


def test_landing_on_it_offers_the_choice():
    play = play_on(board_game(Token("alice", 4)))
    copcar.land(play, "alice", 4)
    assert play.board.turn.choice == "cop-car"


def test_a_admits_fault_and_goes_to_jail():
    play = play_on(board_game(Token("alice", 4)))
    assert copcar.choose(play, "alice", "a") is False
    assert play.board.token("alice").space == "jail"


def test_b_bribes_for_5_points_gives_it_5_health_and_ends_the_turn():
    play = play_on(board_game(Token("alice", 4), points={"alice": 7}))
    assert copcar.options(play, "alice") == {"a": None, "b": None, "c": (
        "a fight risks 10 points and alice has 7")}
    assert copcar.choose(play, "alice", "b") is True
    assert scores(play)["alice"] == 2 and play.board.cop_car == CopCar(4, 205)


def test_c_fights_two_dice_the_officers_first():
    won = play_on(board_game(Token("alice", 4), points={"alice": 10}), "alice", 2, 5)
    copcar.choose(won, "alice", "c")  # 5 beats 2: +10 points, -10 health
    assert scores(won)["alice"] == 20 and won.board.cop_car.health == 190
    lost = play_on(board_game(Token("alice", 4), points={"alice": 10}), "alice", 5, 2)
    copcar.choose(lost, "alice", "c")  # 2 loses to 5: -10 points and Jail
    assert scores(lost)["alice"] == 0 and lost.board.token("alice").space == "jail"
    assert [d.result for d in lost.rolls] == [5, 2]


def test_bringing_its_health_to_zero_pays_100_points_and_removes_it():
    play = play_on(board_game(Token("alice", 4), points={"alice": 10},
                              cop_car=CopCar(4, 10)), "alice", 1, 6)
    copcar.choose(play, "alice", "c")
    assert play.board.cop_car is None and scores(play)["alice"] == 120


def test_a_movement_roll_of_4_brings_it_to_the_players_space():
    play = play_on(board_game(Token("alice", 9)))
    copcar.after_roll(play, "alice", 3)
    assert play.board.cop_car.space == 4
    copcar.after_roll(play, "alice", 4)
    assert play.board.cop_car.space == 9
