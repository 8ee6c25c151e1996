"""What strangers and players do on a public repository neither halts the game nor costs every
run more without bound (issue 38): anyone may review a pull request there or open drafts;
someone with triage rights may close the game issue, or pin three others; a game may have more
missing voters than one comment's mentions notify. Each case plays on the fake GitHub through
the engine's command line, as the workflow runs it, and counts the queries a run sends (the
fake counts every request)."""

from __future__ import annotations

import subprocess
from dataclasses import replace
from datetime import timedelta

import pytest

from nomic_ci.core import writes
from nomic_ci.core.files.state import GAME_ISSUE, Tell, WriteLevel
from nomic_ci.core.files.statedump import dump_state
from nomic_ci.core.game import load_game
from nomic_ci.forges.interface import comments_of
from nomic_ci.reconcile import COSTS, RESERVED

from builders import new_rule
from tables import GitHubTable, in_its_vote, settle


def queries(hub: GitHubTable, minutes: float = 10) -> int:
    """The GraphQL queries of one run, `minutes` after the last."""
    hub.later(minutes / 60).fake.clear_requests()
    assert hub.reconcile() == 0, hub.out + hub.err
    return hub.fake.count("POST", "/graphql")


def test_a_flood_of_commented_reviews_is_never_read(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    quiet = queries(hub)
    # bob, who approved, comments after: a commented review is no vote, and takes none back
    hub.fake.add_review(pr, "bob", "COMMENTED", submitted_at=hub.now)
    for n in range(2000):  # 21 queries a run before: every page of them was read
        hub.fake.add_review(pr, "mallory", "COMMENTED", submitted_at=hub.now)
    assert queries(hub) == quiet == 2
    assert queries(hub) == quiet
    for voter in ("carol", "dave"):
        hub.later(1 / 60).fake.add_review(pr, voter, "APPROVED", submitted_at=hub.now)
    hub.later(1 / 60)
    assert hub.reconcile() == 0, hub.err
    game = load_game(hub.files())
    record = game.full_record(game.records[0])
    assert record.outcome.value == "passed"
    assert sorted(b.login for b in record.counted if b.yes) == ["alice", "bob", "carol", "dave"]
    hub.close()


def _votes(hub: GitHubTable, pr: int, flood: bool) -> None:
    """The players' votes, every kind the engine counts: a vote changed, a vote withdrawn (a
    review dismissed), a vote on the version before a push, a hundred and fifty approvals by
    one player; with `flood`, a stranger's 2,000 approvals among them."""
    fake, at = hub.fake, hub.now
    fake.add_review(pr, "carol", "CHANGES_REQUESTED", submitted_at=at)
    if flood:
        for n in range(1000):
            fake.add_review(pr, "mallory", "APPROVED", submitted_at=at + timedelta(seconds=1))
    for n in range(150):
        fake.add_review(pr, "bob", "APPROVED", submitted_at=at + timedelta(seconds=2 + n))
    dismissed = fake.add_review(pr, "dave", "CHANGES_REQUESTED",
                                submitted_at=at + timedelta(seconds=200))
    fake.dismiss_review(pr, dismissed)
    fake.add_review(pr, "carol", "APPROVED", submitted_at=at + timedelta(seconds=201))
    if flood:
        for n in range(1000):
            fake.add_review(pr, "mallory", "CHANGES_REQUESTED",
                            submitted_at=at + timedelta(seconds=202))


def test_one_strangers_thousands_of_votes_cost_nothing_and_the_players_count_as_before(
        tmp_path):
    hub, pr = in_its_vote(tmp_path / "flooded")
    quiet = queries(hub)
    calm = hub.copy(tmp_path / "calm")
    _votes(hub, pr, flood=True)
    _votes(calm, pr, flood=False)
    # the flood: read by voter (bob's 150 on two pages) and mallory's latest alone; 42
    # queries a run before, every page of every approval
    assert queries(hub) == quiet + 1
    assert queries(hub) == quiet + 1
    assert queries(calm) == quiet  # 155 votes: their second page read with the vote comment
    tallies = []
    for table in (hub, calm):
        table.later(24 * 8)  # past the voting window: decided as the votes stand
        assert table.reconcile() == 0, table.err
        game = load_game(table.files())
        [summary] = game.records
        tallies.append(game.full_record(summary))
    flooded, calmed = tallies
    assert (flooded.outcome, flooded.counted) == (calmed.outcome, calmed.counted)
    assert [b.login for b in flooded.counted] == ["alice", "bob", "carol"]  # dave withdrew
    # of the stranger, who never counts, the record lists the latest vote
    assert [(b.login, b.yes) for b in flooded.left_out] == [("mallory", False)]
    assert calmed.left_out == ()
    hub.close()
    calm.close()


def test_many_strangers_each_voting_cost_a_query_a_hundred_accounts(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    quiet = queries(hub)
    for n in range(300):  # an account made for each vote
        hub.fake.add_user(f"stranger{n}", id=30000 + n)
        hub.fake.add_review(pr, f"stranger{n}", "APPROVED", submitted_at=hub.now)
    # the latest vote of each of 301 accounts: four pages of a hundred, one a query (paged
    # through all 304 votes, the first page came with the pull request: one query fewer)
    assert queries(hub) == quiet + 3
    hub.close()


def test_strangers_drafts_are_closed_once_told_and_a_players_draft_stays(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    quiet = queries(hub)
    hub.later(1 / 60).branch("spam", {"docs/spam.md": "spam\n"}, author="mallory")
    drafts = [hub.fake.open_pr("mallory", "spam", f"Spam {n}", draft=True, created_at=hub.now)
              for n in range(300)]
    hub.branch("later", new_rule(151), author="bob")
    mine = hub.fake.open_pr("bob", "later", "Not yet", draft=True, created_at=hub.now)
    # each run closes twenty, told why, as far as its writes go; the listing shrinks
    made = [queries(hub, 5)]
    assert "Closed 20 of 300 drafts by accounts that are not players; the rest" in hub.out
    made += [queries(hub, 5) for _ in range(15)]
    assert made[0] == 8 and made[-1] == quiet  # 300 drafts listed were 8 queries a run
    assert all(hub.fake.pull(n).state == "closed" for n in drafts)
    assert hub.fake.pull(mine).state == "open"
    told = [c for c in hub.fake.world.comments_on(drafts[0]) if "not a player" in c.body]
    assert len(told) == 1 and "ask a player to propose adding you" in told[0].body
    # bob's draft, made ready, is a proposal as it always was
    hub.fake.set_draft(mine, False, at=hub.now)
    queries(hub)
    assert hub.number_of(mine) is not None
    hub.close()


def test_a_stranger_who_takes_a_renamed_players_old_login_cannot_flood_through_it(tmp_path):
    """dave renamed his account; a stranger registers "dave", which players.yaml still names
    (with dave's id), and approves a thousand times: read by that login, the first page shows
    another account, and no more of it is read."""
    hub, pr = in_its_vote(tmp_path)
    quiet = queries(hub)
    hub.fake.rename_user("dave", "dave-renamed")
    hub.fake.add_user("dave", id=31337)
    hub.fake.add_review(pr, "dave-renamed", "APPROVED", submitted_at=hub.now)
    for n in range(1000):
        hub.fake.add_review(pr, "dave", "APPROVED", submitted_at=hub.now)
    # the latest votes, each player's and a page of the stranger's, then dave's under his new
    # login: a query more; 11 a run where all ten pages of the stranger's were read
    assert queries(hub) == queries(hub) == quiet + 1
    standing = load_game(hub.files()).state.open_proposals[0].standing
    assert "dave" not in standing.not_voted and standing.yes_votes == 3  # alice, bob, dave
    hub.close()


def test_strangers_pull_requests_into_another_branch_cost_no_query(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    quiet = queries(hub)
    hub.later(1 / 60).fake.create_branch("elsewhere", {"docs/x.md": "x\n"}, author="alice")
    hub.branch("spam", {"docs/spam.md": "spam\n"}, author="mallory")
    for n in range(300):  # no draft, no proposal: they change no rule of the game
        hub.fake.open_pr("mallory", "spam", f"Spam {n}", base="elsewhere", created_at=hub.now)
    # the listing asks GitHub for the pull requests into the default branch alone: 8 queries a
    # run before, every page of the 300 listed to be left out
    assert queries(hub) == queries(hub) == quiet
    assert "Read the game at" in hub.out and "and 1 open pull request(s)" in hub.out
    hub.close()


def test_a_checkout_of_another_branch_lists_again_into_the_default_one(tmp_path):
    """Where the engine's checkout holds another branch (dispatched from it), or none (detached),
    its proposals are listed all the same: again into the default branch (a query more), or into
    every branch."""
    hub, pr = in_its_vote(tmp_path)
    quiet = queries(hub)
    checkout = hub.checkout()
    for head, more in (("refs/heads/elsewhere", 1), (hub.fake.branch_sha("main"), 0)):
        if head.startswith("refs/"):
            subprocess.run(["git", "-C", str(checkout), "symbolic-ref", "HEAD", head], check=True)
        else:
            (checkout / ".git" / "HEAD").write_text(head + "\n")
        issue = hub.fake.world.issues[hub.game_issue()]
        shown = issue.body
        hub.later(1 / 60).fake.add_review(pr, "carol", "APPROVED" if more else
                                          "CHANGES_REQUESTED", submitted_at=hub.now)
        assert queries(hub, 1) == quiet + more
        assert "and 1 open pull request(s)" in hub.out
        assert "carol" in issue.body and issue.body != shown  # her vote counted, then changed
    hub.close()


def _close_game_issue(hub: GitHubTable) -> int:
    """Someone with triage rights closes the game issue."""
    issue = hub.fake.world.issues[hub.game_issue()]
    issue.state, issue.closed_at = "closed", hub.now
    return issue.number


def _game_issues(hub: GitHubTable) -> list[tuple[int, str]]:
    return [(i.number, i.state) for i in hub.fake.world.issues.values()
            if "nomic: game" in i.labels]


def test_a_game_issue_someone_closed_is_reopened_and_the_summary_says_so(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    closed = _close_game_issue(hub)
    hub.later(1 / 60).fake.add_review(pr, "carol", "APPROVED", submitted_at=hub.now)
    assert hub.reconcile() == 0, hub.err
    assert _game_issues(hub) == [(closed, "open")]  # its talk stays in one place
    assert f"reopened the game issue #{closed}, which someone closed" in hub.out
    assert "carol" in hub.fake.world.issues[closed].body  # the tally shown there
    hub.close()


def test_a_game_issue_github_refuses_to_reopen_gives_way_to_a_new_one(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    closed = _close_game_issue(hub)
    hub.fake.fail("PATCH", f"/repos/nomic/game/issues/{closed}", 403)
    hub.later(1 / 60).fake.add_review(pr, "carol", "APPROVED", submitted_at=hub.now)
    assert hub.reconcile() == 0, hub.err
    [(old, was), (new, now)] = _game_issues(hub)
    assert (old, was, now) == (closed, "closed", "open") and new > closed
    assert f"could not reopen the game issue #{closed}" in hub.out
    assert f"opened the game issue #{new}" in hub.out
    hub.close()


def _pins(hub: GitHubTable) -> int:
    return sum("pinIssue" in (r.body or {}).get("query", "") for r in hub.fake.requests
               if r.path == "/graphql")


def test_a_refusal_to_pin_the_game_issue_is_asked_again_a_day_on_not_at_every_run(tmp_path):
    hub = GitHubTable(tmp_path, players="alice,bob,carol,dave")
    pinned = [hub.fake.open_issue("bob", f"Pinned {n}") for n in range(3)]
    for number in pinned:  # GitHub pins three issues at most
        hub.fake.world.issues[number].pinned = True
    hub.later().branch("idea", new_rule(150), author="alice")
    pr = hub.fake.open_pr("alice", "idea", "An idea", created_at=hub.now)
    hub.fake.clear_requests()
    assert hub.reconcile() == 0, hub.err
    assert _pins(hub) == 1 and "could not pin the game issue" in hub.out
    issue = hub.fake.world.issues[hub.game_issue()]
    assert not issue.pinned and issue.body.startswith("<!-- nomic-ci:unpinned ")
    for voter in ("bob", "carol"):  # each vote rewrites the game issue: no pin tried
        hub.later(1).fake.add_review(pr, voter, "APPROVED", submitted_at=hub.now)
        hub.fake.clear_requests()
        assert hub.reconcile() == 0, hub.err
        assert _pins(hub) == 0 and "updated the game issue" in hub.out
        assert issue.body.startswith("<!-- nomic-ci:unpinned ")
    hub.fake.world.issues[pinned[0]].pinned = False  # room for the game's
    hub.later(24).fake.add_review(pr, "dave", "APPROVED", submitted_at=hub.now)
    hub.fake.clear_requests()
    assert hub.reconcile() == 0, hub.err
    assert _pins(hub) == 1 and issue.pinned
    assert not issue.body.startswith("<!-- nomic-ci:unpinned ")
    hub.close()


def test_a_reminder_to_more_than_fifty_missing_voters_mentions_fifty_a_comment(tmp_path):
    players = [f"p{n:03d}" for n in range(120)]
    hub = GitHubTable(tmp_path, players=",".join(players))
    hub.later().branch("idea", new_rule(150), author="p000")
    pr = hub.fake.open_pr("p000", "idea", "An idea", created_at=hub.now)
    assert hub.reconcile() == 0, hub.err
    hub.later(1 / 60).fake.add_review(pr, "p001", "APPROVED", submitted_at=hub.now)
    for _ in range(20):  # to the hours before the vote closes
        hub.later(6)
        assert hub.reconcile() == 0, hub.err
        if "Reminded the voters missing" in hub.out:
            break
    comments = [c.body for c in hub.fake.world.comments_on(hub.game_issue())
                if "vote is not in yet" in c.body]
    mentioned = [[line[3:] for line in body.splitlines() if line.startswith("- @")]
                 for body in comments]
    # the proposer's own vote counts, p001 voted: 118 to remind, in three comments, which
    # the run's write budget counts as three writes (`affords`)
    assert [len(m) for m in mentioned] == [50, 50, 18]
    assert comments_of(Tell(GAME_ISSUE, "remind", "x", mentions=tuple(players[2:]))) == 3
    assert sum(mentioned, []) == players[2:]
    assert settle(hub)[-1] == 0  # told once: nothing told again
    assert len([c for c in hub.fake.world.comments_on(hub.game_issue())
                if "vote is not in yet" in c.body]) == 3
    hub.close()


def test_a_renamed_players_vote_at_the_deadline_counts_through_a_flood(tmp_path):
    """dave renamed his account (players.yaml keeps his id, so he keeps his seat): past a page
    of votes his are read under the login GitHub shows now, not only his latest, which came
    after the vote closed; a tally at the deadline needs the approval before it."""
    hub, pr = in_its_vote(tmp_path / "flooded")
    hub.fake.rename_user("dave", "dave-renamed")
    calm = hub.copy(tmp_path / "calm")
    for table, flood in ((hub, True), (calm, False)):
        fake, at = table.fake, table.now
        if flood:
            for n in range(300):
                fake.add_review(pr, "mallory", "APPROVED", submitted_at=at)
        fake.add_review(pr, "dave-renamed", "APPROVED", submitted_at=at + timedelta(seconds=1))
        table.later(24 * 8)  # past the voting window: decided as the votes stood then
        fake.add_review(pr, "dave-renamed", "CHANGES_REQUESTED", submitted_at=table.now)
    tallies = []
    for table in (hub, calm):
        assert table.reconcile() == 0, table.err
        game = load_game(table.files())
        tallies.append(game.full_record(game.records[0]))
    flooded, calmed = tallies
    assert [b.login for b in calmed.counted] == ["alice", "bob", "dave"]
    assert (flooded.outcome, flooded.counted) == (calmed.outcome, calmed.counted)
    hub.close()
    calm.close()


def test_a_message_in_comments_of_fifty_waits_for_room_for_every_comment(tmp_path):
    """Each comment of fifty mentions is a write: a run whose budget holds one comment's
    message, and the writes kept for its last commits, but not 398 voters' eight comments
    tells none of them (it told all eight, past the writes kept), and a run with room tells
    them all, once."""
    players = [f"p{n:03d}" for n in range(400)]
    hub = GitHubTable(tmp_path, players=",".join(players))
    hub.secrets["NOMIC_CI_WRITE_BUDGET"] = "on"
    hub.later().branch("idea", new_rule(150), author="p000")
    pr = hub.fake.open_pr("p000", "idea", "An idea", created_at=hub.now)
    assert hub.reconcile() == 0, hub.err
    hub.later(1 / 60).fake.add_review(pr, "p001", "APPROVED", submitted_at=hub.now)

    def reminders() -> list[str]:
        return [c.body for c in hub.fake.world.comments_on(hub.game_issue())
                if "vote is not in yet" in c.body]

    # each run's budget: a one-comment message, the writes kept for the last commits, and
    # four besides (the run's commit before it tells); not the seven comments more
    room = COSTS["tell"] + RESERVED + 4
    for _ in range(20):  # to the run that reminds
        hub.later(6)
        files = hub.files()
        state = replace(load_game(files).state, writes=WriteLevel(
            writes.AT_ONCE - room, hub.now))
        hub.branch("main", dump_state(state, files), author="p000")
        assert hub.reconcile() == 0, hub.err
        if "Reminded the voters missing" in hub.out:
            break
    assert "Told 0 of" in hub.out and reminders() == [], hub.out
    hub.later(6)  # the budget drained: room for all
    assert hub.reconcile() == 0, hub.err
    assert [body.count("\n- @") for body in reminders()] == [50] * 7 + [48]
    assert settle(hub)[-1] == 0 and len(reminders()) == 8  # told once
    hub.close()


@pytest.mark.parametrize("answer", ["empty", "error"])
def test_a_player_github_knows_no_more_by_login_leaves_the_run_going_past_a_page_of_votes(
        tmp_path, answer):
    """dave renamed his account, and players.yaml names him without an id: past a page of
    votes, his are read by the login it names (`reviews(author:)`), which no account has
    now. Whether GitHub lists no reviews for it or answers NOT_FOUND (the field null) is
    unverified: either way his votes count for nothing, as anyone's GitHub does not know,
    and the others' are counted. Before, the NOT_FOUND stopped every run at reading the
    votes, so the proposal was never decided."""
    hub, pr = in_its_vote(tmp_path)
    hub.fake.backend.unknown_review_author = answer
    files = hub.files()
    hub.fake.commit("main", {"state/players.yaml": files["state/players.yaml"].replace(
        f"id: {hub.ids['dave']}", "id: null")}, author="alice", message="dave's id, forgotten")
    hub.fake.rename_user("dave", "dave-renamed")
    fake, at = hub.fake, hub.now
    for n in range(300):
        fake.add_review(pr, "mallory", "APPROVED", submitted_at=at)
    fake.add_review(pr, "carol", "APPROVED", submitted_at=at)
    fake.add_review(pr, "dave-renamed", "CHANGES_REQUESTED", submitted_at=at)
    hub.later(24 * 8)  # past the voting window
    assert hub.reconcile() == 0, hub.out + hub.err
    game = load_game(hub.files())
    [record] = [game.full_record(r) for r in game.records]
    assert record.outcome.value == "passed", record.reason
    assert sorted(b.login for b in record.counted if b.yes) == ["alice", "bob", "carol"]
    assert settle(hub)[-1] == 0
    hub.close()
