"""`nomic-ci github reconcile`: one engine run on GitHub, as the engine workflow calls it.

Reads its settings from the environment the Actions runner provides, runs the
reconcile loop against the GitHub forge, retries a bounded number of times
when the default branch moved underneath it, and writes the run's audit trail
to the log and to `$GITHUB_STEP_SUMMARY`.
"""

from __future__ import annotations

import traceback
from dataclasses import field
from datetime import datetime
from pathlib import Path
from typing import Callable, Iterable, Mapping

from ..forges.lazyimports import PYGITHUB_UNUSED, defer

defer(*PYGITHUB_UNUSED)  # before PyGithub: it imports them for what a run never does

from github import Auth, Github, GithubException, GithubRetry  # noqa: E402
from urllib3.exceptions import MaxRetryError  # noqa: E402

from ..core.dice import Dice, SeededDice
from ..core.errors import GameError
from ..core.frozen import frozen
from ..core.game import Game, load_game
from ..forges.githubforge import GitHubForge, StateConflict
from ..forges.githubgraphql import GraphQLError
from ..forges.gitplumbing import Git
from ..reconcile import reconcile
from .dice_secret import dice_from_env

ATTEMPTS = 3  # runs of the whole reconcile when the default branch moves under one
DEFAULT_ENGINE_LOGIN = "github-actions[bot]"  # who GITHUB_TOKEN comments as


@frozen
class Settings:
    """What a run on GitHub is given, from the Actions runner's environment (`from_env`)."""

    token: str = field(repr=False)
    repository: str
    api_url: str
    engine_login: str
    summary_path: str | None
    event: str
    paced: bool  # PyGithub's retries and write pacing, as in production
    retry: bool  # the production client's retries, even where its pacing is off (tests)
    budget: bool  # keep to GitHub's limits on writes a minute and an hour (`core.writes`)
    dice: Dice = field(repr=False)  # from the NOMIC_DICE_SECRET Actions secret, if set

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> "Settings":
        missing = [name for name in ("GITHUB_TOKEN", "GITHUB_REPOSITORY") if not env.get(name)]
        if missing:
            raise GameError(f"{' and '.join(missing)} not set",
                            hint="run this from the engine workflow, or set them by hand: a "
                                 "token that may write to the repository, and OWNER/NAME")
        return cls(token=env["GITHUB_TOKEN"], repository=env["GITHUB_REPOSITORY"],
                   api_url=env.get("GITHUB_API_URL") or "https://api.github.com",
                   engine_login=env.get("NOMIC_ENGINE_LOGIN") or DEFAULT_ENGINE_LOGIN,
                   summary_path=env.get("GITHUB_STEP_SUMMARY") or None,
                   event=env.get("GITHUB_EVENT_NAME") or "manual",
                   paced=env.get("NOMIC_CI_HTTP_PACING", "on") != "off",
                   retry=env.get("NOMIC_CI_HTTP_PACING", "on") != "off" or
                   env.get("NOMIC_CI_HTTP_RETRY", "off") == "on",
                   budget=env.get("NOMIC_CI_WRITE_BUDGET", "on") != "off",
                   dice=dice_from_env(env) or SeededDice())


class WriteOnceRetry(GithubRetry):
    """PyGithub's retries (of a 5xx, a rate limit, a dropped connection), except where a
    repeated request could make something twice: a POST that creates (a comment, an issue, a
    status) whose request went out and whose answer was lost. GitHub may have saved it, so it
    is not sent again here; the engine looks for what it would make before making it again
    (`GitHubForge._once`), or the next run does. A GraphQL query, and git's objects (named
    by their content), are the same however often they are sent."""

    def increment(self, method=None, url=None, response=None, error=None, _pool=None,
                  _stacktrace=None):
        sent = error is None or not self._is_connection_error(error)  # else it never left
        unknown = (response is not None and response.status >= 500) or \
            (error is not None and sent)
        if method == "POST" and unknown and not _repeatable(url or ""):
            if error is not None:
                raise error.with_traceback(_stacktrace)
            raise MaxRetryError(_pool, url or "", "a POST whose effect is unknown")
        return super().increment(method, url, response, error, _pool, _stacktrace)


