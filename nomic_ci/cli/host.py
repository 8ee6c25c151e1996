"""`nomic-ci host OWNER/NAME`: from nothing to a live game on GitHub, in one command.

With the host's token it looks up each player's numeric id, makes the game (`init`, in a
folder it keeps: the dice secret lives there), creates the repository (or fills an empty
one), pushes the game, gives the engine the dice secret the game is committed to (sealed
with the repository's public key by PyGithub, through PyNaCl), the App's id and key when
given, protects the default branch where the plan allows, and starts the engine's first
run. Each step looks before it writes, so a second run changes nothing; what only a person
can do (an App) is printed with its links.
"""

from __future__ import annotations

import base64
import contextlib
import io
import os
import shutil
import subprocess
import urllib.parse
from argparse import Namespace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable

from github import Github, GithubException, UnknownObjectException
from github.Repository import Repository

from ..core.errors import GameError
from ..core.game import Game, load_game
from ..forges.gitplumbing import Git
from .bundle import ENGINE_WORKFLOW
from .dice_secret import SECRET
from .gamedir import now_from, working_files
from .githubapi import account, connect, message, split_repository, token_from
from .repo_settings import (APP_ID, APP_KEY, HOSTED, Hosted, app_key_given, set_app,
                            set_dice_secret, set_merge_commits_only, set_ruleset)


def cmd_host(args: Namespace) -> int:
    try:
        return _host(args, print)
    except GithubException as error:
        raise GameError(f"GitHub answered {message(error)}",
                        hint="run the command again: each step looks before it writes, so it "
                             "carries on where this one stopped") from None
    except OSError as error:  # requests' connection errors and time-outs among them
        raise GameError(f"GitHub could not be reached ({type(error).__name__})",
                        hint="run the command again: it carries on where this one stopped") \
            from None


def _host(args: Namespace, say: Callable[[str], None]) -> int:
    owner, name = split_repository(args.repository)
    app_key_given(args)  # a mistyped option refused before anything is made
    token = token_from(os.environ)
    gh = connect(os.environ)
    me = gh.get_user().login
    _refuse_a_token_without_scopes(gh.oauth_scopes)
    root = Path(args.dir) if args.dir else Path(name)
    made_before = (root / "state").is_dir() and (root / ".git").exists()
    game = _the_game(gh, root, args, say)
    repo = _the_repository(gh, me, owner, name, args.private, say)
    # a game this command made a moment ago has its clocks from now already
    _push(root, repo, token, say, (lambda: _restart_the_clocks(root, game, args, say))
          if made_before else (lambda: None))
    game = load_game(working_files(root))  # made again, where it was never played
    hosted = Hosted(Git(root).engine_path(HOSTED))
    set_dice_secret(repo, root, game, hosted, say)
    app_id = set_app(repo, args, hosted, say)
    guarded = set_ruleset(repo, app_id, say)
    set_merge_commits_only(repo, say)
    _first_run(repo, say)
    _what_only_a_person_can_do(repo, owner != me, app_id, say)
    if repo.private:
        _inviting_players(repo, owner != me, app_id is not None and guarded, say)
    return 0


def _refuse_a_token_without_scopes(scopes: list[str] | None) -> None:
    """A classic token, and GitHub CLI's, name their scopes in every answer (a fine-grained
    one names none, and is let through): without `workflow` GitHub refuses the push of the
    game's workflows, and `gh auth login` asks for it only where it sets up git's
    credentials."""
    if not any(scopes or []):
        return
    missing = [scope for scope in ("repo", "workflow") if scope not in scopes]
    if missing:
        raise GameError(f"the token has no {' and no '.join(missing)} scope, which pushing "
                        "the game's workflows and setting its secrets need",
                        hint=f"`gh auth refresh --scopes {','.join(missing)}` (GitHub's CLI), "
                             "or a classic token with the repo and workflow scopes in GH_TOKEN")


# -- the game ---------------------------------------------------------------------------


