"""The Frontier (rule 8): exploring adds spaces and, from 3 new ones, a Snake or Ladder."""

from nomic_ci.core.board.infinite import frontier
from nomic_ci.core.board.boardfile import Pair, Token

from boardgames import board_game, play_on


def test_a_roll_of_2_adds_one_space_and_no_pair():
    play = play_on(board_game(Token("alice", 10)))
    assert frontier.on_frontier(play, "alice")
    frontier.explore(play, "alice", 2)
    assert play.board.added_spaces == 1 and play.board.pairs == () and play.rolls == []


def test_a_roll_of_6_adds_five_spaces_and_pairs_a_new_space_with_a_bare_old_one():
    # dice: 2 (a Ladder), 3 (the third new space: 13), 5 (the fifth bare old space: the
    # Cop Car is on 4, so 1, 2, 3, 5, 6 → 6)
    play = play_on(board_game(Token("alice", 10)), "alice", 2, 3, 5)
    frontier.explore(play, "alice", 6)
    assert play.board.added_spaces == 5
    assert play.board.pairs == (Pair("Ladder", 1, 6, 13),)
    assert [(d.sides, d.result) for d in play.rolls] == [(2, 2), (5, 3), (9, 5)]


def test_exploring_stops_at_the_largest_board():
    play = play_on(board_game(Token("alice", 10_000), added_spaces=9_990))
    frontier.explore(play, "alice", 6)
    assert play.board.added_spaces == 9_990 and "adds no space" in play.lines[0]


def test_the_binding_takes_the_minutes_after_which_others_may_explore():
    from datetime import timedelta

    import pytest
    assert frontier.parse({"pair_from": 3, "others_after": "10m"}) == frontier.FrontierRule(
        3, timedelta(minutes=10))
    assert frontier.parse({"pair_from": 3}).others_after is None  # only the roller, ever
    with pytest.raises(ValueError):
        frontier.parse({"pair_from": 3, "others": "10m"})


def test_a_roll_waiting_on_the_frontier_holds_the_turn_and_opens_ten_minutes_on():
    from dataclasses import replace
    from datetime import timedelta

    from nomic_ci.core.board.boardfile import Turn

    from builders import T0
    game = board_game(Token("alice", 10))
    assert frontier.waiting(game) is None and frontier.holds_turn(game) is None
    marks = Turn("alice", T0, moved_at=T0, roll=4, explore=4)
    game = replace(game, state=replace(game.state, board=replace(game.state.board,
                                                                 turn=marks)))
    assert frontier.waiting(game) == marks
    assert "the turn does not end until new territory is explored" in frontier.holds_turn(game)
    assert frontier.open_to_others_at(game.config, marks) == T0 + timedelta(minutes=10)


def test_nothing_waits_on_a_frontier_the_rules_no_longer_have():
    from dataclasses import replace

    from nomic_ci.core.board.boardfile import Turn

    from builders import T0
    game = board_game(Token("alice", 10), rules={
        "rules/008-points-and-tiles.md": lambda text: text.replace(
            "  frontier:\n    pair_from: 3\n    others_after: 10m\n", "")})
    marks = Turn("alice", T0, moved_at=T0, roll=4, explore=4)
    game = replace(game, state=replace(game.state, board=replace(game.state.board,
                                                                 turn=marks)))
    assert "frontier" not in game.config.board
    assert frontier.waiting(game) is None and frontier.holds_turn(game) is None
