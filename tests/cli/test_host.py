"""`nomic-ci host`: from nothing to a live game on (the fake) GitHub, in one command, and
`doctor --github` on what it made (issue 27)."""

from __future__ import annotations

import json
import subprocess
from dataclasses import replace
from datetime import datetime, timedelta

import pytest

from fakegithub import FakeGitHub
from appkeys import app_key
from tables import run_cli

T0 = "2026-05-01T12:00:00Z"
TOKEN = "ghp_hostsOwnTokenNeverPrinted"
PLAYERS = {"alice": 501, "bob": 502, "carol": 503}


@pytest.fixture
def fake():
    with FakeGitHub("hoster", "nomic", created=False, token_login="hoster",
                    token_type="User", owner_type="User") as gh:
        for login, uid in PLAYERS.items():
            gh.add_user(login, id=uid)
        yield gh
        assert gh.internal_errors == [], gh.internal_errors[0]


def env(fake) -> dict[str, str]:
    return {"GH_TOKEN": TOKEN, "GITHUB_API_URL": fake.url, "NOMIC_CI_HTTP_PACING": "off"}


def host(fake, tmp_path, *args: str) -> tuple[int, str]:
    code, out, err = run_cli("--now", T0, "host", "hoster/nomic", "--dir",
                             str(tmp_path / "game"), *args, env=env(fake))
    return code, out + err


def secret_of(tmp_path) -> str:
    return (tmp_path / "game/.git/nomic-ci/dice-secret").read_text().strip()


def test_one_command_starts_the_game_and_a_second_changes_nothing(fake, tmp_path):
    code, out = host(fake, tmp_path, "--players", "alice,Bob,carol")
    assert code == 0, out
    game = tmp_path / "game"
    # the players' ids were looked up, their logins spelled as GitHub spells them
    players = (game / "state/players.yaml").read_text()
    assert "login: bob\n    id: 502" in players and "login: alice\n    id: 501" in players
    # the repository holds the game as made, engine and workflows with it
    local = subprocess.run(["git", "-C", str(game), "rev-parse", "main"], capture_output=True,
                           text=True).stdout.strip()
    assert fake.branch_sha("main") == local
    assert fake.file_at("nomic_ci/__main__.py") and fake.file_at(".github/workflows/engine.yml")
    # the dice secret is the one the game is committed to, sealed, and said nowhere
    assert fake.secret_value("NOMIC_DICE_SECRET") == secret_of(tmp_path)
    put = next(r for r in fake.requests if r.method == "PUT" and "secrets" in r.path)
    assert secret_of(tmp_path) not in json.dumps(put.body)
    assert secret_of(tmp_path) not in out and TOKEN not in out
    assert TOKEN not in (game / ".git/config").read_text()
    ruleset = next(iter(fake.world.hosting.rulesets.values())).body
    assert {r["type"] for r in ruleset["rules"]} == {"deletion", "non_fast_forward"}
    assert ruleset["bypass_actors"] == []  # GITHUB_TOKEN could bypass none: no PR rule
    assert fake.world.hosting.merge_methods == {"merge": True, "squash": False, "rebase": False}
    assert [d.workflow for d in fake.world.hosting.dispatches] == [".github/workflows/engine.yml"]
    for words in ("✓ created the repository hoster/nomic (public)",
                  "✓ started the engine's first run", "/settings/apps/new?",
                  "--app-id ID --app-key FILE.pem"):
        assert words in out, words

    fake.clear_requests()
    code, again = host(fake, tmp_path)
    assert code == 0, again
    assert fake.writes() == []  # looked at everything, changed nothing
    for words in ("made before", "holds the game", "already set by this command",
                  "ruleset 'nomic-ci: the default branch': already", "the engine has run",
                  "merge by merge commit only: already"):
        assert words in again, words
    code, out = host(fake, tmp_path, "--players", "alice,carol")
    assert code == 2 and "has other players (alice, bob, carol)" in out
    code, out, _ = run_cli("--repo", str(game), "--now", T0, "doctor", "--github",
                           "hoster/nomic", env=env(fake))
    assert code == 0 and "on GitHub, hoster/nomic is set up for the game" in out, out
    assert "- no GitHub App: the engine runs on GITHUB_TOKEN" in out


