"""`check-proposal`: what a player sees on their pull request before anyone votes."""

import os
import shutil
import subprocess
from pathlib import Path

from nomic_ci.cli import main
from nomic_ci.core.files import yamlio
from nomic_ci.core.facts import ChangeKind
from nomic_ci.cli.check_proposal import changes_between

from builders import make_files

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "proposal-check.yml"


def write(root, files):
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)


def game_dirs(tmp_path):
    base, head = tmp_path / "base", tmp_path / "head"
    write(base, make_files())
    shutil.copytree(base, head)
    return base, head


def test_changes_between_two_checkouts_with_a_rename(tmp_path):
    base, head = game_dirs(tmp_path)
    (head / "rules/105-ab-initio.md").rename(head / "rules/305-ab-initio.md")
    (head / "rules/101-victory-condition.md").unlink()
    write(head, {"rules/250-new.md": "x"})
    changes, _, _ = changes_between(base, head)
    assert [(c.path, c.kind, c.previous_path) for c in changes] == [
        ("rules/101-victory-condition.md", ChangeKind.REMOVED, None),
        ("rules/250-new.md", ChangeKind.ADDED, None),
        ("rules/305-ab-initio.md", ChangeKind.RENAMED, "rules/105-ab-initio.md"),
    ]


def test_a_good_proposal_is_told_its_layer_and_threshold(tmp_path, capsys):
    base, head = game_dirs(tmp_path)
    write(head, {"rules/250-kindness.md": "---\nnumber: 250\ntitle: Kindness\nmutable: true\n"
                                          "---\nBe kind.\n"})
    assert main(["check-proposal", "--base", str(base), "--head", str(head)]) == 0
    out = capsys.readouterr().out
    assert "It involves rule(s) 250: rule 104, rules 200–299: 30% of the eligible voters " \
           "(30% of the eligible voters: 1 of 3)." in out


def test_a_broken_rule_file_is_reported_with_file_and_line(tmp_path, capsys):
    base, head = game_dirs(tmp_path)
    write(head, {"rules/250-kindness.md": "---\nnumber: 250\ntitle: Kindness\nmutable: yes please\n"
                                          "---\nBe kind.\n"})
    assert main(["check-proposal", "--base", str(base), "--head", str(head)]) == 1
    out = capsys.readouterr().out
    assert "rules/250-kindness.md:4: field 'mutable' must be true or false" in out


def test_a_link_is_read_as_git_keeps_it_never_followed_out_of_the_checkout(tmp_path, capsys):
    """A rule file that links to a file outside the proposal's checkout is the link's own
    text, as the engine reads it from GitHub: not the well-formed rule it points to."""
    base, head = game_dirs(tmp_path)
    outside = tmp_path / "elsewhere" / "250-secret.md"
    write(outside.parent, {outside.name: "---\nnumber: 250\ntitle: Secret\nmutable: true\n"
                                         "---\nA secret.\n"})
    (head / "rules/250-secret.md").symlink_to(outside)
    (head / "rules/linked").symlink_to(outside.parent, target_is_directory=True)
    changes, texts, _ = changes_between(base, head)
    assert [c.path for c in changes] == ["rules/250-secret.md", "rules/linked"]
    assert texts["rules/250-secret.md"] == str(outside)
    assert main(["check-proposal", "--base", str(base), "--head", str(head)]) == 1
    out = capsys.readouterr().out
    assert "rules/250-secret.md" in out and "well formed" not in out and "A secret" not in out


def test_the_workflow_s_own_command_sees_only_the_proposal_s_change(tmp_path):
    """proposal-check.yml's step, run as the runner runs it: the engine from the default
    branch's checkout in base/, both checkouts whole (engine and all). Python writes bytecode
    where the runner lets it: none may land in base/ and pass for a change of the proposal."""
    step = next(s for s in yamlio.read(WORKFLOW.read_text(), str(WORKFLOW))["jobs"]["check"]
                ["steps"] if s.get("name") == "Check the proposal")
    base, head = game_dirs(tmp_path)
    for checkout in (base, head):
        shutil.copytree(ROOT / "nomic_ci", checkout / "nomic_ci",
                        ignore=shutil.ignore_patterns("__pycache__"))
    write(head, {"rules/250-kindness.md": "---\nnumber: 250\ntitle: Kindness\nmutable: true\n"
                                          "---\nBe kind.\n"})
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
    done = subprocess.run(["bash", "-c", step["run"]], cwd=tmp_path, capture_output=True,
                          text=True, env={**env, **step["env"]})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "It changes 1 file(s): rules/250-kindness.md" in done.stdout, done.stdout
    assert "It involves rule(s) 250:" in done.stdout
