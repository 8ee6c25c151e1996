"""Turns and winners: the next player, the turn after a proposal, victory and the end."""

from dataclasses import replace

import pytest

from nomic_ci.core.turns import at_most, check_victory, next_player, pass_turn_after

from builders import HOUR, T0, make_game


def test_no_more_winners_than_the_rules_allow_most_points_first_then_turn_order():
    game = make_game("alice,bob,carol,dave")
    config = replace(game.config, max_winners=3)
    players = tuple(replace(p, points=pts) for p, pts in zip(game.state.players, (5, 9, 5, 5)))
    assert at_most(config, players) == ("bob", "alice", "carol")
    assert at_most(replace(config, max_winners=None), players) == ("bob", "alice", "carol",
                                                                    "dave")


def state_of(game, *, inactive=(), points=(), **fields):
    """The game's state with some players inactive or given points, and fields replaced."""
    players = tuple(replace(p, inactive_since=T0 if p.login in inactive else None,
                            points=dict(points).get(p.login, p.points))
                    for p in game.state.players)
    return replace(game.state, players=players, **fields)


FOUR = make_game("alice,bob,carol,dave")


@pytest.mark.parametrize("login, inactive, expected", [
    ("alice", (), "bob"),
    ("dave", (), "alice"),  # wraps around
    ("alice", ("bob", "carol"), "dave"),  # skips the inactive
    ("carol", ("dave", "alice"), "bob"),  # skips them across the end of the list
    ("carol", ("alice", "bob", "dave"), "carol"),  # back to the only active player
    ("mallory", ("alice",), "bob"),  # not in the list: the first active player
    ("alice", ("alice", "bob", "carol", "dave"), "bob"),  # no one active: the next in line
])
def test_the_next_player_is_the_next_active_one_down_the_list(login, inactive, expected):
    assert next_player(state_of(FOUR, inactive=inactive), FOUR.config, login) == expected


def test_a_player_in_the_gulag_is_skipped_only_where_a_rule_in_force_keeps_one():
    """Seed 004 rule 8: a player in the Gulag is "removed from the turn order"; a Gulag no
    rule in force keeps (repealed, its token left there by an older engine) skips no one."""
    from nomic_ci.core.board.boardfile import GULAG, Board, Token
    state = replace(FOUR.state, board=Board(tokens=(Token("bob", space=GULAG),)))
    kept = replace(FOUR.config, board={**FOUR.config.board, "gulag": 2})
    assert next_player(state, kept, "alice") == "carol"
    assert next_player(state, FOUR.config, "alice") == "bob"


@pytest.mark.parametrize("game, turn, proposer, after", [
    (make_game(), "alice", "alice", "bob"),
    (make_game(), "bob", "alice", "bob"),  # it passed already, by inactivity: bob's time
    # to propose starts now (seed 001 rules 202 and 206)
    (make_game(), None, "alice", "alice"),  # no one's turn: it starts at the top
    (make_game(ruleset="infinite-nomic-r7"), "alice", "alice", "alice"),  # not one-a-turn
    (make_game(ruleset="borednomic", admin="admin"), None, "alice", None),  # no turn order
])
def test_the_turn_passes_after_a_proposal_only_where_a_proposal_is_the_turn(game, turn,
                                                                           proposer, after):
    state = state_of(game, turn=turn)
    passed = pass_turn_after(state, game.config, T0 + HOUR, proposer)
    assert passed.turn == after
    restarted = passed.turn != turn or (turn, proposer) == ("bob", "alice")
    assert passed.turn_started == (T0 + HOUR if restarted else state.turn_started)


def test_the_turn_does_not_pass_once_the_game_is_over():
    game = make_game()
    state = state_of(game, ended_at=T0, winners=("bob",))
    assert pass_turn_after(state, game.config, T0 + HOUR, "alice") == state


@pytest.mark.parametrize("points, winners", [
    ({"bob": 99}, ()), ({"bob": 100}, ("bob",)), ({"bob": 100, "carol": 130}, ("carol", "bob")),
])
def test_reaching_the_victory_points_ends_the_game_with_the_winners(points, winners):
    game = make_game()
    state = check_victory(state_of(game, points=points), game.config, T0 + HOUR)
    assert state.winners == winners and state.over == bool(winners)
    assert (state.ended_at, state.turn) == ((T0 + HOUR, None) if winners else (None, "alice"))


def test_victory_is_checked_only_where_there_are_victory_points_and_the_game_goes_on():
    game = make_game()
    rich = state_of(game, points={"bob": 500})
    assert check_victory(rich, replace(game.config, victory_points=None), T0) == rich
    over = replace(rich, ended_at=T0, winners=("alice",))
    assert check_victory(over, game.config, T0 + HOUR) == over
    config = replace(game.config, max_winners=1)
    assert check_victory(state_of(game, points={"bob": 100, "carol": 100}), config,
                         T0).winners == ("bob",)
