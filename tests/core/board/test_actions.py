"""The board commands: judged before any die is rolled, then carried out with the game's
dice, whichever game's room gives them."""

from dataclasses import replace

from nomic_ci.core.board.actionindex import ActionLog
from nomic_ci.core.board.actions import carry_out, commands_given, judge
from nomic_ci.core.board.boardfile import Token

from boardgames import board_game
from builders import DICE, T0, ScriptedDice


def test_round_7_gives_every_board_command():
    assert commands_given(board_game()) == ("roll", "continue", "choose", "buy", "use",
                                            "deposit", "withdraw", "house", "escape", "rejoin",
                                            "explore", "trade", "accept", "decline")


def test_a_command_is_judged_before_any_die_is_rolled():
    game = board_game(Token("alice", 3))
    assert judge(game, T0, "alice", "roll", []) is None
    assert judge(game, T0, "bob", "roll", []) == \
        "only the player whose turn it is may /roll (it is alice's turn)"
    assert judge(game, T0, "alice", "continue", []).startswith("alice has not moved this turn")
    assert judge(game, T0, "alice", "escape", []) == "alice is not in Jail"
    assert judge(game, T0, "bob", "buy", ["House"]).startswith("bob has 0 points")


def test_a_roll_is_carried_out_and_answered_with_the_dice_path_and_score():
    state, record = carry_out(board_game(Token("alice", 3)), T0, ScriptedDice(2), "alice",
                              "/roll", 9)
    assert state.board.token("alice").space == 5
    assert record.answer == ("alice rolls 2 (1d6, rule 7). movement (rule 7): alice moves "
                             "3 → 4 → 5. Fives: space 5 is divisible by 5 (rule 8): alice "
                             "gains 10 points (now 10). alice is on space 5 with 10 points.")
    assert record.comment == 9 and [d.result for d in record.dice] == [2]


def test_an_action_that_rolls_nothing_does_not_change_the_next_roll():
    """A player who could foresee the dice (public seed) cannot pick between two rolls by
    doing something that rolls nothing first: the next die is the same either way."""
    game = board_game(Token("alice", 3), points={"alice": 6})
    _, straight = carry_out(game, T0, DICE, "alice", "/roll", 1)
    state, bought = carry_out(game, T0, DICE, "alice", "/buy House", 1)
    after = replace(game, state=state, actions=ActionLog.of([bought]))
    _, later = carry_out(after, T0, DICE, "alice", "/roll", 2)
    assert dict(straight.dice[0].inputs) == dict(later.dice[0].inputs)
    assert straight.dice[0].result == later.dice[0].result
