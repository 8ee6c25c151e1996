"""The host's own access to GitHub, for `host` and `doctor --github`: their token and API.

The token is the host's (`GH_TOKEN`, else `GITHUB_TOKEN`, else what `gh auth token` prints);
the API is `GITHUB_API_URL`'s (GitHub Enterprise, or a test's fake), else GitHub's. Neither
command ever prints the token, nor a secret it sets.
"""

from __future__ import annotations

import difflib
import os
import shutil
import subprocess
from typing import Mapping

from github import Auth, Github, GithubException, UnknownObjectException

from ..core.errors import GameError

API = "https://api.github.com"


def token_from(env: Mapping[str, str]) -> str:
    for name in ("GH_TOKEN", "GITHUB_TOKEN"):
        if (env.get(name) or "").strip():
            return env[name].strip()
    gh = shutil.which("gh")
    if gh:
        done = subprocess.run([gh, "auth", "token"], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, check=False)
        if done.returncode == 0 and done.stdout.strip():
            return done.stdout.strip()
    raise GameError("no GitHub token: GH_TOKEN is not set and `gh auth token` gave none",
                    hint="run `gh auth login`, or set GH_TOKEN to a token that may create "
                         "repositories and set their secrets (classic: repo and workflow "
                         "scopes; fine-grained: Administration, Contents, Secrets, Variables, "
                         "Workflows and Actions, read and write)")


def api_url(env: Mapping[str, str]) -> str:
    return (env.get("GITHUB_API_URL") or "").strip() or API


def connect(env: Mapping[str, str] = os.environ) -> Github:
    common = {"base_url": api_url(env), "auth": Auth.Token(token_from(env)), "per_page": 100}
    if env.get("NOMIC_CI_HTTP_PACING", "on") == "off":  # tests: no retries, no pacing
        return Github(**common, retry=None, seconds_between_requests=None,
                      seconds_between_writes=None)
    return Github(**common)


def split_repository(text: str) -> tuple[str, str]:
    owner, _, name = text.strip().partition("/")
    if not owner or not name or "/" in name:
        raise GameError(f"{text!r} is not a repository", hint="give it as OWNER/NAME")
    return owner, name.removesuffix(".git")


def account(gh: Github, login: str) -> tuple[str, int]:
    """A GitHub account's login (as GitHub spells it) and numeric id; an unknown login is
    refused with the nearest account GitHub's search finds."""
    try:
        user = gh.get_user(login)
        return user.login, user.id
    except UnknownObjectException:
        pass
    try:
        found = [u.login for u in gh.search_users(f"{login} in:login")[:10]]
    except GithubException:
        found = []
    near = difflib.get_close_matches(login, found, n=1, cutoff=0.5) or found[:1]
    raise GameError(f"{login!r} is no GitHub account",
                    hint=f"did you mean {near[0]}?" if near else "check the login's spelling")


def message(error: GithubException) -> str:
    data = error.data if isinstance(error.data, dict) else {}
    return f"{error.status} {data.get('message') or 'no message'}"
