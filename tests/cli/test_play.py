"""Whole games through the command line players use, on the local git forge."""

import json
import os
import subprocess
import sys

import pytest

from nomic_ci.cli import main
from nomic_ci.text.quoting import quoted

from builders import HOUR, new_rule, roll
from tables import LocalTable, forge_records



@pytest.fixture
def table(tmp_path):
    return lambda **kwargs: LocalTable(tmp_path / "g", **kwargs)


@pytest.mark.parametrize("login, words", [
    ("mallory", "'mallory' is not a player, so their vote would not count"),
    ("bobb", "did you mean --as bob?"),
    ("", "is not a player"),
    ("alice", "alice proposed proposal 1, which already counts as their yes"),
])
def test_a_vote_that_could_not_count_is_refused_and_not_recorded(table, login, words):
    t = table()
    t.later().branch("idea", new_rule(201))
    t.propose("alice", "idea")
    forge_records = t.forge()
    assert t.later().cli("vote", "1", "--as", login, "--yes") == 2
    assert words in t.err and t.out == ""
    assert t.forge() == forge_records
    assert t.status()["proposals"][0]["yes"] == 1


def test_a_time_before_the_last_change_is_refused_before_anything_is_done(table):
    t = table()
    t.later(5).branch("idea", new_rule(201))
    t.propose("alice", "idea")
    t.now -= 3 * HOUR
    assert t.cli("vote", "1", "--as", "bob", "--yes") == 2
    assert "is before the game's last change" in t.err and t.out == ""


def test_two_commands_at_once_never_interleave(table):
    from nomic_ci.forges.localforge import LocalForge
    t = table()
    holder = LocalForge(t.root, t.now)  # a command in the middle of its work
    t.later().branch("idea", new_rule(201))
    assert t.cli("propose", "--as", "alice", "--branch", "idea", "--title", "An idea") == 2
    assert "another nomic-ci command is changing this game right now" in t.err
    holder.finish()
    assert t.propose("alice", "idea") == 1


def test_uncommitted_changes_to_the_game_files_stop_a_command_before_it_changes_anything(table):
    t = table()
    subprocess.run(["git", "checkout", "-q", "main"], cwd=t.root, check=True)
    rule = t.root / "rules/101-victory-condition.md"
    rule.write_text(rule.read_text() + "\nA note of mine.\n")
    before = t.files()
    assert t.later().cli("tick") == 2
    assert "rules/101-victory-condition.md has changes that are not committed" in t.err
    assert t.files() == before and "A note of mine." in rule.read_text()


def test_a_run_with_nothing_due_writes_nothing(table):
    t = table()
    t.tick()  # the game issue's welcome, which a new game has to tell
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


def test_errors_go_to_stderr_with_what_to_do(table):
    t = table()
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


def test_verify_names_a_record_whose_roll_was_tampered_with(table):
    t = table()
    t.later().branch("idea", new_rule(201))
    t.propose("alice", "idea")
    t.later().vote(1, "bob")
    record = next((t.root / "proposals").glob("*/0001-*.yaml"))
    result = roll(1)
    record.write_text(record.read_text().replace(f"result: {result}",
                                                 f"result: {result % 6 + 1}"))
    assert t.cli("verify") == 1
    assert f"{record.relative_to(t.root)}: rule 103: 1d6 added to the proposer's score " \
           f"recorded {result % 6 + 1}, but its inputs give {result}" in t.err
    assert f"points {{'alice': {result}}} do not match the dice and votes ({result % 6 + 1})" in t.err
    players = t.root / "state/players.yaml"
    players.write_text(players.read_text().replace("points: 0", "points: 50", 1))
    assert t.cli("verify") == 1
    assert "state/players.yaml: bob has 50 points, but the records give 0" in t.err


