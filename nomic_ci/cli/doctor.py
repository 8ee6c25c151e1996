"""`nomic-ci doctor`: check a game repository before it goes live on GitHub, and after.

Offline, from the working tree: the workflows (present, every action pinned to a commit,
the engine step able to start, the schedule the rules need), the game's files (valid, the
READMEs up to date, the history adding up), what GitHub needs of the players (numeric ids),
and the dice secret this machine holds (the one the game is committed to). With
`--github OWNER/NAME` and a token, what only GitHub knows is checked too, over its API
(`doctor_live`).
"""

from __future__ import annotations

import re
from pathlib import Path

import os

from ..core.dice import commitment_of
from ..core.errors import GameError
from ..core.game import Game, load_game
from ..core.verify import verify
from ..core.wakeups import minutes_of, runs_a_month, wakeups
from ..forges.gitplumbing import Git
from ..text.readmes import stale_readmes
from .bundle import ENGINE_WORKFLOW, crons
from .dice_secret import SECRET
from .enginestep import check_engine_step
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


def check_game(root: Path) -> tuple[list[str], Game | None]:
    try:
        files = working_files(root)
        game = load_game(files)
    except GameError as error:
        return [str(error)], None
    found = [f"{path} is out of date: run `nomic-ci render` and commit it"
             for path in stale_readmes(files)]
    found += verify(files)
    found += [f"state/players.yaml: {p.login} has no numeric id: GitHub matches players by id; "
              f"add `id: ID` under their login, with ID from `gh api users/{p.login} --jq .id`, "
              "and commit it" for p in game.state.players if p.id is None]
    if game.config.board:
        from ..core.board.rooms import unplayable  # only a game with a board loads it
        stuck = unplayable(game.config)
        if stuck:
            found.append(f"the board stands still, its commands refused: the rules in "
                         f"force are as a proposal would be held for: {'; '.join(stuck)}. A "
                         "proposal, or an admin's commit, mends them")
    if game.state.admin is not None and game.state.admin_id is None:
        found.append(f"state/game.yaml: the Admin, {game.state.admin}, has no admin_id: "
                     f"add it (gh api users/{game.state.admin} --jq .id)")
    return found, game


def check_schedule(root: Path, game: Game) -> list[str]:
    """The engine's cron against what the rules in force need (`core.wakeups`)."""
    path = root / ENGINE_WORKFLOW
    if not path.is_file():
        return []
    need, lines = wakeups(game.config), crons(path.read_text())
    fix = f'set its schedule to `cron: "{need.cron}"` ({need.why()})'
    if not lines:
        return [f"{ENGINE_WORKFLOW} has no schedule, so deadlines pass only when something "
                f"else wakes the engine: {fix}"]
    every = [minutes_of(line) for line in lines]
    if None in every:
        return [f"{ENGINE_WORKFLOW}: the schedule {lines[every.index(None)]!r} is not a run "
                f"every few minutes of every hour, which doctor can judge: {fix}"]
    minutes = min(every)
    if minutes > need.minutes:
        return [f"{ENGINE_WORKFLOW} runs the engine every {minutes} minutes, so a deadline "
                f"can pass up to {minutes} minutes late where the rules need {need.why()}: "
                f"{fix}"]
    if minutes < need.minutes:
        more = runs_a_month(minutes) - need.runs_a_month
        return [f"{ENGINE_WORKFLOW} runs the engine every {minutes} minutes where the rules "
                f"need {need.why()}: some {more:,} job-minutes a month more than needed; "
                f"{fix}"]
    return []


def check_dice_secret(root: Path, game: Game) -> list[str]:
    """The secret this machine holds for the game against the one the game is committed to."""
    current = game.state.dice_secret
    from_env = (os.environ.get("NOMIC_DICE_SECRET") or "").strip()
    where, held = "NOMIC_DICE_SECRET", from_env or None
    if held is None and (root / ".git").exists():
        path = Git(root).engine_path(SECRET)
        where = str(path.relative_to(root)) if path.is_relative_to(root) else str(path)
        held = path.read_text().strip() if path.is_file() else None
    if current is None:
        return []
    if held is None:
        return [f"the game's dice are committed to a secret (SHA-256 "
                f"{current.commitment[:12]}…) that this machine does not hold ({where}): "
                "the engine's first run on GitHub stops unless the Actions secret "
                "NOMIC_DICE_SECRET is that secret. `nomic-ci init` keeps it in "
                ".git/nomic-ci/dice-secret of the game it makes: run doctor there"]
    if commitment_of(held) != current.commitment:
        return [f"the dice secret in {where} is not the one the game is committed to "
                f"(SHA-256 {current.commitment[:12]}…): the engine would stop. Give GitHub "
                "the secret `nomic-ci init` made (in .git/nomic-ci/dice-secret of the game "
                "it made)"]
    return []


ON_GITHUB = [
    "Actions on, and the game's workflows enabled and not about to be turned off for want "
    "of a commit",
    "the Actions secret NOMIC_DICE_SECRET, and the App's variable NOMIC_APP_ID and secret "
    "NOMIC_APP_PRIVATE_KEY together where there is an App",
    "a ruleset protecting the default branch that still lets the engine commit",
    "each player's account still the login the game has for their id",
    "the settings of runs for fork pull requests",
]


def cmd_doctor(args) -> int:
    root = Path(args.repo)
    problems, game = check_game(root)
    step, notes = check_engine_step(root)
    problems = check_workflows(root) + step + problems
    if game is not None:
        problems += check_schedule(root, game) + check_dice_secret(root, game)
    if args.github:
        from .doctor_live import live_findings
        from .githubapi import connect, split_repository
        from .gamedir import now_from
        live, noted = live_findings(connect(os.environ), "/".join(split_repository(
            args.github)), game, now_from(args.now), root)
        problems, notes = problems + live, notes + noted
    for line in problems:
        print(f"✗ {line}")
    for line in notes:
        print(f"- {line}")
    if not problems:
        print("✓ workflows present and pinned, the engine step starts, the schedule is the "
              "one the rules need; the game's files valid, rendered and adding up; every "
              "player has a numeric id; the dice secret here is the one the game is "
              "committed to" + (f"; on GitHub, {args.github} is set up for the game." if
                                args.github else "."))
    if not args.github:
        print("\nWhat only GitHub can tell: `nomic-ci doctor --github OWNER/NAME` checks it "
              "with your token (GH_TOKEN, or `gh auth token`):")
        for line in ON_GITHUB:
            print(f"- {line}")
    return 1 if problems else 0
