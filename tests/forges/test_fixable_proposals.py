"""A proposal refused for a reason its author can fix (a rule file's format, its number) stays
open, awaiting a fix, and is judged again as new when a new version is pushed; who proposes and
when is final. Played on the local forge and on (fake) GitHub, under one-a-turn proposing (the
default ruleset, seed 002), proposing at any time (Infinite Nomic, seed 004) and on a weekly
schedule (BoredNomic, seed 003), with what a hostile player tries: holding the turn, keeping a
second proposal aside, carrying votes over to another version, dodging the proposal days."""

from datetime import datetime, timezone

import pytest

from nomic_ci.core.game import load_game

from builders import HOUR, new_rule
from tables import GitHubTable, LocalTable, dashboard

NO_FRONT_MATTER = {"rules/108-sing.md": "# Singing\n\nPlayers may sing.\n"}
FIXED = {"rules/108-sing.md": "---\nnumber: 108\ntitle: Singing\nmutable: true\n---\n"
                              "Players may sing.\n"}


@pytest.fixture(params=[LocalTable, GitHubTable], ids=["local", "github"])
def t(request, tmp_path):
    """A game of the default ruleset (seed 002: one proposal a turn) on either forge."""
    made = request.param(tmp_path / "game", players="alice,bob,carol")
    yield made
    if hasattr(made, "close"):
        made.close()


def propose(t, author: str, branch: str, title: str = "Singing") -> int | None:
    """Propose on either forge: the proposal's number, or None where it took none (awaiting a
    fix, or refused where only proper proposals are numbered)."""
    number = t.propose(author, branch, title)
    assert t.kind == "local" or t.code == 0, t.err
    return number


def game_of(t):
    return load_game(t.files())


def told(t, branch: str) -> str:
    """What the engine told on the proposal made from `branch` (on GitHub, its comments)."""
    if t.kind == "local":
        return t.out + t.err
    return "\n".join(c.body for c in t.fake.world.comments_on(t.prs[branch]))


def is_open(t, branch: str) -> bool:
    return t.kind == "local" or t.fake.pull(t.prs[branch]).state == "open"


def test_a_rule_file_without_front_matter_awaits_its_fix_then_opens_as_new(t):
    t.later().branch("sing", NO_FRONT_MATTER)
    assert propose(t, "alice", "sing") is None
    game = game_of(t)
    [held] = game.state.awaiting_fix
    assert held.author.login == "alice" and "rules/108-sing.md:1: no front matter" in held.reason
    assert not list(game.records) and game.state.next_proposal == 1  # nothing decided
    assert game.state.open_proposals == () and is_open(t, "sing")
    answer = told(t, "sing")
    # which line, a correct example with the file's number, and what to do next
    assert "What to fix: `rules/108-sing.md`, line 1 (no front matter)" in answer
    assert "---\nnumber: 108\ntitle: Singing\nmutable: true\n---" in answer
    assert "Push the fix to this proposal's branch" in answer
    assert "it still passes as rule 103 says" in answer
    if t.kind == "local":
        assert t.code == 1 and "commit the fix on branch sing" in t.err
    # listed where players look, so no one takes it for lost or for in its vote
    [waiting] = t.status()["awaiting_fix"]
    assert waiting["author"] == "alice" and "no front matter" in waiting["reason"]
    for text, heading in ((t.read("state/README.md"), "## Awaiting a fix"),
                          (dashboard(t)[1], "### Awaiting a fix")):
        listed = text.split(heading + "\n\n", 1)[1].split("\n\n")[0]
        assert f"Singing (#{held.key})" in listed or f"pull/{held.key}" in listed, listed
        assert "no front matter" in listed and "| alice |" in listed
    t.later(5).branch("sing", FIXED)
    t.tick()
    game = game_of(t)
    [opened] = game.state.open_proposals
    assert opened.number == 1 and opened.opened == t.now  # its vote starts with the fix
    assert game.state.awaiting_fix == ()
    assert "Awaiting a fix" not in t.read("state/README.md") + dashboard(t)[1]
    t.later().vote(1, "bob")
    t.later().vote(1, "carol")
    assert "Players may sing." in t.read("rules/108-sing.md")


