"""Every kind of board mechanic, and the keys they bind, each module imported only when a
rule binds one of its keys."""

import subprocess
import sys

from nomic_ci.core.board.games import MODULE_OF, binding, every_kind
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
