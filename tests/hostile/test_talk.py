"""Talk: thousands of comments on a proposal, and what players and strangers do among them
(issue 32). A run lists the comments since the game last changed, or since where an earlier
run kept that every player's command before was answered (a `nomic/comments` status on the
default branch's tip, `GitHubForge._keep_position`): each comment is read by a run or two,
not by every run until the game changes. Each case plays on the fake GitHub through the
engine's command line, as the workflow runs it."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from nomic_ci.core.game import load_game
from nomic_ci.core.voting.decision import vote_deadline
from nomic_ci.forges.githubforge import LISTED_PAGES
from nomic_ci.forges.githubgraphql import READ_CONTEXT

from fakegithub.state import Status
from tables import ENGINE, GitHubTable, answered, engine_comments, in_its_vote, settle

LISTING = r"/repos/[^/]+/[^/]+/issues/comments"


def talk(hub: GitHubTable, pr: int, comments: int, who: str = "dave") -> list[int]:
    """`comments` comments of talk on the proposal, a second apart, ending now."""
    return [hub.fake.add_comment(pr, who, f"Talk {n}: I would vote for this if the second "
                                 "paragraph said less.",
                                 created_at=hub.now - timedelta(seconds=comments - n))
            for n in range(comments)]


def run(hub: GitHubTable, minutes: float = 10) -> int:
    """A run `minutes` on; the pages of comments it listed."""
    hub.later(minutes / 60).fake.clear_requests()
    assert hub.reconcile() == 0, hub.out + hub.err
    return sum(1 for r in hub.fake.requests if r.method == "GET" and re.fullmatch(LISTING, r.path))


def replies_to(hub: GitHubTable, number: int, comment: int) -> int:
    return sum(f"nomic-ci:reply-{comment} " in b or f"nomic-ci:reply-{comment} -->" in b
               for b in engine_comments(hub, number))


def kept(hub: GitHubTable) -> list[Status]:
    """The `nomic/comments` statuses on the default branch's tip."""
    tip = hub.fake.branch_sha("main")
    return [s for s in hub.fake.world.statuses if s.sha == tip and s.context == READ_CONTEXT]


def status(hub: GitHubTable, login: str, to: datetime) -> None:
    """A `nomic/comments` status on the default branch's tip, set by `login`."""
    who = next(u.id for u in hub.fake.world.users.values() if u.login == login)
    hub.fake.world.statuses.append(Status(
        hub.fake.world.next_id(), hub.fake.branch_sha("main"), "success", READ_CONTEXT,
        f"players' commands answered up to {to:%Y-%m-%dT%H:%M:%SZ}", None, who, hub.now))


def test_a_command_among_ten_thousand_comments_of_talk_is_answered_once_in_the_next_run(
        tmp_path):
    hub, pr = in_its_vote(tmp_path)
    talk(hub, pr, 5_000)
    hub.later(1 / 3600)
    command = hub.fake.add_comment(pr, "carol", "/status", created_at=hub.now)
    hub.later(1 / 3600)
    talk(hub, pr, 5_000)
    # the talk, read once: a run lists at most `LISTED_PAGES`, in the order it was written
    # (the command among the last), and keeps where it stopped; the next lists on from there
    # (the 400 or so left: each page after a listing's first is asked from the second
    # before the last comment read, and lists again the four written in those two seconds)
    assert run(hub) == LISTED_PAGES
    assert replies_to(hub, pr, command) == 0 and kept(hub)
    assert run(hub) == 5
    assert replies_to(hub, pr, command) == 1
    assert kept(hub)  # where the next run starts: kept on the tip, which the reply moved
    assert run(hub) == 1  # the reply and the latest minutes, once
    assert [run(hub) for _ in range(3)] == [1, 1, 1]
    assert replies_to(hub, pr, command) == 1
    # the next command among more talk is answered, once, by the next run
    talk(hub, pr, 300)
    second = hub.fake.add_comment(pr, "carol", "/help", created_at=hub.now)
    assert run(hub, minutes=1) <= 4
    assert replies_to(hub, pr, second) == 1
    assert settle(hub)[-1] == 0
    assert replies_to(hub, pr, command) == replies_to(hub, pr, second) == 1
    hub.close()


