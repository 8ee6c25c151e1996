"""Proposals that state events (seed 004, rule 4)."""

from nomic_ci.core.board.infinite.events import may_change

from builders import make_game


def test_round_7_lets_a_proposal_change_the_points_and_the_board_only():
    config = make_game(ruleset="infinite-nomic-r7").config
    assert may_change(config, "state/players.yaml") and may_change(config, "state/board.yaml")
    assert not may_change(config, "state/game.yaml") and not may_change(config, "README.md")
    assert not may_change(make_game().config, "state/players.yaml")  # no such rule there
