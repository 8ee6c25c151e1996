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
    assert record.answer.startswith("alice offers bob 2 wheat for 1 fish (rule 306): bob may "
                                    "/accept alice.")
    game = replace(game, state=state)
    assert judge(game, T0, "carol", "decline", ["alice"]) == "alice offers carol no trade"
    state, record = carry_out(game, T0, DICE, "bob", "/decline alice", 8)
    assert state.board.world.settler("alice").offer is None
    assert record.effects[0] == {"settler": "alice", "why": "a trade declined (rule 306)",
                                 "offer": None}
    assert record.answer.startswith("alice's offer to bob (rule 306): bob declines.")
