"""Whole games, played the same way on the local forge and on (fake) GitHub.

Each expected outcome is worked out from seed 002's rules in the test: the
thresholds of rule 104, rule 103's d6 (recomputed from the game's dice seed),
and the winners of rules 101 and 107.
"""

import os
import subprocess
from datetime import timedelta

import pytest

from nomic_ci.core.files.records import Outcome, load_record
from nomic_ci.core.game import load_game

from builders import by_name, new_rule, roll
from tables import ENGINE, GitHubTable, LocalTable

from builders import HOUR, T0


@pytest.fixture(params=[LocalTable, GitHubTable], ids=["local", "github"])
def table(request, tmp_path):
    made = []

    def make(**kwargs):
        made.append(request.param(tmp_path / "game", **kwargs))
        return made[-1]

    yield make
    for t in made:
        if hasattr(t, "close"):
            t.close()


def record_of(t, number):
    return next(text for path, text in t.files().items()
                if by_name(path).startswith(f"proposals/{number:04d}-"))


def test_a_game_played_to_a_winner(table):
    t = table(players="alice,bob")
    # alice lowers the target to 12 points: rule 101 is in the majority layer (2 of 2)
    rule101 = t.read("rules/101-victory-condition.md").replace("100", "12")
    t.later().branch("target", {"rules/101-victory-condition.md": rule101})
    assert t.propose("alice", "target") == 1
    t.later().vote(1, "bob")
    assert "victory_points: 12" in t.read("rules/101-victory-condition.md")
    points = {"alice": roll(1), "bob": 0}
    turn, number = "bob", 1
    while max(points.values()) < 12:
        number += 1
        t.later().branch(f"b{number}", new_rule(200 + number), author=turn)
        assert t.propose(turn, f"b{number}") == number
        points[turn] += roll(number)  # rolled as it is proposed, before its vote (rule 103)
        if points[turn] >= 12:
            break  # won by the roll: the vote never comes
        other = "alice" if turn == "bob" else "bob"
        t.later().vote(number, other)
        turn = other
    status = t.status()
    assert status["winners"] == [login for login, p in points.items() if p >= 12]
    assert status["players"] == [{"login": k, "points": v} for k, v in points.items()]
    assert status["turn"] is None and status["over"]
    assert [p["state"] for p in status["proposals"]] == ["passed"] * (number - 1) + ["refused"]
    assert "the game ended before its vote finished" in record_of(t, number)
    # the game is over: nothing more may be proposed
    t.later().branch("late", new_rule(299), author=turn)
    assert t.propose(turn, "late") == number + 1
    assert t.status()["proposals"][-1]["state"] == "refused"
    assert "the game is over" in record_of(t, number + 1)


def test_a_game_ended_by_its_end_date(table):
    t = table(players="alice,bob,carol", ends=(T0 + timedelta(days=10)).isoformat())
    t.later().branch("one", new_rule(201))
    t.propose("alice", "one")
    t.later().vote(1, "bob")
    t.later().vote(1, "carol", yes=False)  # 30% of 3 is 1: alice's own yes is enough
    assert t.status()["proposals"][0]["state"] == "passed"
    t.later(24 * 30).tick()
    status = t.status()
    assert status["winners"] == ["alice"] and status["over"]  # roll(1) >= 1 > 0
    # a player's last words still get an answer, and change nothing
    before = t.files()
    t.later().command("bob", "/pass")
    assert "/pass is not allowed: the game is over (alice won; it ended at " in t.out
    t.later().command("carol", "/status")
    assert t.out.count("the game is over") == 1
    t.later().command("bob", "/inactive")
    assert "the game is over" in t.out and "only /help and /status answer now" in t.out
    after = t.files()
    assert {p: after[p] for p in before if not p.startswith("state/")} == \
        {p: text for p, text in before.items() if not p.startswith("state/")}
    assert t.status()["players"] == status["players"]


def test_a_tie_at_the_end_date_is_won_jointly(table):
    t = table(players="alice,bob", ends=(T0 + HOUR).isoformat())
    t.later(2).tick()
    assert t.status()["winners"] == ["alice", "bob"]


def test_out_of_turn_and_second_proposals_are_refused_with_the_reason(table):
    t = table(players="alice,bob,carol")
    t.later().branch("bobs", new_rule(201), author="bob")
    assert t.propose("bob", "bobs") == 1
    assert "it is alice's turn, not bob's" in record_of(t, 1)
    t.later().branch("first", new_rule(202))
    t.propose("alice", "first")
    t.later().branch("second", new_rule(203))
    assert t.propose("alice", "second") == 3
    assert "proposal 2 is still in its vote" in record_of(t, 3)
    assert [p["state"] for p in t.status()["proposals"]] == ["refused", "voting", "refused"]