def test_an_unknown_login_is_refused_with_the_nearest_account(fake, tmp_path):
    code, out = host(fake, tmp_path, "--players", "alice,bob,carl")
    assert code == 2 and "'carl' is no GitHub account" in out and "did you mean carol?" in out
    assert not (tmp_path / "game").exists() and not fake.world.created
    code, out = host(fake, tmp_path, "--players", "alice:501,bob:999")
    assert code == 2 and "bob's id on GitHub is 502, not 999" in out


def test_an_empty_repository_is_filled_and_another_history_refused(fake, tmp_path):
    from github import Auth, Github
    Github(base_url=fake.url, auth=Auth.Token(TOKEN), retry=None).get_user().create_repo(
        "nomic", private=True)
    code, out = host(fake, tmp_path, "--players", "alice,bob")
    assert code == 0 and "the repository hoster/nomic is there" in out, out
    assert fake.branch_sha("main") is not None
    fake.commit("main", {"README.md": "someone else's\n"})
    subprocess.run(["git", "-C", str(tmp_path / "game"), "-c", "user.name=h", "-c",
                    "user.email=h@x", "commit", "-q", "--allow-empty", "-m", "local"],
                   check=True)  # the folder's history now differs from the repository's
    code, out = host(fake, tmp_path)
    assert code == 2 and "holds another history than the game" in out


def test_a_repository_with_another_default_branch_is_refused_and_left_as_it_is(fake,
                                                                              tmp_path):
    from github import Auth, Github
    Github(base_url=fake.url, auth=Auth.Token(TOKEN), retry=None).get_user().create_repo(
        "nomic")
    fake.world.default_branch = "master"
    fake._initial_commit({"README.md": "an old project\n"})
    master = fake.branch_sha("master")
    code, out = host(fake, tmp_path, "--players", "alice,bob")
    assert code == 2, out
    assert ("hoster/nomic is not empty, and its default branch is master, not main, where the "
            "game lives") in out and "give the name of a new or empty repository" in out
    assert fake.branch_sha("main") is None and fake.branch_sha("master") == master
    assert not fake.world.hosting.secrets and not fake.world.hosting.dispatches
    assert (tmp_path / "game/state").is_dir()  # the game is kept: run again with another name


LATER = "2026-05-09T08:30:00Z"  # eight days after `init` ran


def init_then_host(fake, tmp_path, *commit: str) -> tuple[int, str]:
    """`init` at T0 (as `host` does before it stops, its repository refused, say), then
    `host` eight days later; `commit` first commits that file, changed, in the game."""
    game = tmp_path / "game"
    code, out, err = run_cli("--now", T0, "init", str(game), "--players",
                             "alice:501,bob:502", env=env(fake))
    assert code == 0, out + err
    if commit:
        (game / commit[0]).write_text((game / commit[0]).read_text() + "\n")
        subprocess.run(["git", "-C", str(game), "-c", "user.name=h", "-c", "user.email=h@x",
                        "commit", "-qam", "by hand"], check=True)
    code, out, err = run_cli("--now", LATER, "host", "hoster/nomic", "--dir", str(game),
                             env=env(fake))
    return code, out + err


