"""The indexes in pieces on the fake GitHub, through `nomic-ci github reconcile` (issue 32):
a decision sends the last piece, a full thousand moves to its folder as one tree entry, a
closed thousand is listed only when a line of it is asked for, and a game whose indexes an
older engine wrote as files of a thousand lines plays on. A "thousand" is four lines here,
in pieces of two (`IndexLines.per_file`, `per_piece`), so a few decisions cross one."""

import hashlib
import itertools
import json
import shutil

import pytest

from nomic_ci.core.files.indexlines import IndexLines

from builders import new_rule
from tables import GitHubTable, run_cli

INDEX = "proposals/index/"
TREES = ("POST", "/repos/nomic/game/git/trees")


@pytest.fixture
def hub(tmp_path, monkeypatch):
    monkeypatch.setattr(IndexLines, "per_file", 4)
    monkeypatch.setattr(IndexLines, "per_piece", 2)
    t = GitHubTable(tmp_path / "game", players="alice,bob,carol")
    yield t
    t.close()


def refused(hub, n: int) -> None:
    """A decision: bob's proposal, out of his turn, refused at the next run."""
    hub.later().branch(f"b{n}", new_rule(150 + n), author="bob")
    hub.fake.open_pr("bob", f"b{n}", f"Out of turn {n}", created_at=hub.now)
    hub.fake.clear_requests()
    assert hub.reconcile() == 0, hub.err + hub.out


def index_files(hub) -> dict[str, str]:
    return {path: text for path, text in hub.files().items() if path.startswith(INDEX)}


def tree_entries(hub) -> list[dict]:
    """The entries of the trees the run's commit made."""
    return [entry for r in hub.fake.requests if (r.method, r.path) == TREES
            for entry in r.body["tree"]]


def test_a_thousand_fills_and_moves_to_its_folder_by_name_and_a_run_reads_it_when_asked(hub):
    for n in range(1, 4):
        refused(hub, n)
    assert sorted(index_files(hub)) == [INDEX + "latest/00.jsonl", INDEX + "latest/01.jsonl",
                                        INDEX + "totals.json"]
    sent = {e["path"]: e for e in tree_entries(hub) if e["path"].startswith(INDEX)}
    assert sorted(sent) == [INDEX + "latest/01.jsonl", INDEX + "totals.json"]  # one piece
    before = index_files(hub)
    piece = before[INDEX + "latest/00.jsonl"]
    refused(hub, 4)  # the fourth line fills the thousand
    files = index_files(hub)
    assert sorted(files) == [INDEX + "0000/00.jsonl", INDEX + "0000/01.jsonl",
                             INDEX + "totals.json"]
    assert files[INDEX + "0000/00.jsonl"] == piece and files[INDEX + "0000/01.jsonl"].count(
        "\n") == 2
    sent = [e for e in tree_entries(hub) if e["path"].startswith(INDEX)]
    # the thousand moves as one entry, latest/'s tree by its id, not a piece by piece (nor
    # any text of them); its last piece, with its last line, written over it
    assert [e["path"] for e in sent] == [INDEX + "0000", INDEX + "0000/01.jsonl",
                                         INDEX + "latest/00.jsonl", INDEX + "latest/01.jsonl",
                                         INDEX + "totals.json"]
    moved = sent[0]
    assert (moved["mode"], moved["type"]) == ("040000", "tree") and "content" not in moved
    assert moved["sha"] == tree_id({p.removeprefix(INDEX + "latest/"): t
                                    for p, t in before.items() if "/latest/" in p})
    assert sent[1]["content"] == files[INDEX + "0000/01.jsonl"]
    assert sent[2]["sha"] is None and sent[3]["sha"] is None  # and removed from latest/
    refused(hub, 5)  # the next thousand opens in latest/
    assert sorted(index_files(hub))[-2:] == [INDEX + "latest/00.jsonl", INDEX + "totals.json"]
    hub.fake.clear_requests()
    assert hub.later().reconcile() == 0, hub.err  # nothing to do: the closed thousand unlisted
    assert [r.path for r in hub.fake.requests if "/git/trees/" in r.path] == []
    assert hub.cli("verify") == 0, hub.err
    assert hub.cli("render", "--check") == 0, hub.err


