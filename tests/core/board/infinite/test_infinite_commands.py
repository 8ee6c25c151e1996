"""Infinite Nomic's commands, given through the engine's judge and carry-out: houses, the
Shop's Flute, and a rule allowing more moves than the engine plays."""

from dataclasses import replace

from nomic_ci.core.board.actions import carry_out, judge
from nomic_ci.core.board.boardfile import House, Token, Turn

from boardgames import board_game
from builders import DICE, T0


def test_buying_a_house_and_building_it():
    game = board_game(Token("alice", 3), points={"alice": 6})
    state, _ = carry_out(game, T0, DICE, "alice", "/buy House", 1)
    assert state.board.token("alice").item("House") == 1
    assert judge(replace(game, state=state), T0, "alice", "house", []) is None
    state, _ = carry_out(replace(game, state=state), T0, DICE, "alice", "/house", 2)
    assert state.board.houses == (House(3, "alice"),)
    assert [p.points for p in state.players][0] == 1  # 6 − 5 (rule 11)
    on_cop_car = board_game(Token("alice", 4, items=(("House", 1),)))
    assert "space 4 has Cop Car" in judge(on_cop_car, T0, "alice", "house", [])


def test_a_flute_is_sold_only_on_a_shop():
    game = board_game(Token("alice", 11), points={"alice": 5}, added_spaces=3)
    assert judge(game, T0, "alice", "buy", ["Flute"]) is None
    away = board_game(Token("alice", 3), points={"alice": 5})
    assert "not on one" in judge(away, T0, "alice", "buy", ["Flute"])


def test_a_rule_allowing_more_moves_a_turn_is_read_and_the_second_roll_says_it_is_not_played():
    """Round 7's `per_turn` (1 to 100) is read, but the engine plays one move a turn: a
    player who passed a rule asking for two learns why their second /roll is refused."""
    twice = {"rules/007-moving.md": lambda text: text.replace("per_turn: 1", "per_turn: 2")}
    game = board_game(Token("alice", 3), rules=twice)
    moved = replace(game, state=replace(game.state, board=replace(
        game.state.board, turn=Turn("alice", T0, moved_at=T0))))
    assert judge(moved, T0, "alice", "roll", []) == (
        "alice has already moved this turn (rule 7: once a turn; the engine plays one move a "
        "turn, not the 2 the rule allows)")
