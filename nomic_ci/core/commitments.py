"""Commit, then reveal: the secrets a game's dice are drawn from, as the state records them.

Before the first roll under a secret, the game publishes its SHA-256 (a commitment);
the engine reveals the secret itself when the game ends or when an admin replaces it,
and from then on `verify` recomputes every roll made under it. These are pure steps on
the state; the engine (`reconcile`) takes them when its dice and the state disagree.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from .dice import Dice, SecretDice, commitment_of
from .errors import GameError
from .files import GAME
from .files.history import History
from .files.state import DiceSecret, GameState, OpenProposal


def rolls_made(records: History, open_proposals: tuple[OpenProposal, ...]) -> int:
    """The game's rolls so far: the decided proposals' and those in their vote (which roll
    as they open, where the rules roll then)."""
    return records.dice() + sum(len(o.dice) for o in open_proposals)


def commit(state: GameState, commitment: str, from_roll: int) -> GameState:
    """The state with the dice drawn, from roll `from_roll` on, from the secret committed to."""
    return replace(state, dice_secrets=state.dice_secrets + (DiceSecret(commitment, from_roll),))


def reveal(state: GameState, secret: str) -> GameState:
    """The state with `secret` published beside its commitment."""
    commitment = commitment_of(secret)
    if not any(s.commitment == commitment and s.revealed is None for s in state.dice_secrets):
        raise GameError("that secret is not the one the game's dice are committed to",
                        path=GAME, hint="give the secret the game committed to")
    return replace(state, dice_secrets=tuple(
        replace(s, revealed=secret) if s.commitment == commitment else s
        for s in state.dice_secrets))


def settle_dice(state: GameState, dice: Dice, next_roll: Callable[[], int]
                ) -> tuple[GameState, str]:
    """The state with the engine's dice committed to (and a replaced secret revealed), and
    what changed, in a sentence; raises GameError when the dice cannot be the game's.
    `next_roll` counts the history's dice, asked only where a secret starts."""
    current = state.dice_secret
    if current is not None and dice.commitment == current.commitment:
        return state, ""
    if any(s.commitment == dice.commitment for s in state.dice_secrets):  # revealed already
        if state.over:
            return state, ""
        raise GameError("the engine's dice secret has been revealed, so anyone could foresee "
                        "its rolls", hint="give the engine a new secret")
    if current is None:
        if dice.commitment is None:
            return state, ""
        first = next_roll()
        return (commit(state, dice.commitment, first),
                f"The dice are now drawn from a secret the engine holds, committed to as "
                f"SHA-256 {dice.commitment[:12]}…, from roll {first} on.")
    if dice.commitment is None:
        raise GameError(f"this game's dice are committed to a secret (SHA-256 "
                        f"{current.commitment[:12]}…), but the engine was given none, so it "
                        "cannot roll", hint="give the engine its secret: on GitHub the "
                        "NOMIC_DICE_SECRET Actions secret; locally .git/nomic-ci/dice-secret")
    previous = dice.reveal_previous() if isinstance(dice, SecretDice) else None
    if previous is None or commitment_of(previous) != current.commitment:
        raise GameError(f"the engine's dice secret is not the one this game is committed to "
                        f"(SHA-256 {current.commitment[:12]}…)",
                        hint="to replace the secret, give the old one as well, so the engine "
                             "can reveal it: on GitHub as NOMIC_DICE_SECRET_PREVIOUS; locally "
                             "'nomic-ci dice rotate' does it")
    first = next_roll()
    state = commit(reveal(state, previous), dice.commitment, first)
    return state, (f"The dice secret is replaced: the old one (SHA-256 "
                   f"{current.commitment[:12]}…) is revealed in state/game.yaml, and rolls from "
                   f"{first} on come from a new one, SHA-256 {dice.commitment[:12]}….")


def reveal_at_end(state: GameState, dice: Dice) -> tuple[GameState, str]:
    """Once the game is over, the secret is published, so every roll can be checked."""
    current = state.dice_secret
    if not state.over or current is None or not isinstance(dice, SecretDice) \
            or dice.commitment != current.commitment:
        return state, ""
    return (reveal(state, dice.reveal()),
            f"The game is over, so the dice secret (SHA-256 {current.commitment[:12]}…) is "
            "revealed in state/game.yaml: 'nomic-ci verify' re-checks every roll.")
