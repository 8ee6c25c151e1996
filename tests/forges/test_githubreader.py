"""What a run reads of GitHub, and what it costs: a few GraphQL queries whatever the number of
pull requests, files or votes; GraphQL's errors end the run cleanly; a draft's vote starts when
it is ready."""

import hashlib
from unittest.mock import MagicMock

import pytest

from nomic_ci.core.facts import ChangeKind, FileChange
from nomic_ci.core.files.gamefiles import GameFiles
from nomic_ci.forges.githubforge import GitHubForge
from nomic_ci.forges.githubgraphql import GraphQLError, potential_merge
from nomic_ci.forges.githubreader import GitHubReader

from builders import HOUR, new_rule
from github_games import failing_game
from tables import ENGINE, GitHubTable

DAY = 24 * HOUR
GRAPHQL = ("POST", "/graphql")
COMMENTS = ("GET", "/repos/nomic/game/issues/comments")  # every player's, for commands


@pytest.fixture
def hub(tmp_path):
    t = GitHubTable(tmp_path / "game", players="alice,bob,carol")
    yield t
    t.close()


def requests_of(hub):
    return [(r.method, r.path) for r in hub.fake.requests]


def forge(hub) -> GitHubForge:
    return GitHubForge(hub.repo(), ENGINE, hub.now)


def test_a_run_with_many_proposals_in_their_vote_costs_what_one_costs(tmp_path):
    """Reviews, reactions, comments, texts: the same three requests for 1 proposal or 12."""
    costs = []
    for count in (1, 12):
        players = [f"p{i:02d}" for i in range(count + 1)]
        t = GitHubTable(tmp_path / f"n{count}", players=",".join(players),
                        ruleset="infinite-nomic-r7")
        for i, author in enumerate(players[:count]):
            t.later(0.1).branch(f"b{i}", new_rule(30 + i), author=author)
            t.fake.open_pr(author, f"b{i}", f"Idea {i}", created_at=t.now)
            t.fake.add_comment(i + 1, players[-1], "a comment")
        assert t.reconcile() == 0, t.err
        assert len(t.status()["proposals"]) == count
        for i in range(count):
            t.fake.add_reaction(i + 1, players[-1], "+1")
            t.fake.add_review(i + 1, players[-1], "APPROVED", submitted_at=t.now)
        assert t.later(0.1).reconcile() == 0, t.err
        t.fake.clear_requests()
        assert t.later(0.1).reconcile() == 0 and t.fake.writes() == []
        costs.append(requests_of(t))
        t.close()
    # the game and the pull requests; their reactions and the rules they change; the comments
    assert costs[0] == costs[1] == [GRAPHQL, COMMENTS, GRAPHQL]


def test_a_first_look_at_new_pull_requests_reads_them_in_two_queries(hub):
    for i, author in enumerate(["alice", "bob", "carol"] * 4):
        hub.later(0.1).branch(f"b{i}", new_rule(150 + i), author=author)
        hub.fake.open_pr(author, f"b{i}", f"Idea {i}", created_at=hub.now)
    assert hub.reconcile() == 0, hub.err
    # the two queries, the players' comments; then, before telling each of the 11 refused
    # why, its comments read afresh (another run may just have told it); and the game issue,
    # found once to say where the game now stands
    assert [(r.method, r.path) for r in hub.fake.reads()] == [GRAPHQL, COMMENTS, GRAPHQL] + [
        ("GET", f"/repos/nomic/game/issues/{n}/comments") for n in range(2, 13)] + [
        ("GET", "/repos/nomic/game/issues")]


def test_a_proposal_of_3000_files_costs_no_more_reads_than_a_small_one(hub):
    files = {f"docs/{i:04d}.txt": "x\n" for i in range(2999)} | new_rule(150)
    hub.later().branch("idea", files, author="alice")
    pr = hub.fake.open_pr("alice", "idea", "An idea", created_at=hub.now)
    assert hub.reconcile() == 0, hub.err
    assert hub.fake.pull(pr).state == "open"  # awaiting a fix: fewer files
    # one query: GitHub lists its first files, and what it cannot list is not read at all;
    # the players' comments; its own comments, before telling it what to fix; the game
    # issue, to say where the game stands
    assert [(r.method, r.path) for r in hub.fake.reads()] == [
        GRAPHQL, COMMENTS, ("GET", f"/repos/nomic/game/issues/{pr}/comments"),
        ("GET", "/repos/nomic/game/issues")]


