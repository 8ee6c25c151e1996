"""What a host sets up: the repository itself, its Actions secrets and variables, its
rulesets; finding accounts (by login, by id, by search); Actions' settings, its workflows,
a workflow dispatch and the runs it starts.

A repository made with `created=False` answers 404 until `POST /user/repos` (or
`/orgs/{org}/repos`) creates it, empty, as GitHub does without `auto_init`. Secrets are
sealed with the repository's public key (libsodium's sealed box): the fake holds the
private key, unseals each, and keeps the value for a test to read (`secret_value`).
"""

from __future__ import annotations

import base64
import difflib
import re
from datetime import timedelta
from typing import Any

from nacl.exceptions import CryptoError
from nacl.public import PrivateKey, SealedBox

from .backend import Backend
from .errors import ApiError, invalid, not_found
from .routing import Call, Response, Route
from .shapes import iso, node_id, public_user, simple_user
from .state import Dispatch, Ruleset, Secret, Variable

REPO = "/repos/{owner}/{repo}"
ACTIONS = REPO + "/actions"
# a fixed key, so a run of the tests is the same every time (the fake's own, not a secret)
PRIVATE_KEY = PrivateKey(bytes(range(32)))
KEY_ID = "568250167242549743"


def _plan_refuses(b: Backend) -> ApiError:
    """A private repository on a free plan has no rulesets: GitHub names the plan to buy,
    Pro for a user's repository, Team for an organization's."""
    owner = b.world.user_by_login(b.world.owner)
    plan = "Team" if owner is not None and owner.type == "Organization" else "Pro"
    return ApiError(403, f"Upgrade to GitHub {plan} or make this repository public to enable "
                         "this feature.")


def secret_value(b: Backend, name: str) -> str | None:
    """What the host sealed into the Actions secret `name` (None: no such secret)."""
    secret = b.world.hosting.secrets.get(name)
    return secret.value if secret else None


# -- the repository -------------------------------------------------------


def create_for_user(call: Call) -> Response:
    if call.user.login.lower() != call.backend.world.owner.lower():
        raise ApiError(403, "this fake holds one repository, owned by "
                            f"{call.backend.world.owner}")
    return _create(call)


MERGE_SETTINGS = {"merge": "allow_merge_commit", "squash": "allow_squash_merge",
                  "rebase": "allow_rebase_merge"}


def update_repo(call: Call) -> Response:
    """PATCH /repos/{owner}/{repo}: of its settings, the merge buttons it offers (the fake
    makes no rebase merge, so it refuses to offer one)."""
    from .routes_repo import repo_json
    b = call.backend
    wanted = {method: call.field(setting, b.world.hosting.merge_methods[method])
              for method, setting in MERGE_SETTINGS.items()}
    if any(not isinstance(v, bool) for v in wanted.values()):
        raise invalid("Repository", "allow_merge_commit")
    if not any(wanted.values()):
        raise invalid("Repository", "merge_strategy", "custom", message="Sorry, you need to "
                      "allow at least one merge strategy. (no_merge_method)")
    if wanted["rebase"]:
        raise ApiError(400, "this fake makes no rebase merges: it offers none")
    b.world.hosting.merge_methods.update(wanted)
    return Response(200, repo_json(b))


def create_for_org(call: Call) -> Response:
    b = call.backend
    if call.params["org"].lower() != b.world.owner.lower() or b.owner().type != "Organization":
        raise not_found()
    return _create(call)


def _create(call: Call) -> Response:
    from .routes_repo import repo_json
    b, name = call.backend, call.field("name")
    if not isinstance(name, str) or not name:
        raise invalid("Repository", "name", "missing_field")
    if name.lower() != b.world.name.lower():
        raise ApiError(403, f"this fake holds one repository, {b.world.full_name}")
    if b.world.created:
        raise invalid("Repository", "name", "custom",
                      message="name already exists on this account")
    if call.field("auto_init"):
        raise ApiError(400, "this fake makes repositories empty, as `auto_init: false` does")
    b.world.created, b.world.private = True, bool(call.field("private", False))
    return Response(201, repo_json(b))


# -- accounts -------------------------------------------------------------


def get_user_by_id(call: Call) -> Response:
    b = call.backend
    user = b.world.users.get(call.int_param("account_id"))
    if user is None:
        raise not_found()
    return Response(200, public_user(b.urls, user))


