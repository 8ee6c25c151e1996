"""The dice secret of a game on this machine, and `nomic-ci dice rotate|reveal`.

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

from ..core.commitments import reveal
from ..core.dice import Dice, SecretDice, SeededDice
from ..core.errors import GameError
from ..core.files.state import dump_state, read_state
from ..core.game import load_game
from ..forges.gitplumbing import Git
from ..forges.localforge import LocalForge
from ..reconcile import reconcile
from ..text.readmes import render_all
from .gamedir import now_from

SECRET = "nomic-ci/dice-secret"
PREVIOUS = "nomic-ci/dice-secret.previous"  # kept only while the engine replaces it
REVEALED = "nomic-ci/dice-secret.revealed"  # once published, no longer a secret


def dice_from_env(env: Mapping[str, str]) -> Dice | None:
    """The dice the environment gives (the engine workflow's secrets), if it gives any."""
    secret = env.get("NOMIC_DICE_SECRET") or None
    if secret is None:
        return None
    try:
        return SecretDice(secret, env.get("NOMIC_DICE_SECRET_PREVIOUS") or None)
    except ValueError as error:
        raise GameError(f"NOMIC_DICE_SECRET is not usable: {error}",
                        hint="make one with: openssl rand -hex 32") from None


def local_dice(root: Path) -> Dice:
    """The dice of the game in `root`: its secret, else the public seed."""
    from_env = dice_from_env(os.environ)
    if from_env is not None:
        return from_env
    git = Git(root)
    path = git.git_path(SECRET)
    if not path.exists():
        return SeededDice()
    previous = git.git_path(PREVIOUS)
    try:
        return SecretDice(path.read_text().strip(),
                          previous.read_text().strip() if previous.exists() else None)
    except ValueError as error:
        raise GameError(f"the dice secret is not usable: {error}", path=str(path),
                        hint="restore it; a game's rolls are checked against its commitment") \
            from None


def new_secret(git: Git) -> str:
    """A fresh secret, written where only the engine on this machine reads it."""
    secret = secrets.token_hex(32)
    path = git.git_path(SECRET)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600)
    path.write_text(secret + "\n")
    return secret


def cmd_dice(args) -> int:
    root, now = Path(args.repo), now_from(args.now)
    git = Git(root)
    current = git.git_path(SECRET)
    if not current.exists():
        raise GameError("this game has no dice secret on this machine", path=str(current),
                        hint="a game made with 'nomic-ci init' without --public-dice has one")
    forge = LocalForge(root, now)
    if args.action == "rotate":  # the engine reveals the old secret as it commits to the new
        current.replace(git.git_path(PREVIOUS))
        new_secret(git)
        lines = reconcile(forge, now, local_dice(root)).lines
        git.git_path(PREVIOUS).unlink()
    else:
        files = forge.read_files()
        state = reveal(read_state(files), current.read_text().strip())
        changed = dump_state(state, files)
        changed.update(render_all(load_game({**files, **changed})))
        lines = ["The dice secret is revealed in state/game.yaml: 'nomic-ci verify' re-checks "
                 "every roll made under it; later rolls come from the public seed."]
        forge.write_files({p: t for p, t in changed.items() if files.get(p) != t}, lines[0])
        forge.finish()
        current.replace(git.git_path(REVEALED))
    for line in lines:
        print(line)
    return 0
