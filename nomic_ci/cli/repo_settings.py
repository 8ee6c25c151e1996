"""What `nomic-ci host` sets on the repository besides its content: the Actions secrets
(the dice secret, the App's key), the App's variable, the default branch's ruleset, and
the one merge button the game's history can take.

Each looks before it writes. GitHub never shows a secret's value, so what this command set
is kept beside the game (`.git/nomic-ci/hosted.json`): the date GitHub gave the secret and
the SHA-256 of its value. A secret with that date, set from the same value, is left alone;
any other (set on GitHub otherwise, or from another value: an App's key made anew) is set,
since the value this command holds is checked first (the dice secret against the game's
commitment, the App's key by GitHub). Secrets are sealed with the repository's public key
by PyGithub, through PyNaCl.
"""

from __future__ import annotations

import hashlib
import json
from argparse import Namespace
from pathlib import Path
from typing import Any, Callable

from github import GithubException, UnknownObjectException
from github.Repository import Repository

from ..core.dice import commitment_of
from ..core.errors import GameError
from ..core.game import Game
from ..forges.gitplumbing import Git
from .dice_secret import SECRET
from .githubapi import message
from ..core.words import number_in

DICE_SECRET = "NOMIC_DICE_SECRET"
APP_ID, APP_KEY = "NOMIC_APP_ID", "NOMIC_APP_PRIVATE_KEY"
RULESET = "nomic-ci: the default branch"
HOSTED = "hosted.json"  # in .git/nomic-ci/: when this command set each secret, as GitHub says
ADMIN_ROLE = 5  # the repository role "admin", kept a bypass for repairs
# GitHub's answer where the plan has no rulesets (a private repository on a free plan): it
# names the plan to buy, "Upgrade to GitHub Pro or ..." for a user, "... Team or ..." for an
# organization
PLAN = "make this repository public to enable this feature"


