"""The engine's vote comment, found without reading a page of talk (issue 32): the
`nomic/vote` status on a proposal's head links it (`githubgraphql.vote_link`), and a run
reads that comment alone. What a player, a stranger or an admin can do to the link or the
comment never makes the engine edit another comment, leave its own unedited, or post a
second one; where the link does not hold, the run looks for the comment on the first and
the latest page of the thread, as before. Each case plays on the fake GitHub through the
engine's command line, as the workflow runs it."""

from __future__ import annotations

import json
from datetime import timedelta

from nomic_ci.forges.githubgraphql import STATUS_CONTEXT, linked, vote_link
from nomic_ci.text.vote_comment import MARKER

from builders import new_rule
from fakegithub.shapes import node_id
from fakegithub.state import Comment, Status
from tables import ENGINE, GitHubTable, in_its_vote, settle


def talk(hub: GitHubTable, pr: int, comments: int) -> None:
    for n in range(comments):
        hub.fake.add_comment(pr, "dave", f"Talk {n}: I would vote for this if the second "
                             "paragraph said less.",
                             created_at=hub.now - timedelta(seconds=comments - n))


def run(hub: GitHubTable, minutes: float = 10) -> None:
    hub.later(minutes / 60).fake.clear_requests()
    assert hub.reconcile() == 0, hub.out + hub.err


def votes(hub: GitHubTable, pr: int) -> list[Comment]:
    """The engine's vote comments on a pull request."""
    return [c for c in hub.fake.world.comments_on(pr)
            if hub.fake.world.users[c.user_id].login == ENGINE and MARKER in c.body]


def link(hub: GitHubTable, pr: int) -> int | None:
    """The comment the latest `nomic/vote` status on the head links, where the engine set it."""
    head = hub.fake.head_sha(pr)
    mine = [s for s in hub.fake.world.statuses if s.sha == head and s.context == STATUS_CONTEXT]
    latest = max(mine, key=lambda s: s.id, default=None)
    if latest is None or hub.fake.world.users[latest.creator_id].login != ENGINE:
        return None
    found = linked(latest.target_url)
    return found[1] if found else None


def set_status(hub: GitHubTable, pr: int, login: str, comment: int | None,
               on: int | None = None) -> None:
    """A `nomic/vote` status on the head, set by `login`, linking `comment` as the engine
    links its vote comment (anyone who may push may set a status), at its address or as if
    it were on pull request `on`."""
    who = next(u.id for u in hub.fake.world.users.values() if u.login == login)
    on = on or (comment and hub.fake.world.comments[comment].number)
    target = None if comment is None else vote_link(
        hub.fake.backend.urls.html(f"/pull/{on}#issuecomment-{comment}"),
        node_id("IssueComment", comment))
    hub.fake.world.statuses.append(Status(hub.fake.world.next_id(), hub.fake.head_sha(pr),
                                          "pending", STATUS_CONTEXT, "1/3 in favour", target,
                                          who, hub.now))


def holds_one_vote(hub: GitHubTable, pr: int) -> Comment:
    """The one vote comment on the pull request, linked by the status on its head."""
    (vote,) = votes(hub, pr)
    assert link(hub, pr) == vote.id
    assert f"### Proposal {hub.number_of(pr)}: where the vote stands" in vote.body
    return vote


