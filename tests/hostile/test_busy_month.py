"""A seeded month of a busy game on the fake GitHub, with faults at random runs (issue 28).

Players take their turns, vote, push, and write commands; strangers open pull requests; at
random runs GitHub loses the answer to a write it saved, drops a connection, fails a write, or
the runner dies after some writes. The engine runs as the workflow runs it (its client's
retries on, its write budget on). Whatever happened, once the faults stop the game settles:
every command is answered, every decision told exactly once and its pull request closed or
merged, nothing is told twice anywhere, and a last run writes nothing."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from nomic_ci.core.game import load_game

from builders import new_rule
from tables import ENGINE, GitHubTable

PLAYERS = ("alice", "bob", "carol", "dave")
MARK = re.compile(r"<!-- nomic-ci:([^ ]+) -->")
WRITES = r"/repos/[^/]+/[^/]+/(issues/\d+/comments|statuses/\w+|issues/\d+/labels|pulls/\d+)"


def fault(hub, rng: random.Random) -> str:
    """One fault armed for the next run, or none."""
    kind = rng.choice(["none", "none", "lost", "dropped", "failed", "killed"])
    if kind == "lost":  # GitHub saved the comment; its answer never came back
        hub.fake.fail("POST", r"/repos/[^/]+/[^/]+/issues/\d+/comments", 502, after=True)
    elif kind == "dropped":
        hub.fake.fail("POST", r"/repos/[^/]+/[^/]+/issues/\d+/comments", 0, after=True)
    elif kind == "failed":
        hub.fake.fail(None, WRITES, rng.choice([500, 502, 503]), skip=rng.randrange(3))
    elif kind == "killed":
        hub.fake.kill_after(rng.randrange(1, 8))
    return kind


def play_a_day(hub, rng: random.Random, day: int, opened: list[int]) -> None:
    """What the players and strangers do in a day, at times spread through it."""
    game = load_game(hub.files())
    turn, open_ = game.state.turn, game.state.open_proposals
    if turn and not open_ and rng.random() < 0.8:
        hub.later(rng.random() * 3).branch(f"d{day}", new_rule(200 + day), author=turn)
        opened.append(hub.fake.open_pr(turn, f"d{day}", f"Day {day}", created_at=hub.now))
    for proposal in open_:
        for who in PLAYERS:
            if who != proposal.author.login and rng.random() < 0.5:
                hub.later(rng.random()).fake.add_review(
                    int(proposal.key), who, rng.choice(["APPROVED", "CHANGES_REQUESTED"]),
                    submitted_at=hub.now)
        if rng.random() < 0.1:  # a push: the vote starts again
            hub.later(rng.random()).branch(f"d{day}-push", new_rule(300 + day),
                                           author=proposal.author.login)
    for _ in range(rng.randrange(12)):
        hub.later(rng.random() / 2).fake.add_comment(
            hub.game_issue(), rng.choice(PLAYERS), rng.choice(["/status", "/help", "/pass",
                                                                "/inactive", "/active", "hi"]),
            created_at=hub.now)
    if rng.random() < 0.3:  # a stranger's proposal: refused, told and closed
        hub.later(rng.random()).fake.open_pr("mallory", "d0", "Mine",
                                             created_at=hub.now)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_busy_month_with_faults_settles_with_everything_told_once(tmp_path, seed):
    rng = random.Random(seed)
    hub = GitHubTable(tmp_path, players=",".join(PLAYERS), ruleset="default")
    hub.secrets.update(NOMIC_CI_HTTP_RETRY="on", NOMIC_CI_WRITE_BUDGET="on")
    hub.branch("d0", new_rule(199), author="alice")
    opened: list[int] = []
    faults = Counter()
    for day in range(30):
        play_a_day(hub, rng, day, opened)
        for _ in range(2):  # runs, hours apart: a schedule's and an event's
            hub.later(rng.random() * 8)
            faults[fault(hub, rng)] += 1
            hub.reconcile()  # a fault may stop it: the next run carries on
            hub.fake.revive()
            hub.fake.log.faults.clear()
    assert faults["killed"] and faults["lost"] and faults["dropped"]
    for _ in range(20):  # no more faults: it settles
        hub.later(0.25)
        hub.fake.clear_requests()
        assert hub.reconcile() == 0, hub.out + hub.err
        if not hub.fake.writes() and "later run" not in hub.out:
            break
    else:
        raise AssertionError("the game did not settle")
    game = load_game(hub.files())
    assert game.state.to_tell == ()
    engine = next(u.id for u in hub.fake.world.users.values() if u.login == ENGINE)
    told: Counter = Counter()
    for comment in hub.fake.world.comments.values():
        if comment.user_id == engine:
            for mark in MARK.findall(comment.body):
                told[(comment.number, mark)] += 1
    assert [key for key, n in told.items() if n > 1] == []  # nothing told twice
    answered = {mark for _, mark in told}
    commands = [c for c in hub.fake.world.comments.values()
                if c.user_id != engine and c.body.startswith("/")]
    assert commands and [c for c in commands if f"reply-{c.id}" not in answered] == []
    for record in game.records:
        pull = hub.fake.pull(int(record.key))
        assert pull.state == "closed" and pull.merged == (record.outcome.value == "passed")
        assert told[(int(record.key), "decision")] == 1
    assert len(game.records) >= 8  # a busy month: proposals were decided all along
    hub.close()
