"""The Suber world's commands, through the engine's judge and carry-out: a trade offered,
declined, and its record."""

from dataclasses import replace

from nomic_ci.core.board.actions import carry_out, commands_given, judge

from builders import DICE, T0
from suberworld import holding, suber_game


def test_the_world_gives_its_commands_and_a_trade_is_offered_and_declined_in_one_location():
    game = suber_game(holding("alice", "Marsh", wheat=5), holding("bob", "Marsh", fish=4))
    assert "decline" in commands_given(game) and "roll" not in commands_given(game)
    assert judge(game, T0, "alice", "trade", ["bob", "9", "wheat", "for", "nothing"]) == \
        "alice does not have 9 wheat (has 5)"
    state, record = carry_out(game, T0, DICE, "alice", "/trade bob 2 wheat for 1 fish", 7)
    assert record.answer.startswith("Trade 1 (rule 306): alice offers bob 2 wheat for 1 fish; "
                                    "bob may /accept 1 (or /decline 1).")
    game = replace(game, state=state)
    assert judge(game, T0, "carol", "decline", ["1"]) == \
        "Trade 1 (rule 306) is between alice and bob"
    state, record = carry_out(game, T0, DICE, "bob", "/decline 1", 8)
    assert state.board.offers == ()
    assert record.effects[0] == {"trade": "closed", "number": 1, "why": "bob declines"}
