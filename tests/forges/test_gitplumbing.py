"""The git plumbing the local forge writes through: what it keeps within a command, and
what it must still ask git at the moment it acts."""

import shutil
import subprocess

import pytest
from hypothesis import given, settings, strategies as st

from nomic_ci.cli import gamedir
from nomic_ci.core.files import GAME_DIRS
from nomic_ci.core.files.gamefiles import listed, under
from nomic_ci.forges.gitplumbing import Git, GitError

from builders import T0


def repository(tmp_path) -> tuple[Git, str]:
    """A repository on main with one commit, its working tree checked out, and its tip."""
    root = tmp_path / "r"
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    (root / "a.txt").write_text("one\n")
    git = Git(root)
    git.run("add", "a.txt")
    git.run("-c", "user.name=t", "-c", "user.email=t@x", "commit", "-qm", "one")
    return git, git.rev("refs/heads/main")


def test_moving_the_default_branch_brings_along_the_tree_checked_out_when_it_moves(tmp_path):
    """A player may switch branch while a command runs: the working tree moved along is the
    one checked out at that moment, not when the command began."""
    git, tip = repository(tmp_path)
    git.run("branch", "idea")
    assert git.head_branch() == "main"  # asked as the command began
    git.run("checkout", "-q", "idea")  # the player switches meanwhile
    new = git.commit_tree(git.tree_with(tip, {"a.txt": "two\n"}), [tip], "engine", T0)
    git.move_branch("main", new, tip)
    git.bring_worktree()
    assert git.out("status", "--porcelain") == ""  # idea's tree and index untouched
    assert (git.path / "a.txt").read_text() == "one\n"
    git.run("checkout", "-q", "main")
    assert (git.path / "a.txt").read_text() == "two\n"


def test_the_working_tree_follows_the_branch_once_a_command_however_often_it_moves(tmp_path):
    """A decision moves the branch twice (recorded, then told); git writes its index of every
    file each time the tree moves, so the tree moves once, at the end, to the last."""
    git, tip = repository(tmp_path)
    second = git.commit_tree(git.tree_with(tip, {"a.txt": "two\n"}), [tip], "engine", T0)
    third = git.commit_tree(git.tree_with(second, {"a.txt": "three\n"}), [second], "engine", T0)
    moved = []
    run = git.run
    git.run = lambda *args, **kw: (moved.append(args[0]) if args[0] == "read-tree" else None,
                                   run(*args, **kw))[1]
    git.move_branch("main", second, tip)
    git.move_branch("main", third, second)
    assert (git.path / "a.txt").read_text() == "one\n" and moved == []
    git.bring_worktree()
    assert moved == ["read-tree"]
    assert (git.path / "a.txt").read_text() == "three\n"
    assert git.out("status", "--porcelain") == ""
    assert not git.engine_path("worktree").exists()


def test_a_command_that_stopped_before_bringing_the_working_tree_along_is_resumed(tmp_path):
    """Killed after the branch moved and before its tree did: the next command's git status
    would show the engine's change undone, as local edits. It brings the tree along first,
    keeping a player's own edit."""
    git, tip = repository(tmp_path)
    (git.path / "b.txt").write_text("mine\n")  # untracked: a player's, kept
    new = git.commit_tree(git.tree_with(tip, {"a.txt": "two\n"}), [tip], "engine", T0)
    git.move_branch("main", new, tip)
    git.close()  # stopped here
    assert git.out("status", "--porcelain", "--", "a.txt") != ""
    later = Git(git.path)
    later.resume()
    assert (git.path / "a.txt").read_text() == "two\n"
    assert (git.path / "b.txt").read_text() == "mine\n"
    assert later.out("status", "--porcelain") == "?? b.txt"
    assert not later.engine_path("worktree").exists()
    later.resume()  # nothing said: nothing done
    assert later.out("status", "--porcelain") == "?? b.txt"


def test_a_branch_that_moved_meanwhile_leaves_the_working_tree_as_it_was(tmp_path):
    git, tip = repository(tmp_path)
    other = git.commit_tree(git.tree_with(tip, {"a.txt": "theirs\n"}), [tip], "other", T0)
    git.run("update-ref", "refs/heads/main", other)
    git.run("reset", "-q", "--hard")
    new = git.commit_tree(git.tree_with(tip, {"a.txt": "two\n"}), [tip], "engine", T0)
    with pytest.raises(GitError, match="moved while the engine ran"):
        git.move_branch("main", new, tip)
    git.bring_worktree()
    assert (git.path / "a.txt").read_text() == "theirs\n"
    assert not git.engine_path("worktree").exists()


