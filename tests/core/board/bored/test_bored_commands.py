"""BoredNomic's commands: /buy and /sell by what they name, /heal, /reset, and the answer's
last sentence."""

from nomic_ci.core.board.bored import bored_commands as commands
from nomic_ci.core.board.boardfile import Token

from boardgames import bored_game, counters, play_on


def test_buy_names_what_is_sold():
    play = play_on(bored_game(Token("alice", 5)))
    assert commands.buy(play, "alice", ["castle"]) == (
        "there is no 'castle' to buy; try /buy hen, /buy ticket, /buy square NAME")
    assert commands.buy(play, "alice", ["hen", "2"]) == "/buy hen takes nothing more"
    assert commands.buy(play, "alice", ["ticket"]) is None
    assert commands.buy(play, "alice", ["hen"]) is None
    assert counters(play, "alice")["money"] == 10000 - 100 - 3000


def test_only_a_bankrupt_player_sells_back():
    play = play_on(bored_game(Token("alice", items=(("Hen", 1), ("Ticket", 1))),
                              stats={"alice": {"money": 0}}))
    assert commands.sell(play, "alice", ["ticket"]) is None  # 4.5: 100 / 3 rounds up to 34
    assert counters(play, "alice")["money"] == 34
    assert "alice is not bankrupt" in commands.sell(play, "alice", ["hen"])
    play = play_on(bored_game(Token("bob"), stats={"bob": {"money": 0}}))
    assert commands.sell(play, "bob", ["hen"]) == "bob has no hen"
    assert commands.sell(play, "bob", ["egg"]).startswith("say what to sell")


def test_heal_buys_at_most_the_level_a_turn_and_never_above_100():
    # 12.7: $250 a point, at most N a turn at level N, never above 100
    play = play_on(bored_game(Token("alice"), stats={"alice": {"level": 2, "hit_points": 90}}))
    assert commands.heal(play, "alice", ["-1"]) == "say how many hit points to buy: /heal N"
    assert commands.heal(play, "alice", ["0"]) == "say how many hit points to buy: /heal N"
    assert "at most 2 hit points a turn" in commands.heal(play, "alice", ["3"])
    assert commands.heal(play, "alice", ["2"]) is None
    assert counters(play, "alice")["hit_points"] == 92 and counters(play, "alice")["money"] == 9500
    assert "has bought 2 since their latest turn" in commands.heal(play, "alice", ["1"])
    play = play_on(bored_game(Token("bob"), stats={"bob": {"level": 5, "hit_points": 98}}))
    assert "may not take them above 100" in commands.heal(play, "bob", ["3"])
    play = play_on(bored_game(Token("carol"), stats={"carol": {"money": 300, "level": 2,
                                                                "hit_points": 50}}))
    assert "no one may make themselves bankrupt" in commands.heal(play, "carol", ["2"])


def test_reset_is_level_one_and_a_dollar():
    play = play_on(bored_game(Token("alice"), stats={"alice": {"level": 4, "experience": 3}}))
    assert commands.reset(play, "alice", ["now"]) == "/reset takes nothing after it"
    assert commands.reset(play, "alice", []) is None
    assert counters(play, "alice") == {"money": 10001, "level": 1, "experience": 3,
                                       "hit_points": 100}


def test_the_answer_ends_with_where_the_player_stands():
    play = play_on(bored_game(Token("alice", 7), stats={"alice": {"money": 12345}}))
    assert commands.standing(play, "alice") == (
        "alice is on square 7 with $12,345, level 1, 0 experience and 100 hit points")


def test_numbers_no_game_can_hold_are_refused_not_crashed_on():
    """'²' passes `str.isdigit`, which int() then refuses; 5,000 digits pass it too. A command
    that crashed the engine would be read again at every run, and the game stop."""
    from nomic_ci.core.board.bored import deeds, reserves
    play = play_on(bored_game(Token("alice")))
    for word in ("²", "٣", "9" * 5000):
        assert commands.heal(play, "alice", [word]) == "say how many hit points to buy: /heal N"
        assert deeds.reject(play, "admin", [word]) == "say which square: /reject N"
        assert deeds.release(play, "alice", [word]) == "say which square, by its number"
        assert reserves.strengthen(play, "alice", [word]) == "say which proposal: /strengthen N"
