"""GitHub mode against the fake GitHub: what players see on the PR, and faults that converge."""

import os
import subprocess
from datetime import timedelta

import pytest

from nomic_ci.core.files.statefile import read_state
from nomic_ci.core.game import load_game
from nomic_ci.core.times import moment
from nomic_ci.text.vote_comment import MARKER

from builders import new_rule, roll
from github_games import GAMES, open_proposal, passing_game
from tables import ENGINE, GitHubTable

from builders import HOUR


@pytest.fixture
def hub(tmp_path):
    t = GitHubTable(tmp_path / "game", players="alice,bob,carol")
    yield t
    t.close()


def engine_comments(hub, pr):
    return [c for c in hub.fake.world.comments_on(pr)
            if hub.fake.world.users[c.user_id].login == ENGINE]


def statuses(hub, sha):
    return [s for s in hub.fake.world.statuses if s.sha == sha]


def test_an_open_proposal_shows_its_vote_in_one_sticky_comment_a_status_and_a_label(hub):
    pr = open_proposal(hub)
    hub.reconcile()
    hub.later().fake.add_review(pr, "bob", "APPROVED", submitted_at=hub.now)
    hub.reconcile()
    pull = hub.fake.pull(pr)
    sticky = [c for c in engine_comments(hub, pr) if MARKER in c.body]
    assert len(sticky) == 1
    body = sticky[0].body
    assert "a majority of the eligible voters: 2 of 3" in body
    assert "| bob | yes |" in body and "| carol | not yet |" in body
    assert "closes at 2026-05-03 13:00 UTC" in body
    found = statuses(hub, hub.fake.head_sha(pr))
    assert found[-1].state == "pending"
    assert found[-1].description == "2/3 yes · 0 no · needs 2 · closes 2026-05-03 13:00 UTC"
    assert pull.labels == ["nomic: voting"]


def test_the_state_page_shows_each_vote_as_the_engine_last_counted_it(hub):
    """A vote is a review the forge keeps; the engine copies the count into the state, so
    `state/README.md` shows the tally: one commit when the count changes, none otherwise."""
    pr = open_proposal(hub)
    hub.reconcile()
    row = next(line for line in hub.files()["state/README.md"].splitlines()
               if line.startswith("| 1: An idea"))
    assert "| alice | 1 | 0 | bob, carol | a majority of the eligible voters: 2 of 3 | " \
        "2026-05-01 13:00 UTC | 2026-05-03 13:00 UTC |" in row  # the proposer's yes (rule 105)
    hub.later().fake.add_review(pr, "carol", "CHANGES_REQUESTED", submitted_at=hub.now)
    hub.fake.clear_requests()
    hub.reconcile()
    assert "| alice | 1 | 1 | bob |" in hub.files()["state/README.md"]
    assert read_state(hub.files()).open_proposals[0].standing.no_votes == 1
    assert [r.path for r in hub.fake.writes() if r.path.endswith("/git/refs/heads/main")]
    hub.fake.clear_requests()
    assert hub.reconcile() == 0 and hub.fake.writes() == []


def test_a_second_reconcile_with_nothing_new_writes_nothing(hub):
    pr = open_proposal(hub)
    hub.reconcile()
    hub.later().fake.add_review(pr, "bob", "APPROVED", submitted_at=hub.now)
    hub.reconcile()
    hub.fake.clear_requests()
    assert hub.reconcile() == 0
    assert hub.fake.writes() == []
    # one query for the game and the pull requests, the players' comments (commands) listed
    # through REST, and one query for the texts of the rules the pull requests change
    assert [(r.method, r.path) for r in hub.fake.requests] == [
        ("POST", "/graphql"), ("GET", "/repos/nomic/game/issues/comments"), ("POST", "/graphql")]