@pytest.mark.parametrize("checkout", [None, "idea", "--detach"])
def test_the_branch_checked_out_is_read_from_head_as_git_reads_it(tmp_path, checkout):
    git, _ = repository(tmp_path)
    git.run("branch", "idea")
    if checkout:
        git.run("checkout", "-q", checkout)
    assert git._head_ref() == git.out("symbolic-ref", "--quiet", "HEAD", check=False)
    git.run("worktree", "add", "-q", "-b", "other", str(tmp_path / "w"))
    assert Git(tmp_path / "w").head_branch() == "other"


def test_a_text_is_stored_as_written_whatever_the_repositorys_line_ending_settings(tmp_path):
    git, tip = repository(tmp_path)
    git.run("config", "core.autocrlf", "true")
    tree = git.tree_with(tip, {"rules/101.md": "line\r\nnext\r\n"})
    assert git.run("cat-file", "blob", f"{tree}:rules/101.md").stdout == b"line\r\nnext\r\n"


def gits_tree(git: Git, commit: str, files: dict[str, str], tmp_path) -> str:
    """The tree git's own plumbing makes of `commit`'s with `files` written over it."""
    env = {"GIT_INDEX_FILE": str(tmp_path / "index")}
    git.run("read-tree", commit, env=env)
    shas = [git.out("hash-object", "-w", "--no-filters", "--stdin", input=text.encode())
            for text in files.values()]
    git.run("update-index", "--add", "--index-info", env=env, input="".join(
        f"100644 {sha}\t{path}\n" for sha, path in zip(shas, files)).encode())
    return git.out("write-tree", env=env)


NAMES = ["a", "a-b", "a.b", "a0", "b", "é", "sp ace", "z"]


@settings(max_examples=15, deadline=None)
@given(st.lists(st.dictionaries(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3).map(
    "/".join), st.text(max_size=20), max_size=5), min_size=1, max_size=2),
    st.sampled_from(["", "A message", "Two lines\n\nand a body\n"]))
def test_the_trees_and_commits_written_are_those_git_writes(tmp_path_factory, steps, message):
    """Written here, as git writes loose objects, in git's order (a folder's name as if it
    ended in /): the same objects, named alike, that git's own plumbing makes, a file where
    a folder was (or the other way round) as git's index replaces it, and a repository
    `git fsck` finds sound."""
    tmp_path = tmp_path_factory.mktemp("git")
    git, tip = repository(tmp_path)
    for files in steps:
        if any(other.startswith(path + "/") for path in files for other in files):
            continue  # a file and a folder of the same name at once: git's index keeps one
        tree = git.tree_with(tip, files)
        assert tree == gits_tree(git, tip, files, tmp_path)
        commit = git.commit_tree(tree, [tip], message, T0)
        stamp = {f"GIT_{who}_{what}": value for who in ("AUTHOR", "COMMITTER") for what, value
                 in (("NAME", "nomic-ci"), ("EMAIL", "nomic-ci@localhost"),
                     ("DATE", f"{int(T0.timestamp())} +0000"))}
        assert commit == git.out("commit-tree", tree, "-p", tip, "-F", "-",
                                 input=message.encode(), env=stamp)
        tip = commit
    assert git.run("fsck", "--strict", "--no-dangling").returncode == 0


@pytest.mark.parametrize("files", [{"../x": "x"}, {"a//b": "x"}, {".git/config": "x"},
                                   {".GIT/hooks/post-checkout": "x"}, {"a/.Git/config": "x"},
                                   {"git~1/config": "x"}, {".git./x": "x"}, {".git /x": "x"}])
def test_a_path_git_cannot_hold_is_refused(tmp_path, files):
    git, tip = repository(tmp_path)
    with pytest.raises(GitError, match="not a path git can hold"):
        git.tree_with(tip, files)


def test_a_commit_message_with_a_nul_is_refused_as_git_refuses_it(tmp_path):
    git, tip = repository(tmp_path)
    with pytest.raises(GitError, match="NUL"):
        git.commit_tree(git.tree_of(tip), [tip], "a\0b", T0)


def test_a_worktree_writes_into_the_repository_s_objects(tmp_path):
    git, tip = repository(tmp_path)
    git.run("worktree", "add", "-q", str(tmp_path / "w"))
    tree = Git(tmp_path / "w").tree_with(tip, {"b.txt": "b\n"})
    assert git.out("ls-tree", "--name-only", tree).split() == ["a.txt", "b.txt"]


