"""An update's turns (seed 003 rules 7.1, 9.1): the order from the dice, each player's roll
and move, Go, the Ticket's jump, the Inquisition's wait, and 17.8's fight at once."""

from datetime import datetime, timezone

from nomic_ci.core.board.bored.update_play import play_update
from nomic_ci.core.board.boardfile import Token

from boardgames import bored_game
from builders import ScriptedDice

SUNDAY = datetime(2026, 5, 3, tzinfo=timezone.utc)


def money(state, login):
    return next(p for p in state.players if p.login == login).stat("money", {"money": 10000})


def test_the_order_is_drawn_and_each_player_rolls_2d6_and_moves():
    game = bored_game(added_spaces=0)
    # d3 of 3 takes carol of (alice, bob, carol), d2 of 1 alice of (alice, bob), then bob;
    # carol 6 + 6 = 12 to 13, alice 1 + 1 = 2 to 3, bob 3 + 4 = 7 to 8
    state, record = play_update(game, SUNDAY, ScriptedDice(3, 1, 6, 6, 1, 1, 3, 4))
    assert [state.board.token(x).space for x in ("alice", "bob", "carol")] == [3, 8, 13]
    assert state.board.added_spaces == 2  # 6.3: squares 21 and 22 join the board first
    assert "turns in the order carol, alice, bob" in record.answer
    assert record.command == "update" and record.login == "the-admin"
    assert state.board.token("bob").landed == 8
    assert [d.sides for d in record.dice] == [3, 2, 6, 6, 6, 6, 6, 6]


def test_passing_go_pays_and_a_ticket_jumps_without_passing():
    game = bored_game(Token("alice", 20), Token("bob", 20, items=(("Ticket", 1),)),
                      Token("carol", 5))
    # order: alice, bob, carol; alice 2 + 2 = 4: 21, 22, 1 → 2, passing over Go (+$200)
    state, _ = play_update(game, SUNDAY, ScriptedDice(1, 1, 2, 2, 1, 1))
    assert state.board.token("alice").space == 2 and money(state, "alice") == 10200
    # 5.3: bob jumps to the Arena (6.8: passing over nothing), and his Ticket is used
    assert state.board.token("bob").space == 21 and state.board.token("bob").item("Ticket") == 0
    assert money(state, "bob") == 10000


def test_a_player_with_a_question_does_not_advance():
    game = bored_game(Token("alice", 22, question="Music"))
    state, record = play_update(game, SUNDAY, ScriptedDice(1, 1, 3, 3, 2, 2))
    assert state.board.token("alice").space == 22  # 20.3
    assert "has not answered their question in Music yet" in record.answer


def test_two_players_landing_on_the_arena_in_one_update_fight_at_once():
    # 17.8: alice 10 → 21, then bob 15 → 21: they fight (2d6 + 1d6 each, both level 1)
    game = bored_game(Token("alice", 15), Token("bob", 15), Token("carol", 1))
    dice = ScriptedDice(1, 1, 3, 3, 3, 3, 6, 6, 6, 1, 1, 1, 2, 2)
    state, record = play_update(game, SUNDAY, dice)
    assert "bob and alice land on The Arena in the same update and fight (rule 17)" in record.answer
    assert "alice wins, 18 to 3" in record.answer
    # alice 6 + 6 + 6 = 18, bob 1 + 1 + 1 = 3: bob loses 15 hit points (17.9)
    assert next(p for p in state.players if p.login == "bob").stat("hit_points", {}) == 85
    # the fight spends both landings' fights: neither may /fight again before their next
    # turn; each may still buy the square (16.1), which the first to ask gets
    assert state.board.token("alice").fought and state.board.token("bob").fought
    assert state.board.token("alice").landed == state.board.token("bob").landed == 21
    assert state.board.token("carol").space == 5