def test_a_passed_proposal_is_merged_at_the_counted_head_and_the_state_committed(hub):
    pr = open_proposal(hub)
    hub.reconcile()
    for who in ("bob", "carol"):
        hub.later().fake.add_review(pr, who, "APPROVED", submitted_at=hub.now)
    head = hub.fake.head_sha(pr)
    hub.reconcile()
    merge = [r for r in hub.fake.requests if r.method == "PUT" and r.path.endswith("/merge")]
    assert merge[0].body["sha"] == head
    assert hub.fake.pull(pr).merged
    assert "rules/150-rule-150.md" in hub.files()
    assert hub.status()["players"][0]["points"] == roll(1)
    assert hub.fake.pull(pr).labels == ["nomic: passed"]
    assert "Proposal 1 ('An idea') passed" in hub.summary.read_text()


def test_a_proposal_out_of_turn_is_closed_with_the_reason(hub):
    pr = open_proposal(hub, author="bob")
    hub.reconcile()
    pull = hub.fake.pull(pr)
    assert pull.state == "closed" and not pull.merged
    assert "it is alice's turn, not bob's" in engine_comments(hub, pr)[-1].body
    assert pull.labels == ["nomic: refused"]


def test_a_draft_is_not_a_proposal_until_it_is_ready(hub):
    pr = open_proposal(hub, author="bob")
    hub.fake.set_draft(pr, True)
    hub.reconcile()
    assert hub.fake.pull(pr).state == "open" and hub.status()["proposals"] == []


def test_votes_cast_on_a_draft_do_not_count_once_it_is_ready(hub):
    """A draft everyone approved would pass the moment it was marked ready (before rule 103's
    die), and "request changes" given as feedback on a draft would be final no votes: votes
    count from its vote's start, and the comment says which it set aside."""
    pr = open_proposal(hub)
    hub.fake.set_draft(pr, True)
    for who, said in (("bob", "APPROVED"), ("carol", "CHANGES_REQUESTED")):
        hub.later(0.1).fake.add_review(pr, who, said, submitted_at=hub.now)
    hub.reconcile()
    hub.later().fake.set_draft(pr, False, at=hub.now)
    hub.reconcile()
    assert hub.fake.pull(pr).state == "open"  # not passed at once on the draft's votes
    body = next(c.body for c in engine_comments(hub, pr) if MARKER in c.body)
    assert "| bob | not yet | |" in body and "| carol | not yet | |" in body
    assert "- bob: cast while it was a draft, before its vote began: vote again now that it " \
           "is ready for review" in body
    for who, said in (("bob", "APPROVED"), ("carol", "CHANGES_REQUESTED")):
        hub.later(0.1).fake.add_review(pr, who, said, submitted_at=hub.now)
    hub.reconcile()
    assert hub.fake.pull(pr).merged  # votes cast since count: alice's, bob's, not carol's


def test_a_renamed_player_still_votes_by_their_numeric_id(hub):
    pr = open_proposal(hub)
    hub.reconcile()
    hub.fake.rename_user("bob", "robert")
    hub.later().fake.add_review(pr, "robert", "APPROVED", submitted_at=hub.now)
    hub.reconcile()
    assert hub.status()["proposals"][0]["yes"] == 2


def test_a_proposal_of_more_files_than_github_lists_is_not_put_to_the_vote(hub):
    """It awaits a fix (fewer files), open: what it changes is its author's to mend."""
    files = {f"docs/{i}.txt": "x\n" for i in range(3001)}
    pr = open_proposal(hub, files=files)
    hub.reconcile()
    assert hub.fake.pull(pr).state == "open"
    assert [a.key for a in load_game(hub.files()).state.awaiting_fix] == [str(pr)]
    assert "GitHub lists no more than 3,000" in engine_comments(hub, pr)[-1].body


