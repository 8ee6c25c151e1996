"""`nomic-ci doctor --github OWNER/NAME`: what only GitHub knows of a live game, over its API.

Actions on and the game's workflows enabled, and a public repository's default branch not
so long without a commit that GitHub is about to turn them off; the dice secret's name
there (GitHub never shows a value); the App's variable and key together, when configured;
the default branch's ruleset, and that it lets the engine commit; the merge buttons
offered; each player's account
still the login the game has for their id; and the settings of runs for fork pull
requests. Each finding says its fix; a note says what a choice costs, without failing.
"""

from __future__ import annotations

import subprocess
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from github import GithubException, Github, UnknownObjectException
from github.Repository import Repository

from ..core.game import Game
from ..forges.githubforge import QUIET
from .bundle import CARRIED
from .githubapi import message
from .repo_settings import APP_ID, APP_KEY, DICE_SECRET, PLAN, merge_commits_only
from ..core.words import number_in

WORKFLOWS = [path for path in CARRIED if path.startswith(".github/workflows/")]
INACTIVE = 60  # days without a commit after which GitHub turns off a public repository's
# workflows with a schedule; the engine commits by itself after QUIET, so a few days past
WARN_AT = QUIET.days + 3  # that mean its runs have not been running


def live_findings(gh: Github, full_name: str, game: Game | None, now: datetime,
                  root: Path | None = None) -> tuple[list[str], list[str]]:
    """(problems, notes) of the repository on GitHub; with `root`, the folder whose game was
    checked, whether it is the game on GitHub's default branch."""
    try:
        repo = gh.get_repo(full_name)
    except GithubException as error:
        return [f"{full_name} cannot be read on GitHub ({message(error)}): check its name and "
                "that the token may read it"], []
    problems: list[str] = []
    notes: list[str] = []
    for check in (_actions, partial(_workflows, now=now), _secrets, _ruleset, _merges,
                  _forks):
        found, noted = check(repo, game)
        problems += found
        notes += noted
    if game is not None:
        problems += _players(gh, game)
    if root is not None:
        notes += _folder(repo, root)
    return problems, notes


def _folder(repo: Repository, root: Path) -> list[str]:
    """The checks of the game's files are of the folder's: once the engine has played, the
    folder `host` made is behind GitHub's default branch, until it is pulled."""
    here = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", "-q", "HEAD"],
                          capture_output=True, text=True, check=False).stdout.strip()
    there = repo.get_branch(repo.default_branch).commit.sha
    if not here or here == there:
        return []
    return [f"the game's files checked here are those of {root} at {here[:7]}, not of "
            f"{repo.default_branch} on GitHub, at {there[:7]}: `git -C {root} pull` brings "
            "the folder up to date, then check again"]


def _get(repo: Repository, path: str) -> Any:
    return repo.requester.requestJsonAndCheck("GET", f"{repo.url}{path}")[1]


def _actions(repo: Repository, game: Game | None) -> tuple[list[str], list[str]]:
    settings = _get(repo, "/actions/permissions")
    if not settings.get("enabled"):
        return [f"GitHub Actions are off for {repo.full_name}, so the engine never runs: turn "
                f"them on ({repo.html_url}/settings/actions)"], []
    if settings.get("allowed_actions") == "local_only":
        return ["Actions may only use this repository's own actions, and the workflows use "
                "actions/checkout, actions/setup-python and actions/create-github-app-token: "
                f"allow them ({repo.html_url}/settings/actions)"], []
    return [], []


def _workflows(repo: Repository, game: Game | None, now: datetime
               ) -> tuple[list[str], list[str]]:
    listed = {w["path"]: w for w in _get(repo, "/actions/workflows").get("workflows", [])}
    found = []
    for path in WORKFLOWS:
        workflow = listed.get(path)
        if workflow is None:
            found.append(f"{path} is not on the default branch on GitHub: push the game's "
                         "workflows")
        elif workflow["state"] == "disabled_inactivity":
            found.append(f"{path} is off: GitHub turned it off after {INACTIVE} days without "
                         "a commit, every trigger with its schedule, so the game stands "
                         f"still: enable it ({repo.html_url}/actions, the workflow, 'Enable "
                         "workflow')")
        elif workflow["state"] != "active":
            found.append(f"{path} is {workflow['state'].replace('_', ' ')}: enable it "
                         f"({repo.html_url}/actions, the workflow, 'Enable workflow')")
    if not found and not repo.private and not (game is not None and game.state.over):
        found += _going_quiet(repo, now)
    return found, []