def test_a_game_made_days_before_and_never_played_starts_its_clocks_at_the_push(fake,
                                                                               tmp_path):
    code, out = init_then_host(fake, tmp_path)
    assert code == 0, out
    assert ("the game was made on 2026-05-01 12:00 UTC and never played: made again with its "
            "clocks started now (2026-05-09 08:30 UTC)") in out
    pushed = fake.file_at("state/game.yaml")
    assert "turn_started: 2026-05-09T08:30:00Z" in pushed
    assert "last_change: 2026-05-09T08:30:00Z" in pushed
    assert "2026-05-01" not in pushed
    # the usual 90 days, from the push: midnight after 2026-08-07
    assert "ends_at: 2026-08-07T00:00:00Z" in fake.file_at("rules/107-rule-of-completion.md")
    assert "login: bob\n    id: 502" in fake.file_at("state/players.yaml")
    # the dice secret on GitHub is the one the pushed game is committed to
    assert fake.secret_value("NOMIC_DICE_SECRET") == secret_of(tmp_path)
    log = subprocess.run(["git", "-C", str(tmp_path / "game"), "log", "--format=%cI %s"],
                         capture_output=True, text=True).stdout
    assert log == "2026-05-09T08:30:00+00:00 Start a game of default\n"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".game.")]
    fake.clear_requests()
    code, again, err = run_cli("--now", "2026-05-20T08:30:00Z", "host", "hoster/nomic",
                               "--dir", str(tmp_path / "game"), env=env(fake))
    assert code == 0 and "made again" not in again + err  # pushed: live, kept as it is
    assert fake.writes() == []


def test_a_game_changed_since_init_is_pushed_as_it_is(fake, tmp_path):
    code, out = init_then_host(fake, tmp_path, "rules/README.md")
    assert code == 0, out
    assert "made again" not in out
    assert "turn_started: 2026-05-01T12:00:00Z" in fake.file_at("state/game.yaml")


def test_a_file_the_host_left_in_the_folder_keeps_the_game_as_made(fake, tmp_path):
    code, out, err = run_cli("--now", T0, "init", str(tmp_path / "game"), "--players",
                             "alice:501,bob:502", env=env(fake))
    (tmp_path / "game/nomic-app.pem").write_text("the App's key, kept here by mistake\n")
    code, out, err = run_cli("--now", LATER, "host", "hoster/nomic", "--dir",
                             str(tmp_path / "game"), env=env(fake))
    assert code == 0 and "has files changed or added since `init`: it is kept" in out, out
    assert (tmp_path / "game/nomic-app.pem").is_file()
    assert fake.file_at("nomic-app.pem") is None


def test_a_plan_without_rulesets_is_said_and_the_rest_done(fake, tmp_path):
    fake.world.hosting.rulesets_allowed = False
    code, out = host(fake, tmp_path, "--players", "alice,bob", "--private")
    assert code == 0, out
    assert "no branch ruleset: this plan has none for a private repository" in out
    # a personal account's collaborators can push, and nothing on this plan stops them
    assert "each player you invite (" in out and "can push to main past the engine" in out
    assert fake.world.private and fake.world.hosting.dispatches


def test_with_an_app_its_id_and_key_are_set_and_only_it_and_admins_change_main(fake,
                                                                              tmp_path):
    host(fake, tmp_path, "--players", "alice,bob")
    key = app_key(tmp_path / "app.pem", 12345, fake)
    code, out = host(fake, tmp_path, "--app-id", "12345", "--app-key", str(key))
    assert code == 0, out
    assert fake.world.hosting.variables["NOMIC_APP_ID"].value == "12345"
    assert fake.secret_value("NOMIC_APP_PRIVATE_KEY") == key.read_text()
    ruleset = next(iter(fake.world.hosting.rulesets.values())).body
    assert "pull_request" in {r["type"] for r in ruleset["rules"]}
    assert {(a["actor_type"], a["actor_id"]) for a in ruleset["bypass_actors"]} == {
        ("Integration", 12345), ("RepositoryRole", 5)}
    assert "ruleset 'nomic-ci: the default branch': updated" in out
    assert "merges every proposal that passes" in out and "apps/new" not in out
    asked = [r for r in fake.requests if r.path.endswith("/installation")]
    assert asked and asked[0].status == 200  # GitHub said the App with that key is installed
    fake.clear_requests()
    assert host(fake, tmp_path, "--app-id", "12345", "--app-key", str(key))[0] == 0
    assert fake.writes() == []

    # back to GITHUB_TOKEN, as setup.md says: delete the variable and the secret, run host
    del fake.world.hosting.variables["NOMIC_APP_ID"], fake.world.hosting.secrets[
        "NOMIC_APP_PRIVATE_KEY"]
    code, out = host(fake, tmp_path)
    assert code == 0 and "ruleset 'nomic-ci: the default branch': updated" in out, out
    ruleset = next(iter(fake.world.hosting.rulesets.values())).body
    assert ruleset["bypass_actors"] == [] and "pull_request" not in {
        r["type"] for r in ruleset["rules"]}
    assert "--app-id ID --app-key FILE.pem" in out