def test_a_proposal_from_a_fork_is_played_like_any_other(hub):
    hub.later().fake.create_branch("fork-idea", new_rule(151), author="alice", fork="alice")
    pr = hub.fake.open_pr("alice", "fork-idea", "From a fork", created_at=hub.now, fork=True)
    hub.reconcile()
    for who in ("bob", "carol"):
        hub.later().fake.add_review(pr, who, "APPROVED", submitted_at=hub.now)
    hub.reconcile()
    assert hub.fake.pull(pr).merged and "rules/151-rule-151.md" in hub.files()


def final(hub):
    status = hub.status()
    records = {p: t for p, t in hub.files().items() if p.startswith("proposals/0")}
    return status, records


def rate_limited(_real):
    return {"errors": [{"type": "RATE_LIMITED", "message": "API rate limit exceeded for "
                                                          "installation ID 1."}]}


def hides_the_pull_requests(real):
    """A partial answer: the listing of pull requests lost, with an error saying so."""
    real["data"]["repository"]["pullRequests"]["nodes"] = []
    return {**real, "errors": [{"type": "SERVICE_UNAVAILABLE", "path": ["repository"],
                                "message": "Something went wrong while executing your query."}]}


EVERYWHERE = [
    ("POST", "/graphql", 502, False),  # a 5xx before anything is read
    ("POST", "/graphql", 200, rate_limited),  # GraphQL's own errors come with a 200
    ("POST", "/graphql", 200, hides_the_pull_requests),  # never decide on part of the facts
    ("PATCH", r".*/git/refs/heads/main", 422, False),  # main moved under the state commit
    ("PATCH", r".*/git/refs/heads/main", 500, False),  # the state commit fails
    ("PATCH", r".*/git/refs/heads/main", 500, True),  # the state commit's answer is lost
    ("POST", r".*/git/commits", 500, False),
    ("POST", r".*/issues/\d+/comments", 500, False),  # telling the players fails
    ("POST", r".*/issues/\d+/comments", 500, True),  # told, but the answer was lost
    ("PUT", r".*/issues/\d+/labels", 500, False),  # labelling fails
    ("POST", r".*/statuses/[0-9a-f]+", 500, False),  # the commit status fails
]
FAULTS = [(game, *fault) for game in GAMES for fault in EVERYWHERE] + [
    ("passing", "PUT", r".*/pulls/\d+/merge", 409, False),  # the head moved, says GitHub
    ("passing", "PUT", r".*/pulls/\d+/merge", 500, True),  # merged, but the answer was lost
    ("passing", "PUT", r".*/pulls/\d+/merge", 500, False),  # GitHub's trouble: try again
    ("passing", "PUT", r".*/pulls/\d+/merge", 403, False),  # a secondary rate limit
    ("failing", "PATCH", r".*/pulls/\d+", 500, False),  # closing fails
    ("refused", "PATCH", r".*/pulls/\d+", 500, True),  # closed, but the answer was lost
]


@pytest.fixture(scope="module")
def before_the_run(tmp_path_factory):
    """Each game one run away from its decision, built once a module: a case plays on a copy
    of it (GitHubTable.copy), so the matrix does not replay the same setup for every fault."""
    built = {}

    def copy(game, root):
        if game not in built:
            t = GitHubTable(tmp_path_factory.mktemp(f"before-{game}"), players="alice,bob,carol")
            built[game] = t, GAMES[game](t)
            t.later()
        t, pr = built[game]
        return t.copy(root), pr
    yield copy
    for t, _ in built.values():
        t.close()


@pytest.fixture(scope="module")
def clean_result(tmp_path_factory, before_the_run):
    """What an unbroken run leaves of each game: played once a module (it is the same for
    every fault), so the matrix costs one game per case, not two."""
    results = {}

    def result(game):
        if game not in results:
            t, pr = before_the_run(game, tmp_path_factory.mktemp(f"clean-{game}"))
            t.reconcile()
            results[game] = final(t), t.fake.pull(pr).state, t.fake.pull(pr).merged
            t.close()
        return results[game]
    return result