def test_a_command_last_on_a_full_page_of_the_listing_is_answered(tmp_path):
    # the listing is read a page at a time, none kept (`githubforge._listing`), to the last
    # page the Link header names: a full last page is the end, no empty page asked for (the
    # second page, asked from the second before the first's last comment, lists two again)
    hub, pr = in_its_vote(tmp_path)
    talk(hub, pr, 196)  # and the vote comment: the command is the 198th
    command = hub.fake.add_comment(pr, "carol", "/status", created_at=hub.now)
    assert run(hub) == 2
    assert replies_to(hub, pr, command) == 1
    hub.close()


def test_a_command_after_many_pages_listed_by_cursor_is_answered(tmp_path):
    """GitHub may page a large listing by cursor, refusing `page=2` (422: 'Pagination with
    the page parameter is not supported for large datasets'), and says to follow the Link
    header, never to make the URL. Before, the listing asked for page 2 by number: every
    run stopped there while the talk lasted, and no command was answered again."""
    hub, pr = in_its_vote(tmp_path)
    hub.fake.backend.comments_by_cursor = True
    talk(hub, pr, 250)
    command = hub.fake.add_comment(pr, "carol", "/status", created_at=hub.now)
    assert run(hub) == 3
    assert replies_to(hub, pr, command) == 1
    hub.close()


