"""The indexes in pieces through the command line and the local forge (issue 32): a
decision rewrites the last piece, a full thousand moves to its folder by name (the same
blobs), and `verify` and `render --check` agree with it. A "thousand" is four lines here,
in pieces of two (`IndexLines.per_file`, `per_piece`), so a few decisions cross one."""

import subprocess

import pytest

from nomic_ci.core.files.indexlines import IndexLines

from builders import new_rule
from tables import LocalTable

INDEX = "proposals/index/"


@pytest.fixture
def t(tmp_path, monkeypatch):
    monkeypatch.setattr(IndexLines, "per_file", 4)
    monkeypatch.setattr(IndexLines, "per_piece", 2)
    return LocalTable(tmp_path / "g", players="alice,bob")


def decide(t: LocalTable, n: int) -> None:
    """The player whose turn it is proposes, the other votes for it, and it is decided."""
    author = t.status()["turn"]
    t.later().branch(f"idea{n}", new_rule(200 + n), author=author)
    number = t.propose(author, f"idea{n}", f"Idea {n}")
    t.vote(number, "bob" if author == "alice" else "alice")
    t.later(30).tick()


def blob(t: LocalTable, commit: str, path: str) -> str:
    return subprocess.run(["git", "rev-parse", f"{commit}:{path}"], cwd=t.root, check=True,
                          capture_output=True, text=True).stdout.strip()


def test_a_thousand_fills_and_its_pieces_move_to_its_folder_as_the_same_blobs(t):
    for n in range(1, 4):
        decide(t, n)
    before = t.tip()
    assert sorted(p for p in t.files() if p.startswith(INDEX)) == [
        INDEX + "latest/00.jsonl", INDEX + "latest/01.jsonl", INDEX + "totals.json"]
    decide(t, 4)
    files = t.files()
    assert sorted(p for p in files if p.startswith(INDEX)) == [
        INDEX + "0000/00.jsonl", INDEX + "0000/01.jsonl", INDEX + "totals.json"]
    assert blob(t, t.tip(), INDEX + "0000/00.jsonl") == blob(t, before, INDEX + "latest/00.jsonl")
    assert t.read(INDEX + "0000/01.jsonl").count("\n") == 2  # (the working tree brought along)
    assert not (t.root / INDEX / "latest").exists()
    decide(t, 5)
    assert t.read(INDEX + "latest/00.jsonl").count("\n") == 1
    assert t.cli("verify") == 0, t.err
    assert t.cli("render", "--check") == 0, t.err
    assert t.status()["turn"]  # and the game reads on
