"""The dice secret of a game on this machine, and `nomic-ci dice rotate`.

Locally the secret lives in the repository's git directory (`.git/nomic-ci/dice-secret`),
outside every tree and commit of the game, so it is never in its history; the game's
state holds only its commitment until it is revealed. `NOMIC_DICE_SECRET` (and
`NOMIC_DICE_SECRET_PREVIOUS`, to replace one) take its place where set, as on GitHub.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Mapping

from ..core.dice import Dice, SecretDice, SeededDice, commitment_of
from ..core.errors import GameError
from ..core.files.statefile import read_state
from ..forges.gitplumbing import Git
from ..forges.localforge import LocalForge
from ..reconcile import reconcile
from .gamedir import now_from

SECRET = "dice-secret"
PREVIOUS = "dice-secret.previous"  # kept only while the engine replaces it


def dice_from_env(env: Mapping[str, str]) -> Dice | None:
    """The dice the environment gives (the engine workflow's secrets), if it gives any."""
    secret = (env.get("NOMIC_DICE_SECRET") or "").strip() or None
    if secret is None:
        return None
    try:
        return SecretDice(secret, (env.get("NOMIC_DICE_SECRET_PREVIOUS") or "").strip() or None)
    except ValueError:  # say nothing of the secret, not even a character of it
        raise GameError("NOMIC_DICE_SECRET (or NOMIC_DICE_SECRET_PREVIOUS) is not a usable "
                        "dice secret", hint="make one with: openssl rand -hex 32") from None


def local_dice(git: Git) -> Dice:
    """The dice of the game in `git`'s repository: its secret, else the public seed."""
    from_env = dice_from_env(os.environ)
    if from_env is not None:
        return from_env
    path, previous = git.engine_path(SECRET), git.engine_path(PREVIOUS)
    if not path.exists():
        return SeededDice()
    try:
        return SecretDice(path.read_text().strip(),
                          previous.read_text().strip() if previous.exists() else None)
    except ValueError:
        raise GameError("the dice secret is not usable", path=str(path),
                        hint="restore it; a game's rolls are checked against its commitment") \
            from None


def new_secret(git: Git) -> str:
    """A fresh secret, written where only the engine on this machine reads it."""
    secret = secrets.token_hex(32)
    path = git.engine_path(SECRET)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600)
    path.write_text(secret + "\n")
    return secret


def cmd_dice(args) -> int:
    """`dice rotate`: replace the secret, the old one revealed as the engine commits to the new
    (the secret is revealed by itself when the game ends). A rotation that stopped half-way
    is finished, never started again, so the old secret is never lost."""
    root, now = Path(args.repo), now_from(args.now)
    git = Git(root)
    current, previous = git.engine_path(SECRET), git.engine_path(PREVIOUS)
    if not current.exists():
        raise GameError("this game has no dice secret on this machine", path=str(current),
                        hint="a game made with 'nomic-ci init' without --public-dice has one")
    if not previous.exists():
        current.replace(previous)
        new_secret(git)
    forge = LocalForge(root, now)
    lines = reconcile(forge, now, local_dice(forge.git)).lines
    old = commitment_of(previous.read_text().strip())
    state = read_state(LocalForge(root, now, writing=False).read_files())
    if any(s.commitment == old and s.revealed for s in state.dice_secrets):
        previous.unlink()  # public now, in state/game.yaml
    for line in lines:
        print(line)
    return 0