def _going_quiet(repo: Repository, now: datetime) -> list[str]:
    """In a public repository GitHub turns a workflow with a schedule off, all its triggers
    with it, after 60 days without a commit."""
    last = repo.get_branch(repo.default_branch).commit.commit.committer.date
    days = (now - last).days if last else 0
    if days < WARN_AT:
        return []
    return [f"{repo.default_branch}'s latest commit is {days} days old: at {INACTIVE} days "
            "without one GitHub turns engine.yml off, events and schedule alike. The engine "
            f"commits after {QUIET.days} quiet days by itself, so its runs have not run or "
            "have failed since (the Actions tab says why); meanwhile an admin's empty commit "
            f"(`git commit --allow-empty`, then push) starts the {INACTIVE} days again"]


def _exists(fetch) -> bool:
    try:
        fetch()
        return True
    except UnknownObjectException:
        return False


def _secrets(repo: Repository, game: Game | None) -> tuple[list[str], list[str]]:
    found, notes = [], []
    committed = game is not None and game.state.dice_secret is not None
    if not _exists(lambda: repo.get_secret(DICE_SECRET)):
        if committed:
            found.append(f"the Actions secret {DICE_SECRET} is missing, and the game's dice "
                         "are committed to a secret: the engine stops at its next run. "
                         "`nomic-ci host` sets it from the game's folder (or `gh secret set "
                         f"{DICE_SECRET} < .git/nomic-ci/dice-secret`)")
        else:
            notes.append(f"no {DICE_SECRET}: the dice roll from the public seed, so anyone "
                         "can work out the next roll")
    has_id = _exists(lambda: repo.get_variable(APP_ID))
    has_key = _exists(lambda: repo.get_secret(APP_KEY))
    if has_id != has_key:
        have, lack = (f"the variable {APP_ID}", f"the secret {APP_KEY}") if has_id else \
            (f"the secret {APP_KEY}", f"the variable {APP_ID}")
        found.append(f"{have} is set but not {lack}, so the engine runs on GITHUB_TOKEN: set "
                     "both (`nomic-ci host ... --app-id ID --app-key FILE.pem`)")
    elif not has_id:
        notes.append("no GitHub App: the engine runs on GITHUB_TOKEN, and cannot merge a "
                     "proposal that changes .github/workflows/ (the setup guide's 'The App')")
    return found, notes


def _ruleset(repo: Repository, game: Game | None) -> tuple[list[str], list[str]]:
    try:
        listed = _get(repo, "/rulesets")
    except GithubException as error:
        if error.status == 403 and PLAN in message(error):
            return [], ["no branch ruleset: the plan has none for a private repository"]
        raise
    app = None
    if _exists(lambda: repo.get_variable(APP_ID)):
        value = repo.get_variable(APP_ID).value
        app = number_in(value)
    guarding = []
    for summary in listed:
        ruleset = _get(repo, f"/rulesets/{summary['id']}")
        include = ((ruleset.get("conditions") or {}).get("ref_name") or {}).get("include") or []
        if ruleset.get("enforcement") == "active" and ruleset.get("target", "branch") == \
                "branch" and ({"~DEFAULT_BRANCH", "~ALL", f"refs/heads/{repo.default_branch}"}
                              & set(include)):
            guarding.append(ruleset)
    if not guarding:
        return [f"no active ruleset protects {repo.default_branch}: anyone with write access "
                "could rewrite the game's history. `nomic-ci host` makes one (or Settings → "
                "Rules → Rulesets: block force pushes and deletions)"], []
    kinds = {rule["type"] for r in guarding for rule in r.get("rules") or []}
    found = []
    allowed = [what for kind, what in (("deletion", "deleting it"),
                                       ("non_fast_forward", "force pushes"))
               if kind not in kinds]
    if allowed:
        found.append(f"the rulesets on {repo.default_branch} allow {' and '.join(allowed)}: "
                     "block them")
    blocking = kinds & {"pull_request", "required_status_checks", "required_signatures",
                        "update", "required_linear_history"}
    if blocking:
        bypass = {(a.get("actor_type"), a.get("actor_id")) for r in guarding
                  for a in r.get("bypass_actors") or []}
        if app is None:
            found.append(f"a ruleset on {repo.default_branch} requires "
                         f"{', '.join(sorted(blocking))}, "
                         "which GITHUB_TOKEN cannot bypass, so the engine cannot commit the "
                         "game's state: drop those rules, or add the App and let it bypass")
        elif ("Integration", app) not in bypass:
            found.append(f"a ruleset on {repo.default_branch} requires "
                         f"{', '.join(sorted(blocking))} and the App ({app}) is not on its "
                         "bypass list, so the engine cannot commit the game's state: add it")
    return found, []


