"""The local forge's records in git: each command reads what it needs and commits what
changed; a game made with a forge.json keeps its records, moved into git; objects packed."""

import json
import subprocess
from datetime import timedelta

from nomic_ci.forges import gitplumbing
from nomic_ci.forges.gitplumbing import Git
from nomic_ci.forges.localforge import LocalForge
from nomic_ci.forges.localrecords import OLD, PER_FILE, REF, LocalRecords

from builders import T0, new_rule
from tables import LocalTable


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
