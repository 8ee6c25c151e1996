"""The fake GitHub's GraphQL API: GitHub's schema, GitHub's answers, from the same world as REST."""

from __future__ import annotations

import pytest
import requests
from github import Auth, Github, GithubException
from graphql import parse, validate

from nomic_ci.core.facts import Account
from nomic_ci.forges.githubforge import GitHubForge
from nomic_ci.forges.githubgraphql import TIP, vote_link

try:  # tests/ is on sys.path when pytest runs without tests/__init__.py ...
    from fakegithub import FakeClock, FakeGitHub
    from fakegithub.graphql_api import schema
    from fakegithub.graphql_shape import shape_errors
    from fakegithub.prune_graphql import engine_queries
except ImportError:  # ... and the repository root when tests/ is a package
    from tests.fakegithub import FakeClock, FakeGitHub
    from tests.fakegithub.graphql_api import schema
    from tests.fakegithub.graphql_shape import shape_errors
    from tests.fakegithub.prune_graphql import engine_queries

ENGINE = "nomic-ci[bot]"
PULL = """query($n: Int!, $after: String) { repository(owner: "nomic", name: "game") {
  pullRequest(number: $n) { files(first: 100, after: $after) {
    pageInfo { hasNextPage endCursor } nodes { path changeType } } } } }"""


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def gh(clock):
    files = {"README.md": "# game\n", "rules/101.md": "Rule 101\n", "state/game.yaml": "a: 1\n"}
    with FakeGitHub("nomic", "game", clock=clock, files=files, token_login=ENGINE) as fake:
        for login, user_id in (("alice", 101), ("bob", 102), ("carol", 103)):
            fake.add_user(login, id=user_id)
        yield fake
        assert fake.internal_errors == [], fake.internal_errors[0]


def post(gh: FakeGitHub, query: str, **variables) -> requests.Response:
    return requests.post(gh.url.removesuffix("/v3") + "/graphql", timeout=10,
                         json={"query": query, "variables": variables},
                         headers={"Authorization": "token x"})


def repo(gh: FakeGitHub):
    return Github(base_url=gh.url, auth=Auth.Token("x"), retry=None, lazy=True,
                  seconds_between_requests=None,
                  seconds_between_writes=None).get_repo(gh.full_name)


def busy_world(gh: FakeGitHub, clock: FakeClock):
    """Everything the engine reads, once each: reviews of every kind, comments by the engine
    and by players, reactions, labels, a status, a draft made ready, a rename, a binary file,
    a pull request into another branch, a merged one."""
    gh.create_branch("p1", {"rules/150.md": "new\n", "rules/101.md": None,
                            "rules/151.md": "Rule 101\n", "state/logo.yaml": b"\xff\xfe\0"},
                     author="alice")
    one = gh.open_pr("alice", "p1", "One", draft=True)
    ready = clock.advance(hours=1)
    gh.set_draft(one, False, at=ready)
    old = gh.head_sha(one)
    gh.push(one, {"rules/150.md": "newer\n"})
    gh.add_review(one, "bob", "APPROVED", submitted_at=clock.advance(minutes=1))
    gh.add_review(one, "carol", "CHANGES_REQUESTED", commit_id=old)
    gh.add_review(one, "carol", "COMMENTED", commit_id=None)
    gh.dismiss_review(one, gh.add_review(one, "alice", "APPROVED"))
    gh.add_review(one, "bob", "PENDING")
    gh.add_comment(one, ENGINE, "<!-- nomic-ci:vote -->\nthe vote")
    gh.add_comment(one, "bob", "/pass")
    gh.add_reaction(one, "bob", "+1")
    gh.add_reaction(one, "carol", "eyes")
    gh.add_label("nomic: voting")
    gh.pull(one).labels.append("nomic: voting")
    gh.create_branch("p2", {"notes.md": "x\n"}, author="bob")
    gh.open_pr("bob", "p2", "Elsewhere", base="p1")
    gh.create_branch("p3", {"rules/160.md": "x\n"}, author="carol")
    merged = gh.open_pr("carol", "p3", "Merged")
    repo(gh).get_pull(merged).merge(sha=gh.head_sha(merged))
    repo(gh).get_commit(gh.head_sha(one)).create_status("pending", description="1/3",
                                                        context="nomic/vote")
    return one, old, ready


def test_the_engines_queries_are_valid_in_githubs_schema():
    for query in engine_queries():
        assert validate(schema(), parse(query)) == []