def test_a_key_made_anew_replaces_the_one_set_and_a_wrong_dice_secret_is_put_right(
        fake, tmp_path):
    """GitHub never shows a secret: host knows the one it set by its date and its value's
    SHA-256, so a new App key (the old one revoked) is set, and a dice secret someone set
    by hand on GitHub (not the one the game is committed to) is replaced."""
    host(fake, tmp_path, "--players", "alice,bob")
    old = app_key(tmp_path / "old.pem", 12345, fake)
    assert host(fake, tmp_path, "--app-id", "12345", "--app-key", str(old))[0] == 0
    new = app_key(tmp_path / "new.pem", 12345, fake)  # GitHub now knows this key alone
    fake.clear_requests()
    code, out = host(fake, tmp_path, "--app-id", "12345", "--app-key", str(new))
    assert code == 0, out
    assert fake.secret_value("NOMIC_APP_PRIVATE_KEY") == new.read_text()
    assert "NOMIC_APP_PRIVATE_KEY: set again, in place of the one set on" in out
    assert "BEGIN RSA" not in out
    fake.clear_requests()
    assert host(fake, tmp_path, "--app-id", "12345", "--app-key", str(new))[0] == 0
    assert fake.writes() == []

    kept = fake.world.hosting.secrets["NOMIC_DICE_SECRET"]  # set by hand on GitHub, later
    fake.world.hosting.secrets["NOMIC_DICE_SECRET"] = replace(
        kept, value="guessed-by-hand", updated_at=kept.updated_at + timedelta(hours=1))
    code, out = host(fake, tmp_path)
    assert code == 0 and "NOMIC_DICE_SECRET" in out and "set again" in out, out
    assert fake.secret_value("NOMIC_DICE_SECRET") == secret_of(tmp_path)


def test_the_variable_without_the_key_drops_the_app_s_bypass(fake, tmp_path):
    """The workflow runs on GITHUB_TOKEN without the key: a ruleset letting only the App
    change main would stop the engine committing the state."""
    host(fake, tmp_path, "--players", "alice,bob")
    key = app_key(tmp_path / "app.pem", 12345, fake)
    assert host(fake, tmp_path, "--app-id", "12345", "--app-key", str(key))[0] == 0
    del fake.world.hosting.secrets["NOMIC_APP_PRIVATE_KEY"]
    code, out = host(fake, tmp_path)
    assert code == 0 and "NOMIC_APP_ID is set but not the secret NOMIC_APP_PRIVATE_KEY" in out
    assert next(iter(fake.world.hosting.rulesets.values())).body["bypass_actors"] == []


@pytest.mark.parametrize("case", ["not installed", "another key", "another id", "no key"])
def test_an_app_that_cannot_run_the_engine_is_refused_and_nothing_stored(fake, tmp_path,
                                                                          case):
    host(fake, tmp_path, "--players", "alice,bob")
    key = app_key(tmp_path / "app.pem", 12345, fake, installed=case != "not installed")
    app_id = "12346" if case == "another id" else "12345"
    if case == "another key":
        app_key(key)  # a key the App never had (or one revoked)
    if case == "no key":
        key.write_text("-----BEGIN RSA PRIVATE KEY-----\nnot a real one\n-----END RSA "
                       "PRIVATE KEY-----\n")
    fake.clear_requests()
    code, out = host(fake, tmp_path, "--app-id", app_id, "--app-key", str(key))
    assert code == 2, out
    said = {"not installed": "install the App on hoster/nomic: on the App's page, "
                             "'Install App'",
            "another key": "the App id and the key do not match",
            "another id": "the App id and the key do not match",
            "no key": "the App's key is no RSA private key GitHub can check"}[case]
    assert said in out, out
    assert fake.writes() == []  # neither the variable, the key nor the ruleset
    assert "NOMIC_APP_ID" not in fake.world.hosting.variables
    assert fake.secret_value("NOMIC_APP_PRIVATE_KEY") is None
    assert "BEGIN RSA" not in out


