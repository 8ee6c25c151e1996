"""Hostile play against a whole run: what a player, a stranger or GitHub itself does to halt the
game or make it misbehave (issue 28). Each case plays on the fake GitHub through the engine's
command line, as the workflow runs it, and checks that the due decision is made in the first
run, that no run writes more than GitHub allows, and that the runs after it converge: every
command answered, every proposal judged, nothing told twice, and a last run that writes
nothing."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from nomic_ci.core import writes
from nomic_ci.core.game import load_game
from nomic_ci.reconcile import MERGE_TRIES, RESERVED

from builders import new_rule
from tables import GitHubTable, answered, closing_soon, engine_comments, settle

RUN_MOST = writes.AT_ONCE + RESERVED  # a run's writes: its budget and its last commits


def paced(tmp_path, **kwargs) -> GitHubTable:
    """A table whose engine keeps to GitHub's limits on writes, as in production."""
    hub = GitHubTable(tmp_path, **kwargs)
    hub.secrets["NOMIC_CI_WRITE_BUDGET"] = "on"
    return hub


def within_limits(made: list[int], every: timedelta = timedelta(minutes=5)) -> None:
    """No run over its budget, and no hour over GitHub's 500 content-creating requests."""
    assert max(made) <= RUN_MOST, made
    per_hour = timedelta(hours=1) // every
    assert max(sum(made[i:i + per_hour]) for i in range(len(made))) <= 500, made


