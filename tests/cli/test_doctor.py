"""`nomic-ci doctor`: what a game repository lacks before it goes live, each with its fix."""

import subprocess
from pathlib import Path

import pytest

from tables import run_cli

ROOT = Path(__file__).resolve().parents[2]
T0 = "2026-05-01T12:00:00Z"


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """A whole game as `init` makes it, copied for each test that changes it."""
    root = tmp_path_factory.mktemp("made") / "g"
    code, _, err = run_cli("--now", T0, "init", str(root), "--players", "alice:11,bob:12")
    assert code == 0, err
    return root


@pytest.fixture
def game(made, tmp_path):
    subprocess.run(["cp", "-a", str(made), str(tmp_path / "g")], check=True)
    return tmp_path / "g"


def doctor(root: Path, **env) -> tuple[int, str]:
    code, out, err = run_cli("--repo", str(root), "doctor", env=env)
    return code, out + err


def findings(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("✗")]


def test_a_game_init_made_is_ready_and_this_repository_lacks_only_its_players_ids(made):
    # this repository's own game replays the 2015 nomic, whose players have no ids here
    out = doctor(ROOT)[1]
    assert all("has no numeric id" in line for line in findings(out)), findings(out)
    assert "robee has no numeric id: GitHub matches players by id; add `id: ID` under their " \
           "login, with ID from `gh api users/robee --jq .id`, and commit it" in out
    code, out = doctor(made)
    assert code == 0 and out.startswith("✓ workflows present and pinned, the engine step "
                                        "starts, the schedule is the one the rules need"), out
    assert "doctor --github OWNER/NAME" in out  # what only GitHub knows, checked there


def test_each_gap_is_named_with_what_to_do(game):
    root = game
    engine = root / ".github/workflows/engine.yml"
    engine.write_text(engine.read_text().replace(
        "actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1", "actions/checkout@v4"))
    (root / ".github/workflows/review-signal.yml").unlink()
    (root / "state/README.md").write_text("stale\n")
    players = root / "state/players.yaml"
    players.write_text(players.read_text().replace("id: 11", "id: null"))
    code, out = doctor(root)
    assert code == 1
    for words in [".github/workflows/engine.yml: actions/checkout@v4 is not pinned",
                  ".github/workflows/review-signal.yml is missing",
                  "state/README.md is out of date: run `nomic-ci render`",
                  "state/players.yaml: alice has no numeric id"]:
        assert words in out, words


def test_a_broken_game_file_is_named_not_a_traceback(game):
    (game / "state/game.yaml").write_text("turn: [\n")
    code, out = doctor(game)
    assert code == 1 and "state/game.yaml" in out and "Traceback" not in out


def test_a_game_without_its_engine_is_told_the_step_would_not_find_it(game, tmp_path):
    subprocess.run(["rm", "-r", str(game / "nomic_ci")], check=True)
    code, out = doctor(game)
    assert code == 1
    assert "the engine is not in the repository (no nomic_ci/)" in out
    assert "'No module named nomic_ci'" in out and "nomic-ci init" in out


def test_an_engine_that_cannot_import_is_caught_by_running_the_step_s_own_command(game):
    forge = game / "nomic_ci/forges/githubforge.py"
    forge.write_text(forge.read_text() + "\nimport no_such_module_here\n")
    code, out = doctor(game)
    assert code == 1
    line = next(f for f in findings(out) if "the engine step would not start" in f)
    assert "python -E -s -m nomic_ci --repo \"$GITHUB_WORKSPACE\" github reconcile`" in line
    assert "No module named 'no_such_module_here'" in line


def test_a_lock_without_hashes_or_without_a_dependency_is_named(game):
    lock = game / ".github/requirements-engine.txt"
    text = lock.read_text()
    start = text.index("ruamel-yaml==")
    end = text.index("\n", text.index("# via", start))
    lock.write_text(text[:start] + "pygithub==2.10.0\n" + text[end + 1:]
                    .replace("pygithub==2.10.0 \\", "unhashed-thing==1.0\nnothing==1 \\"))
    out = doctor(game)[1]
    assert ".github/requirements-engine.txt does not pin ruamel-yaml, which the engine needs" \
        in out


