"""Dice a player cannot choose or re-roll.

A roll is derived from the game's dice seed (fixed when the game was made)
and the proposal's number (given by the game, in order), never from anything
a player writes, such as a commit hash. The same inputs always give the same
roll, so a re-run reproduces it and `verify` can recompute it from the record.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Mapping, Protocol

METHOD = "sha256-v1"


class Dice(Protocol):
    """A source of dice rolls; the engine is handed one, tests hand it scripted ones."""

    method: str

    def roll(self, sides: int, inputs: Mapping[str, Any]) -> int:
        """One die of `sides` sides for these inputs."""
        ...


class SeededDice:
    """The game's dice: SHA-256 over the canonical JSON of the inputs."""

    method = METHOD

    def roll(self, sides: int, inputs: Mapping[str, Any]) -> int:
        return derive_roll(sides, inputs)


def derive_roll(sides: int, inputs: Mapping[str, Any]) -> int:
    canonical = json.dumps({"sides": sides, **inputs}, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode()).digest()
    # rejection sampling keeps every face exactly equally likely
    limit = (1 << 256) - (1 << 256) % sides
    counter = 0
    value = int.from_bytes(digest, "big")
    while value >= limit:
        counter += 1
        value = int.from_bytes(hashlib.sha256(digest + counter.to_bytes(4, "big")).digest(), "big")
    return value % sides + 1


def roll_inputs(seed: str, roll: int, proposal: int) -> dict:
    """What a turn's die is derived from: the game's seed and how many dice came before."""
    return {"seed": seed, "roll": roll, "proposal": proposal, "purpose": "turn"}
