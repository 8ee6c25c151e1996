"""The fake GitHub's routes for a host (the repository, secrets, variables, rulesets,
accounts, Actions' settings, workflows and dispatches): what they answer, checked against
GitHub's own REST description, and a git push to the repository's clone_url."""

from __future__ import annotations

import subprocess

from github import Auth, Github, GithubException
from nacl.public import PrivateKey

from appkeys import app_key
from fakegithub import FakeGitHub
from fakegithub.openapi import ResponseValidator
from fakegithub.routes_hosting import ROUTES as HOSTING

WORKFLOW = "name: engine\non:\n  workflow_dispatch:\njobs: {}\n"


def calls(gh: Github, fake: FakeGitHub, tmp_path) -> None:
    """Every hosting route, with its successes and GitHub's refusals."""
    req = gh.requester
    repo_path = f"/repos/{fake.full_name}"

    def expect(status, method, path, **body):
        try:
            req.requestJsonAndCheck(method, path, input=body or None)
        except GithubException as error:
            assert error.status == status, (method, path, error)
            return
        assert status < 300, (method, path)

    expect(404, "GET", repo_path)
    expect(422, "POST", "/user/repos", private=False)
    expect(201, "POST", "/user/repos", name=fake.world.name, private=False)
    expect(422, "POST", "/user/repos", name=fake.world.name)
    expect(404, "POST", "/orgs/someone/repos", name="x")
    # a git push to the clone_url, as a host makes the first commit
    repo = gh.get_repo(fake.full_name)
    work = tmp_path / "work"
    subprocess.run(["git", "init", "-q", "-b", "main", str(work)], check=True)
    (work / ".github/workflows").mkdir(parents=True)
    (work / ".github/workflows/engine.yml").write_text(WORKFLOW)
    (work / ".github/workflows/other.yml").write_text("name: other\non: push\njobs: {}\n")
    git = ["git", "-C", str(work), "-c", "user.name=h", "-c", "user.email=h@x",
           "-c", "http.extraHeader=Authorization: Basic eDp5"]
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "first"], check=True)
    pushed = subprocess.run([*git, "push", "-q", repo.clone_url, "main"], capture_output=True,
                            text=True)
    assert pushed.returncode == 0, pushed.stderr
    assert fake.branch_sha("main") == subprocess.run(
        [*git, "rev-parse", "main"], capture_output=True, text=True).stdout.strip()
    # the merge buttons: at least one, and the fake makes no rebase merges
    expect(200, "PATCH", repo_path, allow_squash_merge=False, allow_rebase_merge=False)
    expect(422, "PATCH", repo_path, allow_merge_commit=False)
    expect(400, "PATCH", repo_path, allow_rebase_merge=True)
    assert fake.world.hosting.merge_methods == {"merge": True, "squash": False, "rebase": False}
    # accounts
    expect(200, "GET", "/user/501")
    expect(404, "GET", "/user/999999")
    expect(200, "GET", "/search/users?q=alcie+in:login")
    expect(422, "GET", "/search/users?q=in:login")
    # secrets and variables
    repo.create_secret("NOMIC_DICE_SECRET", "a" * 64)  # 201
    repo.create_secret("NOMIC_DICE_SECRET", "b" * 64)  # 204
    assert fake.secret_value("NOMIC_DICE_SECRET") == "b" * 64
    expect(200, "GET", f"{repo_path}/actions/secrets/NOMIC_DICE_SECRET")
    expect(404, "GET", f"{repo_path}/actions/secrets/NOTHING")
    expect(200, "GET", f"{repo_path}/actions/secrets/public-key")
    expect(422, "PUT", f"{repo_path}/actions/secrets/X", key_id="wrong", encrypted_value="x")
    repo.create_variable("NOMIC_APP_ID", "1")
    expect(409, "POST", f"{repo_path}/actions/variables", name="NOMIC_APP_ID", value="2")
    repo.get_variable("NOMIC_APP_ID").edit("2")
    expect(404, "GET", f"{repo_path}/actions/variables/NOTHING")
    expect(404, "PATCH", f"{repo_path}/actions/variables/NOTHING", value="x")
    # rulesets
    body = {"name": "main", "target": "branch", "enforcement": "active",
            "conditions": {"ref_name": {"include": ["~DEFAULT_BRANCH"], "exclude": []}},
            "rules": [{"type": "deletion"}], "bypass_actors": []}
    _, made = req.requestJsonAndCheck("POST", f"{repo_path}/rulesets", input=body)
    expect(422, "POST", f"{repo_path}/rulesets", **body)
    expect(422, "POST", f"{repo_path}/rulesets", **{**body, "name": "x", "rules": [{"type": "?"}]})
    expect(200, "GET", f"{repo_path}/rulesets")
    expect(200, "GET", f"{repo_path}/rulesets/{made['id']}")
    expect(404, "GET", f"{repo_path}/rulesets/7")
    expect(200, "PUT", f"{repo_path}/rulesets/{made['id']}", **{**body, "enforcement": "evaluate"})
    expect(422, "PUT", f"{repo_path}/rulesets/{made['id']}", **{**body, "enforcement": "on"})
    # Actions
    expect(200, "GET", f"{repo_path}/actions/permissions")
    expect(200, "GET", f"{repo_path}/actions/permissions/fork-pr-contributor-approval")
    expect(403, "GET", f"{repo_path}/actions/permissions/fork-pr-workflows-private-repos")
    fake.world.private = True
    expect(200, "GET", f"{repo_path}/actions/permissions/fork-pr-workflows-private-repos")
    workflows = [w.path for w in repo.get_workflows()]
    assert workflows == [".github/workflows/engine.yml", ".github/workflows/other.yml"]
    engine = repo.get_workflow("engine.yml")
    assert engine.get_runs().totalCount == 0
    assert engine.create_dispatch("main")
    expect(422, "POST", f"{engine.url}/dispatches", ref="nope")
    expect(422, "POST", f"{repo.get_workflow('other.yml').url}/dispatches", ref="main")
    expect(404, "GET", f"{repo_path}/actions/workflows/missing.yml")
    runs = engine.get_runs()
    assert runs.totalCount == 1 and runs[0].head_sha == fake.branch_sha("main")
    fake.world.hosting.rulesets_allowed = False
    expect(403, "GET", f"{repo_path}/rulesets")
    # a GitHub App asks for its installation with a JWT signed by its key
    key = app_key(tmp_path / "app.pem", 77, fake)
    as_app = req.withAuth(Auth.AppAuth(77, key.read_text()))
    as_app.requestJsonAndCheck("GET", f"{repo_path}/installation")
    for app_id, pem, status in ((78, key, 401), (77, app_key(tmp_path / "other.pem"), 401)):
        try:
            req.withAuth(Auth.AppAuth(app_id, pem.read_text())).requestJsonAndCheck(
                "GET", f"{repo_path}/installation")
            raise AssertionError("a JWT the App did not sign was taken")
        except GithubException as error:
            assert error.status == status
    expect(401, "GET", f"{repo_path}/installation")  # a token, not a JWT
    fake.world.hosting.apps[77].installed = False
    try:
        as_app.requestJsonAndCheck("GET", f"{repo_path}/installation")
        raise AssertionError("an App not installed was found")
    except GithubException as error:
        assert error.status == 404