def test_an_organization_s_repository_is_made_there(tmp_path):
    with FakeGitHub("nomic-club", "nomic", created=False, token_login="hoster",
                    token_type="User", owner_type="Organization") as fake:
        fake.add_user("alice", id=501)
        code, out, err = run_cli("--now", T0, "host", "nomic-club/nomic", "--players", "alice",
                                 "--dir", str(tmp_path / "game"), env=env(fake))
        assert code == 0, out + err
        assert any(r.path == "/orgs/nomic-club/repos" for r in fake.requests)
        assert "/organizations/nomic-club/settings/apps/new?" in out


def test_an_organization_s_private_repository_on_a_free_plan_is_hosted_without_a_ruleset(
        tmp_path):
    """GitHub names the plan an organization would buy (Team), not a user's (Pro)."""
    with FakeGitHub("nomic-club", "nomic", created=False, token_login="hoster",
                    token_type="User", owner_type="Organization") as fake:
        fake.add_user("alice", id=501)
        fake.world.hosting.rulesets_allowed = False
        code, out, err = run_cli("--now", T0, "host", "nomic-club/nomic", "--players", "alice",
                                 "--private", "--dir", str(tmp_path / "game"), env=env(fake))
        assert code == 0, out + err
        assert "no branch ruleset: this plan has none for a private repository" in out
        assert "invite each player with the Read role" in out and "push to main" not in out
        assert fake.world.hosting.dispatches  # the first run started
        code, out, err = run_cli("--repo", str(tmp_path / "game"), "--now", T0, "doctor",
                                 "--github", "nomic-club/nomic", env=env(fake))
        assert "no branch ruleset: the plan has none for a private repository" in out, out
        assert fake.internal_errors == []


def test_doctor_on_github_names_what_went_wrong_there(fake, tmp_path):
    host(fake, tmp_path, "--players", "alice,bob")
    fake.rename_user("bob", "bobby")
    fake.world.hosting.disabled_workflows.add(".github/workflows/engine.yml")
    fake.world.hosting.secrets.pop("NOMIC_DICE_SECRET")
    fake.world.hosting.variables.clear()
    from fakegithub.state import Variable
    fake.world.hosting.variables["NOMIC_APP_ID"] = Variable("77", fake.clock(), fake.clock())
    fake.world.hosting.rulesets[1001].body["rules"] = [{"type": "deletion"},
                                                       {"type": "pull_request"}]
    code, out, _ = run_cli("--repo", str(tmp_path / "game"), "--now", T0, "doctor", "--github",
                           "hoster/nomic", env=env(fake))
    assert code == 1
    for words in [".github/workflows/engine.yml is disabled manually: enable it",
                  "the Actions secret NOMIC_DICE_SECRET is missing",
                  "the variable NOMIC_APP_ID is set but not the secret NOMIC_APP_PRIVATE_KEY",
                  "requires pull_request and the App (77) is not on its bypass list",
                  "the rulesets on main allow force pushes: block them",
                  "bob (id 502) is now bobby on GitHub"]:
        assert words in out, words
    fake.world.hosting.actions_enabled = False
    out = run_cli("--repo", str(tmp_path / "game"), "--now", T0, "doctor", "--github",
                  "hoster/nomic", env=env(fake))[1]
    assert "GitHub Actions are off for hoster/nomic" in out


