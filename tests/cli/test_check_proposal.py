"""`check-proposal`: what a player sees on their pull request before anyone votes."""

import shutil

from nomic_ci.cli import main
from nomic_ci.core.facts import ChangeKind
from nomic_ci.cli.check_proposal import changes_between

from builders import make_files


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