def test_the_engines_files_are_in_the_git_directory_of_a_repository_or_of_a_worktree(tmp_path):
    """A .git folder is where the engine keeps its files (no git process to ask); a worktree,
    whose .git is a file, has a git directory of its own, which git names."""
    git, _ = repository(tmp_path)
    assert git.engine_path("forge.json") == git.path / ".git/nomic-ci/forge.json"
    git.run("worktree", "add", "-q", str(tmp_path / "w"))
    worktree = Git(tmp_path / "w")
    assert worktree.engine_path("forge.json").resolve() == \
        (git.path / ".git/worktrees/w/nomic-ci/forge.json").resolve()


def _commit(git: Git, parents: list[str], files: dict[str, str], message: str) -> str:
    """A commit of the first parent's tree with `files` written over it."""
    return git.commit_tree(git.tree_with(parents[0], files), parents, message, T0)


def test_a_branchs_changes_are_what_merging_it_changes(tmp_path):
    """What main gained since the branch forked is not the branch's change; the texts are
    read from the tree the merge makes."""
    git, tip = repository(tmp_path)
    idea = _commit(git, [tip], {"b.txt": "idea\n"}, "idea")
    main = _commit(git, [tip], {"a.txt": "two\n", "c.txt": "main\n"}, "main moves on")
    listed, made = git.changes(main, idea)
    assert listed == [("A", "b.txt", None)] and made == git.merge_tree(main, idea)
    assert git.file_at(made, "c.txt") == b"main\n" and git.file_at(made, "b.txt") == b"idea\n"


def test_after_a_criss_cross_merge_the_changes_are_what_the_merge_makes(tmp_path):
    """Two merge bases: a diff from the first one git names would not show that the branch
    dropped a file main has; the merge drops it, so the change lists it."""
    git, tip = repository(tmp_path)
    left = _commit(git, [tip], {"l.txt": "l\n"}, "left")
    right = _commit(git, [tip], {"r.txt": "r\n"}, "right")
    main = _commit(git, [left, right], {"m.txt": "m\n"}, "main merges right")
    dropped = git.commit_tree(git.out("mktree", input=b"".join(
        line.encode() + b"\n" for line in git.out("ls-tree", left).splitlines()
        if not line.endswith("\tl.txt"))), [right, left], "idea merges left, drops l.txt", T0)
    idea = _commit(git, [dropped], {"i.txt": "i\n"}, "and adds a note")
    assert len(git.out("merge-base", "--all", main, idea).split()) == 2
    assert ("D", "l.txt", None) in git.changes(main, idea)[0]


def test_a_branch_that_conflicts_lists_what_it_changed_since_it_forked(tmp_path):
    git, tip = repository(tmp_path)
    idea = _commit(git, [tip], {"a.txt": "idea\n"}, "idea")
    main = _commit(git, [tip], {"a.txt": "main\n"}, "main")
    assert git.merge_tree(main, idea) is None
    assert git.changes(main, idea) == ([("M", "a.txt", None)], idea)


def test_a_branch_with_no_history_in_common_has_no_changes_to_read(tmp_path):
    git, tip = repository(tmp_path)
    blob = git.out("hash-object", "-w", "--stdin", input=b"x\n")
    orphan = git.commit_tree(git.out("mktree", input=f"100644 blob {blob}\tx.txt\n".encode()),
                             [], "an orphan", T0)
    assert git.changes(tip, orphan) is None


def test_any_other_failure_to_diff_is_an_error_that_says_so(tmp_path):
    git, tip = repository(tmp_path)
    with pytest.raises(GitError, match="git merge-tree .* failed"):
        git.changes(tip, "0" * 40)


GAME = {"rules/101-a.md": "a\n", "state/game.yaml": "g\n", "proposals/README.md": "# P\n",
        "proposals/adjustments.yaml": "[]\n", "proposals/index/0000.jsonl": "{}\n",
        "proposals/index/notes.txt": "odd\n", "proposals/0000-0099/0001-a.yaml": "r1\n",
        "proposals/junk/x.md": "odd\n", "actions/index/0000.jsonl": "{}\n",
        "proposals/index/0001/00.jsonl": "{}\n", "proposals/index/latest/00.jsonl": "{}\n",
        "actions/000000-000099/000001-roll.json": "{}\n", "elsewhere.md": "not the game's\n"}


