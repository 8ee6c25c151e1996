"""The Arena and the Ticket (seed 003 rules 17 and 5.3)."""

import pytest

from nomic_ci.core.board.bored import arena
from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.mechanics.registry import BINDINGS

from boardgames import bored_game, counters, play_on


def test_the_bindings():
    assert BINDINGS["arena"].parse({"square": 21, "experience": 20, "gladius_sides": 4,
                                    "gladius_money": 50}) == arena.Arena(21, 20, 4, 50)
    with pytest.raises(ValueError):
        BINDINGS["arena"].parse({"square": 21, "experience": 20, "gladius_sides": 1,
                                 "gladius_money": 50})
    assert BINDINGS["ticket"].parse({"price": 100}) == 100


def test_a_fight_damages_the_loser_and_can_cost_two_levels():
    # 17.3: alice (level 1) 2d6 + 1d6 = 6 + 6 + 6 = 18; bob (level 3) 2d6 + 3d6 = 5 × 1 = 5;
    # 17.9: bob loses 13 of his 10 hit points: 12.4 sets 100 and takes two levels
    game = bored_game(Token("alice", 21, landed=21), Token("bob", 4, items=(("Hen", 2),)),
                      stats={"bob": {"level": 3, "hit_points": 10}})
    play = play_on(game, "alice", 6, 6, 6, 1, 1, 1, 1, 1)
    assert arena.challenge(play, "alice", ["bob", "hen"]) is None
    assert counters(play, "bob") == {"money": 10000, "level": 1, "experience": 0,
                                     "hit_points": 100}
    assert counters(play, "alice")["experience"] == 10 and counters(play, "alice")["level"] == 2
    assert play.token("alice").item("Hen") == 1 and play.token("bob").item("Hen") == 1  # 17.4
    assert play.token("alice").beaten == ("bob",)  # 17.5
    assert play.token("alice").fought and play.token("alice").landed == 21  # one fight a
    # landing, which may still buy the square (16.1)


def test_the_first_to_beat_more_than_half_wins_the_gladius_which_pays_at_each_fight():
    # 17.6: alice has beaten bob; beating carol makes 2 of 3 players
    game = bored_game(Token("alice", 21, landed=21, beaten=("bob",)))
    play = play_on(game, "alice", 6, 6, 6, 1, 1, 1)
    arena.challenge(play, "alice", ["carol"])
    assert play.token("alice").item("Golden Gladius") == 1
    # 17.7: at the next fight its holder rolls a d4 more and earns $50
    game = bored_game(Token("alice", 3, items=(("Golden Gladius", 1),)),
                      Token("bob", 21, landed=21))
    play = play_on(game, "bob", 1, 1, 1, 1, 1, 1, 4)
    arena.challenge(play, "bob", ["alice"])
    assert "alice (level 1) rolls 3d6 and 4 of the Golden Gladius's d4: 7" in play.lines
    assert counters(play, "alice")["money"] == 10050
    assert counters(play, "bob")["hit_points"] == 96


def test_a_tie_has_no_winner():
    play = play_on(bored_game(Token("alice", 21, landed=21)), "alice", 2, 2, 2, 3, 2, 1)
    arena.challenge(play, "alice", ["bob"])
    assert "alice and bob both total 6: no one wins" in play.lines
    assert counters(play, "bob")["hit_points"] == 100


@pytest.mark.parametrize("token, stats, words, why", [
    (Token("alice", 21), {}, ["bob"], "has not landed on The Arena since their latest turn"),
    (Token("alice", 21, landed=21), {}, [], "say whom to fight"),
    (Token("alice", 21, landed=21), {}, ["alice"], "alice is not another player"),
    (Token("alice", 21, landed=21), {}, ["mallory"], "mallory is not another player"),
    (Token("alice", 21, landed=21), {"money": 0}, ["bob"], "makes no choices"),  # 4.4
    (Token("alice", 21, landed=21, fought=True), {}, ["bob"], "one fight a landing"),  # 17.2
])
def test_what_refuses_a_fight(token, stats, words, why):
    play = play_on(bored_game(token, stats={"alice": stats}))
    assert why in arena.challenge(play, "alice", words)
    assert play.rolls == []


def test_a_ticket_costs_100_and_is_used_at_the_next_turn():
    play = play_on(bored_game(Token("alice", 5)))
    assert arena.buy_ticket(play, "alice") is None
    assert counters(play, "alice")["money"] == 9900
    assert arena.use_ticket(play, "alice") and play.token("alice").space == 21
    assert not arena.use_ticket(play, "alice")
