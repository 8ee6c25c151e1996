"""Proposals that state events (seed 004, rule 4)."""

from nomic_ci.core.board.infinite.events import may_change

from builders import make_game


def test_round_7_lets_a_proposal_change_the_points_and_the_board_only():
    config = make_game(ruleset="infinite-nomic-r7").config
    assert may_change(config, "state/players.yaml") and may_change(config, "state/board.yaml")
    assert not may_change(config, "state/game.yaml") and not may_change(config, "README.md")
    assert not may_change(make_game().config, "state/players.yaml")  # no such rule there


def test_stated_events_change_points_alone_in_the_players_file():
    """Rule 4's events are points and the board: a proposal that gives a seat to another
    account, removes a player, reorders the turns or grants a veto states no event."""
    from dataclasses import replace

    from nomic_ci.core.board.infinite.events import beyond_events
    game = make_game("alice:1,bob:2,carol:3", ruleset="infinite-nomic-r7")
    state, config = game.state, game.config
    alice, bob, carol = state.players

    def after(*players):
        return replace(state, players=players)
    assert beyond_events(config, state, after(replace(alice, points=9), bob, carol)) is None
    assert "who holds a seat (bob (2), mallory (2))" in beyond_events(
        config, state, after(alice, replace(bob, login="mallory"), carol))
    assert "who holds a seat (bob (2), bob (666))" in beyond_events(
        config, state, after(alice, replace(bob, id=666), carol))
    assert "who holds a seat (carol (3))" in beyond_events(config, state, after(alice, bob))
    assert "the players' turn order" in beyond_events(config, state, after(bob, alice, carol))
    assert "change bob's veto: they may change the points and the board alone (rule 4)" in \
        beyond_events(config, state, after(alice, replace(bob, veto=True), carol))
