"""Dice a player can neither choose nor foresee, and everyone can check.

A roll is derived from public inputs the game gives (its seed, the roll's number,
its purpose, the proposal), never from anything a player writes, such as a commit
hash; so re-runs reproduce it. With a secret (commit, then reveal), the roll is an
HMAC of those inputs under a secret only the engine holds: the game publishes a
SHA-256 commitment to the secret first and the secret itself later, and `verify`
then recomputes every roll. Without one, the roll is a plain SHA-256 of the inputs,
which anyone can compute ahead, so the game warns that rolls can be foreseen.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Mapping, Protocol

# hashlib and hmac are imported by the functions that hash: loading OpenSSL is a
# twentieth of a board game's `status`, which imports the dice but rolls none

METHOD = "sha256-v1"  # public: anyone can compute the roll from its inputs
SECRET_METHOD = "hmac-sha256-v1"  # secret: checkable once the secret is revealed
MIN_SECRET = 32  # characters: `openssl rand -hex 32` gives 64
MIN_DISTINCT = 8  # a secret of a few repeated characters could be guessed


class Dice(Protocol):
    """A source of dice rolls; the engine is handed one, tests hand it scripted ones."""

    method: str
    commitment: str | None  # the SHA-256 of the secret the rolls come from, if any

    def roll(self, sides: int, inputs: Mapping[str, Any]) -> int:
        """One die of `sides` sides for these inputs."""
        ...


class SeededDice:
    """Public dice: SHA-256 over the canonical JSON of the inputs."""

    method = METHOD
    commitment = None

    def roll(self, sides: int, inputs: Mapping[str, Any]) -> int:
        return derive_roll(sides, inputs)


class SecretDice:
    """Dice drawn from a secret: HMAC-SHA-256 of the inputs under it. `previous` is the secret
    this one replaces, given once so the engine can reveal it when it commits to the new one."""

    method = SECRET_METHOD

    def __init__(self, secret: str, previous: str | None = None) -> None:
        for text in (secret,) if previous is None else (secret, previous):
            if len(text) < MIN_SECRET or len(set(text)) < MIN_DISTINCT or not text.isascii():
                raise ValueError(f"a dice secret is at least {MIN_SECRET} characters of ASCII, "
                                 "not guessable (make one with: openssl rand -hex 32)")
        self._secret, self._previous = secret, previous
        self.commitment = commitment_of(secret)

    def roll(self, sides: int, inputs: Mapping[str, Any]) -> int:
        return derive_secret_roll(self._secret, sides, inputs)

    def reveal(self) -> str:
        """The secret itself, for publishing when the game ends."""
        return self._secret

    def reveal_previous(self) -> str | None:
        """The secret this one replaces, for publishing as the engine commits to this one."""
        return self._previous

    def __repr__(self) -> str:  # never the secret, whatever prints this
        return f"SecretDice(commitment={self.commitment[:12]}…)"


def commitment_of(secret: str) -> str:
    """What the game publishes before the first roll: the SHA-256 of the secret."""
    import hashlib
    return hashlib.sha256(secret.encode()).hexdigest()


def derive_roll(sides: int, inputs: Mapping[str, Any]) -> int:
    """A public roll: anyone can compute it from the inputs."""
    import hashlib
    return _uniform(sides, lambda data: hashlib.sha256(data).digest(), _canonical(sides, inputs))


def derive_secret_roll(secret: str, sides: int, inputs: Mapping[str, Any]) -> int:
    """A roll under a secret: nobody without the secret can compute it."""
    import hashlib
    import hmac
    key = secret.encode()
    return _uniform(sides, lambda data: hmac.new(key, data, hashlib.sha256).digest(),
                    _canonical(sides, inputs))


def _canonical(sides: int, inputs: Mapping[str, Any]) -> bytes:
    return json.dumps({"sides": sides, **inputs}, sort_keys=True, separators=(",", ":")).encode()


def _uniform(sides: int, digest: Callable[[bytes], bytes], data: bytes) -> int:
    """A face from 1 to `sides`, every face exactly equally likely (rejection sampling)."""
    first = digest(data)
    limit = (1 << 256) - (1 << 256) % sides
    counter = 0
    value = int.from_bytes(first, "big")
    while value >= limit:
        counter += 1
        value = int.from_bytes(digest(first + counter.to_bytes(4, "big")), "big")
    return value % sides + 1


def roll_inputs(seed: str, roll: int, proposal: int) -> dict:
    """What a turn's die is derived from: the game's seed and how many dice came before."""
    return {"seed": seed, "roll": roll, "proposal": proposal, "purpose": "turn"}
