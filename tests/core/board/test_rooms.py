"""The engine's way into the rooms of the board games in force: their commands, timers and
turn ends, and how a player stands in each."""

import pytest

from nomic_ci.core.board import rooms
from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.board.primitives import View
from nomic_ci.core.transitions import BoardTimer, Update, WorldTurn

from boardgames import board_game, bored_game
from builders import DICE, T0
from suberworld import suber_game

ADD_HENS = {"rules/008-points-and-tiles.md": lambda text: text.replace(
    "bindings:\n", "bindings:\n  hens: {price: 3000, one_in: 4, egg: 1000, most: 4}\n", 1)}


def test_each_game_gives_its_own_commands_and_the_suber_world_declines_too():
    assert list(rooms.commands(suber_game())) == [
        "use", "move", "gather", "trade", "accept", "decline", "profession", "craft", "claim",
        "upgrade"]
    assert "decline" in rooms.commands(board_game()) and "fight" in rooms.commands(bored_game())


def test_where_two_games_in_force_give_one_command_the_first_game_s_answers():
    """A round 7 game that enacted BoredNomic's hens: /exchange comes with them, and /buy
    stays Infinite Nomic's (the first game, as games.GAMES orders them)."""
    game = board_game(rules=ADD_HENS)
    given = rooms.commands(game)
    assert "exchange" in given and given["buy"].needs == ("houses", "shop")


def test_where_a_player_is_and_how_they_stand_is_each_game_s_own_words():
    ring = board_game(Token("alice", 3), Token("bob", "jail"), points={"alice": 7})
    view = View(ring.config, ring.state)
    assert rooms.standing(view, "alice") == "alice is on space 3 with 7 points"
    assert rooms.where(view, "bob") == "in Jail"
    world = suber_game(Token("alice", "Marsh"))
    assert rooms.standing(View(world.config, world.state), "bob") == \
        "bob is in the City with 0 points"
    bored = bored_game(Token("alice", 5))
    assert rooms.standing(View(bored.config, bored.state), "alice").startswith(
        "alice is on square 5 with $10,000, level 1")
    assert rooms.standing(View(bored.config, bored.state), "the-admin") == \
        "the-admin is the Admin"


@pytest.mark.parametrize("game, transition", [
    (board_game, BoardTimer(T0, "alice", "the Frontier opens")),
    (bored_game, Update(T0, "the update")),
    (suber_game, WorldTurn(T0, "", ()))])
def test_each_timer_is_carried_by_its_own_game_and_by_no_other(game, transition):
    state, _ = rooms.carry(game(), transition, DICE)
    assert state is not None
    others = [g for g in (board_game, bored_game, suber_game) if g is not game]
    for other in others:
        with pytest.raises(TypeError, match="no board game in force carries"):
            rooms.carry(other(), transition, DICE)