@pytest.mark.parametrize("game, method, path, status, after", FAULTS)
def test_a_fault_then_a_normal_run_converges_to_the_clean_result(
        tmp_path, before_the_run, clean_result, game, method, path, status, after):
    expected = clean_result(game)
    hub, pr = before_the_run(game, tmp_path / "game")
    if callable(after):  # a GraphQL answer with errors, made from the real one
        hub.fake.fail(method, path, status, times=1, after=True, body=after)
    else:
        hub.fake.fail(method, path, status, times=1, after=after)
    hub.reconcile()  # may fail; it must not leave the game half-applied
    assert any(r.faulted for r in hub.fake.requests), "the fault was never injected"
    hub.reconcile()
    assert hub.reconcile() == 0
    assert (final(hub), hub.fake.pull(pr).state, hub.fake.pull(pr).merged) == expected
    hub.fake.clear_requests()
    hub.reconcile()
    assert hub.fake.writes() == []
    hub.close()


@pytest.mark.parametrize("computing", ["the test merge", "the merge"])
def test_a_merge_github_is_still_computing_is_left_for_the_next_run(hub, computing):
    """GitHub has not made its test merge yet (the engine waits for it before merging), or
    answers the merge itself with a 405 while it works something out."""
    pr = passing_game(hub)
    if computing == "the test merge":
        hub.fake.set_mergeable(pr, None, null_reads=5)
    else:
        hub.fake.fail("PUT", r".*/pulls/\d+/merge", 405, times=1)
    hub.later().reconcile()
    assert any(r.faulted for r in hub.fake.requests) == (computing == "the merge")
    assert not hub.fake.pull(pr).merged and "not merged yet" in hub.out
    hub.fake.set_mergeable(pr, None)
    hub.reconcile()
    assert hub.fake.pull(pr).merged


def test_a_test_merge_of_another_version_than_the_one_voted_is_not_trusted(hub, monkeypatch):
    """GitHub made its test merge before a force-push back to the voted head (whose merge
    hides a change): it says nothing of that head, so the merge waits for one of it."""
    pr = passing_game(hub)
    backend = hub.fake.backend
    made = backend.test_merge

    def of_another_head(pull):  # the same tree, its second parent not the voted head
        sha, base = made(pull), backend.base_sha(pull)
        who = backend.identity(backend.token_user())
        return sha and backend.git.commit_tree(backend.git.commit_info(sha).tree, [base, base],
                                               "a test merge of another head\n", who, who)
    monkeypatch.setattr(backend, "test_merge", of_another_head)
    hub.later().reconcile()
    assert not hub.fake.pull(pr).merged and "not merged yet" in hub.out
    assert "has not made its test merge of this version yet" in hub.out
    monkeypatch.setattr(backend, "test_merge", made)
    hub.reconcile()
    assert hub.fake.pull(pr).merged


def test_a_proposal_that_conflicts_since_github_made_its_test_merge_fails(hub, monkeypatch):
    """GitHub keeps the last test merge it could make once a pull request conflicts: the
    conflict is what counts (waiting for a newer test merge stopped every run)."""
    pr = passing_game(hub)
    backend = hub.fake.backend
    kept = backend.test_merge(backend.pull(pr))
    monkeypatch.setattr(backend, "test_merge", lambda pull: kept)
    hub.fake.commit("main", {"notes.txt": "main moved\n"})
    hub.fake.set_mergeable(pr, False, state="dirty")
    hub.later().reconcile()
    assert hub.fake.pull(pr).state == "closed" and not hub.fake.pull(pr).merged
    assert hub.status()["proposals"][0]["state"] == "failed"


def test_an_unmergeable_proposal_fails_and_says_why(hub):
    pr = passing_game(hub)
    hub.fake.set_mergeable(pr, False, state="dirty")
    hub.later().reconcile()
    pull = hub.fake.pull(pr)
    assert pull.state == "closed" and not pull.merged
    assert "cannot be merged" in engine_comments(hub, pr)[-1].body
    assert hub.status()["proposals"][0]["state"] == "failed"


