"""The git plumbing the local forge writes through: what it keeps within a command, and
what it must still ask git at the moment it acts."""

import subprocess

from nomic_ci.forges.gitplumbing import Git

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
    assert git.out("status", "--porcelain") == ""  # idea's tree and index untouched
    assert (git.path / "a.txt").read_text() == "one\n"
    git.run("checkout", "-q", "main")
    assert (git.path / "a.txt").read_text() == "two\n"


def test_a_text_is_stored_as_written_whatever_the_repositorys_line_ending_settings(tmp_path):
    git, tip = repository(tmp_path)
    git.run("config", "core.autocrlf", "true")
    tree = git.tree_with(tip, {"rules/101.md": "line\r\nnext\r\n"})
    assert git.run("cat-file", "blob", f"{tree}:rules/101.md").stdout == b"line\r\nnext\r\n"


def test_the_index_kept_between_writes_is_removed_when_the_commands_writes_are_done(tmp_path):
    git, tip = repository(tmp_path)
    first = git.tree_with(tip, {"a.txt": "two\n"})
    kept = git._index
    assert kept is not None and kept.exists()
    second = git.tree_with(git.commit_tree(first, [tip], "engine", T0), {"b.txt": "b\n"})
    assert git.out("ls-tree", "--name-only", second).split() == ["a.txt", "b.txt"]
    git.close()
    assert not kept.exists()
    git.close()  # twice: nothing left to remove


def test_the_engines_files_are_in_the_git_directory_of_a_repository_or_of_a_worktree(tmp_path):
    """A .git folder is where the engine keeps its files (no git process to ask); a worktree,
    whose .git is a file, has a git directory of its own, which git names."""
    git, _ = repository(tmp_path)
    assert git.engine_path("forge.json") == git.path / ".git/nomic-ci/forge.json"
    git.run("worktree", "add", "-q", str(tmp_path / "w"))
    worktree = Git(tmp_path / "w")
    assert worktree.engine_path("forge.json").resolve() == \
        (git.path / ".git/worktrees/w/nomic-ci/forge.json").resolve()