def _repeatable(url: str) -> bool:
    path = url.split("?", 1)[0]
    return path.endswith("/graphql") or any(f"/git/{kind}" in path
                                            for kind in ("blobs", "trees", "commits"))


def client(settings: Settings) -> Github:
    # pages of 100, GitHub's most, so a REST listing takes one request up to 100 items; lazy,
    # so the repository costs no request (the forge reads what it needs through GraphQL);
    # a POST the client would repeat blindly is left to the engine (`WriteOnceRetry`), and an
    # error whose retries are spent reaches the engine as GitHub's answer
    common = {"base_url": settings.api_url, "auth": Auth.Token(settings.token), "per_page": 100,
              "lazy": True}
    if settings.paced:  # PyGithub's retries (as above) and pacing of writes, as in production
        return Github(**common, retry=WriteOnceRetry(total=10, raise_on_status=False))
    if settings.retry:  # the same retries, without the waits between requests (tests)
        return Github(**common, retry=WriteOnceRetry(total=10, raise_on_status=False),
                      seconds_between_requests=None, seconds_between_writes=None)
    return Github(**common, retry=None, seconds_between_requests=None,
                  seconds_between_writes=None)


def checkout_blobs(root: Path) -> Callable[[Iterable[str]], dict[str, bytes]]:
    """Blob contents from the workflow's checkout of the default branch, to spare requests."""
    git = Git(root)
    if git.run("rev-parse", "--git-dir", check=False).returncode != 0:
        return lambda shas: {}
    return git.blobs


def checkout_files(root: Path) -> Callable[[str], dict[str, str] | None] | None:
    """The files under a tree of the workflow's checkout (path -> blob sha), to spare a
    listing through REST; None where it has no such tree (and no function: no checkout)."""
    git = Git(root)
    if git.run("rev-parse", "--git-dir", check=False).returncode != 0:
        return None
    return git.files_of


def checkout_branch(root: Path) -> str | None:
    """The branch the workflow's checkout holds, the default one it checks out: the pull
    requests into it are the ones a run lists (`GitHubReader.read_game`). None: not known."""
    found = Git(root).run("symbolic-ref", "--short", "-q", "HEAD", check=False)
    if found.returncode != 0:  # no checkout, or a detached one
        return None
    return found.stdout.decode().strip() or None


def run(settings: Settings, now: datetime, *, workdir: Path = Path("."),
        say: Callable[[str], None] = print) -> int:
    """One engine run; its exit status: 0 done, 1 stopped for the next run to carry on (GitHub
    unreachable or busy), 2 stopped on something an admin must fix, 3 a bug in the engine."""
    lines = [f"nomic-ci reconcile of {settings.repository} at {now:%Y-%m-%d %H:%M:%S} UTC, "
             f"woken by {settings.event}"]
    wrote: list[str] = []
    try:
        code = _attempts(settings, now, workdir, lines, wrote)
    except GameError as error:
        lines.append(f"Stopped: {error}")
        code = 2
    except GraphQLError as error:  # a rate limit or a partial answer: nothing decided on it
        lines.append(f"GitHub's GraphQL API answered with errors ({_message(error)}); this run "
                     "stops here, and the next run reads everything again and carries on.")
        code = 1
    except GithubException as error:
        # whatever was done before is on GitHub; the next run reads it and carries on
        lines.append(f"GitHub answered {error.status} ({_message(error)}); this run stops "
                     "here and the next run carries on from what is on GitHub.")
        code = 1
    except OSError as error:  # connections refused, timeouts, retries exhausted (requests')
        lines.append(f"GitHub could not be reached ({type(error).__name__}: {error}); this run "
                     "stops here and the next run carries on from what is on GitHub.")
        code = 1
    except Exception as error:  # a bug: say so plainly, and leave the game to the next run
        lines.append(f"The engine failed ({type(error).__name__}: {error}). What it wrote "
                     "before is consistent on GitHub, and the next run carries on from it; if "
                     "this happens again, report it with this summary.")
        say(traceback.format_exc())
        code = 3
    if wrote:
        lines.append("Wrote: " + "; ".join(wrote) + ".")
    elif code == 0:
        lines.append("Wrote: nothing.")
    _publish(settings, lines, say)
    return code