def test_a_proposal_that_changes_the_engine_ends_the_run(hub):
    players = hub.fake.file_at("state/players.yaml")
    pr = open_proposal(hub, files={"nomic_ci/extra.py": "X = 1\n"})
    hub.reconcile()
    for who in ("bob", "carol"):
        hub.later().fake.add_review(pr, who, "APPROVED", submitted_at=hub.now)
    hub.reconcile()
    assert hub.fake.pull(pr).merged
    assert "the new engine carries on at the next run" in hub.out
    assert hub.fake.file_at("state/players.yaml") != players  # the roll was still recorded


@pytest.fixture
def suber(tmp_path):
    t = GitHubTable(tmp_path / "suber", players="alice,bob,carol", ruleset="suber-initial-set")
    yield t
    t.close()


def test_a_comment_command_is_handled_once_and_answered(suber):
    pr = open_proposal(suber, files=new_rule(215))
    suber.reconcile()
    suber.later().fake.add_comment(pr, "carol", "/inactive\nback next week")
    suber.reconcile()
    assert "carol is inactive now" in engine_comments(suber, pr)[-1].body
    assert "(inactive since" in suber.files()["state/README.md"]
    answers = len(engine_comments(suber, pr))
    suber.fake.clear_requests()
    suber.later().reconcile()
    assert len(engine_comments(suber, pr)) == answers  # handled once
    assert suber.fake.writes() == []


def test_an_edited_command_does_not_count(suber):
    pr = open_proposal(suber, files=new_rule(215))
    suber.reconcile()
    comment = suber.later().fake.add_comment(pr, "bob", "/actve")
    suber.fake.world.comments[comment].body = "/inactive"
    suber.fake.world.comments[comment].updated_at = suber.now + HOUR / 2
    suber.later().reconcile()
    assert "edited command does not count" in engine_comments(suber, pr)[-1].body
    assert "(inactive since" not in suber.files()["state/README.md"]


@pytest.fixture
def infinite(tmp_path):
    t = GitHubTable(tmp_path / "infinite", players="alice,bob,carol,dave",
                    ruleset="infinite-nomic-r7")
    yield t
    t.close()


def test_thumbs_are_votes_one_per_player_and_the_proposer_gains_the_difference(infinite):
    hub = infinite
    pr = open_proposal(hub, files=new_rule(21))
    hub.reconcile()
    hub.later().fake.add_reaction(pr, "bob", "+1")
    hub.fake.add_reaction(pr, "carol", "+1")
    hub.fake.add_reaction(pr, "dave", "-1")
    hub.fake.add_reaction(pr, "dave", "laugh")  # not a vote
    hub.fake.add_review(pr, "bob", "APPROVED", submitted_at=hub.now)  # bob still has one vote
    hub.reconcile()
    assert hub.status()["proposals"][0] == {"number": 1, "title": "An idea", "author": "alice",
                                            "state": "voting", "yes": 2, "no": 1}
    hub.later(24).reconcile()
    assert hub.fake.pull(pr).merged
    assert hub.status()["players"][0] == {"login": "alice", "points": 1}  # 2 − 1


def test_editing_the_description_retracts_the_proposal(infinite):
    hub = infinite
    pr = open_proposal(hub, files=new_rule(21))
    hub.reconcile()
    hub.fake.pull(pr).body = "Actually, something else."
    hub.later().reconcile()
    pull = hub.fake.pull(pr)
    assert pull.state == "closed" and not pull.merged
    assert "edited before it took effect (rule 4)" in engine_comments(hub, pr)[-1].body
    assert pull.labels == ["nomic: retracted"]


