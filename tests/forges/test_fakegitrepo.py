"""The fake GitHub's repository reads refs from a table of them, and what it leaves to git
is answered as git does."""

from __future__ import annotations

import subprocess
from datetime import UTC, datetime

import pytest

from fakegithub.gitrepo import GitRepo, Identity

WHO = Identity("alice", "alice@example.com", datetime(2024, 1, 1, tzinfo=UTC))


@pytest.fixture
def repo(tmp_path):
    return GitRepo.init(tmp_path / "game.git")


def commit(repo: GitRepo, files: dict[str, bytes], parents: tuple[str, ...] = ()) -> str:
    shas = repo.write_blobs(list(files.values()))
    tree = repo.build_tree(None, [(path, sha, "100644") for path, sha in zip(files, shas)])
    return repo.commit_tree(tree, list(parents), "A commit\n", WHO, WHO)


def rev_parse(repo: GitRepo, rev: str) -> str | None:
    """git's own answer, from a process of its own."""
    proc = subprocess.run(["git", "--git-dir", str(repo.path), "rev-parse", "--verify", "--quiet",
                           f"{rev}^{{commit}}"], capture_output=True, text=True)
    return proc.stdout.strip() or None


def test_a_ref_written_is_read_at_once(repo):
    first, second = commit(repo, {"a.md": b"1\n"}), commit(repo, {"a.md": b"2\n"})
    assert repo.ref_sha("refs/heads/main") is None and repo.resolve("main") is None

    repo.update_ref("refs/heads/main", first)
    assert repo.ref_sha("refs/heads/main") == repo.resolve("main") == first
    repo.update_ref("refs/heads/main", second, first)
    assert repo.ref_sha("refs/heads/main") == repo.resolve("refs/heads/main") == second
    assert not repo.update_ref("refs/heads/main", first, first)  # compare-and-swap refused
    assert repo.ref_sha("refs/heads/main") == second


def test_a_deleted_ref_is_gone(repo):
    repo.update_ref("refs/heads/p1", commit(repo, {"a.md": b"1\n"}))
    assert repo.ref_sha("refs/heads/p1") is not None

    repo.delete_ref("refs/heads/p1")

    assert repo.ref_sha("refs/heads/p1") is None and repo.resolve("p1") is None


@pytest.mark.parametrize("name", [
    "main", "refs/heads/main", "heads/main", "v1", "refs/tags/v1", "both", "refs/heads/both",
    "x", "refs/heads/x", "HEAD", "FETCH_HEAD", "nope", "refs/heads/nope", "main~1", "main^",
    "cafe", "tip-g{short}", "refs/heads/tip-g{short}", "{short}", "{first}", "{tree}", "@",
])
def test_names_resolve_as_git_resolves_them(repo, name):
    """The ref table answers a ref's name only where git would take it for nothing else."""
    first = commit(repo, {"a.md": b"1\n"})
    second = commit(repo, {"a.md": b"2\n"}, (first,))
    for ref, sha in [("refs/heads/main", second), ("refs/tags/v1", first), ("refs/tags/both", first),
                     ("refs/heads/both", second), ("refs/heads/refs/heads/x", first),
                     ("refs/heads/x", second), ("refs/heads/cafe", first),
                     (f"refs/heads/tip-g{second[:7]}", first)]:
        repo.update_ref(ref, sha)
    (repo.path / "FETCH_HEAD").write_text(f"{first}\t\tbranch 'main'\n")
    name = name.format(short=second[:7], first=first, tree=repo.commit_info(first).tree)

    assert repo.resolve(name) == rev_parse(repo, name)