def _merges(repo: Repository, game: Game | None) -> tuple[list[str], list[str]]:
    """A note, not a fault: only an admin's merge by hand uses another button."""
    if repo.allow_merge_commit is None or merge_commits_only(repo):  # None: not shown us
        return [], []
    # GitHub keeps one button at least: where merge commits alone are not, one of these is
    offered = [name for name, on in (("squash", repo.allow_squash_merge),
                                     ("rebase", repo.allow_rebase_merge)) if on]
    return [], [f"pull requests may be merged by {' or '.join(offered)}:"
                " an admin's merge by hand that way leaves the version voted on out of the "
                "game's history. `nomic-ci host` offers merge commits alone, as the engine "
                f"merges ({repo.html_url}/settings, 'Pull Requests')"]


def _forks(repo: Repository, game: Game | None) -> tuple[list[str], list[str]]:
    if repo.private:
        try:
            settings = _get(repo, "/actions/permissions/fork-pr-workflows-private-repos")
        except GithubException:
            return [], []
        found = []
        if settings.get("send_write_tokens_to_workflows") or \
                settings.get("send_secrets_and_variables"):
            found.append("runs for fork pull requests get write tokens or secrets: a "
                         "proposal's code would run with them. Turn both off "
                         f"({repo.html_url}/settings/actions)")
        if not settings.get("run_workflows_from_fork_pull_requests"):
            found.append("workflows do not run for fork pull requests, so proposals get no "
                         "check and reviews reach the engine only on its schedule: allow "
                         f"them, without write tokens or secrets ({repo.html_url}/settings/"
                         "actions)")
        return found, []
    try:
        policy = _get(repo, "/actions/permissions/fork-pr-contributor-approval").get(
            "approval_policy")
    except GithubException:
        return [], []
    if policy == "all_external_contributors":
        return [], ["every outside contributor's workflow runs wait for your approval: a "
                    "player's review then reaches the engine only on its schedule; "
                    f"'first_time_contributors' spares regular players ({repo.html_url}/"
                    "settings/actions)"]
    return [], []


def _players(gh: Github, game: Game) -> list[str]:
    found = []
    people = [(p.login, p.id, "state/players.yaml") for p in game.state.players]
    if game.state.admin:
        people.append((game.state.admin, game.state.admin_id, "state/game.yaml"))
    for login, uid, where in people:
        if uid is None:
            continue  # said offline
        try:
            _, user = gh.requester.requestJsonAndCheck("GET", f"/user/{uid}")
        except UnknownObjectException:
            found.append(f"{where}: {login}'s id {uid} is no GitHub account any more: the "
                         "seat is held by no one; remove it by proposal")
            continue
        if user["login"].lower() != login.lower():
            found.append(f"{where}: {login} (id {uid}) is now {user['login']} on GitHub: "
                         "mentions of the old login reach someone else or no one; correct "
                         "the login (the id keeps the seat)")
    return found
