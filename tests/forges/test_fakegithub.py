"""The fake GitHub, exercised the way the engine will use it: real PyGithub over HTTP."""

from __future__ import annotations

import base64
from datetime import timedelta

import pytest
from github import Auth, Github, GithubException, InputGitTreeElement, UnknownObjectException

try:  # tests/ is on sys.path when pytest runs without tests/__init__.py ...
    from fakegithub import ROUTES, FakeClock, FakeGitHub
    from fakegithub.openapi import ResponseValidator
    from fakegithub.routes_hosting import ROUTES as HOSTING
except ImportError:  # ... and the repository root when tests/ is a package
    from tests.fakegithub import ROUTES, FakeClock, FakeGitHub
    from tests.fakegithub.openapi import ResponseValidator
    from tests.fakegithub.routes_hosting import ROUTES as HOSTING

ALICE, BOB, CAROL = 101, 102, 103


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def gh(clock):
    with FakeGitHub(
        "nomic", "game", clock=clock, files={"README.md": "# game\n", "rules/101.md": "Rule 101\n"}
    ) as fake:
        for login, user_id in (("alice", ALICE), ("bob", BOB), ("carol", CAROL)):
            fake.add_user(login, id=user_id)
        yield fake
        assert fake.internal_errors == [], fake.internal_errors[0]


def client(gh: FakeGitHub, **kw) -> Github:
    auth = kw.pop("auth", Auth.Token("x"))
    return Github(
        base_url=gh.url,
        auth=auth,
        retry=None,
        seconds_between_requests=None,
        seconds_between_writes=None,
        **kw,
    )


@pytest.fixture
def repo(gh):
    return client(gh).get_repo(gh.full_name)


def proposal(gh: FakeGitHub, author: str = "alice", branch: str = "p1", changes=None, **kw) -> int:
    gh.create_branch(branch, changes or {f"rules/{branch}.md": "text\n"}, author=author)
    return gh.open_pr(author, branch, title=f"Proposal {branch}", **kw)


# -- pull requests ----------------------------------------------------------


def test_open_pulls_are_listed_across_pages(gh, clock):
    for n in range(25):
        gh.create_branch(f"b{n}")
        gh.open_pr("alice", f"b{n}", title=f"PR {n}", created_at=clock.advance(minutes=1))
    for number in (3, 7, 11):
        gh.pull(number).state = "closed"
    repo = client(gh, per_page=10).get_repo(gh.full_name)

    pulls = list(repo.get_pulls(state="open"))

    assert [p.number for p in pulls] == [n for n in range(25, 0, -1) if n not in (3, 7, 11)]
    pages = gh.log.select("GET", "/repos/nomic/game/pulls")
    assert [r.query.get("page") for r in pages] == [None, "2", "3"]  # pages 2 and 3 from Link headers
    assert all(r.query["state"] == "open" and r.query["per_page"] == "10" for r in pages)
    assert repo.get_pulls(state="all").totalCount == 25  # from rel="last"


def test_link_header_is_rfc5988_and_points_at_the_fake(gh):
    for n in range(5):
        gh.add_label(f"l{n}")
    headers, _ = client(gh).requester.requestJsonAndCheck(
        "GET", f"/repos/{gh.full_name}/labels", parameters={"per_page": 2, "page": 2}
    )
    base = f"{gh.url}/repos/nomic/game/labels"
    assert headers["link"] == (
        f'<{base}?per_page=2&page=3>; rel="next", <{base}?per_page=2&page=3>; rel="last", '
        f'<{base}?per_page=2&page=1>; rel="first", <{base}?per_page=2&page=1>; rel="prev"'
    )


def test_pull_request_fields(gh, clock):
    created = clock.advance(hours=1)
    number = proposal(gh, body="Why", draft=True, created_at=created)
    pr = client(gh).get_repo(gh.full_name).get_pull(number)
    assert (pr.title, pr.body, pr.draft, pr.state, pr.merged) == ("Proposal p1", "Why", True, "open", False)
    assert (pr.user.login, pr.user.id, pr.user.type) == ("alice", ALICE, "User")
    assert (pr.head.ref, pr.head.sha, pr.base.ref) == ("p1", gh.head_sha(number), "main")
    assert pr.base.sha == gh.branch_sha("main")
    assert pr.created_at == created
    assert (pr.mergeable, pr.mergeable_state) == (True, "draft")
    assert (pr.changed_files, pr.additions, pr.deletions, pr.commits) == (1, 1, 0, 1)