def test_every_answer_to_the_engines_queries_has_githubs_shape(gh, clock):
    one, _, _ = busy_world(gh, clock)
    gh.clear_requests()
    forge = GitHubForge(repo(gh), ENGINE, clock())
    forge.read_files()
    forge.proposals({"3"}, reactions=True)
    answered = [r for r in gh.requests if r.path == "/graphql"]
    # the game and the open pull requests; the tip's blobs (no checkout here); #3, merged, with
    # #1's reactions and texts; #3's texts
    assert len(answered) == 4 and {r.status for r in answered} == {200}
    assert "comments(first: 100)" in answered[2].body["query"]  # #1's vote, on its first page
    # #1's vote comment read alone, as the engine's status links it
    vote = next(c for c in repo(gh).get_pull(one).get_issue_comments() if c.user.login == ENGINE)
    repo(gh).get_commit(gh.head_sha(one)).create_status(
        "pending", vote_link(vote.html_url, vote.node_id), "1/3", "nomic/vote")
    forge = GitHubForge(repo(gh), ENGINE, clock())
    forge.proposals({"3"}, reactions=True)
    assert forge._vote_comments(one)[0].body == vote.body
    assert any("node(id: $n" in r.body["query"] for r in gh.requests if r.path == "/graphql")
    # and the query after a merge: the game at the new tip
    post(gh, TIP, owner="nomic", name="game", oid=gh.branch_sha("main"))
    for request in [r for r in gh.requests if r.path == "/graphql"]:
        assert "errors" not in request.response
        assert shape_errors(schema(), request.body["query"], request.body["variables"],
                            request.response["data"]) == []


def test_the_engine_reads_from_graphql_what_rest_shows(gh, clock):
    one, old, ready = busy_world(gh, clock)
    forge = GitHubForge(repo(gh), ENGINE, clock())
    found = {p.key: p for p in forge.proposals({"3"}, reactions=True)}
    assert sorted(found) == ["1", "3"] and forge.open_read == 1  # #2 is into p1
    assert (found["3"].state.value, found["3"].closed_at) == ("merged", clock())
    proposal = found["1"]
    assert (proposal.author, proposal.draft, proposal.ready_at) == (Account("alice", 101),
                                                                    False, ready)
    assert proposal.head == gh.head_sha(one) and proposal.title == "One"
    assert sorted((c.path, c.kind.value, c.previous_path) for c in proposal.changes) == [
        ("rules/150.md", "added", None), ("rules/151.md", "renamed", "rules/101.md"),
        ("state/logo.yaml", "added", None)]
    assert dict(proposal.texts) == {"rules/150.md": "newer\n", "rules/151.md": "Rule 101\n"}
    assert proposal.problems == ("state/logo.yaml is not UTF-8 text: save it as UTF-8",)
    assert [(r.author.login, r.state.value, r.commit) for r in proposal.reviews] == [
        ("bob", "APPROVED", gh.head_sha(one)), ("carol", "CHANGES_REQUESTED", old),
        ("alice", "DISMISSED", gh.head_sha(one))]  # carol's commented review is no vote: unread
    assert [(r.author, r.content) for r in proposal.reactions] == [
        (Account("bob", 102), "+1"), (Account("carol", 103), "eyes")]
    rest = {r.id: r for r in repo(gh).get_pull(one).get_reviews()}
    assert all(rest[r.id].submitted_at == r.submitted_at for r in proposal.reviews)


def test_a_wrong_answer_is_caught_by_the_shape_check():
    query = "query { repository(owner: \"o\", name: \"n\") { pullRequest(number: 1) { " \
            "number isDraft author { __typename login ... on User { databaseId } } } } }"
    good = {"repository": {"pullRequest": {"number": 1, "isDraft": False, "author": {
        "__typename": "User", "login": "alice", "databaseId": 101}}}}
    assert shape_errors(schema(), query, {}, good) == []
    bad = {"repository": {"pullRequest": {"number": "1", "isDraft": None, "author": {
        "__typename": "User", "login": "alice"}}}}
    assert shape_errors(schema(), query, {}, bad) == [
        "data.repository.pullRequest.number: '1' is not a Int",
        "data.repository.pullRequest.isDraft: null where the schema says non-null",
        "data.repository.pullRequest.author: keys ['__typename', 'login'] fit none of "
        "['Bot', 'User']"]


def test_a_query_github_would_refuse_is_refused_as_github_does(gh):
    answer = post(gh, '{ repository(owner: "nomic", name: "game") { stars } }')
    assert answer.status_code == 200
    assert "data" not in answer.json()
    assert "Cannot query field 'stars' on type 'Repository'." in answer.json()["errors"][0]["message"]


def test_a_connection_needs_first_or_last_and_at_most_100(gh):
    gh.create_branch("p1", {"rules/150.md": "x\n"}, author="alice")
    number = gh.open_pr("alice", "p1")
    for page in ("", "(first: 101)"):
        errors = post(gh, f'{{ repository(owner: "nomic", name: "game") {{ '
                          f'pullRequest(number: {number}) {{ files{page} {{ nodes {{ path }} }} }} }} }}'
                      ).json()["errors"]
        assert "first" in errors[0]["message"]


def test_pages_follow_their_cursors_in_the_rest_listings_order(gh):
    gh.create_branch("p1", {f"docs/{i:03d}.md": f"{i}\n" for i in range(150)}, author="alice")
    number = gh.open_pr("alice", "p1")
    first = post(gh, PULL, n=number).json()["data"]["repository"]["pullRequest"]["files"]
    assert len(first["nodes"]) == 100 and first["pageInfo"]["hasNextPage"]
    second = post(gh, PULL, n=number, after=first["pageInfo"]["endCursor"]).json()
    rest = second["data"]["repository"]["pullRequest"]["files"]
    assert len(rest["nodes"]) == 50 and not rest["pageInfo"]["hasNextPage"]
    listed = [f.filename for f in repo(gh).get_pull(number).get_files()]
    assert [n["path"] for n in first["nodes"] + rest["nodes"]] == listed