def search_users(call: Call) -> Response:
    """Logins near the query's words (GitHub's search is fuzzier; `in:login` is honoured)."""
    b = call.backend
    words = [w for w in call.query.get("q", "").split() if ":" not in w]
    if not words:
        raise invalid("Search", "q", "missing")
    logins = {u.login: u for u in b.world.users.values() if u.type == "User"}
    found = []
    for word in words:
        found += [login for login in logins if word.lower() in login.lower()]
        found += difflib.get_close_matches(word, list(logins), n=5, cutoff=0.6)
    items = [{**simple_user(b.urls, logins[login]), "score": 1.0}
             for login in dict.fromkeys(found)]
    return Response(200, {"total_count": len(items), "incomplete_results": False,
                          "items": items})


# -- secrets and variables -------------------------------------------------


def get_public_key(call: Call) -> Response:
    key = base64.b64encode(bytes(PRIVATE_KEY.public_key)).decode()
    return Response(200, {"key_id": KEY_ID, "key": key})


def put_secret(call: Call) -> Response:
    b, name = call.backend, call.params["secret_name"]
    if call.field("key_id") != KEY_ID:
        raise invalid("Secret", "key_id")
    try:
        value = SealedBox(PRIVATE_KEY).decrypt(base64.b64decode(call.field("encrypted_value")
                                                                or "", validate=True))
    except (CryptoError, ValueError, TypeError):
        raise invalid("Secret", "encrypted_value") from None
    secrets, now = b.world.hosting.secrets, b.now()
    known = secrets.get(name.upper())
    secrets[name.upper()] = Secret(value.decode(), known.created_at if known else now, now)
    return Response(204) if known else Response(201, {})


def get_secret(call: Call) -> Response:
    name = call.params["secret_name"].upper()
    secret = call.backend.world.hosting.secrets.get(name)
    if secret is None:
        raise not_found()
    return Response(200, {"name": name, "created_at": iso(secret.created_at),
                          "updated_at": iso(secret.updated_at)})


def create_variable(call: Call) -> Response:
    b, name, value = call.backend, call.field("name"), call.field("value")
    if not isinstance(name, str) or not isinstance(value, str):
        raise invalid("Variable", "name" if not isinstance(name, str) else "value", "missing_field")
    if name.upper() in b.world.hosting.variables:
        raise ApiError(409, "Already exists - Variable already exists")
    b.world.hosting.variables[name.upper()] = Variable(value, b.now(), b.now())
    return Response(201, {})


def get_variable(call: Call) -> Response:
    name = call.params["name"].upper()
    variable = call.backend.world.hosting.variables.get(name)
    if variable is None:
        raise not_found()
    return Response(200, {"name": name, "value": variable.value,
                          "created_at": iso(variable.created_at),
                          "updated_at": iso(variable.updated_at)})


def update_variable(call: Call) -> Response:
    b = call.backend
    variable = b.world.hosting.variables.get(call.params["name"].upper())
    if variable is None:
        raise not_found()
    variable.value, variable.updated_at = str(call.field("value", variable.value)), b.now()
    return Response(204)


# -- a GitHub App's installation ---------------------------------------------

BAD_JWT = "A JSON web token could not be decoded"