def test_doctor_warns_of_a_silent_public_game_before_github_turns_its_engine_off(fake,
                                                                              tmp_path):
    """GitHub turns a public repository's scheduled workflow off, events and all, after 60
    days without a commit; the engine commits after 50 quiet days, unless it does not run."""
    host(fake, tmp_path, "--players", "alice,bob")
    pushed = datetime.fromisoformat(T0)

    def doctor(days: int) -> tuple[int, str]:
        fake.clock.set(pushed + timedelta(days=days))
        code, out, err = run_cli("--repo", str(tmp_path / "game"), "--now",
                                 fake.clock().isoformat(), "doctor", "--github",
                                 "hoster/nomic", env=env(fake))
        return code, out + err

    assert doctor(52)[0] == 0  # the engine commits after 50 days without a commit
    code, out = doctor(53)  # and has not: its runs are not running
    assert code == 1 and "main's latest commit is 53 days old: at 60 days" in out, out
    code, out = doctor(61)
    assert code == 1 and ".github/workflows/engine.yml is off: GitHub turned it off after " \
                         "60 days without a commit" in out, out
    assert "latest commit is" not in out
    # a private repository keeps its schedule however quiet
    fake.world.private, fake.world.hosting.inactive_workflows = True, set()
    assert "engine.yml is off" not in doctor(200)[1]


def test_doctor_says_when_the_folder_it_checked_is_not_the_game_on_github(fake, tmp_path):
    """Once the engine plays, the folder `host` made is behind GitHub's main: doctor checks
    the folder's files, and says so, with how to bring it up to date."""
    host(fake, tmp_path, "--players", "alice,bob")
    doctor = ("--repo", str(tmp_path / "game"), "--now", T0, "doctor", "--github",
              "hoster/nomic")
    assert "checked here are those of" not in run_cli(*doctor, env=env(fake))[1]
    local = fake.branch_sha("main")
    fake.clock.set(datetime.fromisoformat(T0))
    fake.commit("main", {"state/players.yaml": "players: broken\n"})  # the game moved on
    code, out, _ = run_cli(*doctor, env=env(fake))
    assert code == 0, out  # the folder's game is sound; GitHub's is not checked as files
    assert (f"- the game's files checked here are those of {tmp_path / 'game'} at "
            f"{local[:7]}, not of main on GitHub, at {fake.branch_sha('main')[:7]}: "
            f"`git -C {tmp_path / 'game'} pull` brings the folder up to date") in out, out


@pytest.mark.parametrize("args, words", [
    (["--players", "alice,bob", "--app-id", "12"], "an App needs both its id and its private key"),
    (["--players", "alice,bob", "--app-id", "12", "--app-key", "nowhere.pem"],
     "cannot read nowhere.pem"),
    (["--players", "alice,bob", "--ruleset", "borednomic"], "give --admin LOGIN (their id is "
                                                            "looked up)"),
    (["--players", "alice,bob", "--ends", "2027-03-01T00:00:00"], "is not a time with its "
                                                                  "timezone"),
])
def test_a_mistaken_option_is_refused_before_anything_is_made(fake, tmp_path, args, words):
    code, out = host(fake, tmp_path, *args)
    assert code == 2 and words in out, out
    assert not (tmp_path / "game").exists() and not fake.world.created


def test_a_game_made_by_this_very_command_is_pushed_as_made(fake, tmp_path, monkeypatch):
    """Without --now the clock moves between `init` and the push (here by a minute): the
    game just made is not made again for that."""
    from datetime import timezone
    from nomic_ci.cli import host as hosting
    monkeypatch.setattr(hosting, "now_from", lambda _: datetime.now(timezone.utc).replace(
        microsecond=0) + timedelta(minutes=1))
    code, out, err = run_cli("host", "hoster/nomic", "--dir", str(tmp_path / "game"),
                             "--players", "alice,bob", "--ends", "2099-01-01", env=env(fake))
    assert code == 0, out + err
    assert "never played: made again" not in out
    assert "ends_at: 2099-01-01T00:00:00Z" in fake.file_at("rules/107-rule-of-completion.md")