def test_reviews_filter_by_state_and_author_and_each_accounts_latest_opinion(gh, clock):
    """As GitHub documents `PullRequest.reviews(states:, author:)` and
    `latestOpinionatedReviews` ("latest reviews per user"): an opinion approves or requests
    changes; a comment, a dismissed or a pending review is none (and a pending review is shown
    to its author alone)."""
    gh.create_branch("p1", {"rules/150.md": "x\n"}, author="alice")
    number = gh.open_pr("alice", "p1")
    for who, state in (("bob", "APPROVED"), ("bob", "COMMENTED"), ("carol", "APPROVED"),
                       ("carol", "CHANGES_REQUESTED"), ("bob", "PENDING")):
        clock.advance(minutes=1)
        gh.add_review(number, who, state)
    clock.advance(minutes=1)
    gh.dismiss_review(number, gh.add_review(number, "alice", "APPROVED"))
    answer = post(gh, """query($n: Int!) { repository(owner: "nomic", name: "game") {
      pullRequest(number: $n) {
        votes: reviews(first: 10, states: [APPROVED, CHANGES_REQUESTED, DISMISSED]) {
          totalCount nodes { state author { login } } }
        bobs: reviews(first: 10, author: "BOB") { nodes { state } }
        latest: latestOpinionatedReviews(first: 10) { nodes { state author { login } } } } } }""",
                  n=number).json()["data"]["repository"]["pullRequest"]
    assert [(r["author"]["login"], r["state"]) for r in answer["votes"]["nodes"]] == [
        ("bob", "APPROVED"), ("carol", "APPROVED"), ("carol", "CHANGES_REQUESTED"),
        ("alice", "DISMISSED")]
    assert answer["votes"]["totalCount"] == 4
    # bob's pending review is shown to bob alone
    assert [r["state"] for r in answer["bobs"]["nodes"]] == ["APPROVED", "COMMENTED"]
    assert [(r["author"]["login"], r["state"]) for r in answer["latest"]["nodes"]] == [
        ("bob", "APPROVED"), ("carol", "CHANGES_REQUESTED")]


def test_what_does_not_exist_is_null_with_a_not_found_error(gh):
    answer = post(gh, '{ repository(owner: "nomic", name: "nothing") { pullRequest(number: 1) '
                      '{ number } } }').json()
    assert answer["data"] == {"repository": None}
    assert answer["errors"][0]["type"] == "NOT_FOUND" and answer["errors"][0]["path"] == ["repository"]
    answer = post(gh, PULL, n=99).json()
    assert answer["data"]["repository"]["pullRequest"] is None
    assert answer["errors"][0]["type"] == "NOT_FOUND"


def test_a_bot_is_named_without_its_suffix_and_a_ready_draft_has_its_event(gh, clock):
    gh.create_branch("p1", {"rules/150.md": "x\n"}, author="alice")
    number = gh.open_pr("alice", "p1", draft=True)
    gh.add_comment(number, ENGINE, "hello")
    ready = clock.advance(days=3)
    gh.set_draft(number, False)
    gh.set_draft(number, True)
    answer = post(gh, """query($n: Int!) { repository(owner: "nomic", name: "game") {
        pullRequest(number: $n) { isDraft
          comments(first: 5) { nodes { author { __typename login } } }
          timelineItems(itemTypes: [READY_FOR_REVIEW_EVENT], last: 1) {
            nodes { ... on ReadyForReviewEvent { createdAt } } } } } }""", n=number).json()
    pull = answer["data"]["repository"]["pullRequest"]
    assert pull["comments"]["nodes"][0]["author"] == {"__typename": "Bot", "login": "nomic-ci"}
    assert pull["isDraft"] is True
    assert pull["timelineItems"]["nodes"] == [{"createdAt": ready.strftime("%Y-%m-%dT%H:%M:%SZ")}]


def test_faults_reach_the_graphql_route_too(gh):
    gh.fail("POST", "/graphql", 502)
    with pytest.raises(GithubException) as error:
        repo(gh)._requester.graphql_query("{ repository(owner: \"nomic\", name: \"game\") "
                                           "{ defaultBranchRef { name } } }", {})
    assert error.value.status == 502
    gh.fail("POST", "/graphql", 200, after=True,
            body=lambda real: {**real, "errors": [{"type": "RATE_LIMITED", "message": "slow"}]})
    answer = post(gh, '{ repository(owner: "nomic", name: "game") { defaultBranchRef { name } } }')
    assert answer.json() == {"data": {"repository": {"defaultBranchRef": {"name": "main"}}},
                             "errors": [{"type": "RATE_LIMITED", "message": "slow"}]}
    assert [r.faulted for r in gh.requests] == [True, True] and gh.writes() == []
