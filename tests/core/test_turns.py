"""Turns and winners: the next player, the turn after a proposal, victory and the end."""

from dataclasses import replace

from nomic_ci.core.turns import at_most

from builders import make_game


def test_no_more_winners_than_the_rules_allow_most_points_first_then_turn_order():
    game = make_game("alice,bob,carol,dave")
    config = replace(game.config, max_winners=3)
    players = tuple(replace(p, points=pts) for p, pts in zip(game.state.players, (5, 9, 5, 5)))
    assert at_most(config, players) == ("bob", "alice", "carol")
    assert at_most(replace(config, max_winners=None), players) == ("bob", "alice", "carol",
                                                                    "dave")