def _the_game(gh: Github, root: Path, args: Namespace, say: Callable[[str], None]) -> Game:
    """The game in `root`: made with the players' ids looked up, or the one made before."""
    if (root / "state").is_dir() and (root / ".git").exists():
        game = load_game(working_files(root))
        given = [p.strip().partition(":")[0].lower() for p in (args.players or "").split(",")
                 if p.strip()]
        if given and given != [p.login.lower() for p in game.state.players]:
            raise GameError(f"the game in {root} has other players "
                            f"({', '.join(p.login for p in game.state.players)})",
                            hint="leave out --players to go on with that game, or give --dir "
                                 "a new folder for a new one")
        for player in game.state.players:
            if player.id is None:
                raise GameError(f"{player.login} has no numeric id", path=str(
                    root / "state/players.yaml"), hint=f"add `id: {account(gh, player.login)[1]}`"
                                                       " under their login, and commit it")
        say(f"✓ the game in {root}, made before: {_players(game)}")
        return game
    if root.exists() and any(root.iterdir()):
        raise GameError("not empty, and no game", path=str(root),
                        hint="give --dir a new folder for the game, or the one this command "
                             "made before")
    if not args.players:
        raise GameError("who plays?", hint="give --players LOGIN,LOGIN,... in turn order")
    from .. import rulesets
    if "admin" in rulesets.describe(args.ruleset) and not args.admin:
        raise GameError(f"{args.ruleset} has an Admin, who vetoes proposals and judges "
                        "questions", hint="give --admin LOGIN (their id is looked up); the "
                                          "Admin may not be a player")
    seats = []
    for given in (p.strip() for p in args.players.split(",") if p.strip()):
        login, _, said = given.partition(":")
        login, uid = account(gh, login)
        if said and said != str(uid):
            raise GameError(f"{login}'s id on GitHub is {uid}, not {said}",
                            hint=f"give {login} alone: the id is looked up")
        seats.append(f"{login}:{uid}")
    admin = None
    if args.admin:
        login, uid = account(gh, args.admin.partition(":")[0])
        admin = f"{login}:{uid}"
    from .play import cmd_init
    made = Namespace(dir=str(root), ruleset=args.ruleset, players=",".join(seats),
                     veto=args.veto, ends=args.ends, dice_seed=None, admin=admin,
                     public_dice=False, game_only=False, now=args.now)
    cmd_init(made)
    game = load_game(working_files(root))
    say(f"✓ the game, made in {root} ({args.ruleset}): {_players(game)}; its dice secret is "
        f"kept in {root}/.git/nomic-ci/{SECRET}, never in a commit")
    return game


INIT = "Start a game of "  # the first line of the commit `init` makes


def _restart_the_clocks(root: Path, game: Game, args: Namespace,
                        say: Callable[[str], None]) -> None:
    """Before the game's first push, a game made earlier and never played (its history is
    `init`'s one commit) is made again, as `init` would make it now: its turn, its last
    change and its end date run from the push, when the engine's schedule starts, not from
    the day `init` ran. The dice secret is new too; nothing of the old one was published."""
    git = Git(root)
    try:
        history = git.out("log", "--format=%H %ct %s", "refs/heads/main").splitlines()
        branches = git.out("for-each-ref", "--format=%(refname)", "refs/heads").split()
        changed = git.out("status", "--porcelain")  # untracked too: a .pem kept there
    finally:
        git.close()
    if len(history) != 1 or not history[0].split(" ", 2)[2].startswith(INIT) \
            or branches != ["refs/heads/main"]:
        return  # played (a proposal is a branch), or changed by hand: pushed as it is
    if changed.strip():
        say(f"- the game in {root} has files changed or added since `init`: it is kept, its "
            "clocks as `init` set them, and only what is committed is pushed")
        return
    _, stamp, subject = history[0].split(" ", 2)
    made, start = datetime.fromtimestamp(int(stamp), timezone.utc), now_from(args.now)
    if start <= made:
        return
    ruleset = subject.removeprefix(INIT)
    from .. import rulesets
    from .play import cmd_init
    ends = game.config.ends_at
    days = int(rulesets.describe(ruleset).get("game_length_days", 90))
    usual = (made + timedelta(days=days)).replace(hour=0, minute=0, second=0, microsecond=0)
    if args.ends or ends == usual:
        ends = None  # the usual length, from now (or as given now)
    elif ends is not None and ends <= start:
        raise GameError(f"the game made in {root} ends at {ends:%Y-%m-%d %H:%M} UTC, which "
                        f"is past", hint="give --ends with a date to come")
    state = game.state
    fresh = root.with_name(f".{root.name}.restarting")
    shutil.rmtree(fresh, ignore_errors=True)
    with contextlib.redirect_stdout(io.StringIO()):
        cmd_init(Namespace(
            dir=str(fresh), ruleset=ruleset,
            players=",".join(f"{p.login}:{p.id}" for p in state.players),
            veto=",".join(p.login for p in state.players if p.veto) or None,
            ends=args.ends or (ends.strftime("%Y-%m-%dT%H:%M:%SZ") if ends else None),
            dice_seed=None, public_dice=state.dice_secret is None, game_only=False,
            admin=(f"{state.admin}:{state.admin_id}" if state.admin_id is not None
                   else state.admin) if state.admin else None,
            now=start.strftime("%Y-%m-%dT%H:%M:%SZ")))
    old = root.with_name(f".{root.name}.made-{made:%Y%m%dT%H%M%S}")
    root.rename(old)
    fresh.rename(root)
    shutil.rmtree(old)
    say(f"✓ the game was made on {made:%Y-%m-%d %H:%M} UTC and never played: made again "
        f"with its clocks started now ({start:%Y-%m-%d %H:%M} UTC), its dice secret new")


