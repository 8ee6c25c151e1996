"""Whole games through the command line players use, on the local git forge."""

import json
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from nomic_ci.cli import main
from nomic_ci.demo import commit_to_branch
from nomic_ci.dice import derive_roll

from conftest import HOUR, T0

SEED = "5eed"


class Table:
    """A game directory and a clock; every call goes through `nomic-ci`'s main()."""

    def __init__(self, root: Path, capsys, players="alice,bob", **init):
        self.root, self.capsys, self.now = root, capsys, T0
        extra = [f"--{k.replace('_', '-')}={v}" for k, v in init.items()]
        assert self.cli("init", str(root), "--players", players, "--dice-seed", SEED,
                        *extra, repo=False) == 0

    def cli(self, *args, repo=True):
        self.capsys.readouterr()
        argv = (["--repo", str(self.root)] if repo else []) + ["--now", self.now.isoformat(),
                                                               *args]
        self.code = main(argv)
        captured = self.capsys.readouterr()
        self.out, self.err = captured.out, captured.err
        return self.code

    def later(self, hours=1):
        self.now += hours * HOUR
        return self

    def branch(self, name, files, author="alice"):
        commit_to_branch(self.root, name, files, name, self.now, author)

    def propose(self, author, branch, title="A proposal"):
        self.cli("propose", "--as", author, "--branch", branch, "--title", title)
        return int(self.out.splitlines()[0])

    def vote(self, number, who, yes=True):
        assert self.cli("vote", str(number), "--as", who, "--yes" if yes else "--no") == 0, \
            self.err

    def status(self):
        assert self.cli("status", "--json") == 0, self.err
        return json.loads(self.out)

    def read(self, path):
        return (self.root / path).read_text()


def new_rule(number, text="A rule."):
    return {f"rules/{number}-rule-{number}.md":
            f"---\nnumber: {number}\ntitle: Rule {number}\nmutable: true\n---\n{text}\n"}


def roll(number):
    return derive_roll(6, {"seed": SEED, "proposal": number, "die": 1, "purpose": "turn"})


def test_a_game_played_to_a_winner(tmp_path, capsys):
    t = Table(tmp_path / "g", capsys)
    # alice lowers the target to 12 points: rule 101 is in the majority layer (2 of 2)
    rule101 = t.read("rules/101-victory-condition.md").replace("100", "12")
    t.later().branch("target", {"rules/101-victory-condition.md": rule101})
    assert t.propose("alice", "target") == 1
    t.later().vote(1, "bob")
    assert "Proposal 1 ('A proposal') passed" in t.out
    points = {"alice": roll(1), "bob": 0}
    assert "victory_points: 12" in t.read("rules/101-victory-condition.md")
    turn, number = "bob", 1
    while max(points.values()) < 12:
        number += 1
        t.later().branch(f"b{number}", new_rule(200 + number), author=turn)
        assert t.propose(turn, f"b{number}") == number
        other = "alice" if turn == "bob" else "bob"
        t.later().vote(number, other)
        points[turn] += roll(number)
        turn = other
    status = t.status()
    assert status["winners"] == [login for login, p in points.items() if p >= 12]
    assert status["players"] == [{"login": k, "points": v} for k, v in points.items()]
    assert status["turn"] is None
    assert [p["state"] for p in status["proposals"]] == ["passed"] * number
    # the game is over: nothing more may be proposed
    t.later().branch("late", new_rule(299), author=turn)
    assert t.propose(turn, "late") == number + 1 and t.code == 1
    assert "the game is over" in t.err
    assert t.cli("verify") == 0 and "everything adds up" in t.out
    assert t.cli("render", "--check") == 0
    log = subprocess.run(["git", "log", "--oneline", "main"], cwd=t.root, capture_output=True,
                         text=True).stdout
    assert log.count("passed") >= number


def test_a_game_ended_by_its_end_date_has_joint_winners(tmp_path, capsys):
    t = Table(tmp_path / "g", capsys, players="alice,bob,carol",
              ends=(T0 + timedelta(days=10)).isoformat())
    # alice proposes; her dice give her points. Then nobody plays until the end date.
    t.later().branch("one", new_rule(201))
    t.propose("alice", "one")
    t.later().vote(1, "bob")
    t.later().vote(1, "carol", yes=False)
    t.now = T0 + timedelta(days=30)
    assert t.cli("tick") == 0
    assert "The game is over (the game's end date (rule 107)): alice won." in t.out
    status = t.status()
    assert status["winners"] == ["alice"] and status["over"]