def test_the_turn_does_not_wait_for_a_fix_and_a_fix_out_of_turn_is_final(t):
    t.later().branch("sing", NO_FRONT_MATTER)
    assert propose(t, "alice", "sing") is None
    t.later(72).tick()  # rule 103's 72 hours run as if nothing were proposed
    assert game_of(t).state.turn == "bob"
    t.later().branch("sing", FIXED)
    t.tick()
    game = game_of(t)
    [record] = game.records
    assert record.outcome.value == "refused" and "it is bob's turn, not alice's" in record.reason
    assert record.number == 1 and game.state.awaiting_fix == ()
    assert not is_open(t, "sing") or t.kind == "local"
    # bob's turn goes on, with his own proposal
    t.later().branch("bobs", new_rule(109), author="bob")
    assert propose(t, "bob", "bobs") == 2


def test_a_fix_that_is_still_wrong_is_told_again_and_keeps_its_place(t):
    t.later().branch("sing", NO_FRONT_MATTER)
    propose(t, "alice", "sing")
    first = game_of(t).state.awaiting_fix[0]
    t.later().branch("sing", {"rules/108-sing.md": "---\nnumber: 18\ntitle: Singing\n"
                                                   "mutable: true\n---\nPlayers may sing.\n"})
    t.tick()
    [held] = game_of(t).state.awaiting_fix
    assert held.since == first.since and held.head != first.head
    assert "number 18 does not match the file name's 108" in held.reason
    assert "write 'number: 108'" in held.reason
    if t.kind == "github":  # one answer for each version judged
        assert told(t, "sing").count("What to fix") == 2
    t.later().tick()  # nothing new: nothing judged, nothing told
    assert game_of(t).state.awaiting_fix == (held,)


def test_a_proposal_closed_before_its_fix_is_recorded_as_refused(t):
    t.later().branch("sing", NO_FRONT_MATTER)
    propose(t, "alice", "sing")
    t.later().withdraw("sing")
    t.tick()
    game = game_of(t)
    [record] = game.records
    assert record.outcome.value == "refused" and game.state.awaiting_fix == ()
    assert "it was closed before it was fixed (it would leave the rules broken" in record.reason


def test_who_proposes_is_final_a_stranger_is_closed_at_once(tmp_path):
    """(Locally the CLI refuses a stranger's proposal before it is made.)"""
    t = GitHubTable(tmp_path / "g", players="alice,bob,carol")
    try:
        t.later().branch("sing", NO_FRONT_MATTER, author="mallory")
        propose(t, "mallory", "sing")
        game = game_of(t)
        assert game.state.awaiting_fix == () and not is_open(t, "sing")
        [record] = game.records
        assert record.outcome.value == "refused" and "mallory is not a player" in record.reason
    finally:
        t.close()


def test_reviews_on_the_version_awaiting_a_fix_do_not_count_on_the_fix(tmp_path):
    t = GitHubTable(tmp_path / "g", players="alice,bob,carol")
    try:
        t.later().branch("sing", NO_FRONT_MATTER)
        propose(t, "alice", "sing")
        pr = t.prs["sing"]
        t.fake.add_review(pr, "bob", "APPROVED", submitted_at=t.now)
        t.fake.add_review(pr, "carol", "APPROVED", submitted_at=t.now)
        t.tick()
        assert game_of(t).state.open_proposals == ()  # votes do not open it
        t.later().branch("sing", FIXED)
        t.tick()
        t.later(49).tick()  # rule 103's 48 hours: only alice's own yes counts
        game = game_of(t)
        record = game.full_record(game.records[0])
        assert record.outcome.value == "failed"
        assert [b.login for b in record.counted] == ["alice"]
        assert {b.login for b in record.left_out} == {"bob", "carol"}  # on the older version
    finally:
        t.close()