def test_the_hosting_routes_answer_as_githubs_description_says(tmp_path):
    with FakeGitHub("hoster", "nomic", created=False, token_login="hoster",
                    token_type="User", owner_type="User") as fake:
        fake.add_user("alice", id=501)
        gh = Github(base_url=fake.url, auth=Auth.Token("t"), retry=None, per_page=100,
                    seconds_between_requests=None, seconds_between_writes=None)
        calls(gh, fake, tmp_path)
        assert fake.internal_errors == []
        validator = ResponseValidator()
        ours = {route.operation for route in HOSTING}
        assert ours <= validator.operations(), "regenerate openapi-subset.json"
        problems, covered = [], set()
        for request in fake.requests:
            if request.operation not in ours:
                continue
            covered.add(request.operation)
            found = validator.errors(request)
            if request.status >= 400 and len(found) == 1 and \
                    f"does not document status {request.status}" in found[0]:
                # GitHub answers it (its docs say so) where the description lists no body:
                # GitHub's error shape, then
                found = [] if set(request.response) >= {"message", "documentation_url"} \
                    else [f"not GitHub's error shape: {request.response}"]
            problems += [f"{request.method} {request.path} {request.status}: {p}" for p in found]
        assert problems == []
        assert ours - covered == set()


def test_a_push_needs_a_token_and_the_repository(tmp_path):
    with FakeGitHub("hoster", "nomic", created=False, token_login="hoster",
                    token_type="User", owner_type="User") as fake:
        url = f"{fake.url.rsplit('/api/v3', 1)[0]}/hoster/nomic.git"
        env = {"GIT_TERMINAL_PROMPT": "0", "PATH": "/usr/bin:/bin"}
        listed = subprocess.run(["git", "ls-remote", url], capture_output=True, text=True,
                                env=env)
        assert listed.returncode != 0 and "not found" in listed.stderr.lower()
        fake.world.created = True
        listed = subprocess.run(["git", "ls-remote", url], capture_output=True, text=True,
                                env=env)
        assert listed.returncode != 0  # no credentials: 401, and no prompt to ask for them
        assert PrivateKey  # the fake unseals with PyNaCl, which PyGithub seals with