class Hosted:
    """What this command set of each secret: the date GitHub gave it and its value's
    SHA-256 (never the value)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.data: dict[str, Any] = json.loads(path.read_text()) if path.is_file() else {}

    def set_at(self, name: str, value: str) -> str | None:
        """The date it set this secret, from this value; None where it set another."""
        kept = self.data.get(name)
        if isinstance(kept, str):  # kept before values were: its date alone
            return kept
        if isinstance(kept, dict) and kept.get("sha256") == _fingerprint(value):
            return kept.get("updated_at")
        return None

    def keep(self, name: str, updated_at: str, value: str) -> None:
        self.data[name] = {"updated_at": updated_at, "sha256": _fingerprint(value)}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.data, indent=1) + "\n")


def _fingerprint(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def _secret_date(repo: Repository, name: str) -> str | None:
    try:
        return repo.get_secret(name).updated_at.isoformat()
    except UnknownObjectException:
        return None


def _set_secret(repo: Repository, name: str, value: str, hosted: Hosted) -> str:
    """Set it, unless the one there is the one this command set from this value; say
    which (the value is checked before: the one there, if another, is the wrong one)."""
    there = _secret_date(repo, name)
    if there is not None and there == hosted.set_at(name, value):
        return "already set by this command"
    repo.create_secret(name, value, "actions")  # sealed with the repository's public key
    hosted.keep(name, _secret_date(repo, name) or "", value)
    return "set" if there is None else f"set again, in place of the one set on {there}"


def set_dice_secret(repo: Repository, root: Path, game: Game, hosted: Hosted,
                 say: Callable[[str], None]) -> None:
    current = game.state.dice_secret
    if current is None:
        say("- the game rolls from its public seed (made with --public-dice): no dice secret")
        return
    path = Git(root).engine_path(SECRET)
    secret = path.read_text().strip() if path.is_file() else ""
    if not secret or commitment_of(secret) != current.commitment:
        raise GameError(f"the dice secret in {path} is not the one the game is committed to "
                        f"(SHA-256 {current.commitment[:12]}…)",
                        hint="put there the secret the game is committed to: the one "
                             "`nomic-ci init` wrote, or since a replacement the new "
                             "NOMIC_DICE_SECRET")
    done = _set_secret(repo, DICE_SECRET, secret, hosted)
    say(f"✓ {DICE_SECRET}, the secret the game is committed to (SHA-256 "
        f"{current.commitment[:12]}…): {done}")


def set_app(repo: Repository, args: Namespace, hosted: Hosted,
         say: Callable[[str], None]) -> int | None:
    """The App's id as the variable, its key as the secret, when given, once GitHub says the
    App with that key is installed on the repository; its id either way where the
    repository has both (without its key the workflow runs on GITHUB_TOKEN)."""
    key = app_key_given(args)
    if key is not None:
        _refuse_an_app_that_cannot_run(repo, int(number_in(str(args.app_id))), key)
        try:
            variable = repo.get_variable(APP_ID)
            if variable.value != str(args.app_id):
                variable.edit(str(args.app_id))
                say(f"✓ {APP_ID}: changed to {args.app_id}")
            else:
                say(f"✓ {APP_ID}: {args.app_id}, already")
        except UnknownObjectException:
            repo.create_variable(APP_ID, str(args.app_id))
            say(f"✓ {APP_ID}: {args.app_id}")
        say(f"✓ {APP_KEY}: {_set_secret(repo, APP_KEY, key, hosted)}")
        return number_in(str(args.app_id))
    try:
        value = repo.get_variable(APP_ID).value
    except UnknownObjectException:
        return None
    if _secret_date(repo, APP_KEY) is None:  # the workflow then runs on GITHUB_TOKEN
        say(f"- {APP_ID} is set but not the secret {APP_KEY}: the engine runs on "
            "GITHUB_TOKEN, and the ruleset lets no App bypass it")
        return None
    return number_in(value)


def app_key_given(args: Namespace) -> str | None:
    """The App's private key, where --app-id and --app-key are given, both, and readable:
    checked before `host` does anything, so a mistyped option leaves nothing half-made."""
    if bool(args.app_id) != bool(args.app_key):
        raise GameError("an App needs both its id and its private key",
                        hint="give --app-id ID and --app-key FILE.pem together")
    if not args.app_id:
        return None
    if number_in(str(args.app_id)) is None:
        raise GameError(f"--app-id {args.app_id}: the App's numeric id",
                        hint="the App's page shows it as 'App ID'")
    try:
        return Path(args.app_key).read_text()
    except OSError as error:
        raise GameError(f"cannot read {args.app_key}: {error.strerror}",
                        hint="give the .pem file of a private key made on the App's page") \
            from None


def _refuse_an_app_that_cannot_run(repo: Repository, app_id: int, key: str) -> None:
    """Ask GitHub, as the App (a JWT signed with its key), for its installation on the
    repository: the workflow's token step fails every run where the id and the key do not
    match or the App is not installed there, and the ruleset would let only that App in."""
    from github import Auth  # only here: signing loads PyJWT and cryptography
    import jwt
    where = repo.full_name
    try:
        as_app = repo.requester.withAuth(Auth.AppAuth(app_id, key))
        as_app.requestJsonAndCheck("GET", f"{repo.url}/installation")
    except (ValueError, TypeError, jwt.PyJWTError) as error:
        raise GameError(f"the App's key is no RSA private key GitHub can check "
                        f"({type(error).__name__})",
                        hint="give the .pem file generated on the App's page ('Private "
                             "keys', 'Generate a private key')") from None
    except UnknownObjectException:
        raise GameError(f"the App {app_id} is not installed on {where}",
                        hint=f"install the App on {where}: on the App's page, 'Install App', "
                             f"then choose {where} (only it), and run this again") from None
    except GithubException as error:
        if error.status != 401:
            raise
        raise GameError(f"the App id and the key do not match: GitHub refused a token "
                        f"signed with that key for App {app_id} ({message(error)})",
                        hint="the App's page shows its 'App ID'; give the .pem of a key "
                             "generated there, not revoked") from None


def ruleset_wanted(app_id: int | None) -> dict[str, Any]:
    """The default branch's ruleset: never deleted nor forced. With the App, changes only by
    pull request, which the App (the engine's commits) and admins (repairs) bypass; without
    it, GITHUB_TOKEN cannot bypass a ruleset, so the engine commits the state directly."""
    rules: list[dict[str, Any]] = [{"type": "deletion"}, {"type": "non_fast_forward"}]
    bypass: list[dict[str, Any]] = []
    if app_id is not None:
        rules.append({"type": "pull_request", "parameters": {
            "required_approving_review_count": 0, "dismiss_stale_reviews_on_push": False,
            "require_code_owner_review": False, "require_last_push_approval": False,
            "required_review_thread_resolution": False}})
        bypass = [{"actor_id": app_id, "actor_type": "Integration", "bypass_mode": "always"},
                  {"actor_id": ADMIN_ROLE, "actor_type": "RepositoryRole",
                   "bypass_mode": "always"}]
    return {"name": RULESET, "target": "branch", "enforcement": "active",
            "conditions": {"ref_name": {"include": ["~DEFAULT_BRANCH"], "exclude": []}},
            "rules": rules, "bypass_actors": bypass}


def ruleset_agrees(there: dict[str, Any], wanted: dict[str, Any]) -> bool:
    """Whether a ruleset GitHub holds is the one wanted (GitHub may add defaults)."""
    def rules(items):
        return {r["type"]: r.get("parameters") or {} for r in items or []}
    mine, theirs = rules(wanted["rules"]), rules(there.get("rules"))
    return (there.get("enforcement") == wanted["enforcement"] and set(mine) == set(theirs)
            and all(theirs[t].get(k) == v for t, ps in mine.items() for k, v in ps.items())
            and sorted((a["actor_type"], a.get("actor_id")) for a in wanted["bypass_actors"])
            == sorted((a["actor_type"], a.get("actor_id")) for a in there.get("bypass_actors")
                      or [])
            and (there.get("conditions") or {}).get("ref_name", {}).get("include")
            == wanted["conditions"]["ref_name"]["include"])


def set_ruleset(repo: Repository, app_id: int | None, say: Callable[[str], None]) -> bool:
    """The default branch's ruleset made or put back as `ruleset_wanted`; False where the
    plan has none (a private repository on a free plan)."""
    wanted, requester = ruleset_wanted(app_id), repo.requester
    try:
        _, listed = requester.requestJsonAndCheck("GET", f"{repo.url}/rulesets")
        mine = next((r for r in listed if r.get("name") == RULESET), None)
        if mine is None:
            requester.requestJsonAndCheck("POST", f"{repo.url}/rulesets", input=wanted)
            say(f"✓ the default branch's ruleset '{RULESET}': made")
            return True
        _, there = requester.requestJsonAndCheck("GET", f"{repo.url}/rulesets/{mine['id']}")
        if ruleset_agrees(there, wanted):
            say(f"✓ the default branch's ruleset '{RULESET}': already")
            return True
        requester.requestJsonAndCheck("PUT", f"{repo.url}/rulesets/{mine['id']}", input=wanted)
        say(f"✓ the default branch's ruleset '{RULESET}': updated")
        return True
    except GithubException as error:
        if error.status == 403 and PLAN in message(error):
            say("- no branch ruleset: this plan has none for a private repository; the "
                "default branch is unprotected")
            return False
        raise GameError(f"GitHub refused the branch ruleset ({message(error)})",
                        hint="the token needs the repository's Administration permission") \
            from None


def merge_commits_only(repo: Repository) -> bool:
    """Whether merging a pull request on GitHub keeps its commits, as the engine merges: an
    admin's merge by hand with squash or rebase writes the proposal's changes as new
    commits, so the version voted on is not in the game's history, and a rebase of several
    commits leaves one of the proposal's own where the engine reads the commit it went onto
    (the rules in force before it, `GitHubForge._merged_onto`)."""
    return bool(repo.allow_merge_commit) and not repo.allow_squash_merge \
        and not repo.allow_rebase_merge


def set_merge_commits_only(repo: Repository, say: Callable[[str], None]) -> None:
    if merge_commits_only(repo):
        say("✓ pull requests merge by merge commit only: already")
        return
    repo.edit(allow_merge_commit=True, allow_squash_merge=False, allow_rebase_merge=False)
    say("✓ pull requests merge by merge commit only, as the engine merges (squash and rebase "
        "turned off: an admin's merge by hand keeps the version voted on in the history)")