def blob_id(text: str) -> str:
    data = text.encode()
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def tree_id(files: dict[str, str]) -> str:
    """The id git gives a folder of these files (no folder in it)."""
    data = b"".join(b"100644 %s\0" % name.encode() + bytes.fromhex(blob_id(text))
                    for name, text in sorted(files.items()))
    return hashlib.sha1(b"tree %d\0" % len(data) + data).hexdigest()


def older(files: dict[str, str]) -> dict[str, str]:
    """The game as an older engine wrote it: each index's lines in files of a thousand, its
    totals indented."""
    found = {p: t for p, t in files.items() if not p.startswith((INDEX, "actions/index/"))}
    found.update({p: json.dumps(json.loads(t), ensure_ascii=False, sort_keys=True, indent=1)
                  + "\n" for p, t in files.items() if p.endswith("index/totals.json")})
    for folder in (INDEX, "actions/index/"):
        lines = "".join(t for p, t in sorted(files.items())
                        if p.startswith(folder) and p.endswith(".jsonl")).splitlines(True)
        found.update({f"{folder}{n // 4:04d}.jsonl": "".join(lines[n:n + 4])
                      for n in range(0, len(lines), 4)})
    return found


def test_an_older_engines_files_of_a_thousand_are_read_and_the_partial_last_split_once(
        hub, tmp_path):
    for n in range(1, 6):
        refused(hub, n)
    old = older(hub.files())
    assert sorted(p for p in old if p.startswith(INDEX)) == [
        INDEX + "0000.jsonl", INDEX + "0001.jsonl", INDEX + "totals.json"]
    upgraded = GitHubTable(tmp_path / "old", players="alice,bob,carol", files=old)
    upgraded.now = hub.now
    upgraded.clock.set(hub.now)
    upgraded.fake.world._numbers = itertools.count(10)  # after the game's own pull requests
    try:
        assert upgraded.cli("verify") == 0, upgraded.err  # as it is: clean, nothing to render
        assert upgraded.cli("render", "--check") == 0, upgraded.err
        refused(upgraded, 6)
        files = index_files(upgraded)
        assert sorted(files) == [INDEX + "0000.jsonl", INDEX + "latest/00.jsonl",
                                 INDEX + "totals.json"]
        assert files[INDEX + "latest/00.jsonl"].startswith(old[INDEX + "0001.jsonl"])
        assert files[INDEX + "latest/00.jsonl"].count("\n") == 2
        assert old[INDEX + "totals.json"].startswith("{\n") and \
            json.loads(files[INDEX + "totals.json"])["lines"] == 6
        assert files[INDEX + "totals.json"].count("\n") == 1  # written again without spaces
        assert upgraded.cli("verify") == 0, upgraded.err
        assert upgraded.cli("render", "--check") == 0, upgraded.err
    finally:
        upgraded.close()


@pytest.mark.parametrize("piece, needed", [(INDEX + "0000/01.jsonl", True),
                                           (INDEX + "latest/00.jsonl", False)])
def test_a_piece_edited_or_removed_by_hand_is_named_and_the_game_goes_on(hub, piece, needed):
    for n in range(1, 8):
        refused(hub, n)
    text = hub.files()[piece]
    hub.fake.commit("main", {piece: text.replace('"title": "Out of turn',
                                               '"title": "Forged')}, message="an edit by hand")
    assert hub.cli("verify") == 1
    assert f"{piece}: line 1 gives" in hub.err and "Forged" in hub.err, hub.err
    hub.fake.commit("main", {piece: None}, message="a piece removed by hand")
    assert hub.cli("verify") == 1 and f"{piece} is missing" in hub.err, hub.err
    assert hub.cli("render", "--check") == 1 and "proposals/index/ is out of date" in hub.err
    # the run goes on where it needs none of its lines (the records are the truth: render
    # rebuilds the index from them), and one that needs them stops, naming it and what to
    # do, as one that read an older engine's file cut short by hand did
    hub.later().branch("b8", new_rule(158), author="bob")
    hub.fake.open_pr("bob", "b8", "Out of turn 8", created_at=hub.now)
    stopped = hub.reconcile() != 0
    assert stopped == needed  # the proposals' page reads the latest 50 lines: all eight
    if stopped:
        assert f"{piece}: is missing" in hub.out and "nomic-ci render" in hub.out, hub.out
    assert hub.cli("verify") == 1
    assert hub.cli("render") == 0, hub.err  # what a player does: render, commit, push
    checkout = hub.root / "checkout" / "proposals" / "index"
    rendered = {f"{INDEX}{p.relative_to(checkout).as_posix()}": p.read_text()
                for p in checkout.rglob("*") if p.is_file()}
    hub.fake.commit("main", {**{p: None for p in index_files(hub)}, **rendered},
                    message="nomic-ci render")
    assert hub.reconcile() == 0, hub.err + hub.out
    assert hub.cli("verify") == 0, hub.err
    assert sum(t.count("\n") for p, t in index_files(hub).items() if p.endswith("l")) == 8