def get_installation(call: Call) -> Response:
    """GET /repos/{owner}/{repo}/installation, as a GitHub App: its JWT (RS256, `iss` its
    id) must verify against the key registered for that App; 404 where not installed. The
    JWT's times are the real clock's (PyGithub signs with it), so only their span, which
    GitHub caps at ten minutes, is checked."""
    import jwt
    scheme, _, token = call.authorization.partition(" ")
    if scheme.lower() != "bearer" or token.count(".") != 2:
        raise ApiError(401, BAD_JWT)
    try:
        claims = jwt.decode(token, options={"verify_signature": False})
        app = call.backend.world.hosting.apps.get(int(claims.get("iss")))
        if app is None:
            raise ApiError(401, f"Integration not found ({claims.get('iss')})")
        jwt.decode(token, app.public_key_pem, algorithms=["RS256"],
                   options={"verify_exp": False, "verify_iat": False})
    except (jwt.PyJWTError, TypeError, ValueError):
        raise ApiError(401, BAD_JWT) from None
    if not isinstance(claims.get("exp"), int) or not isinstance(claims.get("iat"), int) \
            or not 0 < claims["exp"] - claims["iat"] <= 660:
        raise ApiError(401, "'Expiration time' claim ('exp') is too far in the future")
    if not app.installed:
        raise not_found()
    b, app_id, owner = call.backend, int(claims["iss"]), call.backend.owner()
    made = iso(b.now())
    return Response(200, {
        "id": 4242, "app_id": app_id, "app_slug": f"nomic-ci-{app_id}", "target_id": owner.id,
        "target_type": "User", "account": simple_user(b.urls, owner),
        "single_file_name": None, "repository_selection": "selected",
        "access_tokens_url": b.urls.api("/app/installations/4242/access_tokens"),
        "html_url": f"{b.urls.base}/settings/installations/4242",
        "repositories_url": b.urls.api("/installation/repositories"), "events": [],
        "permissions": {"contents": "write", "pull_requests": "write", "issues": "write",
                        "statuses": "write", "workflows": "write"},
        "created_at": made, "updated_at": made, "suspended_by": None, "suspended_at": None})


# -- rulesets -------------------------------------------------------------

RULE_TYPES = {"creation", "update", "deletion", "required_linear_history", "required_signatures",
              "pull_request", "required_status_checks", "non_fast_forward"}
ACTOR_TYPES = {"Integration", "OrganizationAdmin", "RepositoryRole", "Team", "DeployKey"}


def _ruleset_json(b: Backend, ruleset: Ruleset) -> dict[str, Any]:
    body = ruleset.body
    url = b.urls.repo(f"/rulesets/{ruleset.id}")
    return {"id": ruleset.id, "name": body["name"], "target": body.get("target", "branch"),
            "source_type": "Repository", "source": b.world.full_name,
            "enforcement": body["enforcement"],
            "bypass_actors": [{"actor_id": a.get("actor_id"), "actor_type": a["actor_type"],
                               "bypass_mode": a.get("bypass_mode", "always")}
                              for a in body.get("bypass_actors") or []],
            "current_user_can_bypass": "always",
            "node_id": node_id("RepositoryRuleset", ruleset.id),
            "_links": {"self": {"href": url},
                       "html": {"href": b.urls.html(f"/rules/{ruleset.id}")}},
            "conditions": body.get("conditions"), "rules": body.get("rules") or [],
            "created_at": iso(ruleset.created_at), "updated_at": iso(ruleset.updated_at)}


def _checked_ruleset(call: Call) -> dict[str, Any]:
    b = call.backend
    if not b.world.hosting.rulesets_allowed:
        raise _plan_refuses(b)
    body = call.body if isinstance(call.body, dict) else {}
    if not isinstance(body.get("name"), str) or not body["name"]:
        raise invalid("Ruleset", "name", "missing_field")
    if body.get("enforcement") not in ("disabled", "active", "evaluate"):
        raise invalid("Ruleset", "enforcement")
    for rule in body.get("rules") or []:
        if not isinstance(rule, dict) or rule.get("type") not in RULE_TYPES:
            raise invalid("Ruleset", "rules")
    for actor in body.get("bypass_actors") or []:
        if not isinstance(actor, dict) or actor.get("actor_type") not in ACTOR_TYPES:
            raise invalid("Ruleset", "bypass_actors")
    return {key: body[key] for key in ("name", "target", "enforcement", "bypass_actors",
                                       "conditions", "rules") if key in body}


def list_rulesets(call: Call) -> Response:
    b = call.backend
    if not b.world.hosting.rulesets_allowed:
        raise _plan_refuses(b)
    summaries = [{k: v for k, v in _ruleset_json(b, r).items()
                  if k not in ("conditions", "rules", "bypass_actors", "current_user_can_bypass")}
                 for r in sorted(b.world.hosting.rulesets.values(), key=lambda r: r.id)]
    return Response(200, summaries)


def create_ruleset(call: Call) -> Response:
    b = call.backend
    body = _checked_ruleset(call)
    if any(r.body["name"] == body["name"] for r in b.world.hosting.rulesets.values()):
        raise invalid("Ruleset", "name", "custom", message="Name must be unique")
    ruleset = Ruleset(b.world.next_id(), body, b.now(), b.now())
    b.world.hosting.rulesets[ruleset.id] = ruleset
    return Response(201, _ruleset_json(b, ruleset))