def test_mergeable_is_null_until_computed(gh, repo):
    number = proposal(gh)
    gh.set_mergeable(number, null_reads=1)
    first, second = repo.get_pull(number), repo.get_pull(number)
    assert (first.mergeable, first.mergeable_state) == (None, "unknown")
    assert (second.mergeable, second.mergeable_state) == (True, "clean")


def test_fork_pull_request_names_the_fork(gh, repo):
    gh.create_branch("idea", {"rules/9.md": "x\n"}, fork="bob")
    number = gh.open_pr("bob", "idea", fork=True)
    pr = repo.get_pull(number)
    assert (pr.head.repo.full_name, pr.head.repo.fork, pr.head.label) == ("bob/game", True, "bob:idea")
    assert [f.filename for f in pr.get_files()] == ["rules/9.md"]
    gh.rename_user("bob", "robert")
    assert repo.get_pull(number).head.label == "robert:idea"
    gh.push(number, {"rules/9.md": "y\n"})
    assert repo.get_pulls(head="robert:idea")[0].head.sha == gh.head_sha(number)


def test_files_detect_a_rename(gh, repo):
    gh.create_branch(
        "renum",
        {
            "README.md": "# game\nmore\n",
            "rules/102.md": "new\n",
            "rules/101.md": None,
            "rules/150.md": "Rule 101\n",
        },
        author="alice",
    )
    number = gh.open_pr("alice", "renum")
    files = {f.filename: f for f in repo.get_pull(number).get_files()}
    assert {name: f.status for name, f in files.items()} == {
        "README.md": "modified",
        "rules/102.md": "added",
        "rules/150.md": "renamed",
    }
    assert files["rules/150.md"].previous_filename == "rules/101.md"
    assert (files["README.md"].additions, files["README.md"].deletions, files["README.md"].changes) == (
        1,
        0,
        1,
    )

    gh.push(number, {"rules/102.md": None})
    assert [f.filename for f in repo.get_pull(number).get_files()] == ["README.md", "rules/150.md"]


def test_files_stop_at_3000(gh, repo):
    number = proposal(gh, changes={f"many/{n}.txt": f"{n}\n" for n in range(3001)})
    pr = client(gh, per_page=100).get_repo(gh.full_name).get_pull(number)
    assert pr.changed_files == 3001
    assert len(list(pr.get_files())) == 3000
    assert gh.count("GET", "/repos/nomic/game/pulls/1/files") == 30


def test_commits_carry_committer_dates(gh, repo, clock):
    number = proposal(gh)
    clock.advance(hours=2)
    gh.push(number, {"rules/p1.md": "text 2\n"})
    commits = list(repo.get_pull(number).get_commits())
    assert [c.sha for c in commits][-1] == gh.head_sha(number)
    assert commits[1].commit.committer.date - commits[0].commit.committer.date == timedelta(hours=2)


def test_reviews_across_pages(gh, repo, clock):
    number = proposal(gh)
    old_head = gh.head_sha(number)
    gh.push(number, {"rules/p1.md": "v2\n"})
    states = ["APPROVED", "CHANGES_REQUESTED", "COMMENTED"]
    for n in range(33):
        gh.add_review(number, "bob", states[n % 3], submitted_at=clock.advance(minutes=1))
    stale = gh.add_review(number, "carol", "APPROVED", commit_id=old_head)
    null = gh.add_review(number, "carol", "APPROVED", commit_id=None)
    dismissed = gh.add_review(number, "alice", "APPROVED")
    gh.dismiss_review(number, dismissed)
    gh.add_review(number, "carol", "PENDING")

    reviews = list(repo.get_pull(number).get_reviews())

    assert len(reviews) == 37 and gh.count("GET", "/repos/nomic/game/pulls/1/reviews") == 2
    by_id = {r.id: r for r in reviews}
    assert by_id[stale].commit_id == old_head and by_id[null].commit_id is None
    assert by_id[dismissed].state == "DISMISSED"
    assert (reviews[-1].state, reviews[-1].submitted_at) == ("PENDING", None)
    assert reviews[0].user.id == BOB and reviews[0].commit_id == gh.head_sha(number)


