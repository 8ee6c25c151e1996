"""A game's files as the commands read them from its working tree."""

from builders import T0
from tables import run_cli

from nomic_ci.cli.gamedir import working_files


def test_line_endings_are_read_as_line_feeds_and_a_file_not_utf8_as_no_text(tmp_path):
    """As text mode reads them (the files are read as bytes, decoded here): a rule saved
    with Windows line endings reads as the same rule; a file that is no text reads empty,
    and whatever reads it says what is wrong."""
    root = tmp_path / "game"
    code, _, err = run_cli("--now", T0.isoformat(), "init", str(root), "--players", "alice,bob")
    assert code == 0, err
    rule = next(root.glob("rules/1*.md"))
    before = working_files(root)[rule.relative_to(root).as_posix()]
    rule.write_bytes(before.replace("\n", "\r\n").encode())
    (root / "state" / "notes.yaml").write_bytes(b"note: caf\xe9\r")
    (root / "state" / "old.yaml").write_bytes(b"a: 1\rb: 2\r")
    files = working_files(root)
    assert files[rule.relative_to(root).as_posix()] == before
    assert files["state/notes.yaml"] == ""
    assert files["state/old.yaml"] == "a: 1\nb: 2\n"