def infinite(tmp_path):
    return GitHubTable(tmp_path / "g", players="alice,bob,carol", ruleset="infinite-nomic-r7")


def test_any_time_proposing_reactions_before_the_fix_are_votes_on_no_version(tmp_path):
    """Infinite Nomic counts 👍 on the pull request, which no commit binds: a 👍 given while
    it awaited a fix would otherwise carry over to whatever the fix says (rule 4 retracts an
    edited proposal for the same reason)."""
    t = infinite(tmp_path)
    try:
        t.later().branch("sing", {"rules/021-sing.md": "Players may sing.\n"})
        assert propose(t, "alice", "sing") is None
        pr = t.prs["sing"]
        for who in ("bob", "carol"):
            t.fake.add_reaction(pr, who, "+1", created_at=t.now)
        t.later().branch("sing", {"rules/021-sing.md": "---\nnumber: 21\ntitle: Sing\n"
                                                       "mutable: true\n---\nAlice wins.\n"})
        t.tick()
        assert [o.number for o in game_of(t).state.open_proposals] == [1]
        t.later(25).tick()  # rule 4's 24 hours: more 👍 than 👎 passes, and there are none
        game = game_of(t)
        record = game.full_record(game.records[0])
        assert record.outcome.value == "failed" and not record.counted
        assert {b.login for b in record.left_out} == {"bob", "carol"}  # before it was one
        assert "rules/021-sing.md" not in t.files()
    finally:
        t.close()


def test_any_time_proposing_a_proposal_kept_aside_for_a_fix_is_no_second_proposal(tmp_path):
    """Rule 4: a player with a proposal in its vote may not propose. One awaiting a fix is not
    in its vote, so its author may make another; its fix, pushed while that one is in its vote,
    is then refused for good, not kept aside for later."""
    t = infinite(tmp_path)
    try:
        t.later().branch("sing", {"rules/021-sing.md": "Players may sing.\n"})
        assert propose(t, "alice", "sing") is None
        t.later().branch("other", new_rule(22))
        assert propose(t, "alice", "other") == 1
        t.branch("bobs", new_rule(23), author="bob")
        assert propose(t, "bob", "bobs") == 2  # it blocks no one
        t.later().branch("sing", {"rules/021-sing.md": "---\nnumber: 21\ntitle: Sing\n"
                                                       "mutable: true\n---\nSing.\n"})
        t.tick()
        game = game_of(t)
        refused = next(r for r in game.records if r.key == str(t.prs["sing"]))
        assert "alice already has proposal 1 in its vote (rule 4)" in refused.reason
        assert t.fake.pull(t.prs["sing"]).state == "closed" and game.state.awaiting_fix == ()
    finally:
        t.close()


MONDAY = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)


def test_a_fix_is_judged_on_the_day_it_is_pushed(tmp_path):
    """BoredNomic's rule 9: proposals Monday to Wednesday. A proposal opened on Monday and fixed
    on Saturday would dodge the schedule if judged as of Monday; it is judged when fixed."""
    t = LocalTable(tmp_path / "g", players="alice,bob,carol", ruleset="borednomic",
                   admin="the-admin")
    t.now = MONDAY
    t.branch("p1", {"rules/021-sing.md": "Players may sing.\n"})
    assert t.propose("alice", "p1") is None
    assert "proposals are accepted Mon–Wed only (rule 9)" in t.out  # what a late fix meets
    t.now = MONDAY + 5 * 24 * HOUR  # Saturday
    t.branch("p1", {"rules/021-sing.md": "---\nnumber: 21\ntitle: Sing\nmutable: true\n---\n"
                                         "Sing.\n"})
    t.tick()
    [record] = load_game(t.files()).records
    assert record.outcome.value == "refused"
    assert "proposals are accepted Mon–Wed only (rule 9)" in record.reason