def test_merge_at_head_and_at_a_stale_head(gh, repo):
    number = proposal(gh)
    stale = gh.head_sha(number)
    gh.push(number, {"rules/p1.md": "final\n"})
    pr = repo.get_pull(number)

    with pytest.raises(GithubException) as error:
        pr.merge(sha=stale)
    assert error.value.status == 409 and "Head branch was modified" in error.value.data["message"]
    assert gh.file_at("rules/p1.md") is None

    result = pr.merge(sha=gh.head_sha(number), merge_method="merge")
    assert result.merged and result.sha == gh.branch_sha("main")
    assert gh.file_at("rules/p1.md") == "final\n"
    assert gh.git.commit_info(result.sha).parents == (
        gh.git.commit_info(result.sha).parents[0],
        gh.head_sha(number),
    )
    after = repo.get_pull(number)
    assert (after.state, after.merged, after.merged_by.login, after.merge_commit_sha) == (
        "closed",
        True,
        "nomic-ci[bot]",
        result.sha,
    )
    assert after.is_merged()


def test_squash_merge_has_one_parent(gh, repo):
    number = proposal(gh)
    main_before = gh.branch_sha("main")
    sha = repo.get_pull(number).merge(merge_method="squash").sha
    assert gh.git.commit_info(sha).parents == (main_before,)
    assert gh.git.commit_info(sha).message.startswith("Proposal p1 (#1)")


def test_unmergeable_and_conflicting_merges_answer_405(gh, repo):
    blocked = proposal(gh, branch="a")
    gh.set_mergeable(blocked, False)
    with pytest.raises(GithubException) as error:
        repo.get_pull(blocked).merge()
    assert error.value.status == 405

    first = proposal(gh, branch="b", changes={"README.md": "one\n"})
    second = proposal(gh, branch="c", changes={"README.md": "two\n"})
    repo.get_pull(first).merge()
    pr = repo.get_pull(second)
    assert (pr.mergeable, pr.mergeable_state) == (False, "dirty")
    with pytest.raises(GithubException) as error:
        pr.merge(sha=gh.head_sha(second))
    assert (error.value.status, error.value.data["message"]) == (405, "Pull Request is not mergeable")


def test_close_and_edit_a_pull_request(gh, repo):
    number = proposal(gh)
    repo.get_pull(number).edit(title="Renamed", state="closed")
    assert (gh.pull(number).state, gh.pull(number).title) == ("closed", "Renamed")
    repo.get_pull(number).as_issue().edit(state="open")
    assert gh.pull(number).state == "open"


# -- git data ----------------------------------------------------------------


def test_state_commit_through_blob_tree_commit_ref(gh, repo):
    ref = repo.get_git_ref("heads/main")
    parent = repo.get_git_commit(ref.object.sha)
    blob = repo.create_git_blob(base64.b64encode(b"players: []\n").decode(), "base64")
    tree = repo.create_git_tree(
        [
            InputGitTreeElement("state/game.yaml", "100644", "blob", sha=blob.sha),
            InputGitTreeElement("state/README.md", "100644", "blob", content="# Scores\n"),
        ],
        base_tree=parent.tree,
    )
    commit = repo.create_git_commit("Update state", tree, [parent])
    ref.edit(commit.sha, force=False)

    assert gh.branch_sha("main") == commit.sha
    assert gh.file_at("state/game.yaml") == "players: []\n"
    assert gh.file_at("rules/101.md") == "Rule 101\n"  # kept from the base tree
    listed = repo.get_git_tree(commit.sha, recursive=True)
    assert {e.path for e in listed.tree} >= {"state", "state/game.yaml", "state/README.md", "rules/101.md"}