def test_files_and_reviews_past_a_page_are_read_in_one_more_query_for_all(hub):
    files = {f"docs/{i:03d}.txt": "x\n" for i in range(150)} | new_rule(150)
    hub.later().branch("idea", files, author="alice")
    pr = hub.fake.open_pr("alice", "idea", "An idea", created_at=hub.now)
    for _ in range(120):  # votes: a commented review is never read (tests/hostile/test_flood)
        hub.fake.add_review(pr, "bob", "CHANGES_REQUESTED", submitted_at=hub.now)
    hub.fake.add_review(pr, "bob", "APPROVED", submitted_at=hub.now)
    hub.fake.clear_requests()
    [proposal] = forge(hub).proposals(set())
    assert len(proposal.changes) == 151 and len(proposal.reviews) == 121
    assert proposal.reviews[-1].state.value == "APPROVED"
    assert dict(proposal.texts) == new_rule(150)
    # the first page of everything; the second pages; the rule's text
    assert requests_of(hub) == [GRAPHQL] * 3


def test_a_renamed_file_has_its_old_path_from_the_one_rest_page_that_lists_it(hub):
    rule = hub.fake.file_at("rules/101-victory-condition.md")
    files = {f"docs/{i:03d}.txt": "x\n" for i in range(150)} | {
        "rules/101-victory-condition.md": None, "rules/190-victory-condition.md": rule}
    hub.later().branch("idea", files, author="alice")
    hub.fake.open_pr("alice", "idea", "Renumber", created_at=hub.now)
    hub.fake.clear_requests()
    [proposal] = forge(hub).proposals(set())
    assert FileChange("rules/190-victory-condition.md", ChangeKind.RENAMED,
                      "rules/101-victory-condition.md") in proposal.changes
    rest = [r for r in hub.fake.requests if r.path.endswith("/files")]
    assert [r.query["page"] for r in rest] == ["2"]  # files 101 to 200 of the listing


def test_graphql_errors_end_the_run_cleanly_and_decide_nothing(hub):
    hub.later().branch("idea", new_rule(150), author="alice")
    pr = hub.fake.open_pr("alice", "idea", "An idea", created_at=hub.now)
    hub.fake.fail("POST", "/graphql", 200, body={"errors": [
        {"type": "RATE_LIMITED", "message": "API rate limit exceeded for installation ID 1."}]})
    assert hub.reconcile() == 1
    summary = hub.summary.read_text()
    assert "GraphQL API answered with errors (GraphQL RATE_LIMITED: API rate limit exceeded" \
        in summary and "the next run reads everything again" in summary
    assert "Traceback" not in hub.out + hub.err + summary and hub.fake.writes() == []
    # the second query (the rule's text) answers in part: nothing is decided on the rest
    hub.fake.fail("POST", "/graphql", 200, after=True, skip=1, body=lambda real: {
        "data": {"repository": {alias: None for alias in real["data"]["repository"]}},
        "errors": [{"type": "SERVICE_UNAVAILABLE", "message": "Timeout on validation"}]})
    assert hub.reconcile() == 1 and hub.fake.writes() == []
    assert "SERVICE_UNAVAILABLE" in hub.summary.read_text()

    def no_files(real):  # GitHub's schema lets a pull request's files be null
        real["data"]["repository"]["pullRequests"]["nodes"][0]["files"] = None
        return real
    hub.fake.fail("POST", "/graphql", 200, after=True, body=no_files)
    assert hub.reconcile() == 1 and hub.fake.writes() == []
    assert "GitHub listed no files of #1" in hub.summary.read_text()
    assert hub.reconcile() == 0 and hub.fake.pull(pr).labels == ["nomic: voting"]


def test_a_draft_s_vote_starts_when_it_is_marked_ready(hub):
    rule = hub.fake.file_at("rules/103-turn-structure.md")  # no turn passes in this test
    hub.fake.commit("main", {"rules/103-turn-structure.md": rule.replace(
        "turn_timeout: 72h", "turn_timeout: 720h")}, author="alice")
    hub.later().branch("idea", new_rule(150), author="alice")
    pr = hub.fake.open_pr("alice", "idea", "An idea", created_at=hub.now, draft=True)
    opened = hub.now
    assert hub.reconcile() == 0 and hub.status()["proposals"] == []
    hub.fake.set_draft(pr, False, at=opened + 3 * DAY)
    hub.now = opened + 4 * DAY  # the engine's next run is a day late: the vote ends at day 5
    hub.clock.set(hub.now)
    assert hub.reconcile() == 0, hub.err
    assert hub.status()["proposals"][0]["state"] == "voting"
    assert "closes at 2026-05-06 13:00 UTC" in [c.body for c in hub.fake.world.comments_on(pr)
                                                 if "closes at" in c.body][0]
    hub.later(DAY / HOUR - 0.5).reconcile()
    assert hub.status()["proposals"][0]["state"] == "voting"
    hub.later(0.5).reconcile()
    assert hub.status()["proposals"][0]["state"] == "failed"