def test_a_tie_at_the_end_date_is_won_jointly(tmp_path, capsys):
    t = Table(tmp_path / "g", capsys, players="alice,bob", ends=(T0 + HOUR).isoformat())
    t.later(2)
    assert t.cli("tick") == 0
    assert t.status()["winners"] == ["alice", "bob"]


def test_votes_count_on_the_current_version_only(tmp_path, capsys):
    t = Table(tmp_path / "g", capsys, players="alice,bob,carol")
    t.later().branch("idea", new_rule(150))
    t.propose("alice", "idea")
    t.later().vote(1, "bob")
    # alice pushes a new version: bob's yes was on the old one and no longer counts
    t.later().branch("idea", new_rule(150, "A better rule."))
    t.later().vote(1, "carol", yes=False)
    assert t.status()["proposals"][0] == {"number": 1, "title": "A proposal", "author": "alice",
                                          "state": "voting", "yes": 1, "no": 1}
    t.later(60)
    t.cli("tick")
    record = next((t.root / "proposals").glob("0001-*.yaml")).read_text()
    assert "cast on an older version" in record and "outcome: failed" in record


def test_a_strangers_vote_is_recorded_with_a_warning_and_left_out(tmp_path, capsys):
    t = Table(tmp_path / "g", capsys)
    t.later().branch("idea", new_rule(201))
    t.propose("alice", "idea")
    t.later().vote(1, "mallory")
    assert "mallory is not a player" in t.err
    assert t.status()["proposals"][0]["yes"] == 1


def test_a_run_with_nothing_due_writes_nothing(tmp_path, capsys):
    t = Table(tmp_path / "g", capsys)
    before = subprocess.run(["git", "rev-parse", "main"], cwd=t.root, capture_output=True,
                            text=True).stdout
    snapshot = {p: p.read_bytes() for p in t.root.rglob("*") if p.is_file()
                and ".git" not in p.parts}
    assert t.later().cli("tick") == 0 and "Nothing is due." in t.out
    assert t.cli("tick") == 0
    after = subprocess.run(["git", "rev-parse", "main"], cwd=t.root, capture_output=True,
                           text=True).stdout
    assert before == after
    assert snapshot == {p: p.read_bytes() for p in t.root.rglob("*") if p.is_file()
                        and ".git" not in p.parts}


def test_errors_go_to_stderr_with_what_to_do(tmp_path, capsys):
    t = Table(tmp_path / "g", capsys)
    assert t.cli("propose", "--as", "alice", "--branch", "nope", "--title", "x") == 2
    assert "there is no branch 'nope'" in t.err and "what to do" in t.err
    assert t.cli("vote", "7", "--as", "bob", "--yes") == 2
    assert "there is no proposal 7" in t.err
    assert t.cli("--now", "yesterday", "tick") == 2
    assert "--now 'yesterday' is not a time" in t.err
    (t.root / "state/players.yaml").write_text("players:\n  - login: alice\n    points: x\n")
    subprocess.run(["git", "commit", "-qam", "break", "--author", "a <a@b>"], cwd=t.root,
                   env={"GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@b",
                        "PATH": "/usr/bin:/bin"})
    assert t.cli("tick") == 2
    assert "state/players.yaml:3: player 1: field 'points' must be a whole number" in t.err


def test_verify_names_a_record_whose_roll_was_tampered_with(tmp_path, capsys):
    t = Table(tmp_path / "g", capsys)
    t.later().branch("idea", new_rule(201))
    t.propose("alice", "idea")
    t.later().vote(1, "bob")
    record = next((t.root / "proposals").glob("0001-*.yaml"))
    result = roll(1)
    record.write_text(record.read_text().replace(f"result: {result}",
                                                 f"result: {result % 6 + 1}"))
    assert t.cli("verify") == 1
    assert f"{record.relative_to(t.root)}: rule 103: 1d6 added to the proposer's score " \
           f"recorded {result % 6 + 1}, but its inputs give {result}" in t.err
    assert f"points {{'alice': {result}}} do not match the dice ({result % 6 + 1})" in t.err
    players = t.root / "state/players.yaml"
    players.write_text(players.read_text().replace("points: 0", "points: 50", 1))
    assert t.cli("verify") == 1
    assert "state/players.yaml: bob has 50 points, but the records give 0" in t.err


def test_render_check_fails_on_a_stale_readme_and_render_fixes_it(tmp_path, capsys):
    t = Table(tmp_path / "g", capsys)
    (t.root / "state/README.md").write_text("stale\n")
    assert t.cli("render", "--check") == 1 and "state/README.md is out of date" in t.err
    assert t.cli("render") == 0 and "wrote state/README.md" in t.out
    assert t.cli("render", "--check") == 0