def test_ref_update_that_is_not_a_fast_forward_answers_422(gh, repo):
    ref = repo.get_git_ref("heads/main")
    parent = repo.get_git_commit(ref.object.sha)
    ours = repo.create_git_commit("ours", parent.tree, [parent])
    gh.commit("main", {"README.md": "someone else got there first\n"})

    with pytest.raises(GithubException) as error:
        ref.edit(ours.sha, force=False)
    assert (error.value.status, error.value.data["message"]) == (422, "Update is not a fast forward")
    assert gh.file_at("README.md") == "someone else got there first\n"
    ref.edit(ours.sha, force=True)
    assert gh.branch_sha("main") == ours.sha


def test_create_a_ref_and_read_contents(gh, repo):
    sha = gh.branch_sha("main")
    created = repo.create_git_ref("refs/heads/feature", sha)
    assert created.object.sha == sha and created.url.startswith(gh.url)
    with pytest.raises(GithubException) as error:
        repo.create_git_ref("refs/heads/feature", sha)
    assert error.value.status == 422
    assert repo.get_contents("rules/101.md", ref="feature").decoded_content == b"Rule 101\n"
    assert sorted(c.path for c in repo.get_contents("")) == ["README.md", "rules"]
    assert [c.name for c in repo.get_contents("rules")] == ["101.md"]
    assert repo.get_branch("feature").commit.sha == sha
    with pytest.raises(UnknownObjectException):
        repo.get_contents("nope.md")


# -- issues: comments, labels, reactions ---------------------------------------


def test_sticky_comment_is_created_then_edited(gh, repo):
    number = proposal(gh)
    gh.add_comment(number, "alice", "<!-- nomic-ci -->\nforged by a player")
    marker = "<!-- nomic-ci -->"
    bot = client(gh).get_user("nomic-ci[bot]")

    def sticky():
        pr = repo.get_pull(number)
        return next(
            (c for c in pr.get_issue_comments() if c.user.id == bot.id and marker in c.body), None
        ), pr

    found, pr = sticky()
    assert found is None
    pr.create_issue_comment(f"{marker}\n1/3 yes")
    found, pr = sticky()
    found.edit(f"{marker}\n2/3 yes")

    bodies = [c.body for c in repo.get_pull(number).get_issue_comments()]
    assert bodies == ["<!-- nomic-ci -->\nforged by a player", f"{marker}\n2/3 yes"]
    assert gh.count("POST") == 1 and gh.count("PATCH") == 1


def test_every_comment_of_the_repository_across_pages(gh, repo):
    first, second = proposal(gh, branch="p1"), proposal(gh, branch="p2")
    for i in range(35):
        gh.add_comment(first if i % 2 else second, "alice", f"comment {i}")
    bodies = [c.body for c in repo.get_issues_comments(sort="created", direction="asc")]
    assert bodies == [f"comment {i}" for i in range(35)]


def test_commit_status(gh, repo):
    number = proposal(gh)
    head = gh.head_sha(number)
    commit = repo.get_commit(head)
    commit.create_status("pending", description="1/9 yes", context="nomic/vote")
    commit.create_status(
        "success", description="5/9 yes", context="nomic/vote", target_url="https://x.invalid/"
    )
    commit.create_status("failure", description="no", context="other")

    assert [s.state for s in commit.get_statuses()] == ["failure", "success", "pending"]
    combined = commit.get_combined_status()
    assert combined.state == "failure" and combined.total_count == 2
    assert {s.context: s.description for s in combined.statuses} == {"nomic/vote": "5/9 yes", "other": "no"}
    with pytest.raises(GithubException) as error:
        repo.get_commit(head).create_status("bogus")
    assert error.value.status == 422


def test_labels(gh, repo):
    number = proposal(gh)
    repo.create_label("passing", "0e8a16", "Has the votes")
    pr = repo.get_pull(number)
    pr.add_to_labels("passing", "voting")  # "voting" does not exist: GitHub creates it
    assert [lab.name for lab in pr.get_labels()] == ["passing", "voting"]
    pr.remove_from_labels("passing")
    pr.set_labels("failing")
    assert [lab.name for lab in repo.get_pull(number).labels] == ["failing"]
    assert sorted(lab.name for lab in repo.get_labels()) == ["failing", "passing", "voting"]
    with pytest.raises(GithubException) as error:
        pr.remove_from_labels("passing")
    assert (error.value.status, error.value.data["message"]) == (404, "Label does not exist")
    pr.delete_labels()
    assert gh.pull(number).labels == []


