"""Records a hundred to a folder (core/files/folders.py), through the command line: a game
made before keeps playing, and a record put anywhere else is named with what to do."""

import re
import subprocess

import pytest

from nomic_ci.core.files.records import DIR

from boardgames import seed_for
from builders import new_rule
from tables import LocalTable

FOLDER = re.compile(r"(proposals|actions)/[0-9]+-[0-9]+/")


def git(t: LocalTable, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=admin", "-c", "user.email=admin@example.org",
                           *args], cwd=t.root, check=True, capture_output=True,
                          text=True).stdout


def on_disk(t: LocalTable, top: str) -> list[str]:
    return sorted(p.relative_to(t.root).as_posix() for p in (t.root / top).rglob("*")
                  if p.is_file() and "index" not in p.parts and p.suffix in (".yaml", ".json")
                  and p.name != "adjustments.yaml")


def index_files(t: LocalTable, top: str) -> list[str]:
    return sorted(p.relative_to(t.root / top / "index").as_posix()
                  for p in (t.root / top / "index").rglob("*") if p.is_file())


def records(t: LocalTable) -> list[str]:
    return sorted(on_disk(t, "proposals") + on_disk(t, "actions"))


def played(tmp_path, hours: float = 0) -> LocalTable:
    """A game with a decided proposal and a board action."""
    t = LocalTable(tmp_path / "g", players="alice,bob", ruleset="infinite-nomic-r7",
                   dice_seed=seed_for((6, 2)))
    t.later(hours + 1).command("alice", "/roll")
    t.later().branch("idea", new_rule(201))
    number = t.propose("bob", "idea", "An idea")
    t.vote(number, "alice")
    t.later(30).tick()
    return t


def made_before(t: LocalTable) -> None:
    """The game as the engine wrote it before its folders of a hundred: every record at the
    top of its folder, and named so by the indexes and the proposals' page (the only places
    a record's path was written), committed as a player would; the indexes in files of a
    thousand lines (`0000.jsonl`), as it wrote them before their pieces."""
    for path in records(t):
        git(t, "mv", path, FOLDER.sub(r"\1/", path))
    for index in (t.root / "proposals/index", t.root / "actions/index"):
        pieces = sorted(index.rglob("*.jsonl"))
        lines = "".join(piece.read_text() for piece in pieces)
        git(t, "rm", "-q", *map(str, pieces))
        (index / "0000.jsonl").write_text(lines)
        git(t, "add", str(index / "0000.jsonl"))
    for page in [*(t.root / "proposals/index").glob("*"), *(t.root / "actions/index").glob("*"),
                 t.root / "proposals/README.md"]:
        page.write_text(re.sub(r'(["(])[0-9]+-[0-9]+/', r"\1", page.read_text()))
    git(t, "commit", "-qam", "the game as the engine before folders wrote it")


def test_a_game_made_before_keeps_playing_and_render_moves_its_records(tmp_path):
    t = played(tmp_path)
    made = {path: FOLDER.sub(r"\1/", path) for path in records(t)}
    assert sorted(made) == ["actions/000000-000099/000001-alice-roll.json",
                            "actions/000000-000099/000002-bob-turn-end.json",
                            "proposals/0000-0099/0001-an-idea.yaml"]
    made_before(t)
    assert records(t) == sorted(made.values())
    # read where it is: verify clean, the page as it was, and what to do said
    assert t.cli("verify") == 0, t.err
    assert "3 records are at the top of proposals/ or actions/" in t.out
    assert "'nomic-ci render' moves them" in t.out
    assert t.cli("render", "--check") == 0, t.err
    # a new record goes to its folder, beside the old ones at the top
    t.later().command("bob", "/roll")
    t.later().branch("more", new_rule(202))
    t.vote(t.propose("alice", "more", "More"), "bob")
    t.later(30).tick()
    new = set(records(t)) - set(made.values())
    assert len(new) >= 2 and all(FOLDER.match(path) for path in new)
    assert "proposals/0000-0099/0002-more.yaml" in new
    assert "proposals/0001-an-idea.yaml" in on_disk(t, "proposals")
    # the indexes' partial files of a thousand were split into pieces by their next lines
    assert index_files(t, "proposals") == ["latest/00.jsonl", "totals.json"]
    assert t.read("proposals/index/latest/00.jsonl").count("\n") == 2
    assert index_files(t, "actions") == ["latest/00.jsonl", "totals.json"]
    assert t.cli("verify") == 0 and "3 records are at the top" in t.out, t.err
    page = t.read("proposals/README.md")
    assert "(0000-0099/0002-more.yaml)" in page and "(0001-an-idea.yaml)" in page
    # render moves the old ones, and rewrites the indexes and the page that named them
    assert t.cli("render") == 0, t.err
    assert "moved 3 records into their folders of a hundred" in t.out
    moved = sorted([*made, *new])
    assert records(t) == moved
    assert not re.search(r'"file": "[0-9]+-[a-z]', "".join(
        p.read_text() for p in (t.root / "proposals/index").rglob("*.jsonl")))
    assert "(0000-0099/0001-an-idea.yaml)" in (t.root / "proposals/README.md").read_text()
    assert t.cli("verify") == 0 and "at the top" not in t.out, t.err
    assert t.cli("render", "--check") == 0, t.err
    git(t, "add", "-A")
    git(t, "commit", "-qm", "records moved into their folders")
    t.later().command("alice", "/roll")  # and the game goes on from there
    assert t.cli("verify") == 0, t.err


