"""`nomic-ci doctor`: check a game repository before it goes live on GitHub.

Everything is read from the working tree, offline: the workflows (present, every action
pinned to a commit), the game's files (valid, the READMEs up to date, the history adding
up), and what GitHub needs of the players (numeric ids). What only GitHub can tell (the
App, the Actions secrets) is listed as what to check there.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..core.errors import GameError
from ..core.game import load_game
from ..core.verify import verify
from ..text.readmes import stale_readmes
from .gamedir import working_files

WORKFLOWS = ("engine.yml", "proposal-check.yml", "review-signal.yml")
_USES = re.compile(r"^\s*(?:-\s*)?uses:\s*(?P<action>[^\s#]+)", re.MULTILINE)
_PINNED = re.compile(r"@[0-9a-f]{40}$")


def check_workflows(root: Path) -> list[str]:
    found = []
    folder = root / ".github" / "workflows"
    for name in WORKFLOWS:
        path = folder / name
        if not path.is_file():
            found.append(f".github/workflows/{name} is missing: copy it from nomic-ci")
            continue
        for match in _USES.finditer(path.read_text()):
            action = match["action"]
            if not action.startswith("./") and not _PINNED.search(action):
                found.append(f".github/workflows/{name}: {action} is not pinned to a commit: "
                             "use the full 40-character SHA, as the shipped workflows do")
    if not (root / ".github" / "requirements-engine.txt").is_file():
        found.append(".github/requirements-engine.txt is missing: the engine installs its "
                     "dependencies, pinned with hashes, from it")
    return found


def check_game(root: Path) -> list[str]:
    try:
        files = working_files(root)
        game = load_game(files)
    except GameError as error:
        return [str(error)]
    found = [f"{path} is out of date: run `nomic-ci render` and commit it"
             for path in stale_readmes(files)]
    found += verify(files)
    found += [f"state/players.yaml: {p.login} has no numeric id: GitHub matches players by id "
              f"(gh api users/{p.login} --jq .id)" for p in game.state.players if p.id is None]
    if game.state.admin is not None and game.state.admin_id is None:
        found.append(f"state/game.yaml: the Admin, {game.state.admin}, has no admin_id: "
                     f"add it (gh api users/{game.state.admin} --jq .id)")
    return found


ON_GITHUB = [
    "the engine's GitHub App is installed on the repository, with its id in the Actions "
    "variable NOMIC_APP_ID and its key in the secret NOMIC_APP_PRIVATE_KEY (without them the "
    "engine runs with GITHUB_TOKEN, and the run's summary warns what then does not work)",
    "the Actions secret NOMIC_DICE_SECRET holds the dice secret whose SHA-256 "
    "state/game.yaml lists",
    "the default branch is protected so that only the engine merges",
]


def cmd_doctor(args) -> int:
    root = Path(args.repo)
    problems = check_workflows(root) + check_game(root)
    for line in problems:
        print(f"✗ {line}")
    if not problems:
        print("✓ workflows present and pinned; the game's files valid, rendered and adding "
              "up; every player has a numeric id.")
    print("\nTo check on GitHub, which this command cannot see:")
    for line in ON_GITHUB:
        print(f"- {line}")
    return 1 if problems else 0