def _ruleset(call: Call) -> Ruleset:
    ruleset = call.backend.world.hosting.rulesets.get(call.int_param("ruleset_id"))
    if ruleset is None:
        raise not_found()
    return ruleset


def get_ruleset(call: Call) -> Response:
    return Response(200, _ruleset_json(call.backend, _ruleset(call)))


def update_ruleset(call: Call) -> Response:
    ruleset = _ruleset(call)
    ruleset.body = {**ruleset.body, **_checked_ruleset(call)}
    ruleset.updated_at = call.backend.now()
    return Response(200, _ruleset_json(call.backend, ruleset))


# -- Actions: settings, workflows, dispatches and runs ---------------------


def actions_permissions(call: Call) -> Response:
    hosting = call.backend.world.hosting
    body: dict[str, Any] = {"enabled": hosting.actions_enabled}
    if hosting.actions_enabled:
        body["allowed_actions"] = hosting.allowed_actions
    return Response(200, body)


def fork_pr_contributor_approval(call: Call) -> Response:
    return Response(200, {"approval_policy": call.backend.world.hosting.approval_policy})


def fork_pr_workflows_private_repos(call: Call) -> Response:
    b = call.backend
    if not b.world.private:
        raise ApiError(403, "This setting is for private repositories only")
    return Response(200, dict(b.world.hosting.fork_workflows))


WORKFLOWS = ".github/workflows"
INACTIVE = timedelta(days=60)  # then GitHub turns off a public repository's scheduled workflows


def _workflows(b: Backend) -> list[dict[str, Any]]:
    """The workflow files on the default branch, as GitHub lists them (ids from their paths)."""
    tip = b.git.ref_sha(f"refs/heads/{b.world.default_branch}")
    entries = b.git.ls_tree(f"{tip}:{WORKFLOWS}") if tip and b.git.entry_at(tip, WORKFLOWS) \
        else []
    found = []
    for entry in entries:
        if not entry.path.endswith((".yml", ".yaml")):
            continue
        path = f"{WORKFLOWS}/{entry.path}"
        text = b.git.read_blob(entry.sha).decode(errors="replace")
        name = next((line.split(":", 1)[1].strip() for line in text.splitlines()
                     if line.startswith("name:")), path)
        workflow_id = 1000 + sum(path.encode())  # stable: derived from the path
        hosting = b.world.hosting
        if not b.world.private and re.search(r"^\s+schedule:", text, re.M) and \
                b.clock() - b.git.commit_info(tip).committer.when >= INACTIVE:
            hosting.inactive_workflows.add(path)  # for good: a later commit does not undo it
        state = "disabled_manually" if path in hosting.disabled_workflows else \
            "disabled_inactivity" if path in hosting.inactive_workflows else "active"
        found.append({"id": workflow_id, "node_id": node_id("Workflow", workflow_id),
                      "name": name, "path": path, "state": state,
                      "created_at": "2020-01-01T00:00:00Z", "updated_at": "2020-01-01T00:00:00Z",
                      "url": b.urls.repo(f"/actions/workflows/{workflow_id}"),
                      "html_url": b.urls.html(f"/blob/{b.world.default_branch}/{path}"),
                      "badge_url": b.urls.html(f"/workflows/{name}/badge.svg")})
    return found


def _workflow(call: Call) -> dict[str, Any]:
    wanted = call.params["workflow_id"]
    for workflow in _workflows(call.backend):
        if wanted in (str(workflow["id"]), workflow["path"].rsplit("/", 1)[1]):
            return workflow
    raise not_found()


def list_workflows(call: Call) -> Response:
    workflows = _workflows(call.backend)
    return Response(200, {"total_count": len(workflows), "workflows": workflows})


def get_workflow(call: Call) -> Response:
    return Response(200, _workflow(call))