def test_a_player_ends_their_turn_with_a_pass_comment(infinite):
    hub = infinite
    pr = open_proposal(hub, files=new_rule(21))
    hub.reconcile()
    hub.later().fake.add_comment(pr, "alice", "/pass")
    hub.reconcile()
    assert hub.status()["turn"] == "bob"
    assert "alice passes: it is now bob's turn" in engine_comments(hub, pr)[-1].body


def test_a_proposal_retargeted_to_another_branch_is_refused_and_merged_nowhere(hub):
    pr = open_proposal(hub)
    hub.reconcile()
    elsewhere = hub.fake.create_branch("elsewhere", {"notes.md": "x\n"}, author="alice")
    hub.fake.pull(pr).base_ref = "elsewhere"  # after it opened: the listing no longer shows it
    for voter in ("bob", "carol"):
        hub.fake.add_review(pr, voter, "APPROVED", submitted_at=hub.now)
    assert hub.later().reconcile() == 0, hub.err
    pull = hub.fake.pull(pr)
    assert pull.state == "closed" and not pull.merged
    assert "changed to merge into elsewhere" in hub.out
    assert hub.status()["proposals"][0]["state"] == "refused"
    assert hub.fake.branch_sha("elsewhere") == elsewhere  # nothing merged there either


def test_a_hostile_title_mentions_no_one_and_renders_nothing(hub):
    title = "Hi @everyone | <img src=https://tracker.example/p.png> ![x](https://t.example)"
    hub.later().branch("idea", new_rule(150), author="alice")
    pr = hub.fake.open_pr("alice", "idea", title, created_at=hub.now)
    hub.fake.open_pr("bob", "idea", title, created_at=hub.now)  # out of turn: refused
    hub.reconcile()
    said = " ".join(c.body for c in hub.fake.world.comments.values())
    readmes = hub.read("state/README.md") + hub.read("proposals/README.md")
    for text in (said, readmes):
        assert "@everyone" not in text and "<img" not in text and "![x]" not in text
    assert "&lt;img" in readmes and engine_comments(hub, pr)


def test_a_title_of_brackets_is_kept_and_read_back_like_any_other(hub):
    """Hundreds of `[` in a title are text, not nesting: the state that quotes the title
    (and the game issue's text waiting to be told) reads back, and the game goes on."""
    title = "[" * 300
    hub.later().branch("idea", new_rule(150), author="alice")
    pr = hub.fake.open_pr("alice", "idea", title, created_at=hub.now)
    assert hub.reconcile() == 0
    assert read_state(hub.files()).open_proposals[0].title == title
    for who in ("bob", "carol"):
        hub.later().fake.add_review(pr, who, "APPROVED", submitted_at=hub.now)
    assert hub.reconcile() == 0 and hub.fake.pull(pr).merged


def test_a_proposal_turned_back_into_a_draft_is_withdrawn_and_the_game_moves_on(hub):
    pr = open_proposal(hub)
    hub.reconcile()
    for voter in ("bob", "carol"):
        hub.fake.add_review(pr, voter, "APPROVED", submitted_at=hub.now)
    hub.fake.set_draft(pr, True)  # GitHub would refuse to merge it now
    assert hub.later().reconcile() == 0, hub.err
    assert hub.fake.pull(pr).state == "closed" and not hub.fake.pull(pr).merged
    assert "turned back into a draft" in engine_comments(hub, pr)[-1].body
    status = hub.status()
    assert status["proposals"][0]["state"] == "retracted" and status["turn"] == "bob"


def test_a_decided_proposals_vote_comment_becomes_its_result(hub):
    pr = passing_game(hub)
    hub.later().reconcile()
    (sticky,) = [c for c in engine_comments(hub, pr) if MARKER in c.body]
    assert "### Proposal 1: passed, merged at" in sticky.body
    assert "not yet" not in sticky.body and "Vote by" not in sticky.body