def test_reactions(gh, repo, clock):
    number = proposal(gh)
    gh.add_reaction(number, "bob", "+1", created_at=clock.advance(minutes=5))
    gh.add_reaction(number, "carol", "-1")
    issue = repo.get_pull(number).as_issue()
    issue.create_reaction("heart")
    reactions = list(issue.get_reactions())
    assert [(r.user.login, r.content) for r in reactions] == [
        ("bob", "+1"),
        ("carol", "-1"),
        ("nomic-ci[bot]", "heart"),
    ]
    assert reactions[0].created_at == clock.now


# -- users --------------------------------------------------------------------


def test_users_and_renames(gh, repo):
    api = client(gh)
    me = api.get_user()
    assert (me.login, me.id, me.type) == ("nomic-ci[bot]", 41898282, "Bot")
    number = proposal(gh, author="carol")
    gh.rename_user("carol", "caroline")
    pr = repo.get_pull(number)
    assert (pr.user.login, pr.user.id) == ("caroline", CAROL)
    assert api.get_user("caroline").id == CAROL
    with pytest.raises(UnknownObjectException):
        _ = api.get_user("carol").id


def test_app_tokens_cannot_read_the_user_endpoint(gh):
    gh.authenticate_as("nomic-ci[bot]", user_endpoint_forbidden=True)
    with pytest.raises(GithubException) as error:
        _ = client(gh).get_user().login
    assert error.value.status == 403


# -- errors, faults, recording ----------------------------------------------------


def test_errors_as_github_answers_them(gh, repo):
    with pytest.raises(UnknownObjectException) as error:
        repo.get_pull(99)
    assert error.value.data["message"] == "Not Found" and "documentation_url" in error.value.data
    with pytest.raises(UnknownObjectException):
        client(gh).get_repo("someone/else")
    with pytest.raises(GithubException) as error:
        Github(base_url=gh.url, retry=None).get_repo(gh.full_name)
    assert error.value.status == 401


def test_injected_500_then_recovery(gh, repo):
    number = proposal(gh)
    gh.fail("GET", r"/repos/nomic/game/pulls/\d+", 500)
    with pytest.raises(GithubException) as error:
        repo.get_pull(number)
    assert error.value.status == 500
    assert repo.get_pull(number).number == number
    assert [r.status for r in gh.requests[-2:]] == [500, 200] and gh.requests[-2].faulted


def test_fault_after_the_action_loses_only_the_answer(gh, repo):
    number = proposal(gh)
    pr = repo.get_pull(number)
    gh.fail("PUT", r".*/merge", 502, after=True)
    with pytest.raises(GithubException) as error:
        pr.merge(sha=pr.head.sha)
    assert error.value.status == 502
    assert repo.get_pull(number).merged  # re-read: it did merge
    assert gh.file_at("rules/p1.md") == "text\n"


def test_requests_are_recorded_and_counted(gh, repo):
    number = proposal(gh)
    gh.clear_requests()
    pr = repo.get_pull(number)
    list(pr.get_reviews())
    list(pr.get_files())
    assert gh.writes() == [] and gh.count() == 3 and len(gh.reads()) == 3
    pr.create_issue_comment("hello")
    assert [(w.method, w.path, w.body) for w in gh.writes()] == [
        ("POST", "/repos/nomic/game/issues/1/comments", {"body": "hello"})
    ]
    assert gh.count(path_prefix="/repos/nomic/game/pulls/1/") == 2


def test_list_links_point_back_at_the_fake(gh, repo):
    for n in range(3):
        gh.add_comment(proposal(gh, branch="only") if n == 0 else 1, "bob", f"c{n}")
    api = client(gh, per_page=1)
    comments = list(api.get_repo(gh.full_name).get_pull(1).get_issue_comments())
    assert [c.body for c in comments] == ["c0", "c1", "c2"]
    assert gh.requests[-1].query == {"per_page": "1", "page": "3"}