def _players(game: Game) -> str:
    return ", ".join(f"{p.login} (id {p.id})" for p in game.state.players)


def _inviting_players(repo: Repository, for_org: bool, pull_requests_only: bool,
                      say: Callable[[str], None]) -> None:
    """Who may read a private repository may push to it too where it is a personal
    account's: GitHub gives such a repository's collaborators write access, nothing less."""
    where = f"{repo.html_url}/settings/access"
    if for_org:
        say(f"Private repository: invite each player with the Read role ({where}), so they "
            "can fork it (where the organization's and the repository's settings allow "
            "forking private repositories) and open pull requests, but not push.")
    elif pull_requests_only:
        say(f"Private repository: invite each player ({where}); GitHub gives a personal "
            "account's collaborators write access, and the ruleset keeps them to pull "
            "requests on main.")
    else:
        say(f"Private repository: GitHub gives a personal account's collaborators write "
            f"access, and without the App's ruleset (a plan with rulesets for private "
            f"repositories, and the App) each player you invite ({where}) can push to main "
            "past the engine. Host a private game in an organization, whose players can "
            "have the Read role, or invite only players you trust with that.")


# -- the repository and its content ------------------------------------------------------


def _the_repository(gh: Github, me: str, owner: str, name: str, private: bool,
                    say: Callable[[str], None]) -> Repository:
    try:
        repo = gh.get_repo(f"{owner}/{name}")
        say(f"✓ the repository {repo.full_name} is there")
        return repo
    except UnknownObjectException:
        pass
    wanted = {"name": name, "private": private, "auto_init": False, "has_issues": True,
              "description": "A game of Nomic: the rules are files, proposals are pull "
                             "requests, nomic-ci referees"}
    path = "/user/repos" if owner.lower() == me.lower() else \
        f"/orgs/{urllib.parse.quote(owner)}/repos"
    try:
        gh.requester.requestJsonAndCheck("POST", path, input=wanted)
    except GithubException as error:
        raise GameError(f"GitHub refused to create {owner}/{name} ({message(error)})",
                        hint="the token needs to create repositories there (classic: repo "
                             "scope; fine-grained: Administration), or create it empty by "
                             "hand and run this again") from None
    repo = gh.get_repo(f"{owner}/{name}")
    say(f"✓ created the repository {repo.full_name} ({'private' if private else 'public'})")
    return repo


def _git_env(token: str) -> dict[str, str]:
    """git's environment to talk to GitHub with the token: in a header set through the
    environment, never on a command line or in a remote's URL."""
    basic = base64.b64encode(f"x-access-token:{token}".encode()).decode()
    return {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_CONFIG_COUNT": "1",
            "GIT_CONFIG_KEY_0": "http.extraHeader",
            "GIT_CONFIG_VALUE_0": f"Authorization: Basic {basic}"}