def test_a_run_lists_only_the_comments_since_the_game_last_changed(suber):
    """The comment listing does not grow with the game's history: a run asks only for what
    was written or edited since a day before the game's last change."""
    pr = open_proposal(suber, files=new_rule(215))
    suber.reconcile()
    suber.later().fake.add_comment(pr, "carol", "/inactive")
    suber.reconcile()
    last_change = moment(read_state(suber.files()).last_change.isoformat())
    suber.fake.clear_requests()
    suber.later(48).reconcile()
    (listing,) = [r for r in suber.fake.reads() if r.path.endswith("/issues/comments")]
    assert moment(listing.query["since"]) == last_change - timedelta(days=1)
    # a command written after that is listed, and handled
    suber.later().fake.add_comment(pr, "carol", "/active")
    suber.reconcile()
    assert "carol is active again" in engine_comments(suber, pr)[-1].body


def handled(hub):
    return {i for i, _ in read_state(hub.files()).handled_comments}


def test_the_state_forgets_handled_commands_no_listing_can_return(suber):
    """`handled_comments` does not grow with every command ever made: a command written
    more than a day before the game's last change is never listed again, so the next
    command handled drops it; edited later, it is listed, but neither answered nor done."""
    pr = open_proposal(suber, files=new_rule(215))
    suber.reconcile()
    first = suber.later().fake.add_comment(pr, "carol", "/inactive")
    suber.reconcile()
    assert handled(suber) == {first}
    second = suber.later(48).fake.add_comment(pr, "carol", "/active")
    suber.reconcile()
    assert handled(suber) == {first, second}  # the run's listing started before the first
    answers = len(engine_comments(suber, pr))
    suber.fake.world.comments[first].body = "/inactive again"
    suber.fake.world.comments[first].updated_at = suber.later().now
    suber.fake.clear_requests()
    suber.reconcile()
    assert len(engine_comments(suber, pr)) == answers
    assert suber.fake.writes() == []
    assert "carol (inactive since" not in suber.files()["state/README.md"]
    third = suber.later().fake.add_comment(pr, "bob", "/active")
    suber.reconcile()
    assert handled(suber) == {second, third}


def test_a_command_waiting_through_a_long_silence_is_still_handled(suber):
    """A run after more than a day without one: an earlier transition of the same run moves
    the game's last change, but the commands its listing returned still count."""
    pr = open_proposal(suber, files=new_rule(215))
    suber.reconcile()
    said = suber.later().fake.add_comment(pr, "carol", "/inactive")
    suber.later(30).branch("idea", new_rule(216))  # a push, handled first by the next run
    suber.later(10).reconcile()
    assert said in handled(suber)
    assert any("carol is inactive now" in c.body for c in engine_comments(suber, pr))


def test_a_submodule_where_a_rule_goes_is_refused_and_stops_nothing(hub):
    """GitHub gives no blob at a gitlink's path: the pull request cannot be read, which is
    its problem alone (reading it stopped every run)."""
    repo = hub.fake.git.path
    index = hub.root / "attack-index"

    def git(*args, data=None):
        return subprocess.run(["git", *args], cwd=repo, input=data, check=True,
                              capture_output=True, env={
                                  **os.environ, "GIT_INDEX_FILE": str(index),
                                  "GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@example.org",
                                  "GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@example.org",
                              }).stdout.decode().strip()
    git("read-tree", "main")
    git("update-index", "--add", "--index-info",
        data=b"160000 commit " + b"1" * 40 + b"\trules/202-sub.md\n")
    hub.fake.git.update_ref("refs/heads/idea", git("commit-tree", git("write-tree"), "-p",
                                                   "main", "-m", "a submodule"))
    pr = hub.fake.open_pr("alice", "idea", "A submodule", created_at=hub.later().now)
    assert hub.reconcile() == 0, hub.err
    assert "rules/202-sub.md is not a file" in engine_comments(hub, pr)[-1].body
    assert hub.later().reconcile() == 0, hub.err