# -- conformance with GitHub's OpenAPI description ---------------------------------


def exercise_every_route(gh: FakeGitHub) -> None:
    """Call every route at least once, successes and the documented errors."""
    api = client(gh)
    repo = api.get_repo(gh.full_name)
    _ = api.get_user().login, api.get_user("alice").login
    number = proposal(gh, changes={"rules/150.md": "Rule 101\n", "rules/101.md": None, "x.md": "x\n"})
    gh.add_review(number, "bob", "APPROVED")
    gh.add_review(number, "carol", "PENDING", commit_id=None)
    gh.add_reaction(number, "bob", "+1")
    pr = repo.get_pull(number)
    list(repo.get_pulls(state="all"))
    list(pr.get_files())
    list(pr.get_commits())
    list(pr.get_reviews())
    pr.edit(body="edited")
    issue = pr.as_issue()
    issue.edit(title="t")
    comment = pr.create_issue_comment("hi")
    comment.edit("hi!")
    list(pr.get_issue_comments())
    list(repo.get_issues_comments(sort="created", direction="asc"))
    pr.get_issue_comment(comment.id)
    comment.delete()
    game = repo.create_issue("The game", "text", labels=["l0"])  # a plain issue
    game.create_comment("a comment on it")
    game.edit(body="new text")
    assert [i.number for i in repo.get_issues(state="open", labels=["l0"])] == [game.number]
    repo.create_label("l1", "ffffff")
    repo.get_label("l1")
    list(repo.get_labels())
    pr.add_to_labels("l1", "l2")
    pr.set_labels("l1", "l3")
    pr.remove_from_labels("l3")
    list(pr.get_labels())
    pr.delete_labels()
    issue.create_reaction("eyes")
    list(issue.get_reactions())
    commit = repo.get_commit(pr.head.sha)
    commit.create_status("success", "ok", "ctx")
    list(commit.get_statuses())
    commit.get_combined_status()
    repo.get_branch("main")
    repo.get_contents("README.md")
    repo.get_contents("rules")
    repo.get_contents("")
    ref = repo.get_git_ref("heads/main")
    api.requester.requestJsonAndCheck("GET", ref.url)
    parent = repo.get_git_commit(ref.object.sha)
    blob = repo.create_git_blob("x", "utf-8")
    repo.get_git_blob(blob.sha)
    tree = repo.create_git_tree(
        [InputGitTreeElement("y.md", "100644", "blob", sha=blob.sha)], base_tree=parent.tree
    )
    repo.get_git_tree(tree.sha, recursive=True)
    lost = repo.create_git_commit("c", tree, [parent])
    repo.create_git_ref("refs/heads/tmp", lost.sha).delete()
    gh.commit("main", {"z.md": "z\n"})
    for call in (lambda: ref.edit(lost.sha), lambda: pr.merge(sha=lost.sha), lambda: repo.get_pull(404)):
        with pytest.raises(GithubException):
            call()
    pr.is_merged()
    pr.merge(sha=pr.head.sha)
    pr.is_merged()
    with pytest.raises(GithubException):
        pr.merge()  # 405: already merged


def test_responses_match_githubs_openapi_description(gh):
    exercise_every_route(gh)
    validator = ResponseValidator()
    implemented = {route.operation for route in ROUTES}
    assert implemented <= validator.operations(), "regenerate openapi-subset.json (prune_openapi.py)"
    # a host's routes need a repository not yet made: test_fakegithub_hosting.py covers them
    implemented -= {route.operation for route in HOSTING}
    problems, covered = [], set()
    for request in gh.requests:
        for problem in validator.errors(request):
            problems.append(f"{request.method} {request.path} {request.status}: {problem}")
        covered.add(request.operation)
    assert problems == []
    assert implemented - covered == set()
    statuses = {r.status for r in gh.requests}
    assert {200, 201, 204, 404, 405, 409, 422} <= statuses
