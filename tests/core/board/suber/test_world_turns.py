"""The Suber world counting each turn as it ends (seed 001, rules 302, 305, 307b, 308)."""

from dataclasses import replace
from datetime import timedelta

from nomic_ci.core.board.suber import world_turns
from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.board.worldfile import Settler
from nomic_ci.core.transitions import WorldTurn

from builders import T0, ScriptedDice
from suberworld import suber_game

LATER = T0 + timedelta(hours=1)


def turned(game, to: str, *, inactive=()):
    """The game after `game`'s turn passed to `to` (inactive players as given)."""
    state = game.state
    players = tuple(replace(p, inactive_since=T0 if p.login in inactive else None)
                    for p in state.players)
    return replace(game, state=replace(state, players=players, turn=to, turn_started=LATER,
                                       last_change=LATER))


def test_nothing_is_due_while_the_world_has_counted_the_turn():
    assert list(world_turns.timers(suber_game())) == []


def test_the_ended_turn_is_counted_and_its_player_may_roll_until_the_next_ends():
    game = turned(suber_game(settlers=(Settler("carol", gather=True),
                                       Settler("bob", fresh=(("Bread", 1),)))), "bob")
    [(at, transition)] = world_turns.timers(game)
    assert at == LATER and transition == WorldTurn(LATER, "alice", ())
    state, record = world_turns.turn_ended(game, transition, ScriptedDice())
    world = state.board.world
    assert (world.settler("alice").turns, world.settler("alice").stay) == (1, 1)
    assert world.settler("alice").gather and not world.settler("carol").gather
    assert world.settler("bob").fresh == ()  # usable from this turn on (307b)
    assert world.turn == ("bob", LATER) and record.command == "turn end"
    assert list(world_turns.timers(replace(game, state=state))) == []


def test_a_skipped_turn_loses_landowner_status():
    game = turned(suber_game(), "carol", inactive=("bob",))
    [(_, transition)] = world_turns.timers(game)
    assert transition.skipped == ("bob",)
    state, _ = world_turns.turn_ended(game, transition, ScriptedDice())
    assert state.board.world.settler("bob").landowner is False
    assert state.board.world.settler("carol").landowner is True


def test_a_player_with_no_location_is_placed_in_the_city_as_a_turn_ends():
    game = turned(suber_game(Token("bob", 1)), "bob")
    [(_, transition)] = world_turns.timers(game)
    state, _ = world_turns.turn_ended(game, transition, ScriptedDice())
    assert state.board.token("bob").space == "City"


def test_a_world_enacted_into_a_game_under_way_counts_from_the_turn_it_finds():
    game = suber_game()
    game = replace(game, state=replace(game.state, board=replace(
        game.state.board, world=replace(game.state.board.world, turn=None))))
    [(_, transition)] = world_turns.timers(game)
    assert transition.ended == ""
    state, record = world_turns.turn_ended(game, transition, ScriptedDice())
    assert state.board.world.turn == ("alice", T0) and record is None


def test_a_game_without_locations_has_no_world_to_count():
    game = turned(suber_game(rules={"rules/302-locations.md": _unbound}), "bob")
    assert list(world_turns.timers(game)) == []


def _unbound(text: str) -> str:
    """Rule 302 without its binding: prose for the players."""
    head, body = text.split("bindings:", 1)
    return head + "---\n" + body.split("---\n", 1)[1]


def test_a_turn_whose_clock_restarts_has_not_ended():
    # rule 206: alice's turn began while bob's proposal was in its vote; when it ends, her
    # turn starts again (core/turns.py): the same turn, which the world counts on
    from nomic_ci.core.turns import pass_turn_after
    for inactive in ((), ("bob", "carol")):  # whoever else is left to play
        game = turned(suber_game(), "alice", inactive=inactive)
        game = replace(game, state=replace(game.state, turn_started=T0))
        state = pass_turn_after(game.state, game.config, LATER, "bob")
        assert (state.turn, state.turn_started) == ("alice", LATER)
        assert state.board.world.turn == ("alice", LATER)
        assert list(world_turns.timers(replace(game, state=state))) == []


def test_a_player_alone_in_the_turn_order_plays_turn_after_turn():
    game = turned(suber_game(), "alice", inactive=("bob", "carol"))
    [(_, transition)] = world_turns.timers(game)
    assert transition == WorldTurn(LATER, "alice", ("bob", "carol"))
