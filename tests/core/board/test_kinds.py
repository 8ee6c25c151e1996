"""Every kind of board mechanic, and the keys they bind."""

from nomic_ci.core.board.kinds import BINDINGS, KINDS
from nomic_ci.core.mechanics.registry import BINDINGS as ALL


def test_every_board_binding_is_one_of_the_engines_bindings():
    assert len(BINDINGS) == sum(len(kind.BINDINGS) for kind in KINDS)
    assert all(ALL[key] is binding for key, binding in BINDINGS.items())
    assert {"ring", "movement", "fives", "cop_car", "snakes_and_ladders"} <= set(BINDINGS)