def test_the_schedule_is_checked_against_the_rules_both_ways(game):
    engine = game / ".github/workflows/engine.yml"
    text = engine.read_text()
    assert '- cron: "7 * * * *"' in text  # init wrote what the default rules need
    engine.write_text(text.replace('"7 * * * *"', '"7,22,37,52 * * * *"'))
    out = doctor(game)[1]
    assert ("runs the engine every 15 minutes where the rules need a run an hour, for the "
            "default `remind_before` of 12h: some 2,192 job-minutes a month more than needed; "
            'set its schedule to `cron: "7 * * * *"`') in out
    engine.write_text(text.replace('"7 * * * *"', '"7 */2 * * *"'))
    assert "is not a run every few minutes of every hour" in doctor(game)[1]
    # a rule with a five-minute timer needs a finer schedule than the file's
    board = game / "rules/103-turn-structure.md"
    board.write_text(board.read_text().replace("turn_timeout: 72h", "turn_timeout: 20m"))
    engine.write_text(text)
    run_cli("--repo", str(game), "render")
    out = doctor(game)[1]
    assert ("runs the engine every 60 minutes, so a deadline can pass up to 60 minutes late "
            "where the rules need a run every 5 minutes, for rule 103's `turn_timeout` of "
            "20m") in out


def test_the_dice_secret_held_here_must_be_the_one_committed_to(game):
    secret = game / ".git/nomic-ci/dice-secret"
    assert doctor(game, NOMIC_DICE_SECRET="")[0] == 0
    code, out = doctor(game, NOMIC_DICE_SECRET="f" * 64)
    assert code == 1 and "the dice secret in NOMIC_DICE_SECRET is not the one the game is " \
                         "committed to" in out
    secret.unlink()
    code, out = doctor(game)
    assert code == 1 and "that this machine does not hold (.git/nomic-ci/dice-secret)" in out
    assert "NOMIC_DICE_SECRET" in out


def test_files_a_proposal_adds_at_the_checkout_s_top_are_never_imported_by_the_engine(game):
    """The engine step runs with the write token and the dice secret: a passed proposal that
    adds a github.py (in PyGithub's place), a sitecustomize.py or an argparse.py at the top
    of the checkout must not run in it. The step's own command, as the runner runs it."""
    planted = game / "planted"
    evil = ("import pathlib\npathlib.Path({!r}).write_text(__name__)\nraise SystemExit(99)\n")
    for name in ("github", "sitecustomize", "usercustomize", "argparse", "json"):
        (game / f"{name}.py").write_text(evil.format(str(planted)))
    code, out = doctor(game)
    assert code == 0, out
    assert not planted.exists(), planted.read_text()
    forge = game / "nomic_ci/forges/githubforge.py"
    forge.write_text(forge.read_text() + "\nimport no_such_module_here\n")
    code, out = doctor(game)  # the engine the step runs is the checkout's nomic_ci/
    assert code == 1 and "No module named 'no_such_module_here'" in out


def test_the_install_step_is_run_as_a_dry_run_offline(game):
    lock = game / ".github/requirements-engine.txt"
    text = lock.read_text()
    assert doctor(game)[0] == 0  # this machine has every version the lock pins
    lock.write_text(text.replace("ruamel-yaml==0.19.1", "ruamel-yaml==0.0.1"))
    code, out = doctor(game)
    assert code == 0  # a version this machine lacks is not the game's fault: a note
    assert "- the install step (`python -m pip install --require-hashes -r " \
           ".github/requirements-engine.txt`) could not be confirmed here, offline" in out
    assert "ruamel-yaml==0.0.1" in out