def dispatch_workflow(call: Call) -> Response:
    b, workflow = call.backend, _workflow(call)
    ref = call.field("ref")
    if not isinstance(ref, str):
        raise invalid("Workflow", "ref", "missing_field")
    if workflow["state"] != "active":
        raise ApiError(422, "Workflow is not active")
    sha = b.git.ref_sha(f"refs/heads/{ref.removeprefix('refs/heads/')}")
    if sha is None:
        raise ApiError(422, f"No ref found for: {ref}")
    if "workflow_dispatch:" not in (b.git.read_blob(b.git.entry_at(sha, workflow["path"]).sha)
                                    .decode(errors="replace")):
        raise ApiError(422, "Workflow does not have 'workflow_dispatch' trigger")
    b.world.hosting.dispatches.append(Dispatch(b.world.next_id(), workflow["path"], ref, sha,
                                               call.user.id, b.now()))
    return Response(204)


def list_workflow_runs(call: Call) -> Response:
    from .routes_repo import repo_json
    b, workflow = call.backend, _workflow(call)
    runs = [d for d in reversed(b.world.hosting.dispatches) if d.workflow == workflow["path"]]
    rendered = []
    for number, run in enumerate(reversed(runs), start=1):
        info = b.git.commit_info(run.sha)
        url = b.urls.repo(f"/actions/runs/{run.id}")
        rendered.insert(0, {
            "id": run.id, "node_id": node_id("WorkflowRun", run.id), "name": workflow["name"],
            "head_branch": run.ref, "head_sha": run.sha, "path": workflow["path"],
            "run_number": number, "display_title": workflow["name"],
            "event": "workflow_dispatch", "status": "queued", "conclusion": None,
            "workflow_id": workflow["id"], "url": url, "html_url": b.urls.html(
                f"/actions/runs/{run.id}"), "pull_requests": [],
            "created_at": iso(run.created_at), "updated_at": iso(run.created_at),
            "actor": simple_user(b.urls, b.user(run.actor_id)),
            "jobs_url": f"{url}/jobs", "logs_url": f"{url}/logs",
            "check_suite_url": b.urls.repo(f"/check-suites/{run.id}"),
            "artifacts_url": f"{url}/artifacts", "cancel_url": f"{url}/cancel",
            "rerun_url": f"{url}/rerun", "workflow_url": workflow["url"],
            "head_commit": {"id": run.sha, "tree_id": info.tree, "message": info.message,
                            "timestamp": iso(info.committer.when),
                            "author": {"name": info.author.name, "email": info.author.email},
                            "committer": {"name": info.committer.name,
                                          "email": info.committer.email}},
            "repository": repo_json(b), "head_repository": repo_json(b)})
    return Response(200, {"total_count": len(rendered), "workflow_runs": rendered})


ROUTES = [
    Route("POST", "/user/repos", create_for_user),
    Route("POST", "/orgs/{org}/repos", create_for_org),
    Route("PATCH", REPO, update_repo),
    Route("GET", "/user/{account_id}", get_user_by_id),
    Route("GET", "/search/users", search_users),
    Route("GET", ACTIONS + "/secrets/public-key", get_public_key),
    Route("GET", ACTIONS + "/secrets/{secret_name}", get_secret),
    Route("PUT", ACTIONS + "/secrets/{secret_name}", put_secret),
    Route("POST", ACTIONS + "/variables", create_variable),
    Route("GET", ACTIONS + "/variables/{name}", get_variable),
    Route("PATCH", ACTIONS + "/variables/{name}", update_variable),
    Route("GET", REPO + "/installation", get_installation),
    Route("GET", REPO + "/rulesets", list_rulesets),
    Route("POST", REPO + "/rulesets", create_ruleset),
    Route("GET", REPO + "/rulesets/{ruleset_id}", get_ruleset),
    Route("PUT", REPO + "/rulesets/{ruleset_id}", update_ruleset),
    Route("GET", ACTIONS + "/permissions/fork-pr-contributor-approval",
          fork_pr_contributor_approval),
    Route("GET", ACTIONS + "/permissions/fork-pr-workflows-private-repos",
          fork_pr_workflows_private_repos),
    Route("GET", ACTIONS + "/permissions", actions_permissions),
    Route("GET", ACTIONS + "/workflows", list_workflows),
    Route("POST", ACTIONS + "/workflows/{workflow_id}/dispatches", dispatch_workflow),
    Route("GET", ACTIONS + "/workflows/{workflow_id}/runs", list_workflow_runs),
    Route("GET", ACTIONS + "/workflows/{workflow_id}", get_workflow),
]