def _attempts(settings: Settings, now: datetime, workdir: Path, lines: list[str],
              wrote: list[str]) -> int:
    """Reconcile, reading the game again when the default branch moved underneath."""
    repo = client(settings).get_repo(settings.repository)
    local, listed = checkout_blobs(workdir), checkout_files(workdir)
    branch = checkout_branch(workdir)
    for attempt in range(1, ATTEMPTS + 1):
        forge = GitHubForge(repo, settings.engine_login, now, local_blobs=local,
                            local_files=listed, checked_out=branch, paced=settings.budget)
        try:
            game = load_game(forge.read_files())
        except GameError as error:
            raise GameError(f"the game's files are broken, so nothing was done: "
                            f"{error.message}", path=error.path, line=error.line,
                            hint=error.hint) from None
        lines += _warnings(settings, game)
        forge.awake = not game.state.over  # an ended game may rest
        try:
            report = reconcile(forge, now, settings.dice)
        except StateConflict as conflict:
            lines.append(f"Attempt {attempt}: {conflict}; reading the game again.")
            continue
        finally:
            wrote += forge.wrote
        lines.append(f"Read the game at {forge.base_tip[:7]} and "
                     f"{forge.open_read} open pull request(s).")
        lines += report.lines or ["Nothing is due."]
        return 0
    lines.append(f"The default branch kept moving: gave up after {ATTEMPTS} attempts; the "
                 "next run tries again.")
    return 1


def _warnings(settings: Settings, game: Game) -> list[str]:
    """What the run summary warns of; raises GameError for what must be fixed first."""
    state = game.state
    powers = [f"the Admin, {state.admin}"] if state.admin and state.admin_id is None else []
    powers += [f"the veto holder {p.login}" for p in state.players if p.veto and p.id is None]
    if powers:  # matched by login, a renamed account's old name would take their power
        raise GameError(f"{' and '.join(powers)} {'has' if len(powers) == 1 else 'have'} no "
                        "numeric user id", path="state/game.yaml" if state.admin_id is None and
                        state.admin else "state/players.yaml",
                        hint="add it (gh api users/LOGIN --jq .id): 'admin_id:' in "
                             "state/game.yaml, 'id:' in state/players.yaml")
    found = []
    if settings.dice.commitment is None and game.rolls_dice:
        found.append("Warning: the engine has no dice secret (the NOMIC_DICE_SECRET Actions "
                     "secret), so anyone can work out the next roll from the public seed; the "
                     "setup guide (nomic_ci/docs/setup.md) shows how to add one.")
    unmatched = [p.login for p in game.state.players if p.id is None]
    if unmatched:
        found.append(f"Warning: {', '.join(unmatched)} have no numeric id in "
                     "state/players.yaml, so they are matched by login, which a renamed or "
                     "deleted account could give to someone else; add their ids.")
    return found


def _message(error: GithubException) -> str:
    data = error.data if isinstance(error.data, dict) else {}
    return str(data.get("message") or error.data or "no message")


def _publish(settings: Settings, lines: list[str], say: Callable[[str], None]) -> None:
    """The audit trail: to the log, and to the run's summary page."""
    for line in lines:
        say(line)
    if settings.summary_path:
        with open(settings.summary_path, "a", encoding="utf-8") as summary:
            summary.write(f"### {lines[0]}\n\n" + "".join(f"- {line}\n" for line in lines[1:]))