def test_a_record_in_a_folder_that_is_not_its_numbers_is_named_and_render_moves_it(tmp_path):
    t = played(tmp_path)
    wrong = "proposals/0100-0199/0001-an-idea.yaml"  # a folder name that lies
    (t.root / "proposals/0100-0199").mkdir()
    (t.root / "actions/000900-000999").mkdir()
    git(t, "mv", "proposals/0000-0099/0001-an-idea.yaml", wrong)
    git(t, "mv", "actions/000000-000099/000001-alice-roll.json",
        "actions/000900-000999/000001-alice-roll.json")
    assert t.cli("verify") == 1
    assert (f"{wrong}: this record belongs at proposals/0000-0099/0001-an-idea.yaml, the "
            "folder of its number's hundred; move it there (`nomic-ci render` does)") in t.err
    assert "actions/000900-000999/000001-alice-roll.json: this record belongs at " \
           "actions/000000-000099/000001-alice-roll.json" in t.err
    assert t.cli("render") == 0 and "moved 2 records" in t.out, t.err
    assert records(t) == [
        "actions/000000-000099/000001-alice-roll.json",
        "actions/000000-000099/000002-bob-turn-end.json",
        "proposals/0000-0099/0001-an-idea.yaml"]
    assert t.cli("verify") == 0, t.err


def test_a_record_named_for_another_number_than_it_holds_is_named(tmp_path):
    t = played(tmp_path)
    lie = "proposals/0000-0099/0009-an-idea.yaml"
    git(t, "mv", "proposals/0000-0099/0001-an-idea.yaml", lie)
    assert t.cli("verify") == 1
    assert f"{lie}: this record belongs at proposals/0000-0099/0001-an-idea.yaml" in t.err


@pytest.mark.parametrize("kind", ["proposals", "actions"])
def test_a_record_both_at_the_top_and_in_its_folder_is_named_and_nothing_is_lost(tmp_path,
                                                                                 kind):
    t = played(tmp_path)
    inside = next(p for p in on_disk(t, kind))
    top = FOLDER.sub(r"\1/", inside)
    text = (t.root / inside).read_text()
    (t.root / top).write_text(text)  # a copy
    assert t.cli("verify") == 2
    number = "proposal 1" if kind == "proposals" else "action 1"
    assert f"{number} is also recorded in {inside}" in t.err and top in t.err
    assert "keep the one nomic-ci wrote" in t.err
    # a copy: render removes it, nothing lost
    assert t.cli("render") == 0 and f"{top} removed: the same record is at {inside}" in t.out
    assert not (t.root / top).exists() and (t.root / inside).read_text() == text
    assert t.cli("verify") == 0, t.err
    # one that says otherwise: render leaves both, says which, and writes nothing
    forged = text + "\n"  # the same record, read, but not the same text
    (t.root / top).write_text(forged)
    assert t.cli("render") == 2
    assert f"{top} stays where it is: {inside} is there already and differs" in t.out
    assert f"{number} is also recorded in" in t.err
    assert (t.root / top).read_text() == forged and (t.root / inside).read_text() == text


def test_a_file_in_a_records_folder_that_is_no_record_is_named(tmp_path):
    t = played(tmp_path)
    (t.root / DIR / "0000-0099/notes.md").write_text("mine\n")
    assert t.cli("verify") == 2
    assert "proposals/0000-0099/notes.md" in t.err and "not a proposal record file name" in t.err
    assert "0100-0199/0123-slug.yaml" in t.err
