"""Every kind of binding the engine knows, by key."""

from pathlib import Path

import pytest

from nomic_ci.core import mechanics
from nomic_ci.core.mechanics import registry
from nomic_ci.core.mechanics.registry import BINDINGS, every_kind

KINDS = every_kind()

NOT_KINDS = {"__init__", "binding", "registry", "config", "values", "thresholds"}
# the board's modules that are not mechanics: its state, play, commands, records, turns
BOARD_NOT_KINDS = {"__init__", "games", "rooms", "boardfile", "primitives", "actions",
                   "actionlog", "landing", "replay", "turn_end", "worldfile", "world_turns",
                   "actionindex", "corrections", "words", "playing", "trade", "opening",
                   # each game's commands, turns and verify's sums
                   "infinite_commands", "world_commands", "bored_commands", "update_play",
                   "ledger"}


def test_no_two_kinds_bind_the_same_key():
    keys = [binding.key for kind in KINDS for binding in kind.BINDINGS]
    assert len(keys) == len(set(keys)) == len(BINDINGS)


def test_every_key_maps_to_the_binding_its_kind_declares():
    for kind in KINDS:
        for binding in kind.BINDINGS:
            assert BINDINGS[binding.key] is binding


def test_every_module_of_the_mechanics_folder_is_a_listed_kind():
    folder = Path(mechanics.__file__).parent
    modules = {path.stem for path in folder.glob("*.py")} - NOT_KINDS
    modules |= {path.stem for path in (folder.parent / "board").rglob("*.py")} - BOARD_NOT_KINDS
    assert {kind.__name__.rsplit(".", 1)[1] for kind in KINDS} == modules
    assert len(KINDS) == len(modules)


def test_the_bindings_cannot_be_changed():
    with pytest.raises(TypeError):
        registry.BINDINGS["victory_points"] = BINDINGS["max_winners"]  # type: ignore[index]
    with pytest.raises(TypeError):
        del registry.BINDINGS["victory_points"]  # type: ignore[attr-defined]
    assert BINDINGS["victory_points"].key == "victory_points"
