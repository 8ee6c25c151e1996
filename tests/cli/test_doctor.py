"""`nomic-ci doctor`: what a game repository lacks before it goes live."""

import shutil
from pathlib import Path

from tables import LocalTable, run_cli

ROOT = Path(__file__).resolve().parents[2]


def game_with_workflows(tmp_path, players="alice:11,bob:12"):
    LocalTable(tmp_path / "g", players=players)
    shutil.copytree(ROOT / ".github", tmp_path / "g" / ".github")
    return tmp_path / "g"


def test_a_complete_game_is_ready_and_this_repository_lacks_only_its_players_ids(tmp_path):
    # this repository's own game replays the 2015 nomic, whose players have no ids here
    out = run_cli("--repo", str(ROOT), "doctor")[1]
    assert all("has no numeric id" in line for line in out.splitlines() if line.startswith("✗"))
    code, out, _ = run_cli("--repo", str(game_with_workflows(tmp_path)), "doctor")
    assert code == 0 and out.startswith("✓ workflows present and pinned")
    assert "NOMIC_DICE_SECRET" in out  # what only GitHub can tell is listed, not checked


def test_each_gap_is_named_with_what_to_do(tmp_path):
    root = game_with_workflows(tmp_path, players="alice,bob:12")
    engine = root / ".github/workflows/engine.yml"
    engine.write_text(engine.read_text().replace(
        "actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1", "actions/checkout@v4"))
    (root / ".github/workflows/review-signal.yml").unlink()
    (root / "state/README.md").write_text("stale\n")
    code, out, _ = run_cli("--repo", str(root), "doctor")
    assert code == 1
    for words in [".github/workflows/engine.yml: actions/checkout@v4 is not pinned",
                  ".github/workflows/review-signal.yml is missing",
                  "state/README.md is out of date: run `nomic-ci render`",
                  "state/players.yaml: alice has no numeric id"]:
        assert words in out, words


def test_a_broken_game_file_is_named_not_a_traceback(tmp_path):
    root = game_with_workflows(tmp_path)
    (root / "state/game.yaml").write_text("turn: [\n")
    code, out, _ = run_cli("--repo", str(root), "doctor")
    assert code == 1 and "state/game.yaml" in out and "Traceback" not in out
