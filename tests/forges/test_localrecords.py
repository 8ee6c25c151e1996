"""The local forge's records in git: each command reads what it needs and commits what
changed; a game made with a forge.json keeps its records, moved into git; objects packed."""

import json
import re
import subprocess
from datetime import timedelta

from nomic_ci.forges import gitplumbing
from nomic_ci.forges.gitplumbing import Git
from nomic_ci.forges.localforge import LocalForge
from nomic_ci.forges.localrecords import OLD, PER_FILE, REF, LocalRecords

from builders import T0, new_rule
from tables import LocalTable, forge_records


def changed_paths(root, before: str, after: str) -> list[str]:
    return subprocess.run(["git", "diff", "--name-only", before, after], cwd=root,
                          capture_output=True, text=True, check=True).stdout.split()


def test_a_vote_commits_the_proposal_it_is_on_the_counters_and_the_game_issue_alone(tmp_path):
    t = LocalTable(tmp_path / "g", players="alice,bob,carol")
    for n, author in enumerate(["alice", "bob"], start=1):
        t.later().branch(f"idea{n}", new_rule(200 + n), author)
    t.propose("alice", "idea1")
    git = Git(t.root)
    before = git.rev(REF)
    t.later().vote(1, "bob")
    # the game issue shows the vote's tally, so the vote rewrites its text
    assert changed_paths(t.root, before, git.rev(REF)) == ["game-issue.md", "meta.json",
                                                           "proposals/01/1.json"]
    assert not git.engine_path(OLD).exists()
    [review] = t.forge()["proposals"]["1"]["reviews"]
    assert (review["login"], review["state"]) == ("bob", "APPROVED")


def test_a_proposal_opened_after_the_branches_were_looked_up_stays_open(tmp_path):
    """The forge looks up the open proposals' branches once (not every branch): one opened
    after that, in the same command, is among them, not taken for a deleted branch."""
    t = LocalTable(tmp_path / "g", players="alice,bob,carol")
    for n, author in enumerate(["alice", "bob"], start=1):
        t.later().branch(f"idea{n}", new_rule(200 + n), author)
    forge = LocalForge(t.root, t.now)
    first = forge.open_proposal("idea1", "alice", "One")
    forge.add_review(first, "bob", True)  # looks the open branches up
    second = forge.open_proposal("idea2", "bob", "Two")
    forge.add_review(second, "carol", True)
    forge.finish()
    kept = t.forge()["proposals"]
    assert [kept[k]["state"] for k in (first, second)] == ["open", "open"]
    assert kept[second]["reviews"][0]["login"] == "carol"


def test_a_command_reads_the_latest_comments_alone(tmp_path):
    t = LocalTable(tmp_path / "g", players="alice,bob")
    git = Git(t.root)
    records = LocalRecords(git)
    for n in range(3 * PER_FILE + 10):
        records.add_comment({"id": 1000 + n, "login": "alice", "body": f"talk {n}",
                             "at": (T0 + timedelta(minutes=n)).isoformat().replace("+00:00",
                                                                                   "Z"),
                             "replies": []})
    records.save(T0)
    again = LocalRecords(Git(t.root))
    since = T0 + timedelta(minutes=3 * PER_FILE - 5)
    listed = list(again.comments_since(since))
    assert [c["body"] for c in listed][-15:] == [f"talk {n}" for n in range(295, 310)]
    assert sorted(path for path in again._read if path.startswith("comments/")) == \
        ["comments/000002.json", "comments/000003.json"]
    assert again.comment(1000 + 5)["body"] == "talk 5"  # one far back, when asked for


def test_a_game_made_with_a_forge_file_keeps_its_records_moved_into_git(tmp_path):
    t = LocalTable(tmp_path / "g", players="alice,bob,carol")
    t.later().branch("idea", new_rule(201))
    t.propose("alice", "idea")
    t.later().vote(1, "bob")
    t.cli("command", "/status", "--as", "carol")
    records = t.forge()
    git = Git(t.root)
    # as a game made before kept them: one file, and no ref
    git.engine_path(OLD).write_text(json.dumps(records))
    git.run("update-ref", "-d", REF)
    assert t.later().cli("status") == 0 and "Proposal 1: 2 yes" in t.out
    assert git.engine_path(OLD).exists() and git.rev(REF) is None  # only looking: as it was
    t.later().vote(1, "carol")
    assert not git.engine_path(OLD).exists() and git.rev(REF) is not None
    moved = t.forge()
    assert moved["proposals"]["1"]["reviews"][:1] == records["proposals"]["1"]["reviews"]
    assert moved["comments"] == records["comments"]
    assert moved["game_issue"]["comments"][:len(records["game_issue"]["comments"])] == \
        records["game_issue"]["comments"]


def test_the_objects_a_game_writes_are_packed(tmp_path, monkeypatch):
    monkeypatch.setattr(gitplumbing, "LOOSE_LIMIT", 40)
    t = LocalTable(tmp_path / "g", players="alice,bob,carol")
    players = ["alice", "bob", "carol"]
    for n, author in enumerate(players, start=1):
        t.later().branch(f"idea{n}", new_rule(200 + n), author)
        t.propose(author, f"idea{n}")
        for voter in players:
            if voter != author:
                t.later().vote(n, voter)
    counts = dict(line.split(": ") for line in subprocess.run(
        ["git", "count-objects", "-v"], cwd=t.root, capture_output=True, text=True,
        check=True).stdout.splitlines())
    assert int(counts["in-pack"]) > 0 and int(counts["count"]) < 60, counts
    assert int(counts["packs"]) <= 3
    assert t.cli("verify") == 0


def test_a_players_answers_told_as_one_reply_answer_each_command_once_across_files(
        tmp_path, monkeypatch):
    """A player's answers to a run's commands are one reply: where it is kept must be read by
    any later listing that returns one of the commands it answers, however many files of
    comments part them (a run reads the files since a day before the game last changed)."""
    monkeypatch.setattr("nomic_ci.forges.localrecords.PER_FILE", 2)
    monkeypatch.setattr("nomic_ci.reconcile.MAX_TURN_PASSES", 1)  # a backlog of idle turns
    table = LocalTable(tmp_path / "game", players="alice,bob,carol", ends="2030-01-01T00:00:00Z")
    day = timedelta(days=1)
    table.now = T0 + 300 * day  # a hundred turns of 72 hours passed while nobody played
    written = []
    for login, text, at in [("carol", "/status", 1), ("bob", "/help", 2), ("alice", "/help", 3),
                            ("bob", "/status", 4)]:
        table.now = T0 + 300 * day + at * timedelta(hours=1)
        table.command(login, text)  # each run passes one idle turn, and answers nothing yet
        written.append(login)
    table.now = T0 + 302 * day + timedelta(hours=1)
    table.command("carol", "/help")
    monkeypatch.setattr("nomic_ci.reconcile.MAX_TURN_PASSES", 1000)
    table.now = T0 + 303 * day + timedelta(hours=1)
    table.tick()  # the turns, then the commands, carol's two in one reply; a turn after
    table.later().tick()
    comments = forge_records(tmp_path / "game")["comments"]
    marks = [m for c in comments for r in c["replies"]
             for m in re.findall(r"reply-[0-9]+", r.get("told", "") + r["body"])]
    assert len(comments) == 5 and sorted(marks) == sorted(set(marks)), marks
    assert {f"reply-{c['id']}" for c in comments} == set(marks)