def test_a_folder_behind_the_game_on_github_is_brought_up_to_date_first(fake, tmp_path):
    """The engine plays on after the push: run again (to add the App, say), host sets what
    it sets from the game as it is on GitHub, never from the folder's older copy."""
    host(fake, tmp_path, "--players", "alice,bob")
    game = tmp_path / "game"
    fake.commit("main", {"README.md": "the engine played on\n"})
    code, out = host(fake, tmp_path)
    assert code == 0 and "the folder " in out and "brought up to date with it" in out, out
    assert (game / "README.md").read_text() == "the engine played on\n"
    assert subprocess.run(["git", "-C", str(game), "rev-parse", "main"], capture_output=True,
                          text=True).stdout.strip() == fake.branch_sha("main")
    fake.commit("main", {"README.md": "and on\n"})
    (game / "README.md").write_text("the host's own edit\n")
    code, out = host(fake, tmp_path)
    assert code == 2 and "has changes of its own" in out and "switch main" in out, out
    assert (game / "README.md").read_text() == "the host's own edit\n"


def test_a_private_game_of_a_personal_account_says_whether_invited_players_can_push(
        fake, tmp_path):
    """GitHub gives a personal account's collaborators write access: only the App's ruleset
    (pull requests for all but the App and admins) keeps them off main."""
    code, out = host(fake, tmp_path, "--players", "alice,bob", "--private")
    assert code == 0 and "can push to main past the engine" in out, out
    key = app_key(tmp_path / "app.pem", 12345, fake)
    code, out = host(fake, tmp_path, "--app-id", "12345", "--app-key", str(key))
    assert code == 0 and "the ruleset keeps them to pull requests on main" in out, out
    assert "push to main past" not in out


@pytest.mark.parametrize("scopes, words", [
    (["repo", "read:org", "gist"], "no workflow scope"),  # gh auth login without git's setup
    (["public_repo"], "no repo and no workflow scope"),
])
def test_a_classic_token_without_the_scopes_is_refused_before_anything_is_made(
        fake, tmp_path, scopes, words):
    fake.token_scopes = scopes
    code, out = host(fake, tmp_path, "--players", "alice,bob")
    assert code == 2 and words in out and "gh auth refresh --scopes" in out, out
    assert not (tmp_path / "game").exists() and not fake.world.created
    fake.token_scopes = ["repo", "workflow", "read:org"]
    assert host(fake, tmp_path, "--players", "alice,bob")[0] == 0


def test_a_token_that_names_no_scope_is_let_through(fake, tmp_path):
    """A fine-grained token has permissions, not scopes: an empty X-OAuth-Scopes (or none)
    says nothing of them, and GitHub's own refusals say what is missing."""
    fake.token_scopes = [""]
    assert host(fake, tmp_path, "--players", "alice,bob")[0] == 0


def test_a_hand_merge_keeps_the_version_voted_on_in_the_history(fake, tmp_path):
    """GitHub offers a new repository's admins squash and rebase merges beside merge
    commits. The engine merges by merge commit, keeping the proposal's commits; an admin
    merging by hand with squash or rebase writes them anew, so the version voted on is not in
    the game's history, and a rebase of several commits leaves one of the proposal's own
    where the engine reads the rules in force before it. `host` offers merge commits alone;
    `doctor --github` notes a repository where the others are back."""
    assert fake.world.hosting.merge_methods["squash"]  # as GitHub makes a repository
    code, out = host(fake, tmp_path, "--players", "alice,bob")
    assert code == 0 and "✓ pull requests merge by merge commit only, as the engine merges" \
        in out, out
    fake.create_branch("idea", {"rules/299-idea.md": "---\nnumber: 299\ntitle: Idea\nmutable: true"
                                              "\n---\nAn idea.\n"}, author="alice")
    pr = fake.open_pr("alice", "idea", "An idea")
    from github import Auth, Github, GithubException
    repo = Github(auth=Auth.Token(TOKEN), base_url=fake.url).get_repo("hoster/nomic")
    with pytest.raises(GithubException) as refused:
        repo.get_pull(pr).merge(merge_method="squash")
    assert refused.value.status == 405
    fake.world.hosting.merge_methods["squash"] = True  # an admin turned it back on
    code, out, _ = run_cli("--repo", str(tmp_path / "game"), "--now", T0, "doctor", "--github",
                           "hoster/nomic", env=env(fake))
    assert code == 0 and "pull requests may be merged by squash: an admin's merge by hand " \
        "that way leaves the version voted on out of the game's history" in out, out
