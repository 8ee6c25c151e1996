"""The board games and every kind of board mechanic, by the keys they bind, each module
imported only when a rule binds one of its keys."""

import re
import subprocess
import sys
from importlib import import_module

from nomic_ci.core.board import rooms
from nomic_ci.core.board.games import (COMMANDS, GAMES, MODULE_OF, binding, every_kind,
                                       games_in_force)
from nomic_ci.core.mechanics import registry
from nomic_ci.core.mechanics.registry import BINDINGS as ALL


def test_the_table_of_keys_is_what_the_modules_bind():
    declared = {b.key: kind.__name__.removeprefix("nomic_ci.core.board.")
                for kind in every_kind() for b in kind.BINDINGS}
    assert declared == dict(MODULE_OF)
    assert {"ring", "movement", "fives", "cop_car", "snakes_and_ladders"} <= set(MODULE_OF)


def test_every_board_binding_is_one_of_the_engines_bindings():
    assert all(ALL[key] is binding(key) is registry.binding(key) for key in MODULE_OF)
    assert set(ALL) == registry.KEYS
    assert registry.binding("no_such_binding") is None


def test_looking_up_a_binding_imports_only_its_own_kind():
    code = ("import sys\nfrom nomic_ci.core.mechanics import registry\n"
            "registry.binding('turn_timeout'); registry.binding('hens')\n"
            "print(' '.join(m for m in sys.modules if m.startswith('nomic_ci.core.board.')))")
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True).stdout.split())
    assert "nomic_ci.core.board.bored.hens" in loaded
    assert not loaded & {"nomic_ci.core.board.ring", "nomic_ci.core.board.bored.arena",
                         "nomic_ci.core.board.actions", "nomic_ci.core.board.suber.crafts"}


def test_each_game_s_table_names_the_commands_its_room_gives():
    for game in GAMES:
        room = import_module(f"nomic_ci.core.board.{game.room}")
        assert tuple(room.commands()) == game.commands, game.room
    assert COMMANDS == {name for game in GAMES for name in game.commands}


def test_a_room_gives_the_engine_only_what_rooms_py_asks_for():
    """A misspelt hook would be a mechanic silently never played."""
    asked = set(re.findall(r"^\| `(\w+)", rooms.__doc__, re.M))
    assert {"commands", "timers", "carry", "turn_ends"} <= asked
    for game in GAMES:
        room = import_module(f"nomic_ci.core.board.{game.room}")
        given = {name for name, value in vars(room).items() if callable(value)
                 and not name.startswith("_") and getattr(value, "__module__", "") == room.__name__}
        assert given <= asked, (game.room, given - asked)


def test_the_games_in_force_are_the_ones_whose_keys_rules_bind():
    assert [g.room for g in games_in_force({"ring", "fives"})] == ["infinite"]
    assert games_in_force({"ring"}) == ()  # any board's: no game of its own
    assert [g.room for g in games_in_force({"hens", "locations", "jail"})] == \
        ["infinite", "suber", "bored"]