def test_only_votes_on_the_current_version_count(table):
    t = table(players="alice,bob,carol")
    t.later().branch("idea", new_rule(150))
    t.propose("alice", "idea")
    t.later().vote(1, "bob")
    t.later().branch("idea", new_rule(150, "A better rule."))  # alice pushes a new version
    t.later().vote(1, "carol", yes=False)
    assert t.status()["proposals"][0] == {"number": 1, "title": "A proposal", "author": "alice",
                                          "state": "voting", "yes": 1, "no": 1}
    t.later(60).tick()
    record = record_of(t, 1)
    assert "cast on an older version" in record and "outcome: failed" in record


def test_a_strangers_vote_is_left_out(table):
    t = table(players="alice,bob")
    t.later().branch("idea", new_rule(201))
    t.propose("alice", "idea")
    if t.kind == "local":  # the command line refuses it at once, with the reason
        assert t.later().cli("vote", "1", "--as", "mallory", "--yes") == 2
        return
    t.later().vote(1, "mallory")
    assert t.status()["proposals"][0]["yes"] == 1
    t.later(60).tick()
    assert "reason: not a player" in record_of(t, 1)


def test_a_proposal_that_changes_the_state_needs_unanimity_and_keeps_the_dice(table):
    t = table(players="alice,bob")
    players = t.read("state/players.yaml") + "  - login: dave\n    id: null\n    points: 0\n"
    t.later().branch("dave-joins", {"state/players.yaml": players})
    t.propose("alice", "dave-joins", "Dave joins")
    t.later().vote(1, "bob")
    assert "unanimity of the eligible voters" in record_of(t, 1)
    status = t.status()
    assert status["players"] == [{"login": "alice", "points": roll(1)},
                                 {"login": "bob", "points": 0}, {"login": "dave", "points": 0}]
    assert status["turn"] == "bob"


def test_a_withdrawn_proposal_is_retracted_and_the_turn_moves_on(table):
    t = table(players="alice,bob")
    t.later().branch("idea", new_rule(201))
    t.propose("alice", "idea")
    t.withdraw("idea")
    t.later().tick()
    status = t.status()
    assert status["proposals"][0]["state"] == "retracted" and status["turn"] == "bob"


def test_a_branch_that_merged_others_hides_no_change_from_the_vote(table):
    """Carol branches from one passed proposal, merges in the other but drops its rule, and
    adds a note. From the merge base git names first, her branch only adds the note; merging
    it (from both merge bases) repeals rule 201. Either the vote sees the repeal (locally: the
    change is judged on the merge's tree) or the merge is refused (on GitHub: its test merge
    changes a file the pull request's files do not show); rule 201 never goes unseen."""
    t = table(players="alice,bob,carol")
    t.later().branch("p2", new_rule(201))
    t.later().branch("p1", new_rule(202), author="bob")  # from the same main
    for number, (author, branch, voters) in enumerate([("alice", "p2", ("bob", "carol")),
                                                       ("bob", "p1", ("alice", "carol"))], 1):
        assert t.later().propose(author, branch) == number
        for voter in voters:
            t.vote(number, voter)
        t.later(49).tick()
    repo = t.root if isinstance(t, LocalTable) else t.fake.git.path
    env = {**os.environ, "GIT_AUTHOR_NAME": "carol", "GIT_AUTHOR_EMAIL": "c@example.org",
           "GIT_COMMITTER_NAME": "carol", "GIT_COMMITTER_EMAIL": "c@example.org"}

    def git(*args, cwd=repo):
        return subprocess.run(["git", *args], cwd=cwd, env=env, check=True,
                              capture_output=True, text=True).stdout.strip()
    worktree = t.root.parent / "carol"
    git("worktree", "add", "-q", "--detach", str(worktree), "p1")
    git("merge", "-q", "--no-ff", "--no-commit", "p2", cwd=worktree)
    git("rm", "-qf", "rules/201-rule-201.md", cwd=worktree)
    (worktree / "notes.txt").write_text("harmless\n")
    git("add", "notes.txt", cwd=worktree)
    git("commit", "-qm", "notes", cwd=worktree)
    pushed = git("rev-parse", "HEAD", cwd=worktree)
    if isinstance(t, GitHubTable):  # pushed through the fake, which keeps its refs
        t.fake.git.update_ref("refs/heads/notes", pushed)
    else:
        git("branch", "notes", pushed)
    assert len(git("merge-base", "--all", "main", "notes").split()) == 2
    assert git("diff", "--name-status", "main...notes") == "A\tnotes.txt"
    assert t.later().propose("carol", "notes", title="Add notes") == 3
    for voter in ("alice", "bob"):
        t.vote(3, voter)
    t.later(49).tick()
    files = t.files()
    path = next(path for path in files if path.startswith("proposals/0000-0099/0003-"))
    record = load_record(path, files[path])
    assert "rules/201-rule-201.md" in files or 201 in record.rules, record
    if isinstance(t, GitHubTable):
        assert record.outcome is Outcome.FAILED, record
        assert "would also change rules/201-rule-201.md" in record.reason, record.reason