def test_a_quiet_run_reads_the_vote_comment_alone_and_no_talk(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    vote = holds_one_vote(hub, pr)
    talk(hub, pr, 250)
    run(hub)  # the run that reads the talk, once
    run(hub)
    queries = [r for r in hub.fake.requests if r.path == "/graphql"]
    assert len(hub.fake.requests) == 3 and len(queries) == 2  # as in a game without talk
    assert all("comments(" not in q.body["query"] for q in queries)
    assert "node(id:" in queries[1].body["query"]
    answers = json.dumps([q.response for q in queries])
    assert "Talk " not in answers and answers.count(MARKER) == 1
    assert not hub.fake.writes()
    assert holds_one_vote(hub, pr).id == vote.id
    hub.close()


def test_a_status_another_account_sets_is_not_followed(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    vote = holds_one_vote(hub, pr)
    mallory = hub.fake.add_comment(pr, "mallory", "I vote for nothing.", created_at=hub.now)
    reply = hub.fake.add_comment(pr, ENGINE, "<!-- nomic-ci:reply-1 -->\nan answer",
                                 created_at=hub.now)
    for target in (mallory, reply, vote.id, None):
        set_status(hub, pr, "mallory", target)
        run(hub)
        assert hub.fake.world.comments[mallory].body == "I vote for nothing."
        assert hub.fake.world.comments[reply].body == "<!-- nomic-ci:reply-1 -->\nan answer"
        assert holds_one_vote(hub, pr).id == vote.id  # looked for, found, linked again
    hub.close()


def test_the_engines_own_status_is_followed_only_to_its_vote_comment_on_that_proposal(
        tmp_path):
    """Only the engine's account sets such a status, and it links its vote comment alone;
    still (a token the engine shares with other workflows), a link to a comment that is not
    the engine's, not its vote, or not on this proposal is not followed."""
    hub, pr = in_its_vote(tmp_path)
    vote = holds_one_vote(hub, pr)
    elsewhere = f"{MARKER}\nthe vote on another thread"
    others = {hub.fake.add_comment(pr, "mallory", "Mine.", created_at=hub.now): "Mine.",
              hub.fake.add_comment(pr, ENGINE, "<!-- nomic-ci:reply-1 -->\nan answer",
                                   created_at=hub.now): "<!-- nomic-ci:reply-1 -->\nan answer",
              hub.fake.add_comment(hub.game_issue(), ENGINE, elsewhere,
                                   created_at=hub.now): elsewhere}
    for target, on in [(c, None) for c in others] + [(list(others)[-1], pr)]:
        set_status(hub, pr, ENGINE, target, on)
        run(hub)
        assert {c: hub.fake.world.comments[c].body for c in others} == others
        assert holds_one_vote(hub, pr).id == vote.id
    hub.close()


def test_a_pull_request_of_the_same_commit_leaves_the_vote_comment_alone(tmp_path):
    """Statuses are a commit's: a pull request mallory opens of alice's head reads the
    status that links alice's vote comment, and its own decision sets one there too."""
    hub, pr = in_its_vote(tmp_path)
    vote = holds_one_vote(hub, pr)
    hub.fake.create_branch("same", start=hub.fake.head_sha(pr))
    twin = hub.fake.open_pr("mallory", "same", "The same idea", created_at=hub.now)
    assert hub.fake.head_sha(twin) == hub.fake.head_sha(pr)
    run(hub)
    assert hub.fake.pull(twin).state == "closed" and votes(hub, twin) == []
    assert holds_one_vote(hub, pr).id == vote.id
    refused = [s for s in hub.fake.world.statuses if s.description == "refused"]
    assert len(refused) == 1 and refused[0].target_url is None  # no link to alice's vote
    hub.fake.add_review(pr, "carol", "APPROVED", submitted_at=hub.now)
    run(hub)
    assert holds_one_vote(hub, pr).id == vote.id and "carol | yes" in vote.body
    hub.close()


def test_a_vote_comment_an_admin_deleted_is_posted_again_once(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    vote = holds_one_vote(hub, pr)
    talk(hub, pr, 250)  # more than a page of talk, none of it the vote
    del hub.fake.world.comments[vote.id]
    run(hub)
    again = holds_one_vote(hub, pr)
    assert again.id != vote.id
    assert settle(hub)[-1] == 0
    assert holds_one_vote(hub, pr).id == again.id
    hub.close()


def test_a_vote_comment_a_player_with_the_rights_edited_is_shown_again(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    vote = holds_one_vote(hub, pr)
    shown = vote.body
    vote.body, vote.updated_at = f"{MARKER}\nPassed already, stop voting.", hub.now
    run(hub)
    assert holds_one_vote(hub, pr) is vote and vote.body == shown
    # unmarked, it is no vote comment the engine can tell from another: left as they made
    # it, and the vote shown in a new one, which the status links
    vote.body, vote.updated_at = "Passed already, stop voting.", hub.now
    run(hub)
    again = holds_one_vote(hub, pr)
    assert again.id != vote.id and again.body == shown
    assert vote.body == "Passed already, stop voting."
    assert settle(hub)[-1] == 0 and holds_one_vote(hub, pr).id == again.id
    hub.close()


def test_a_push_leaves_the_new_head_without_a_link_and_the_vote_comment_is_found(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    vote = holds_one_vote(hub, pr)
    talk(hub, pr, 250)
    run(hub)
    old = hub.fake.head_sha(pr)
    hub.fake.push(pr, {"rules/150-rule-150.md": "---\nnumber: 150\ntitle: Rule 150\n"
                                                "mutable: true\n---\nA better rule.\n"})
    assert link(hub, pr) is None  # the new head has no status yet
    run(hub)
    assert holds_one_vote(hub, pr).id == vote.id and hub.fake.head_sha(pr) != old
    run(hub)  # and from then on, read alone
    assert all("comments(" not in r.body["query"] for r in hub.fake.requests
               if r.path == "/graphql")
    hub.close()


def test_a_vote_comment_after_a_page_of_talk_is_found_on_the_latest_page(tmp_path):
    """The engine came late to a busy thread (its first run after a page of talk), and the
    head moved since: the link is gone, and the comment is on the thread's latest page."""
    hub = GitHubTable(tmp_path, players="alice,bob,carol,dave")
    hub.later().branch("idea", new_rule(150), author="alice")
    pr = hub.fake.open_pr("alice", "idea", "An idea", created_at=hub.now)
    talk(hub, pr, 150)
    run(hub)
    vote = holds_one_vote(hub, pr)
    hub.fake.push(pr, {"rules/150-rule-150.md": "---\nnumber: 150\ntitle: Rule 150\n"
                                                "mutable: true\n---\nA better rule.\n"})
    run(hub)
    assert holds_one_vote(hub, pr).id == vote.id
    hub.close()


def test_a_game_an_older_engine_began_links_its_vote_comment_once(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    vote = holds_one_vote(hub, pr)
    for status in hub.fake.world.statuses:  # as an engine that set no link left them
        status.target_url = None
    talk(hub, pr, 150)
    run(hub)
    assert holds_one_vote(hub, pr).id == vote.id
    head = hub.fake.head_sha(pr)  # the link written once, and nothing else of the proposal's
    assert [w.path for w in hub.fake.writes() if "/statuses/" not in w.path] == []
    assert len([w for w in hub.fake.writes() if w.path.endswith(head)]) == 1
    run(hub)
    assert not hub.fake.writes()
    assert all("comments(" not in r.body["query"] for r in hub.fake.requests
               if r.path == "/graphql")
    hub.close()


def test_a_vote_turned_over_past_githubs_thousand_statuses_halts_no_run(tmp_path):
    """Each change of the tally sets a new `nomic/vote` status on the head, and GitHub keeps
    1,000 of one context on a commit, then refuses the next (422): a player who turns their
    vote over a thousand times made every run after stop there. The run goes on without the
    status: the vote comment tells the tally, the proposal is decided, merged and labelled."""
    hub, pr = in_its_vote(tmp_path)
    head, engine = hub.fake.head_sha(pr), hub.fake.world.user_by_login(ENGINE)
    latest = max((s for s in hub.fake.world.statuses if s.sha == head), key=lambda s: s.id)
    hub.fake.world.statuses += [Status(hub.fake.world.next_id(), head, "pending",
                                       STATUS_CONTEXT, f"flip {n}", latest.target_url,
                                       engine.id, hub.now) for n in range(1000)]
    hub.later(1 / 60).fake.add_review(pr, "carol", "APPROVED", submitted_at=hub.now)
    run(hub, 1)
    assert "GitHub keeps no more of them on one commit" in hub.out
    [vote] = votes(hub, pr)
    assert "| carol | yes |" in vote.body  # the tally, told in the comment
    hub.fake.add_review(pr, "dave", "APPROVED", submitted_at=hub.now)
    run(hub, 60 * 49)  # the window closed: decided
    assert hub.fake.pull(pr).merged and "nomic: passed" in hub.fake.pull(pr).labels
    assert settle(hub)[-1] == 0
    hub.close()