def test_more_open_pull_requests_than_a_page_are_all_read(hub):
    for i in range(55):
        hub.fake.create_branch(f"b{i}", new_rule(150 + i), author="alice")
        hub.fake.open_pr("alice", f"b{i}", f"Idea {i}", created_at=hub.now)
    hub.fake.clear_requests()
    found = forge(hub).proposals(set())
    assert [p.key for p in found] == [str(n) for n in range(1, 56)]
    assert all(len(p.texts) == 1 for p in found)
    # two pages of 50 pull requests, then the texts of all their rules at once
    assert requests_of(hub) == [GRAPHQL] * 3


def test_the_history_index_costs_no_request_of_its_own(hub):
    """The index is a folder, proposals/index/: the game's query lists it too, so a game with
    a history reads no deeper tree through REST."""
    failing_game(hub)
    assert hub.later().reconcile() == 0, hub.err
    assert hub.fake.file_at("proposals/index/latest/00.jsonl").count("\n") == 1
    hub.fake.clear_requests()
    assert hub.later().reconcile() == 0 and hub.fake.writes() == []
    assert requests_of(hub) == [GRAPHQL, COMMENTS]


def test_a_test_merge_is_compared_with_the_commit_it_merged_into_and_names_the_head():
    none_yet = potential_merge({"repository": {"pullRequest": {
        "mergeable": "UNKNOWN", "potentialMergeCommit": None}}})
    assert not none_yet.made and not none_yet.conflicts
    assert potential_merge({"repository": {"pullRequest": {
        "mergeable": "CONFLICTING", "potentialMergeCommit": None}}}).conflicts

    def commit(oid, rules):
        return {"oid": oid, "tree": {"entries": [{"path": "rules", "oid": f"t{oid}"}]},
                "rules": {"object": {"entries": [{"path": f"rules/{n}", "oid": o}
                                                 for n, o in rules.items()]}}}
    made = {**commit("m", {"201": "a"}), "parents": {"nodes": [
        commit("tip", {"201": "a", "202": "b"}), commit("head", {"201": "a"})]}}
    test = potential_merge({"repository": {"pullRequest": {
        "mergeable": "MERGEABLE", "potentialMergeCommit": made}}})
    assert (test.merged_into, test.head) == ("tip", "head")
    assert test.changed() == {"rules", "rules/202"} and test.after["rules/201"] == "a"


def test_a_blob_asked_for_by_its_oid_that_github_does_not_give_is_its_trouble(monkeypatch):
    """A rule file at the tip must be there: a null answer is GitHub's trouble (the next run
    carries on), not a file that is missing (that is for a path of a pull request alone)."""
    repo = MagicMock()
    repo.url = "https://api.github.com/repos/nomic/game"
    reader = GitHubReader(repo)
    monkeypatch.setattr(reader, "_query", lambda text, **variables: {"repository": {"r0": None}})
    with pytest.raises(GraphQLError):
        reader.texts_of(["a" * 40])


def test_the_open_thousand_an_engines_commit_leaves_is_kept_by_the_id_git_gives_its_tree():
    """What `knows_open` works out is the tree git makes of those pieces (a merge onto that
    commit then reads it unlisted, `TIP_KNOWN`); a folder in it, which the engine never
    writes, is left to be listed."""
    repo = MagicMock()
    repo.url = "https://api.github.com/repos/nomic/game"
    reader = GitHubReader(repo)
    pieces = {"00.jsonl": "1\n2\n", "01.jsonl": "3\n"}
    files = GameFiles({f"proposals/index/latest/{n}": t for n, t in pieces.items()})
    reader.knows_open(files)
    content = b"".join(b"100644 %s\0" % n.encode() + bytes.fromhex(
        hashlib.sha1(b"blob %d\0" % len(t) + t.encode()).hexdigest())
        for n, t in sorted(pieces.items()))
    tree = hashlib.sha1(b"tree %d\0" % len(content) + content).hexdigest()
    assert reader._open_listings == {tree: [
        {"name": "00.jsonl", "oid": hashlib.sha1(b"blob 4\x001\n2\n").hexdigest()},
        {"name": "01.jsonl", "oid": hashlib.sha1(b"blob 2\x003\n").hexdigest()}]}
    reader.knows_open(GameFiles({"proposals/index/latest/x/00.jsonl": "1\n"}))
    assert len(reader._open_listings) == 1