def test_a_merge_reads_the_merged_tip_without_listing_the_open_thousand_again(hub):
    """The run that merges reads the merged commit's files; its open thousand, as the run
    found it (or as its own commit left it), is not listed again (3.8 kB near a thousand's
    end), and the game reads as it is."""
    for n in range(1, 4):
        refused(hub, n)
    hub.later().branch("a1", new_rule(160), author="alice")
    number = hub.propose("alice", "a1")
    hub.later().fake.add_review(hub.pr_of(number), "bob", "APPROVED", submitted_at=hub.now)
    hub.fake.add_review(hub.pr_of(number), "carol", "APPROVED", submitted_at=hub.now)
    hub.fake.clear_requests()
    assert hub.reconcile() == 0, hub.err + hub.out
    tips = [r for r in hub.fake.requests if r.path == "/graphql"
            and r.body["query"].lstrip().startswith("query Tip")]
    assert len(tips) == 1 and "...Names" not in tips[0].body["query"]
    assert "rules/160-rule-160.md" in hub.files()  # merged
    assert json.loads(hub.files()[INDEX + "totals.json"])["lines"] == 4
    assert hub.cli("verify") == 0, hub.err
    assert hub.cli("render", "--check") == 0, hub.err


def game_queries(hub) -> list[str]:
    return [r.body["query"] for r in hub.fake.requests if r.path == "/graphql"
            and r.body["query"].lstrip().startswith(("query Game", "query Tip"))]


def test_a_run_lists_the_open_thousand_from_its_checkout_or_asks_where_that_moved_on(hub):
    """The first query names the open thousand's tree alone and the run lists it from the
    workflow's checkout (fifty pieces near a thousand's end were 3.8 kB of every run's
    query); a checkout made before the branch moved has not that tree: one query more."""
    for n in range(1, 3):
        refused(hub, n)
    stale = hub.root / "stale"
    shutil.copytree(hub.checkout(), stale)
    refused(hub, 3)  # latest/ changes: the copy made before has not its new tree
    queries = game_queries(hub)
    assert [q.split("(")[0] for q in queries] == ["query Game"] and "...Names" not in queries[0]
    hub.fake.clear_requests()
    assert hub.later().reconcile() == 0, hub.err + hub.out
    assert [q.split("(")[0] for q in game_queries(hub)] == ["query Game"]
    hub.fake.clear_requests()
    code, out, err = run_cli("--repo", str(stale), "--now", hub.later().now.isoformat(),
                             "github", "reconcile", env=hub.env)
    assert code == 0, err + out
    queries = game_queries(hub)
    assert [q.split("(")[0] for q in queries] == ["query Game", "query Tip"]
    assert "...Names" in queries[1]  # the tip's files, its open thousand listed
    refused(hub, 4)  # and the game reads on as it is: the thousand fills
    assert sorted(index_files(hub)) == [INDEX + "0000/00.jsonl", INDEX + "0000/01.jsonl",
                                        INDEX + "totals.json"]
    assert hub.cli("verify") == 0, hub.err


def test_decisions_that_fill_a_thousand_in_one_commit_move_every_line_of_it(hub):
    """Several decisions in one run are one commit: a piece the commit rewrites and then
    moves with its thousand moves with its new lines, not as the tip had it."""
    refused(hub, 1)  # the thousand's first line, in latest/00
    hub.later()
    for n in range(2, 6):  # four more at once: lines 2 to 5, the thousand full at 4
        hub.branch(f"b{n}", new_rule(150 + n), author="bob")
        hub.fake.open_pr("bob", f"b{n}", f"Out of turn {n}", created_at=hub.now)
    assert hub.reconcile() == 0, hub.err + hub.out
    assert "committed 11 game file(s)" in hub.out  # the four decisions, in one commit
    files = index_files(hub)
    lines = [json.loads(line)["number"] for path in sorted(files) if path.endswith(".jsonl")
             for line in files[path].splitlines()]
    assert lines == [1, 2, 3, 4, 5], files
    assert hub.cli("verify") == 0, hub.err