def _passes(t, number, author, branch, voters):
    assert t.later().propose(author, branch) == number
    for voter in voters:
        t.vote(number, voter)
    t.later(49).tick()


def test_a_passed_proposal_that_conflicts_with_main_fails_and_the_game_goes_on(table):
    """Two proposals write rule 201 from the same main and both pass: the second cannot
    merge. It fails, saying so, and the next runs decide as before (waiting for a test merge
    GitHub never makes of a conflicting pull request stopped every run)."""
    t = table(players="alice,bob,carol")
    t.later().branch("p1", new_rule(201, "One."))
    t.later().branch("p2", new_rule(201, "Two."), author="bob")
    _passes(t, 1, "alice", "p1", ("bob", "carol"))
    _passes(t, 2, "bob", "p2", ("alice", "carol"))
    assert [p["state"] for p in t.status()["proposals"]] == ["passed", "failed"]
    assert "conflicts" in yaml_reason(t, 2)
    t.later().branch("p3", new_rule(203), author="carol")
    _passes(t, 3, "carol", "p3", ("alice", "bob"))
    assert t.status()["proposals"][-1]["state"] == "passed"


def test_a_rule_two_proposals_change_is_merged_only_as_a_vote_judged_it(table):
    """Two valid edits of rule 201 from the same main merge cleanly into a rule file that is
    not valid (a key twice). The second is judged on the text its merge makes (locally), or
    is refused until its branch has main's change (on GitHub); the game is never broken."""
    path = "rules/201-rule-201.md"
    front = "---\nnumber: 201\ntitle: Rule 201\nmutable: true\n{}---\nA rule.\n"
    t = table(players="alice,bob,carol")
    t.later().branch("p0", {path: front.format("")})
    _passes(t, 1, "alice", "p0", ("bob", "carol"))
    t.later().branch("pa", {path: "---\nbindings: {}\n" + front.format("")[4:]}, author="bob")
    t.later().branch("pb", {path: front.format("bindings: {}\n")}, author="carol")
    _passes(t, 2, "bob", "pa", ("alice", "carol"))
    t.later().propose("carol", "pb")
    if t.status()["proposals"][-1]["state"] == "voting":  # on GitHub: judged at its head
        for voter in ("alice", "bob"):
            t.vote(3, voter)
        t.later(49).tick()
    # locally its merge's text has a key twice: it awaits a fix (carol merging main, say)
    held = load_game(t.files()).state.awaiting_fix
    assert [a.author.login for a in held] == ["carol"] if t.kind == "local" else \
        t.status()["proposals"][-1]["state"] in ("refused", "failed")
    t.later().tick()  # the game still reads its rules
    assert t.files()[path].count("bindings") == 1


def yaml_reason(t, number):
    files = t.files()
    path = next(path for path in files if by_name(path).startswith(f"proposals/{number:04d}-"))
    return load_record(path, files[path]).reason


def test_a_title_with_a_line_separator_leaves_the_history_readable(table):
    """U+2028 is a line's end to Python's splitlines: written raw in the index, it split a
    record's line in two, and every command after stopped on the half lines."""
    t = table(players="alice,bob,carol")
    t.later().branch("p1", new_rule(201))
    assert t.later().propose("alice", "p1", title="One\u2028two\u2029three\x85four") == 1
    for voter in ("bob", "carol"):
        t.vote(1, voter)
    t.later(49).tick()
    t.later().branch("p2", new_rule(202), author="bob")
    assert t.later().propose("bob", "p2") == 2
    assert t.cli("verify") == 0, t.err
    assert len(t.files()["proposals/index/latest/00.jsonl"].split("\n")) == 2


def answers(t) -> list[str]:
    """Every answer the engine told a comment, on either forge."""
    if isinstance(t, GitHubTable):
        engine = next(u.id for u in t.fake.world.users.values() if u.login == ENGINE)
        return [c.body for c in t.fake.world.comments.values()
                if c.user_id == engine and "<!-- nomic-ci:reply-" in c.body]
    return [r["body"] for c in t.forge()["comments"] for r in c["replies"]]


def test_a_question_is_answered_once_and_leaves_the_history_untouched(table):
    """/help, /status and a command refused (a typo) change nothing in the game: each is
    answered, once, and no commit records it, however often later runs read it again."""
    t = table(players="alice,bob,carol")
    t.tick()  # the first run tells the players the game has begun
    before = t.tip()
    t.later().command("bob", "/status")
    assert "it is alice's turn. Points: alice 0, bob 0, carol 0" in t.out
    t.later().command("carol", "/stauts")
    assert "there is no /stauts command: did you mean /status?" in t.out
    t.later().command("alice", "/help")
    assert "It is your turn" in t.out
    assert t.tip() == before and len(answers(t)) == 3
    t.later(30).tick()  # asked again by a later run, and after a day, nothing is answered twice
    t.later(30).tick()
    assert t.tip() == before and len(answers(t)) == 3