def test_the_console_script_and_the_module_run(tmp_path):
    for command in (["nomic-ci"], [sys.executable, "-m", "nomic_ci"]):
        done = subprocess.run([*command, "--now", "2026-05-01T12:00:00Z", "init",
                               str(tmp_path / command[-1]), "--players", "a,b"],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert "it is a's turn" in done.stdout


def test_the_demo_plays_in_seconds(tmp_path, capsys):
    assert main(["demo", str(tmp_path / "demo")]) == 0
    out = capsys.readouterr().out
    for words in ["passed", "failed", "is refused: it is bob's turn", "Dice: alice rolls",
                  "The turn passes from carol to alice", "everything adds up", "## Scoreboard"]:
        assert words in out


def test_a_passed_proposal_that_changes_the_state_is_merged_and_the_dice_apply_on_top(
        tmp_path, capsys):
    t = Table(tmp_path / "g", capsys)
    players = t.read("state/players.yaml") + "  - login: dave\n    id: null\n    points: 0\n"
    t.later().branch("dave-joins", {"state/players.yaml": players})
    t.propose("alice", "dave-joins", "Dave joins")
    assert t.status()["proposals"][0]["state"] == "voting"
    t.later().vote(1, "bob")  # outside rules/ counts as rule 000: unanimity of alice and bob
    assert "unanimity of the eligible voters: 2 of 2 — met" in t.out
    status = t.status()
    assert status["players"] == [{"login": "alice", "points": roll(1)},
                                 {"login": "bob", "points": 0}, {"login": "dave", "points": 0}]
    assert status["turn"] == "bob"


def test_deleting_a_proposals_branch_retracts_it(tmp_path, capsys):
    t = Table(tmp_path / "g", capsys)
    t.later().branch("idea", new_rule(201))
    t.propose("alice", "idea")
    subprocess.run(["git", "branch", "-D", "idea"], cwd=t.root, check=True, capture_output=True)
    assert t.later().cli("tick") == 0
    assert "Proposal 1 ('A proposal') is retracted" in t.out
    assert t.status()["proposals"][0]["state"] == "retracted"
    assert t.status()["turn"] == "bob"


def test_a_run_that_stops_half_way_leaves_the_game_as_it_was(tmp_path, capsys, monkeypatch):
    from nomic_ci.localforge import LocalForge
    t = Table(tmp_path / "g", capsys)
    t.later().branch("idea", new_rule(201))
    t.propose("alice", "idea")
    head = subprocess.run(["git", "rev-parse", "main"], cwd=t.root, capture_output=True,
                          text=True).stdout

    def crash(self):
        raise KeyboardInterrupt  # the machine stops between building commits and publishing

    monkeypatch.setattr(LocalForge, "finish", crash)
    with pytest.raises(KeyboardInterrupt):
        t.later().cli("vote", "1", "--as", "bob", "--yes")
    assert subprocess.run(["git", "rev-parse", "main"], cwd=t.root, capture_output=True,
                          text=True).stdout == head
    monkeypatch.undo()
    # the vote itself was lost with the run; cast again, the game converges as if nothing happened
    t.vote(1, "bob")
    assert t.status()["proposals"][0]["state"] == "passed"
    assert t.cli("verify") == 0


def test_a_passed_proposal_that_conflicts_with_main_fails_with_what_to_do(tmp_path, capsys):
    t = Table(tmp_path / "g", capsys)
    players = t.read("state/players.yaml")
    t.later().branch("edit-players", {"state/players.yaml": players.replace(
        "points: 0", "points: 0  # hello", 1)})
    t.propose("alice", "edit-players")
    # meanwhile an admin edits the same line on main by hand
    (t.root / "state/players.yaml").write_text(players.replace("points: 0", "points: 0 ", 1))
    subprocess.run(["git", "commit", "-qam", "admin edit"], cwd=t.root, check=True, env={
        "GIT_AUTHOR_NAME": "admin", "GIT_AUTHOR_EMAIL": "a@b", "GIT_COMMITTER_NAME": "admin",
        "GIT_COMMITTER_EMAIL": "a@b", "PATH": "/usr/bin:/bin"})
    t.later().vote(1, "bob")
    assert "cannot be merged (branch edit-players conflicts with main)" in t.out
    assert t.status()["proposals"][0]["state"] == "failed"
    assert t.status()["turn"] == "bob"