def test_a_flood_of_commands_delays_no_decision_and_gets_one_reply_a_player(tmp_path):
    hub = paced(tmp_path, players="alice,bob,carol")
    pr = closing_soon(hub)
    talk = hub.game_issue()
    flood = [hub.fake.add_comment(talk, ("alice", "bob", "carol")[n % 3], "/status",
                                  created_at=hub.now + timedelta(seconds=n // 4))
             for n in range(240)]
    hub.later(1 / 30)  # two minutes on: the vote closed a minute ago
    hub.fake.clear_requests()
    assert hub.reconcile() == 0, hub.out
    assert hub.fake.pull(pr).merged  # the decision, in the first run
    first = len(hub.fake.writes())
    replies = [b for b in engine_comments(hub, talk) if "nomic-ci:reply-" in b]
    assert len(replies) == 3  # one a player, answering all their 80 commands
    assert all("you wrote 80 commands" in b for b in replies)
    assert answered(hub, talk) == set(flood)
    within_limits([first] + settle(hub))
    assert answered(hub, talk) == set(flood)  # each once: none is answered again
    assert len([b for b in engine_comments(hub, talk) if "nomic-ci:reply-" in b]) == 3
    hub.close()


def test_more_commands_than_a_run_handles_wait_for_the_next_run_behind_the_decision(
        tmp_path, monkeypatch):
    monkeypatch.setattr("nomic_ci.reconcile.MAX_COMMANDS_EACH", 20)
    hub = paced(tmp_path, players="alice,bob,carol")
    pr = closing_soon(hub)
    talk = hub.game_issue()
    flood = [hub.fake.add_comment(talk, "carol", "/help", created_at=hub.now)
             for _ in range(50)]
    hub.later(1 / 240)  # 15 s: bob writes before the vote closes
    rival = hub.fake.add_comment(talk, "bob", "/status", created_at=hub.now)
    hub.later(1 / 60)
    assert hub.reconcile() == 0
    assert hub.fake.pull(pr).merged
    said = hub.summary.read_text()
    assert said.count("Handled 20 commands of carol's; the next run handles the rest of "
                      "theirs.") == 1
    assert len(answered(hub, talk) & set(flood)) == 20
    # the flood delays only its writer: bob's command, written after it, is handled in the
    # game as it stood then, before the decision that came after it
    assert rival in answered(hub, talk)
    answer = next(b for b in engine_comments(hub, talk) if f"reply-{rival}" in b)
    assert "In their vote: 1 (“An idea”)" in answer or "In their vote: 1 (An idea)" in answer
    settle(hub)
    assert answered(hub, talk) == set(flood) | {rival}
    replies = [b for b in engine_comments(hub, talk) if "nomic-ci:reply-" in b]
    assert len(replies) == 4  # carol's 20, 20 and 10, one reply a run; bob's one
    hub.close()


def join_request(hub, login: str, padding: int) -> int:
    """A stranger's request to join: the players' file with them added, and `padding` bytes
    of comments to make every reading of it slow."""
    hub.fake.add_user(login, id=7000 + len(hub.fake.world.users))
    text = hub.fake.file_at("state/players.yaml", "main")
    user = hub.fake.world.user_by_login(login)
    text += f"  - login: {login}\n    id: {user.id}\n    points: 0\n" + (
        "# " + "x" * 97 + "\n") * (padding // 100)
    hub.fake.create_branch(f"join-{login}", {"state/players.yaml": text}, author=login)
    return hub.fake.open_pr(login, f"join-{login}", f"Let {login} join", created_at=hub.now)


def test_strangers_pull_requests_delay_no_decision_and_are_told_at_the_pace_github_allows(
        tmp_path):
    hub = paced(tmp_path, players="alice,bob,carol", ruleset="suber-initial-set")
    hub.later().branch("idea", new_rule(250), author="alice")
    pr = hub.fake.open_pr("alice", "idea", "An idea", created_at=hub.now)
    assert hub.reconcile() == 0
    for who in ("bob", "carol"):
        hub.fake.add_review(pr, who, "APPROVED", submitted_at=hub.now)
    strangers = [join_request(hub, f"stranger{n}", 50_000) for n in range(4)]
    strangers += [hub.fake.open_pr("mallory", "idea", f"Mine {n}", created_at=hub.now)
                  for n in range(30)]  # not a player: each refused, told and closed
    hub.later(1 / 60)
    hub.fake.clear_requests()
    assert hub.reconcile() == 0, hub.out
    assert hub.fake.pull(pr).merged
    made = [len(hub.fake.writes())] + settle(hub)
    within_limits(made)
    assert len(made) > 3  # more than one budget's writes: the pace held
    game = load_game(hub.files())
    for number in strangers:
        told = [b for b in engine_comments(hub, number) if "nomic-ci:decision" in b]
        if number in strangers[:4]:  # in their window of objections, shown as such
            assert any(o.key == str(number) and o.join for o in game.state.open_proposals)
        else:
            assert len(told) == 1 and hub.fake.pull(number).state == "closed"
    hub.close()


def passed_game(hub) -> int:
    hub.later().branch("idea", new_rule(150), author="alice")
    pr = hub.fake.open_pr("alice", "idea", "An idea", created_at=hub.now)
    assert hub.reconcile() == 0
    for who in ("bob", "carol"):
        hub.later(0.1).fake.add_review(pr, who, "APPROVED", submitted_at=hub.now)
    return pr


MERGE = r"/repos/[^/]+/[^/]+/pulls/\d+/merge"


@pytest.mark.parametrize("message", [
    "Resource not accessible by integration",
    "refusing to allow a GitHub App to create or update workflow `.github/workflows/x.yml` "
    "without `workflows` permission"])
def test_a_merge_refused_for_good_fails_the_proposal_after_a_few_runs(tmp_path, message):
    hub = GitHubTable(tmp_path, players="alice,bob,carol")
    pr = passed_game(hub)
    hub.fake.fail("PUT", MERGE, 403, times=100, body={"message": message})
    for run in range(MERGE_TRIES - 1):
        hub.later(0.25)
        hub.fake.add_comment(hub.game_issue(), "carol", "/status", created_at=hub.now)
        assert hub.reconcile() == 0
        assert hub.fake.pull(pr).state == "open"
        assert f"try {run + 1} of {MERGE_TRIES}" in hub.out
        # the game goes on meanwhile: the command is answered in the same run
        assert sum("nomic-ci:reply-" in b for b in engine_comments(hub, hub.game_issue())) \
            == run + 1
    hub.later(0.25)
    assert hub.reconcile() == 0
    pull = hub.fake.pull(pr)
    assert pull.state == "closed" and not pull.merged
    told = [b for b in engine_comments(hub, pr) if "nomic-ci:decision" in b]
    assert len(told) == 1 and "cannot be merged" in told[0] and message[:30] in told[0]
    record = next(p for p in hub.files() if p.startswith("proposals/") and "idea" in p.lower()
                  or re.match(r"proposals/0*1-", p))
    assert "failed" in hub.read(record)
    hub.fake.clear_requests()
    assert hub.reconcile() == 0 and hub.fake.writes() == []
    hub.close()


@pytest.mark.parametrize("status,message", [
    (502, "Server Error"), (403, "You have exceeded a secondary rate limit"),
    (405, "Base branch was modified. Review and try the merge again.")])
def test_a_merge_refused_for_now_is_tried_again_until_it_merges(tmp_path, status, message):
    hub = GitHubTable(tmp_path, players="alice,bob,carol")
    pr = passed_game(hub)
    hub.fake.fail("PUT", MERGE, status, times=MERGE_TRIES + 2, body={"message": message})
    for _ in range(MERGE_TRIES + 2):
        hub.later(0.25)
        assert hub.reconcile() == 0
        assert hub.fake.pull(pr).state == "open"
    hub.later(0.25)
    assert hub.reconcile() == 0
    assert hub.fake.pull(pr).merged
    hub.close()


COMMENTS = r"/repos/[^/]+/[^/]+/issues/\d+/comments"


@pytest.mark.parametrize("lost", [502, 0], ids=["a 5xx", "a dropped connection"])
@pytest.mark.parametrize("game", ["decision", "reply"])
def test_a_write_saved_whose_answer_was_lost_is_made_once(tmp_path, lost, game):
    """Under the workflow's own client (its retries on, as in production), GitHub saves a
    comment and its answer is lost: the engine looks for it before making it again."""
    hub = GitHubTable(tmp_path, players="alice,bob,carol")
    hub.secrets["NOMIC_CI_HTTP_RETRY"] = "on"
    if game == "decision":
        pr, mark = passed_game(hub), "nomic-ci:decision"
    else:
        pr = hub.game_issue()
        posted = hub.fake.add_comment(pr, "carol", "/status", created_at=hub.now)
        mark = f"nomic-ci:reply-{posted}"
    hub.later()
    hub.fake.fail("POST", COMMENTS, lost, after=True)
    assert hub.reconcile() == 0, hub.out
    settle(hub)
    assert sum(mark in b for b in engine_comments(hub, pr)) == 1
    hub.close()


def test_a_run_that_finds_the_hours_requests_nearly_spent_leaves_the_game_to_a_later_run(
        tmp_path):
    hub = paced(tmp_path, players="alice,bob,carol")
    pr = passed_game(hub)
    hub.fake.rate_remaining = 30  # a flood spent the token's requests for the hour
    hub.later(0.25).fake.clear_requests()
    assert hub.reconcile() == 0
    assert "requests for this hour are nearly spent" in hub.out
    assert hub.fake.writes() == [] and hub.fake.pull(pr).state == "open"
    hub.fake.rate_remaining = 4999
    hub.later(0.25)
    assert hub.reconcile() == 0 and hub.fake.pull(pr).merged
    hub.close()


def test_pull_requests_arriving_together_are_each_judged_once(tmp_path, monkeypatch):
    """K new pull requests in one run: K judgements (every step judged them all: K²)."""
    from nomic_ci.core import due
    judged = []
    real = due.final_refusal
    monkeypatch.setattr(due, "final_refusal",
                        lambda game, p: judged.append(p.key) or real(game, p))
    hub = GitHubTable(tmp_path, players="alice,bob,carol")
    hub.later().branch("idea", new_rule(150), author="alice")
    arrived = [hub.fake.open_pr(("alice", "mallory")[n > 0], "idea", f"P{n}",
                                created_at=hub.now) for n in range(25)]
    assert hub.reconcile() == 0
    assert sorted(judged) == sorted(str(n) for n in arrived)
    assert all(hub.fake.pull(n).state == "closed" for n in arrived[1:])
    hub.close()


def test_a_question_where_writes_are_paced_commits_only_the_count_of_its_writes(tmp_path):
    """A question changes nothing in the game, but its reply is a write: where writes are
    paced, the state's bucket counts it, so questions asked run after run cannot outrun
    GitHub's limits. One commit, which says only that, and the question answered once."""
    hub = paced(tmp_path, players="alice,bob,carol")
    assert hub.reconcile() == 0
    talk, tip = hub.game_issue(), hub.fake.branch_sha("main")
    before = load_game(hub.files()).state
    asked = hub.later().fake.add_comment(talk, "bob", "/status", created_at=hub.now)
    assert hub.reconcile() == 0
    assert answered(hub, talk) == {asked}
    head = hub.fake.git.commit_info(hub.fake.branch_sha("main"))
    assert head.parents == (tip,) and head.message.startswith(
        "nomic-ci: counted the engine's writes (")
    after = load_game(hub.files()).state
    assert after.writes.level > (before.writes.level if before.writes else 0)
    assert (after.handled_comments, after.to_tell) == (before.handled_comments, ())
    assert settle(hub) == [0] and answered(hub, talk) == {asked}
    hub.close()