def test_a_quiet_run_after_a_page_of_talk_keeps_its_place_without_a_commit(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    talk(hub, pr, 250)
    tip = hub.fake.branch_sha("main")
    newest = max(c.updated_at for c in hub.fake.world.comments.values())
    assert run(hub) == 3
    assert hub.fake.branch_sha("main") == tip  # a no-op run: no commit
    # where it listed to: the newest comment it listed, ten minutes before the run (talk in
    # the run's last minutes, `KEPT_MARGIN`, is listed again)
    assert [s.description for s in kept(hub)] == [
        f"players' commands answered up to {newest:%Y-%m-%dT%H:%M:%SZ}"]
    assert [w.method for w in hub.fake.writes()] == ["POST"]  # the status alone
    assert run(hub) == 1
    assert not hub.fake.writes()  # less than a page read: nothing kept, nothing written
    hub.close()


def test_a_command_edited_after_it_was_answered_is_not_answered_again(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    command = hub.fake.add_comment(pr, "carol", "/status", created_at=hub.now)
    talk(hub, pr, 150)
    run(hub)
    assert replies_to(hub, pr, command) == 1
    talk(hub, pr, 150)
    run(hub)
    assert kept(hub)
    # carol edits her answered command: listed again (edited since), and left alone
    edited = hub.fake.world.comments[command]
    edited.body, edited.updated_at = "/pass", hub.now
    assert settle(hub)[-1] == 0
    assert replies_to(hub, pr, command) == 1
    # one edited before it was answered is answered once: it does not count
    late = hub.fake.add_comment(pr, "carol", "/status", created_at=hub.now)
    hub.fake.world.comments[late].updated_at = hub.now + timedelta(seconds=30)
    talk(hub, pr, 120)
    settle(hub)
    assert replies_to(hub, pr, late) == 1
    assert any(f"reply-{late}" in b and "edited" in b for b in engine_comments(hub, pr))
    hub.close()


def test_a_flood_of_commands_among_talk_keeps_the_cap_and_skips_none(tmp_path, monkeypatch):
    monkeypatch.setattr("nomic_ci.reconcile.MAX_COMMANDS_EACH", 20)
    hub, pr = in_its_vote(tmp_path)
    flood = []
    for n in range(50):
        talk(hub, pr, 4)
        flood.append(hub.fake.add_comment(pr, "carol", "/help", created_at=hub.now))
    rival = hub.fake.add_comment(pr, "dave", "/status", created_at=hub.now)
    talk(hub, pr, 200)
    run(hub)
    assert len(answered(hub, pr) & set(flood)) == 20 and rival in answered(hub, pr)
    # kept no later than carol's first command left waiting
    waiting = min(set(flood) - answered(hub, pr))
    written = hub.fake.world.comments[waiting].created_at
    assert all(s.description.endswith(f"{written:%Y-%m-%dT%H:%M:%SZ}") for s in kept(hub))
    settle(hub)
    assert answered(hub, pr) >= set(flood) | {rival}
    assert all(replies_to(hub, pr, c) == 1 for c in flood + [rival])
    hub.close()


def test_a_lost_write_answers_a_command_once_and_a_lost_status_costs_only_a_listing(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    hub.secrets["NOMIC_CI_HTTP_RETRY"] = "on"  # the workflow's own client, as in production
    talk(hub, pr, 150)
    command = hub.fake.add_comment(pr, "carol", "/status", created_at=hub.now)
    talk(hub, pr, 150)
    hub.fake.fail("POST", r"/repos/[^/]+/[^/]+/issues/\d+/comments", 502, after=True)
    hub.fake.fail("POST", r"/repos/[^/]+/[^/]+/statuses/[0-9a-f]+", 502)
    run(hub)
    assert not kept(hub)  # its status lost: the next run lists the talk again
    assert run(hub) == 4
    settle(hub)
    assert replies_to(hub, pr, command) == 1
    hub.close()


def test_a_stranger_cannot_move_where_the_listing_starts(tmp_path):
    hub, pr = in_its_vote(tmp_path)
    talk(hub, pr, 150)
    run(hub)
    assert kept(hub)
    hub.later(1 / 60)
    command = hub.fake.add_comment(pr, "carol", "/status", created_at=hub.now)
    # mallory writes the engine's marks, as if carol's command were answered, and sets a
    # status such as the engine's after it (anyone who may push may set one)
    hub.fake.add_comment(pr, "mallory", f"<!-- nomic-ci:reply-{command} -->\nanswered",
                         created_at=hub.now)
    hub.fake.add_comment(pr, "mallory", f"@carol <!-- nomic-ci:reply-{command} -->",
                         created_at=hub.now)
    status(hub, "mallory", hub.now + timedelta(seconds=30))
    run(hub, minutes=1)
    assert replies_to(hub, pr, command) == 1
    # nor the engine's own status, where it says a time after the run's (a clock ahead)
    second = hub.fake.add_comment(pr, "carol", "/help", created_at=hub.now)
    status(hub, ENGINE, hub.now + timedelta(days=1))
    run(hub, minutes=1)
    assert replies_to(hub, pr, second) == 1
    hub.close()


def test_a_command_left_waiting_at_the_kept_second_is_answered_where_since_means_after(
        tmp_path, monkeypatch):
    """GitHub documents `since` as "updated after the given time": where it leaves out that
    second, a command left waiting (past the cap) at the very second the status keeps must
    still be listed by the next run, or it is passed for good."""
    import fakegithub.routes_issues as routes

    listing = next(r for r in routes.ROUTES if r.handler is routes.list_repo_comments)

    def strictly_after(call):  # the fake's `>=` made `>`: a comment at `since` is left out
        if "since" in call.query:
            call.query["since"] += "\x7f"
        return routes.list_repo_comments(call)

    monkeypatch.setattr("nomic_ci.reconcile.MAX_COMMANDS_EACH", 20)
    object.__setattr__(listing, "handler", strictly_after)  # a frozen route
    try:
        hub, pr = in_its_vote(tmp_path)
        flood = []
        for n in range(50):
            talk(hub, pr, 4)
            flood.append(hub.fake.add_comment(pr, "carol", "/help", created_at=hub.now))
        talk(hub, pr, 200)
        run(hub)
        assert kept(hub)
        settle(hub)
        assert [c for c in flood if replies_to(hub, pr, c) != 1] == []
        hub.close()
    finally:
        object.__setattr__(listing, "handler", routes.list_repo_comments)


def test_a_runner_clock_ahead_of_githubs_keeps_no_position_past_what_github_listed(tmp_path):
    """The kept position is the runner's clock less `KEPT_MARGIN` only up to the newest time
    GitHub's own listing showed: a runner ten minutes ahead of GitHub kept a time after a
    command posted while it ran (not in its listing), and no later run listed it."""
    hub, pr = in_its_vote(tmp_path)
    skew = timedelta(minutes=10)
    hub.later(1 / 6)
    hub.clock.set(hub.now - skew)  # GitHub's time: the runner's clock is ten minutes ahead
    github = hub.now - skew
    for n in range(150):
        hub.fake.add_comment(pr, "dave", f"Talk {n}",
                             created_at=github - timedelta(seconds=150 - n))
    assert hub.reconcile() == 0, hub.err
    # the newest comment listed: the vote, as the run before left it, at GitHub's time now
    assert [s.description for s in kept(hub)] == [
        f"players' commands answered up to {github:%Y-%m-%dT%H:%M:%SZ}"]
    # carol's command, posted while that run ran, after its listing
    command = hub.fake.add_comment(pr, "carol", "/status", created_at=github)
    hub.later(1 / 6)
    hub.clock.set(hub.now - skew)
    assert hub.reconcile() == 0, hub.err
    assert replies_to(hub, pr, command) == 1
    hub.close()


def test_a_flood_past_the_hours_requests_is_read_over_runs_and_the_clock_waits_for_it(
        tmp_path, monkeypatch):
    """A stranger's flood needs more pages than the hour's requests allow. Before, every run
    listed until GitHub refused (403, rate limit) and stopped having read nothing it kept: the
    next hour the same, for good. Now a run lists while the hour's requests last, keeps where
    it stopped, and the game's clock waits there: the vote that closed meanwhile is decided
    only once carol's command, written before its deadline, is read. Telling that decision
    looks for it among the thread's comments since the game's last commit (a message a run
    that stopped, or one running at once, may have told): 45 pages here, past the hour's
    last requests, so that run stops once its commit is made, and a later one tells it."""
    # an hour of 40 requests, 25 of them left by the listing, 10 kept for the last commits:
    # a flood of 4,500 comments stands for one of a hundred thousand on GITHUB_TOKEN's hour
    monkeypatch.setattr("nomic_ci.forges.githubforge.LISTING_LEAVES", 25)
    monkeypatch.setattr("nomic_ci.reconcile.REQUESTS_KEPT", 10)
    hub, pr = in_its_vote(tmp_path)
    hub.secrets["NOMIC_CI_WRITE_BUDGET"] = "on"  # the hour's requests counted, as in production
    game = load_game(hub.files())
    deadline = vote_deadline(game, game.state.open_proposals[0], ())
    start = deadline - timedelta(hours=2)
    for n in range(4_500):  # more pages than the hour's requests
        hub.fake.add_comment(pr, "mallory", f"Flood {n}: {'spam ' * 20}",
                             created_at=start + timedelta(seconds=n))
    command = hub.fake.add_comment(pr, "carol", "/status",
                                   created_at=deadline - timedelta(minutes=5))
    hub.now = deadline + timedelta(minutes=10)
    hub.fake.rate_spent = True
    cut = []
    while True:
        hub.fake.rate_remaining = 40  # a new hour
        hub.later(1).fake.clear_requests()
        code = hub.reconcile()
        if "as many as this run's share of GitHub's requests allows" not in hub.out:
            break  # the run that read carol's command
        assert code == 0 and hub.fake.pull(pr).state == "open", hub.out  # the clock waits
        # the votes shown as they stand now, not at the held clock: nothing rewritten but
        # where the next run lists from
        assert [w.method for w in hub.fake.writes()] == ["POST"], hub.fake.writes()
        cut.append(sum(1 for r in hub.fake.requests if re.fullmatch(LISTING, r.path)))
        assert len(cut) < 6, cut
    assert len(cut) >= 3 and max(cut) <= 15, cut
    # telling the decision looked through the flood on the thread, as far as the hour
    # allowed: the run stopped there (GitHub refused it) once its commit was made, and the
    # runs after it, its position lost with it, list the flood again from the day before
    assert code == 0 or "403" in hub.out, hub.out
    for _ in range(6):
        hub.fake.rate_remaining = 40
        assert hub.later(1).reconcile() in (0, 1), hub.out
    hub.fake.rate_spent = False
    settle(hub)
    assert hub.fake.pull(pr).state == "closed"  # decided at its deadline
    assert replies_to(hub, pr, command) == 1
    hub.close()


def test_a_listing_that_stops_short_before_the_games_last_change_plays_on(tmp_path, monkeypatch):
    """Where no position is kept, a run lists from a day before the game last changed, and
    a day of flood may end its share of requests before that change: the game's clock stays
    at the change (the run that made it read every comment before), not before it, which
    the engine refuses as time going back."""
    monkeypatch.setattr("nomic_ci.forges.githubforge.LISTING_LEAVES", 60)
    hub, pr = in_its_vote(tmp_path)
    hub.secrets["NOMIC_CI_WRITE_BUDGET"] = "on"
    changed = load_game(hub.files()).state.last_change
    for n in range(4_000):
        hub.fake.add_comment(pr, "mallory", f"Flood {n}",
                             created_at=changed - timedelta(hours=20) + timedelta(seconds=n))
    command = hub.fake.add_comment(pr, "carol", "/status", created_at=hub.now)
    hub.fake.rate_spent = True
    for _ in range(3):
        hub.fake.rate_remaining = 90
        hub.later(1)
        assert hub.reconcile() == 0, hub.out + hub.err
    assert replies_to(hub, pr, command) == 1
    hub.close()


def test_comments_edited_after_they_were_read_do_not_hold_the_game_for_good(
        tmp_path, monkeypatch):
    """GitHub's `since` lists comments *updated* since. Listed in the order they were
    *created*, mallory's comments, read and passed by earlier runs, then edited all at once,
    came first in every later listing: more than a run's pages, every run stopped short
    before the kept position, the clock stayed at the game's last change, and carol's
    command was never read. Listed by when they were last written, they come once, where
    their edit falls; all in one second, more than a run lists, they are read whole."""
    monkeypatch.setattr("nomic_ci.forges.githubforge.LISTED_PAGES", 3)  # 300 a run
    hub, pr = in_its_vote(tmp_path)
    game = load_game(hub.files())
    deadline = vote_deadline(game, game.state.open_proposals[0], ())
    flood = talk(hub, pr, 400, who="mallory")
    for _ in range(3):
        run(hub)
    assert kept(hub)
    hub.later(1 / 60)
    for c in flood:  # one PATCH each, as mallory may make on her own comments
        comment = hub.fake.world.comments[c]
        comment.body, comment.updated_at = comment.body + " (edited)", hub.now
    command = hub.fake.add_comment(pr, "carol", "/status", created_at=hub.now)
    hub.now = deadline + timedelta(minutes=10)
    hub.clock.set(hub.now)
    for _ in range(8):
        run(hub)
    assert replies_to(hub, pr, command) == 1, hub.out
    assert hub.fake.pull(pr).state == "closed", hub.out  # decided at its deadline
    hub.close()


def test_a_close_after_the_deadline_while_the_clock_waits_is_no_retraction_before_it(
        tmp_path, monkeypatch):
    """While a flood holds the game's clock before a vote's deadline, alice sees the vote
    lost and closes her proposal after the deadline: the run reads the close at the held
    clock (`min(closed_at, now)`), before the deadline, and records a retraction, not the
    decision the deadline made."""
    monkeypatch.setattr("nomic_ci.forges.githubforge.LISTED_PAGES", 2)  # 200 a run
    hub, pr = in_its_vote(tmp_path)
    game = load_game(hub.files())
    deadline = vote_deadline(game, game.state.open_proposals[0], ())
    start = deadline - timedelta(minutes=30)
    for n in range(1_000):  # written before the deadline, a run's pages five times over
        hub.fake.add_comment(pr, "mallory", f"Flood {n}",
                             created_at=start + timedelta(seconds=n))
    hub.now = deadline + timedelta(minutes=10)
    hub.clock.set(hub.now)
    run(hub)
    assert hub.fake.pull(pr).state == "open"  # the clock waits before the deadline
    pull = hub.fake.pull(pr)  # alice closes it, after the deadline
    pull.state, pull.closed_at, pull.updated_at = "closed", hub.now, hub.now
    settle(hub)
    records = [p for p in hub.files() if p.startswith("proposals/") and p.endswith(".md")]
    texts = "\n".join(hub.files()[p] for p in records)
    assert "closed on the forge before its vote finished" not in texts, texts[-2000:]
    hub.close()


def meanwhile(hub: GitHubTable, action) -> None:
    """`action`, done on GitHub right after the run's listing of comments sends its first
    page and before it asks for the next, as a player watching the run may time it."""
    hub.fake.meanwhile("GET", LISTING, action)


def test_a_comment_edited_or_deleted_while_the_run_pages_the_listing_hides_no_command(
        tmp_path):
    """Pages asked for by number shift when a comment on a page already read is edited
    (GitHub then lists it last) or deleted: the first comment of the next page moves onto
    the page read, and the listing passes over it. mallory, who times her edit to the run,
    hid carol's command, the 101st comment listed, from that run and, once the run kept its
    place past it (at the last comment it listed), from every run after."""
    for change in ("edited", "deleted"):
        hub, pr = in_its_vote(tmp_path / change)
        first, *_ = talk(hub, pr, 99, who="mallory")  # and the vote comment: 100
        command = hub.fake.add_comment(pr, "carol", "/status", created_at=hub.now)
        hub.later(1 / 60)
        talk(hub, pr, 50, who="mallory")
        hub.later(10 / 60)

        def mallory_edits_or_deletes():
            if change == "deleted":
                del hub.fake.world.comments[first]
            else:
                comment = hub.fake.world.comments[first]
                comment.body, comment.updated_at = comment.body + " (edited)", hub.now
        meanwhile(hub, mallory_edits_or_deletes)
        for _ in range(3):
            run(hub)
        assert replies_to(hub, pr, command) == 1, (change, hub.out)
        hub.close()
