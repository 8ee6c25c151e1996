"""The board commands: who may give each, when, and what it does."""

from dataclasses import replace

from nomic_ci.core.board.actionindex import ActionLog
from nomic_ci.core.board.actions import carry_out, commands_given, judge
from nomic_ci.core.board.boardfile import House, Token, Turn

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