@pytest.mark.parametrize("reader", ["git", "disk"])
def test_the_records_are_listed_only_when_asked_for_and_then_as_every_file(tmp_path, reader,
                                                                           monkeypatch):
    """What a run reads (the rules, the state, the indexes, the kept names) comes without
    listing the folders of records; asking for a record lists them, as a full listing would."""
    git, tip = repository(tmp_path)
    tip = git.commit_files("main", GAME, "a game", T0, "t")
    git.run("checkout", "-q", "-f", "main")
    listings = []
    if reader == "git":
        real = Git._records_in
        monkeypatch.setattr(Git, "_records_in",
                            lambda self, *a: listings.append(a[1].decode()) or real(self, *a))
        files = git.read_files(tip, GAME_DIRS)
    else:
        real = gamedir._records_in
        monkeypatch.setattr(gamedir, "_records_in",
                            lambda *a: listings.append(a[1]) or real(*a))
        files = gamedir.working_files(git.path)
    assert files["proposals/index/0000.jsonl"] == "{}\n" and "proposals/README.md" in files
    # an index's closed thousand (0001/) is left unlisted by git, found by name on disk
    closed = "proposals/index/0001/" if reader == "git" else "proposals/index/0001/00.jsonl"
    assert listed(files, "proposals/index/") == [
        "proposals/index/0000.jsonl", closed, "proposals/index/latest/00.jsonl",
        "proposals/index/notes.txt"]
    assert files["proposals/adjustments.yaml"] == "[]\n" and listings == []
    assert files["proposals/index/0001/00.jsonl"] == "{}\n"
    assert under(files, "proposals/index/") == [
        "proposals/index/0000.jsonl", "proposals/index/0001/00.jsonl",
        "proposals/index/latest/00.jsonl", "proposals/index/notes.txt"]
    assert files["proposals/0000-0099/0001-a.yaml"] == "r1\n"
    assert sorted(listings) == ["actions/", "proposals/"] + (
        ["proposals/index/0001/"] if reader == "git" else [])
    assert dict(files) == {path: text for path, text in GAME.items() if path != "elsewhere.md"}


def test_a_link_to_a_folder_among_the_records_is_not_followed_on_disk(tmp_path):
    """As the whole walk never followed one: a passed proposal may hold a link to /etc."""
    git, _ = repository(tmp_path)
    git.commit_files("main", GAME, "a game", T0, "t")
    git.run("checkout", "-q", "-f", "main")
    outside = tmp_path / "outside"
    (outside / "deep").mkdir(parents=True)
    (outside / "secret.jsonl").write_text("not the game's\n")
    (outside / "deep" / "x.yaml").write_text("not the game's\n")
    shutil.rmtree(git.path / "actions/index")
    (git.path / "actions/index").symlink_to(outside)
    (git.path / "proposals/elsewhere").symlink_to(outside)
    files = gamedir.working_files(git.path)
    assert not any("secret" in path or "deep" in path for path in files)
    assert "proposals/elsewhere" not in files and "proposals/0000-0099/0001-a.yaml" in files


def test_a_decisions_commit_reads_and_writes_the_records_folder_and_its_parents_alone(
        tmp_path, monkeypatch):
    """A record is written in its folder of a hundred: the commit rewrites that folder's
    tree and the trees above it, and reads no other folder of records."""
    git, tip = repository(tmp_path)
    records = {f"proposals/{n // 100 * 100:04d}-{n // 100 * 100 + 99:04d}/{n:04d}-x.yaml":
               f"{n}\n" for n in range(1, 251)}
    tip = git.commit_files("main", {**records, "proposals/index/0000.jsonl": "{}\n"},
                           "a game", T0, "t")
    read = []
    real = Git._object
    monkeypatch.setattr(Git, "_object", lambda self, name: read.append(name) or real(self, name))
    decided = {"proposals/0200-0299/0251-y.yaml": "251\n",
               "proposals/index/0000.jsonl": "{}\n{}\n"}
    tree = git.tree_with(tip, decided)
    folders = {git.out("rev-parse", f"{tip}:{folder}"): folder for folder in
               ("proposals", "proposals/0000-0099", "proposals/0100-0199",
                "proposals/0200-0299", "proposals/index")}
    assert sorted(folders[name] for name in read if name in folders) == [
        "proposals", "proposals/0200-0299", "proposals/index"]
    assert git.out("ls-tree", "--name-only", f"{tree}:proposals/0200-0299").split("\n")[-1] \
        == "0251-y.yaml"
    assert git.out("diff", "--name-only", tip, tree).split("\n") == sorted(decided)