def _push(root: Path, repo: Repository, token: str, say: Callable[[str], None],
          before_first_push: Callable[[], None] = lambda: None) -> None:
    """Push the game's main to an empty repository; one whose main already holds it (the
    engine may have moved it on since) is left as it is; another history is refused."""
    env, url = _git_env(token), repo.clone_url

    def git(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["git", "-C", str(root), *args], env=env, capture_output=True,
                              text=True, stdin=subprocess.DEVNULL, check=False)

    local = git("rev-parse", "refs/heads/main").stdout.strip()
    listed = git("ls-remote", "--heads", url)
    if listed.returncode != 0:
        raise GameError(f"git cannot reach {url} ({_last(listed.stderr)})",
                        hint="check the token may push there (classic: repo and workflow "
                             "scopes; fine-grained: Contents and Workflows)")
    heads = dict(reversed(line.split()) for line in listed.stdout.splitlines() if line.strip())
    if heads and repo.default_branch != "main":
        # the workflows run, and the engine plays, on the default branch: another one would
        # hold neither, and the game pushed beside it would never run
        raise GameError(f"{repo.full_name} is not empty, and its default branch is "
                        f"{repo.default_branch}, not main, where the game lives",
                        hint="give the name of a new or empty repository; or, if its "
                             f"branches hold nothing you need, delete them ({repo.html_url}"
                             "/branches) or the repository, and run this again")
    remote = heads.get("refs/heads/main")
    if remote is None:
        before_first_push()
        local = git("rev-parse", "refs/heads/main").stdout.strip()
        pushed = git("push", "--quiet", url, "refs/heads/main:refs/heads/main")
        if pushed.returncode != 0:
            raise GameError(f"git push to {url} failed ({_last(pushed.stderr)})",
                            hint="a token pushing workflows needs the workflow scope "
                                 "(fine-grained: Workflows, read and write)")
        say(f"✓ pushed the game to {repo.full_name} (main at {local[:7]})")
    elif remote == local:
        say(f"✓ {repo.full_name}'s main holds the game (at {remote[:7]})")
    elif git("fetch", "--quiet", url, "refs/heads/main").returncode == 0 and \
            git("merge-base", "--is-ancestor", local, "FETCH_HEAD").returncode == 0:
        # the engine played on: the folder is brought up to date, so that what this command
        # sets (the dice secret the game is committed to now, say) is of the game as it is
        on_main = git("symbolic-ref", "-q", "HEAD").stdout.strip() == "refs/heads/main"
        if not on_main or git("status", "--porcelain", "--untracked-files=no").stdout.strip() \
                or git("merge", "--ff-only", "--quiet", "FETCH_HEAD").returncode != 0:
            raise GameError(f"{repo.full_name}'s main has moved on since the game in {root}, "
                            "which is not on main or has changes of its own",
                            hint=f"commit or put aside the changes, `git -C {root} switch "
                                 "main`, and run this again: it brings the folder up to date")
        say(f"✓ {repo.full_name}'s main holds the game (at {remote[:7]}); the folder {root} "
            "brought up to date with it")
    else:
        raise GameError(f"{repo.full_name} holds another history than the game in {root}",
                        hint="give a new repository's name, or an empty one")
    if git("remote", "get-url", "origin").returncode != 0:
        git("remote", "add", "origin", repo.html_url + ".git")


def _last(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "no message"


def _first_run(repo: Repository, say: Callable[[str], None]) -> None:
    name = ENGINE_WORKFLOW.rsplit("/", 1)[1]
    try:
        workflow = repo.get_workflow(name)
    except UnknownObjectException:
        say(f"- GitHub does not list {ENGINE_WORKFLOW} yet: run this command again in a "
            "minute to start the engine's first run")
        return
    runs = workflow.get_runs().totalCount
    if runs:
        say(f"✓ the engine has run ({runs} run{'s' if runs > 1 else ''}): see "
            f"{repo.html_url}/actions")
        return
    # main, not repo.default_branch: GitHub said it before the push, when an empty
    # repository's may be the owner's usual (master), and the first push made it main
    workflow.create_dispatch("main", throw=True)
    say(f"✓ started the engine's first run: it opens and pins the game issue and mentions "
        f"the players ({repo.html_url}/actions)")


def _what_only_a_person_can_do(repo: Repository, for_org: bool, app_id: int | None,
                               say: Callable[[str], None]) -> None:
    say(f"\nThe game is live: {repo.html_url}")
    if app_id is not None:
        say("The engine runs as the GitHub App: it merges every proposal that passes, "
            "workflow changes too.")
        return
    web = urllib.parse.urlsplit(repo.html_url)
    owner = repo.owner.login
    params = urllib.parse.urlencode({
        "name": f"nomic-ci {repo.name}"[:34], "url": repo.html_url, "public": "false",
        "webhook_active": "false", "contents": "write", "pull_requests": "write",
        "issues": "write", "statuses": "write", "workflows": "write"})
    new = (f"{web.scheme}://{web.netloc}/organizations/{owner}/settings/apps/new?{params}"
           if for_org else f"{web.scheme}://{web.netloc}/settings/apps/new?{params}")
    say("Without a GitHub App the engine plays everything on GITHUB_TOKEN but merging a "
        "proposal that changes .github/workflows/. To add one, which only you can do:")
    say(f"1. Create the App, its permissions filled in: {new}")
    say("2. On its page, generate a private key (a .pem file), and install the App on "
        f"{repo.full_name} only.")
    say(f"3. Run this command again with --app-id ID --app-key FILE.pem: it sets {APP_ID} "
        f"and {APP_KEY}, and the ruleset then lets only the App and admins change main.")