def test_render_check_fails_on_a_stale_readme_and_render_fixes_it(table):
    t = table()
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
        failed = subprocess.run([*command, "--repo", str(tmp_path), "status"],
                                capture_output=True, text=True)  # the command's code, kept
        assert failed.returncode == 2 and "nomic-ci: error" in failed.stderr, failed.stderr
    done = subprocess.run(["nomic-ci", "--now", "2026-05-01T12:00:00Z", "init",
                           str(tmp_path / "bored"), "--ruleset", "borednomic", "--players",
                           "a,b", "--admin", "boss"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("with a, b.")  # no turns in BoredNomic: none named


def test_the_demo_plays_in_seconds(tmp_path, capsys):
    assert main(["demo", str(tmp_path / "demo")]) == 0
    out = capsys.readouterr().out
    for words in ["passed", "failed", "is refused: it is bob's turn", "Dice: alice rolls",
                  "The turn passes from carol to alice", "everything adds up", "## Scoreboard",
                  f"The game is in {tmp_path / 'demo'}"]:
        assert words in out
    assert out.count("it is bob's turn, not carol's") == 1  # the refusal, said once
    assert (tmp_path / "demo" / "state" / "README.md").is_file()


def test_the_demo_in_a_directory_of_its_own_says_it_is_gone(capsys):
    assert main(["demo"]) == 0
    assert "removed now: run 'nomic-ci demo DIR' to keep it" in capsys.readouterr().out


def test_a_run_that_stops_half_way_leaves_the_game_as_it_was(table, monkeypatch):
    from nomic_ci.forges.localforge import LocalForge
    t = table()
    t.later().branch("idea", new_rule(201))
    t.propose("alice", "idea")
    head = subprocess.run(["git", "rev-parse", "main"], cwd=t.root, capture_output=True,
                          text=True).stdout

    def crash(self):
        raise KeyboardInterrupt  # the machine stops between building commits and publishing

    monkeypatch.setattr(LocalForge, "publish", crash)
    with pytest.raises(KeyboardInterrupt):
        main(["--repo", str(t.root), "--now", t.later().now.isoformat(), "vote", "1", "--as",
              "bob", "--yes"])
    assert subprocess.run(["git", "rev-parse", "main"], cwd=t.root, capture_output=True,
                          text=True).stdout == head
    monkeypatch.undo()
    # the vote itself was lost with the run; cast again, the game converges as if nothing happened
    t.vote(1, "bob")
    assert t.status()["proposals"][0]["state"] == "passed"
    assert t.cli("verify") == 0


def test_a_passed_proposal_that_conflicts_with_main_fails_with_what_to_do(table):
    t = table()
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


def test_verify_names_a_record_whose_dice_inputs_were_forged(table):
    t = table()
    t.later().branch("idea", new_rule(201))
    t.propose("alice", "idea")
    t.later().vote(1, "bob")
    record = next((t.root / "proposals").glob("*/0001-*.yaml"))
    # a forger picks other inputs and writes down the roll they give, points and all
    from nomic_ci.core.dice import derive_roll
    forged_inputs = {"seed": "5eed", "roll": 7, "proposal": 1, "purpose": "turn"}
    forged = derive_roll(6, forged_inputs)
    text = record.read_text().replace("roll: 1\n", "roll: 7\n").replace(
        f"result: {roll(1)}", f"result: {forged}").replace(
        f"alice: {roll(1)}", f"alice: {forged}")
    record.write_text(text)
    players = t.root / "state/players.yaml"
    players.write_text(players.read_text().replace(f"points: {roll(1)}", f"points: {forged}", 1))
    assert t.cli("verify") == 1
    assert f"{record.relative_to(t.root)}: a die is recorded as the game's roll 7, but the " \
           "game has rolled 1 die" in t.err


@pytest.mark.parametrize("title", ["Out of turn", "Out\x1b[31m of\x07 turn",
                                   "Out" + "t" * 90 + "  of turn", "Out\x85 of\u2028turn"])
def test_a_run_that_stops_before_telling_is_told_by_the_next_once(table, monkeypatch, title):
    """A title with control characters in it, quoted in the message waiting to be told, is
    written so the next run reads it (raw in a block, no run could); one with two spaces
    where it folds, or Unicode's other line breaks, reads back as it was written, in the
    record as in the index (`verify`)."""
    from nomic_ci.forges.localforge import LocalForge
    t = table()
    t.later().branch("idea", new_rule(201), author="bob")

    def crash(self, message):
        raise KeyboardInterrupt  # the decision is recorded, no one is told yet

    monkeypatch.setattr(LocalForge, "tell", crash)
    with pytest.raises(KeyboardInterrupt):
        main(["--repo", str(t.root), "--now", t.now.isoformat(), "propose", "--as", "bob",
              "--branch", "idea", "--title", title])
    monkeypatch.undo()
    assert "to_tell:" in t.read("state/game.yaml")
    t.tick()
    t.tick()
    (entry,) = t.forge()["proposals"].values()
    assert entry["state"] == "closed"
    assert [c["told"] for c in entry["comments"]] == ["decision"]
    assert "is refused: it is alice's turn" in entry["comments"][0]["body"]
    assert quoted(title) in entry["comments"][0]["body"]  # as Markdown
    assert "to_tell:" not in t.read("state/game.yaml")
    assert t.cli("verify") == 0


def test_a_bug_ends_a_command_with_a_message_not_a_traceback_and_changes_nothing(table,
                                                                                monkeypatch):
    t = table()
    t.tick()  # the game issue's welcome: the proposal is the command's only change
    before = t.files()
    t.later().branch("idea", new_rule(201))

    def broken(*args, **kwargs):
        raise RuntimeError("something unexpected")
    monkeypatch.setattr("nomic_ci.reconcile.render_all", broken)
    assert t.cli("propose", "--as", "alice", "--branch", "idea", "--title", "An idea") == 3
    assert "internal error: RuntimeError: something unexpected (at test_play.py:" in t.err
    assert "Traceback" not in t.err and "nothing was half-written" in t.err
    assert t.files() == before
    monkeypatch.undo()
    assert t.propose("alice", "idea") == 1  # the next command carries on


def test_a_rule_file_that_is_not_utf8_is_refused_as_a_proposal_problem(table, tmp_path):
    t = table()
    before = t.files()

    def git(*args, data=None, env=None):
        return subprocess.run(["git", *args], cwd=t.root, input=data, capture_output=True,
                              check=True, env={**os.environ, **(env or {})}).stdout.strip()
    # a branch whose new rule file is bytes no UTF-8 reader accepts, as a player's editor may
    blob = git("hash-object", "-w", "--stdin", data=b"---\nnumber: 201\ntitle: \xff\n---\n")
    index = {"GIT_INDEX_FILE": str(tmp_path / "index")}
    git("read-tree", "main", env=index)
    git("update-index", "--add", "--cacheinfo", f"100644,{blob.decode()},rules/201-bin.md",
        env=index)
    commit = git("commit-tree", git("write-tree", env=index).decode(), "-p", "main", "-m", "bin",
                 env={"GIT_AUTHOR_NAME": "alice", "GIT_AUTHOR_EMAIL": "a@example.org",
                      "GIT_COMMITTER_NAME": "alice", "GIT_COMMITTER_EMAIL": "a@example.org"})
    git("update-ref", "refs/heads/binary", commit.decode())
    assert t.later().cli("propose", "--as", "alice", "--branch", "binary", "--title", "Bin") == 1
    assert "rules/201-bin.md is not UTF-8 text: save it as UTF-8" in t.out  # said once,
    assert "not UTF-8" not in t.err and "commit the fix on branch binary" in t.err  # not twice
    after = t.files()
    assert {p: after[p] for p in before if not p.endswith("README.md") and "game.yaml" not in p} \
        == {p: before[p] for p in before if not p.endswith("README.md") and "game.yaml" not in p}


def test_points_a_passed_proposal_sets_are_recorded_as_its_own_and_verify_adds_up(table):
    t = table()
    players = t.read("state/players.yaml")
    bob = players.index("login: bob")
    richer = players[:bob] + players[bob:].replace("points: 0", "points: 10", 1)
    t.later().branch("gift", {"state/players.yaml": richer})
    number = t.propose("alice", "gift", "Ten points for bob")
    t.vote(number, "bob")
    t.later(30).tick()
    record = next(text for path, text in t.files().items()
                  if path.startswith("proposals/0000-0099/0001"))
    assert "outcome: passed" in record and "points_stated:\n  bob: 10\n" in record
    assert t.cli("verify") == 0, t.err
    # the same change by hand is still caught, and says how to correct a score
    path = t.root / "state" / "players.yaml"
    path.write_text(path.read_text().replace("points: 10", "points: 12", 1))
    assert t.cli("verify") == 1
    assert "bob has 12 points, but the records give 10 (0 to start + 0 from dice and votes + " \
           "10 set by proposals + 0 from the admin's adjustments)" in t.err


def test_an_admin_adjusts_a_score_with_who_and_why_and_verify_adds_up(table):
    t = table()
    assert t.cli("adjust", "bob", "-3", "--as", "alice", "--reason", "a roll made twice") == 0
    assert "bob now has -3 points (-3, by alice: a roll made twice)" in t.out
    adjustments = t.read("proposals/adjustments.yaml")
    assert "    login: bob\n    points: -3\n    reason: a roll made twice\n    by: alice\n" \
        in adjustments
    assert "points: -3" in t.read("state/players.yaml")
    assert t.cli("verify") == 0, t.err
    assert t.cli("render", "--check") == 0, t.err
    before = t.files()
    assert t.cli("adjust", "bobb", "5", "--as", "alice", "--reason", "x") == 2
    assert "'bobb' is not a player" in t.err and "did you mean bob?" in t.err
    assert t.cli("adjust", "bob", "0", "--as", "alice", "--reason", "x") == 2
    assert t.cli("adjust", "bob", "4", "--as", "alice", "--reason", " ") == 2
    assert t.files() == before


def test_an_adjustment_that_carries_out_a_ruling_cites_its_judgment(table):
    # seed 001 rule 211: the Judge rules; where the ruling changes a score, the admin's
    # adjustment says which Judgment it carries out, and verify checks it was ruled
    t = table(players="alice,bob,carol", ruleset="suber-initial-set", admin="judy")
    t.later().command("bob", "/judgment Does bob get 2 points for the typo in rule 215?")
    before = t.files()
    assert t.later().cli("adjust", "bob", "2", "--as", "judy", "--reason", "the ruling",
                         "--judgment", "1") == 2
    assert "Judgment 1 has no ruling to carry out" in t.err and t.files() == before
    assert t.cli("adjust", "bob", "2", "--as", "judy", "--reason", "x", "--judgment", "2") == 2
    assert "there is no Judgment 2" in t.err and t.files() == before
    t.later().command("carol", "/ruling yes: the typo cost him 2 points")
    assert t.later().cli("adjust", "bob", "2", "--as", "judy", "--reason", "the ruling",
                         "--judgment", "1") == 0, t.err
    assert "    judgment: 1\n" in t.read("proposals/adjustments.yaml")
    assert t.cli("verify") == 0, t.err


@pytest.mark.parametrize("args, words", [
    (["--as", "bobb", "--branch", "idea", "--title", "An idea"], "did you mean --as bob?"),
    (["--as", "mallory", "--branch", "idea", "--title", "An idea"], "'mallory' is not a player"),
    (["--as", "alice", "--branch", "idae", "--title", "An idea"], "there is no branch 'idae'"),
    # revision syntax no branch can have: git's object reader would stop on it
    (["--as", "alice", "--branch", "idea@{u}", "--title", "An idea"], "there is no branch"),
    (["--as", "alice", "--branch", "main:../x", "--title", "An idea"], "there is no branch"),
    (["--as", "alice", "--branch", "idea", "--title", "  "], "the title is empty"),
])
def test_a_mistyped_proposal_stops_before_anything_is_recorded(table, args, words):
    t = table()
    t.later().branch("idea", new_rule(201))
    before = t.files()
    assert t.cli("propose", *args) == 2 and words in t.err
    assert t.files() == before and t.forge()["proposals"] == {}


def test_status_shows_the_game_as_of_now_and_what_a_tick_would_do(table):
    t = table()
    t.later().branch("idea", new_rule(201))
    number = t.propose("alice", "idea")
    assert t.cli("status") == 0 and "Due now" not in t.out
    t.later(72)  # the voting window is over: a decision is due, and nothing is written
    before = t.files()
    assert t.cli("status") == 0
    assert f"Due now, and applied by the next `nomic-ci tick`: Proposal {number}" in t.out
    assert t.status()["due"].startswith(f"Proposal {number}")
    assert t.files() == before
    t.tick()
    assert t.status()["due"] is None


@pytest.mark.parametrize("args, words", [
    (["--players", "alice,bob", "--veto", "alice,zed"], "--veto names zed: not among the players"),
    (["--ruleset", "suber-initial-set", "--veto", "alice"], "no rule of suber-initial-set needs a veto"),
    (["--ruleset", "suber-initial-set", "--ends", "2027-01-01T00:00:00Z"],
     "no rule of suber-initial-set ends the game on a date"),
    (["--ends", "2026-04-01T00:00:00Z"], "is not after the game's start"),
    (["--admin", "boss:7"], "default has no Admin"),
    (["--ruleset", "borednomic"], "borednomic has an Admin"),
    (["--ends", "2027-03-01T00:00:00"], "--ends '2027-03-01T00:00:00' is not a time with its "
                                        "timezone"),
    (["--ends", "soon"], "give a date, such as 2027-03-01"),
])
def test_init_refuses_an_option_the_ruleset_would_ignore(tmp_path, args, words):
    from tables import run_cli
    code, _, err = run_cli("--now", "2026-05-01T12:00:00Z", "init", str(tmp_path / "g"), *args)
    assert code == 2 and words in err, err
    assert not (tmp_path / "g").exists()


def test_a_date_alone_ends_the_game_as_that_day_begins(tmp_path):
    from tables import run_cli
    code, _, err = run_cli("--now", "2026-05-01T12:00:00Z", "init", str(tmp_path / "g"),
                           "--players", "alice,bob", "--ends", "2026-06-01")
    assert code == 0, err
    assert "ends_at: 2026-06-01T00:00:00Z" in (
        tmp_path / "g/rules/107-rule-of-completion.md").read_text()


def test_a_dry_run_shows_what_a_proposal_involves_needs_and_changes_and_records_nothing(table):
    t = table(players="alice,bob,carol")
    t.later().branch("race", {"rules/101-victory-condition.md": t.read(
        "rules/101-victory-condition.md").replace("victory_points: 100", "victory_points: 50")})
    before, records = t.files(), t.forge()  # init names main the game's branch there
    assert t.cli("propose", "--as", "alice", "--branch", "race", "--title", "Race to 50",
                 "--dry-run") == 0, t.err
    assert "nothing is recorded" in t.out
    assert "It involves rules 101, so it needs rule 104, rules 100–199: a majority of the eligible voters: 2 of 3." in t.out
    assert "It would be put to the vote as proposal 1." in t.out
    assert "The vote closes at 2026-" in t.out
    assert "- the points that win: 50 instead of 100" in t.out
    assert t.files() == before and t.forge() == records
    # out of turn: refused, with the reason, and still nothing recorded
    t.branch("mine", new_rule(201), author="bob")
    assert t.cli("propose", "--as", "bob", "--branch", "mine", "--title", "Mine",
                 "--dry-run") == 1
    assert "It would be refused: it is alice's turn, not bob's" in t.out
    assert t.files() == before and t.forge() == records
    # a rule file without front matter: it would await a fix, with the example it needs
    t.branch("song", {"rules/150-song.md": "Sing.\n"})
    assert t.cli("propose", "--as", "alice", "--branch", "song", "--title", "Song",
                 "--dry-run") == 1
    assert "It would await a fix, open: it would leave the rules broken: rules/150-song.md:1" \
        in t.out and "number: 150\ntitle: Song\nmutable: true" in t.out
    assert t.files() == before and t.forge() == records
    # the real proposal afterwards takes the number the dry run said
    assert t.propose("alice", "race", "Race to 50") == 1


@pytest.mark.parametrize("ruleset", ["default", "infinite-nomic-r7"])
def test_init_takes_a_seed_and_logins_yaml_would_read_as_numbers_or_nulls(tmp_path, ruleset):
    """A dice seed of 1234, and GitHub logins such as 1234, null or true, are texts: written
    as they are, a game's first command read a number, nothing and a truth."""
    from tables import run_cli
    code, _, err = run_cli("--now", "2026-05-01T12:00:00Z", "init", str(tmp_path / "g"),
                           "--ruleset", ruleset, "--players", "1234,null,true", "--dice-seed",
                           "1234", "--game-only")
    assert code == 0, err
    code, out, err = run_cli("--repo", str(tmp_path / "g"), "--now", "2026-05-02T12:00:00Z",
                             "status", "--json")
    assert code == 0, err
    assert [p["login"] for p in json.loads(out)["players"]] == ["1234", "null", "true"]
    assert run_cli("--repo", str(tmp_path / "g"), "verify")[0] == 0


def test_init_writes_the_players_front_page_with_the_rulesets_notes(tmp_path):
    from tables import run_cli
    code, _, err = run_cli("--now", "2026-05-01T12:00:00Z", "init", str(tmp_path / "g"),
                           "--ruleset", "infinite-nomic-r7", "--players", "ann,ben")
    assert code == 0, err
    front = (tmp_path / "g" / "README.md").read_text()
    assert front.startswith("# Infinite Nomic, round 7\n") and "👍 (yes)" in front
    assert "### What the engine enforces" in front and "](rules/README.md)" in front
    tracked = subprocess.run(["git", "ls-files", "README.md"], cwd=tmp_path / "g",
                             capture_output=True, text=True).stdout
    assert tracked == "README.md\n"  # in the game's first commit


def test_an_index_lost_or_edited_by_hand_is_caught_and_render_rebuilds_it(table):
    """The index is the history's fast path; the records are its truth (issue 9)."""
    t = table()
    t.later().branch("idea", new_rule(201))
    number = t.propose("alice", "idea", "An idea")
    t.vote(number, "bob")
    t.later(30).tick()
    index = t.root / "proposals" / "index" / "latest" / "00.jsonl"
    written = index.read_text()
    assert '"number": 1' in written and t.cli("render", "--check") == 0
    index.write_text(written.replace('"title": "An idea"', '"title": "Another"'))
    record = "proposals/0000-0099/0001-an-idea.yaml"
    assert t.cli("verify") == 1 and f"latest/00.jsonl: line 1 gives {record} the title " \
        f"'Another', but the record {record} says 'An idea'" in t.err
    index.unlink()
    assert t.cli("render", "--check") == 1 and "proposals/index/ is out of date" in t.err
    assert t.cli("render") == 0 and "wrote proposals/index/latest/00.jsonl" in t.out
    assert index.read_text() == written and t.cli("verify") == 0, t.err


def test_the_scoreboard_shows_each_vote_as_cast_through_the_cli(table):
    """A local vote runs the engine, which copies the count to the scoreboard (issue 13)."""
    t = table(players="alice,bob,carol")
    t.later().branch("idea", new_rule(201))
    number = t.propose("alice", "idea", "An idea")
    t.later().vote(number, "bob", yes=False)
    row = next(line for line in t.read("state/README.md").splitlines()
               if line.startswith(f"| {number}: An idea"))
    assert "| alice | 1 | 1 | carol | 30% of the eligible voters: 1 of 3 |" in row  # rule 104
    assert t.cli("render", "--check") == 0 and t.cli("verify") == 0, t.err


def test_a_proposal_bringing_a_megabyte_of_rules_is_refused_unread(table):
    t = table()
    rules = {f"rules/{n}-big.md": f"---\nnumber: {n}\ntitle: Big\nmutable: true\n---\n"
                                  + "x" * 300_000 for n in (201, 202, 203, 204)}
    t.later().branch("big", rules)
    t.propose("alice", "big", "Big")
    assert "more than the 1,000,000 one proposal may" in t.out, t.out
    assert "rules/201-big.md" not in t.files()


def test_a_game_stays_on_main_when_the_first_command_is_run_from_a_proposal_branch(tmp_path):
    """The usual flow: init, then switch to a branch, commit a rule, propose it from there."""
    game = tmp_path / "g"
    assert main(["--now", "2026-05-01T12:00:00Z", "init", str(game), "--players", "a,b"]) == 0
    git = ["git", "-C", str(game), "-c", "user.name=a", "-c", "user.email=a@x"]
    subprocess.run([*git, "switch", "-qc", "idea"], check=True)
    for path, text in new_rule(301, "Idea").items():
        (game / path).write_text(text)
    subprocess.run([*git, "add", "rules"], check=True)
    subprocess.run([*git, "commit", "-qm", "idea"], check=True)
    assert main(["--repo", str(game), "--now", "2026-05-01T13:00:00Z", "propose", "--as",
                 "a", "--branch", "idea", "--title", "Idea"]) == 0
    forge = forge_records(game)
    assert forge["default_branch"] == "main"
    state = subprocess.run([*git, "show", "main:state/game.yaml"], capture_output=True,
                           text=True, check=True).stdout
    assert "title: Idea" in state  # the proposal is open on main's state, not idea's


def _git_as(t, login):
    """Git in the game's repository as a player who knows its plumbing."""
    env = {**os.environ, "GIT_AUTHOR_NAME": login, "GIT_AUTHOR_EMAIL": f"{login}@example.org",
           "GIT_COMMITTER_NAME": login, "GIT_COMMITTER_EMAIL": f"{login}@example.org"}

    def git(*args, data=None, cwd=None, index=None):
        return subprocess.run(["git", *args], cwd=cwd or t.root, input=data, check=True,
                              env={**env, **({"GIT_INDEX_FILE": str(index)} if index else {})},
                              capture_output=True).stdout.decode().strip()
    return git


@pytest.mark.parametrize("entry, why", [
    (b"100644 blob %s\tnotes-\xff.txt", "the name 'notes-\ufffd.txt' is not UTF-8"),
    (b"100644 blob %s\trules/202-\xff.md", "the name 'rules/202-\ufffd.md' is not UTF-8"),
    (b"160000 commit " + b"1" * 40 + b"\trules/202-sub.md", "rules/202-sub.md is not a file"),
    (b"160000 commit " + b"1" * 40 + b"\tstate/x.yaml", "state/x.yaml is not a file"),
])
def test_a_proposal_with_a_file_git_alone_can_hold_fails_and_stops_nothing(table, entry, why):
    """A name that is not UTF-8, or a submodule where a rule or a state file goes, force-
    pushed over an open proposal: it cannot pass, and every command goes on (each stopped
    every command of the game with a crash)."""
    t = table(players="alice,bob,carol")
    t.later().branch("idea", new_rule(201))
    assert t.propose("alice", "idea") == 1
    git = _git_as(t, "alice")
    blob = git("hash-object", "-w", "--stdin", data=b"---\nnumber: 202\n---\nx\n").encode()
    index = t.root / ".git" / "attack-index"
    git("read-tree", "main", index=index)
    git("update-index", "--add", "--index-info", data=entry.replace(b"%s", blob) + b"\n",
        index=index)
    tree = git("write-tree", index=index)
    git("update-ref", "refs/heads/idea", git("commit-tree", tree, "-p", "main", "-m", "odd"))
    assert t.later().cli("status") == 0, t.err
    t.vote(1, "bob")
    t.later(49).tick()
    assert why in t.out and t.status()["proposals"][0]["state"] == "failed"
    assert t.cli("verify") == 0, t.err


def test_a_criss_cross_merge_hides_no_change_from_the_vote(table):
    """Carol branches from one passed proposal, merges the other but drops its rule, and
    adds a note: from the first merge base git names, her branch only adds the note, but
    merging it repeals rule 201. The engine judges what the merge makes: a repeal."""
    t = table(players="alice,bob,carol")
    t.later().branch("p2", new_rule(201))
    t.later().branch("p1", new_rule(202), author="bob")  # from the same main
    for number, (author, branch, voters) in enumerate([("alice", "p2", ("bob", "carol")),
                                                       ("bob", "p1", ("alice", "carol"))], 1):
        assert t.later().propose(author, branch) == number, t.err
        for voter in voters:
            t.vote(number, voter)
        t.later(49).tick()
    git = _git_as(t, "carol")
    worktree = t.root.parent / "carol"
    git("worktree", "add", "-q", "-b", "notes", str(worktree), "p1")
    git("merge", "-q", "--no-ff", "--no-commit", "p2", cwd=worktree)
    git("rm", "-qf", "rules/201-rule-201.md", cwd=worktree)
    (worktree / "notes.txt").write_text("harmless\n")
    git("add", "notes.txt", cwd=worktree)
    git("commit", "-qm", "notes", cwd=worktree)
    assert len(git("merge-base", "--all", "main", "notes").split()) == 2
    assert git("diff", "--name-status", "main...notes") == "A\tnotes.txt"
    assert t.later().propose("carol", "notes", title="Add notes") == 3, t.err
    for voter in ("alice", "bob"):
        t.vote(3, voter)
    t.later(49).tick()
    record = json.loads(t.read("proposals/index/latest/00.jsonl").splitlines()[-1])
    assert record["number"] == 3 and 201 in record["rules"], record


def test_a_proposal_moved_to_an_unrelated_history_fails_and_stops_nothing(table):
    """A player force-pushes a branch of its own history (`git switch --orphan`) over their
    open proposal, or proposes one: no change can be read from it, so it cannot pass, and
    every command goes on as before (a git error here stopped every command of the game)."""
    t = table(players="alice,bob,carol")
    t.later().branch("idea", new_rule(201))
    assert t.propose("alice", "idea") == 1
    env = {**os.environ, "GIT_AUTHOR_NAME": "alice", "GIT_AUTHOR_EMAIL": "a@example.org",
           "GIT_COMMITTER_NAME": "alice", "GIT_COMMITTER_EMAIL": "a@example.org"}

    def git(*args, data=None):
        return subprocess.run(["git", *args], cwd=t.root, input=data, env=env, check=True,
                              capture_output=True).stdout.decode().strip()
    blob = git("hash-object", "-w", "--stdin", data=b"# mine\n")
    tree = git("mktree", data=f"100644 blob {blob}\tREADME.md\n".encode())
    git("update-ref", "refs/heads/idea", git("commit-tree", tree, "-m", "my own history"))
    assert t.later().cli("status") == 0 and "has a new version" in t.out
    t.vote(1, "bob")  # for the new version: it has a majority, but nothing it can enact
    t.later(49).tick()
    why = "cannot pass: branch idea shares no history with main: make it from main"
    assert why in t.out and t.status()["proposals"][0]["state"] == "failed"
    git("branch", "lone", "refs/heads/idea")
    assert t.later().cli("propose", "--as", "bob", "--branch", "lone", "--title", "Lone") == 1
    assert "branch lone shares no history with main" in t.out
    assert t.cli("verify") == 0, t.err


def test_what_a_proposal_changes_is_worked_out_once_for_its_commit_and_the_tip(table, monkeypatch):
    """Kept in the engine's folder by the two commits: a command with nothing new asks git
    nothing of a proposal in its vote; a push, or a new tip, asks again."""
    from nomic_ci.forges.gitplumbing import Git
    t = table(players="alice,bob,carol")
    t.later().branch("idea", new_rule(201))
    assert t.propose("alice", "idea") == 1
    asked = []
    real = Git.changes
    monkeypatch.setattr(Git, "changes", lambda git, tip, head: asked.append(head) or
                        real(git, tip, head))
    assert t.later().cli("status") == 0  # the tip moved as the proposal opened: asked
    asked.clear()
    assert t.cli("status") == 0 and t.cli("status") == 0 and asked == []
    t.later().branch("idea", new_rule(201, "Better."))
    assert t.cli("status") == 0 and "has a new version" in t.out and len(asked) == 1
    merges = t.root / ".git/nomic-ci/merges.json"
    merges.write_text("{not json")
    assert t.cli("status") == 0 and len(asked) == 2  # worked out again, as if never asked
    # a merged tree `git gc` pruned (no ref holds it): worked out again, not a missing file
    kept = json.loads(merges.read_text())
    merges.write_text(json.dumps({key: [found[0], "0" * 40] for key, found in kept.items()}))
    assert t.cli("status") == 0 and len(asked) == 3 and "not a file" not in t.out
    t.vote(1, "bob")
    t.vote(1, "carol")
    t.later(49).tick()
    assert "rules/201-rule-201.md" in t.files() and "Better." in t.read("rules/201-rule-201.md")


def test_status_names_the_first_voters_still_to_vote_and_counts_the_others(table):
    """As the scoreboard does: two hundred names a proposal is more than anyone reads."""
    logins = [f"p{n:02d}" for n in range(14)]
    t = table(players=",".join(logins))
    t.later().branch("idea", new_rule(201), author="p00")
    assert t.propose("p00", "idea") == 1
    assert t.later().cli("status") == 0
    assert f"waiting for {', '.join(logins[1:11])} and 3 more;" in t.out, t.out


def test_init_makes_a_whole_game_whose_own_engine_and_checks_run_in_it(tmp_path):
    """Issue 27: the game, the engine, the workflows and their lock, ready to push; what
    travels with it runs there (its own copy of the engine, not the one that made it)."""
    game = tmp_path / "g"
    done = subprocess.run([sys.executable, "-m", "nomic_ci", "--now", "2026-05-01T12:00:00Z",
                           "init", str(game), "--ruleset", "infinite-nomic-r7", "--players",
                           "ann:1,ben:2"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    tracked = subprocess.run(["git", "ls-files", "-s"], cwd=game, capture_output=True,
                             text=True, check=True).stdout.splitlines()
    paths = {line.split("\t")[1]: line.split()[0] for line in tracked}
    for path in (".github/workflows/engine.yml", ".github/workflows/proposal-check.yml",
                 ".github/workflows/review-signal.yml", ".github/requirements-engine.txt",
                 "pyproject.toml", "nomic_ci/__main__.py", "nomic_ci/README.md",
                 "nomic_ci/docs/setup.md", "nomic_ci/rulesets/default/ruleset.yaml",
                 "README.md", "rules/README.md"):
        assert paths.get(path) == "100644", path
    assert not [p for p in paths if "__pycache__" in p or p.endswith(".pyc")]
    # nomic_ci/bundle/ links to the game's own workflows, so this copy of the engine can make
    # games too; the schedule is the one the rules' five-minute timer needs
    assert paths["nomic_ci/bundle/engine.yml"] == "120000"
    assert (game / "nomic_ci/bundle/engine.yml").resolve() == \
        (game / ".github/workflows/engine.yml").resolve()
    engine = (game / ".github/workflows/engine.yml").read_text()
    assert '- cron: "2,7,12,17,22,27,32,37,42,47,52,57 * * * *"' in engine
    assert subprocess.run(["git", "status", "--porcelain"], cwd=game, capture_output=True,
                          text=True).stdout == ""  # all of it in the first commit
    # the game's own engine: run from the game, as the workflows run it
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "NOMIC_DICE_SECRET")}
    which = subprocess.run([sys.executable, "-c", "import nomic_ci; print(nomic_ci.__file__)"],
                           cwd=game, env=env, capture_output=True, text=True).stdout
    assert which.strip() == str(game / "nomic_ci" / "__init__.py")
    for command, words in ((["render", "--check"], "up to date"),
                           (["verify"], "everything adds up"), (["doctor"], "✓ workflows")):
        ran = subprocess.run([sys.executable, "-m", "nomic_ci", *command], cwd=game, env=env,
                             capture_output=True, text=True)
        assert ran.returncode == 0 and words in ran.stdout, (command, ran.stdout, ran.stderr)
    front = (game / "README.md").read_text()
    assert "## The engine" in front and "**To join**, ask a player to propose adding you" in front


def test_a_new_game_tells_its_players_it_has_begun_at_its_first_run(table):
    t = table(players="alice,bob,carol")
    state = t.read("state/game.yaml")
    assert "id: begun" in state and "the game has begun: it is alice's turn" in state
    t.tick()
    assert "to_tell: []" in t.read("state/game.yaml") or "to_tell" not in t.read(
        "state/game.yaml")
    issue = t.forge()["game_issue"]
    told = issue["comments"][0]
    assert told["body"].startswith("The game has begun: it is alice's turn")
    assert told["body"].endswith(":\n\n- @alice\n- @bob\n- @carol")  # one line a player
    assert issue["title"] == "The game: alice's turn"
    assert "### How to play" in issue["body"] and "**Join:**" in issue["body"]
