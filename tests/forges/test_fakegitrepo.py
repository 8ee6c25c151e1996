"""The fake GitHub's repository reads: objects through one `git cat-file` process, refs from
a table of them, and what either leaves to git answered as git does."""

from __future__ import annotations

import os
import subprocess
import threading
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings, strategies as st

from fakegithub.catfile import CatFile
from fakegithub.gitrepo import GitError, GitRepo, Identity

WHO = Identity("alice", "alice@example.com", datetime(2024, 1, 1, tzinfo=UTC))
MISSING = "0123456789" * 4


@pytest.fixture
def repo(tmp_path):
    made = GitRepo.init(tmp_path / "game.git")
    yield made
    made.close()


def commit(repo: GitRepo, files: dict[str, bytes], parents: tuple[str, ...] = ()) -> str:
    shas = repo.write_blobs(list(files.values()))
    tree = repo.build_tree(None, [(path, sha, "100644") for path, sha in zip(files, shas)])
    return repo.commit_tree(tree, list(parents), "A commit\n", WHO, WHO)


def reader(repo: GitRepo) -> CatFile:
    return CatFile(str(repo.path), {"PATH": os.environ["PATH"]})


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


def test_an_object_another_process_writes_after_the_reader_started_is_read(repo):
    repo.read_blob(repo.write_blob(b"starts the reader\n"))
    git = ["git", "--git-dir", str(repo.path)]
    loose = subprocess.run([*git, "hash-object", "-w", "--stdin"], input=b"loose\n",
                           capture_output=True, check=True).stdout.decode().strip()
    subprocess.run([*git, "fast-import", "--quiet"], input=b"blob\ndata 7\npacked\n\n", check=True)
    packed = subprocess.run([*git, "hash-object", "--stdin"], input=b"packed\n",
                            capture_output=True, check=True).stdout.decode().strip()

    assert repo.object_type(loose) == repo.object_type(packed) == "blob"
    assert (repo.read_blob(loose), repo.read_blob(packed)) == (b"loose\n", b"packed\n")


def test_a_missing_object_is_none_or_an_error_as_before(repo):
    assert repo.object_type(MISSING) is None and repo.resolve(MISSING) is None
    with pytest.raises(GitError):
        repo.read_blob(MISSING)
    with pytest.raises(GitError):
        repo.commit_info(MISSING)
    sha = repo.write_blob(b"after a missing one\n")
    assert repo.read_blob(sha) == b"after a missing one\n"  # the reader reads on


def test_threads_share_the_reader(repo):
    contents = [bytes([65 + i % 26]) * (i * 9_000) for i in range(12)]  # up to 100 kB: past a pipe's buffer
    shas = repo.write_blobs(contents)
    shared = reader(repo)
    wrong: list[str] = []

    def read_all() -> None:
        for _ in range(20):
            wrong.extend(sha for sha, data in zip(shas, contents) if shared.contents(sha) != ("blob", data))
            wrong.extend(sha for sha, data in zip(shas, contents) if shared.info(sha) != ("blob", len(data)))

    threads = [threading.Thread(target=read_all) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    shared.close()
    assert wrong == []


def test_a_reader_whose_process_ended_starts_another(repo):
    sha, objects = repo.write_blob(b"text\n"), reader(repo)
    assert objects.info(sha) == ("blob", 5)
    objects._proc.kill()
    objects._proc.wait()
    with pytest.raises((ChildProcessError, BrokenPipeError)):
        objects.info(sha)
    assert objects.contents(sha) == ("blob", b"text\n")
    objects.close()


def test_a_closed_reader_starts_again_when_read(repo):
    sha = repo.write_blob(b"text\n")
    assert repo.object_type(sha) == "blob"
    repo.close()
    assert repo.read_blob(sha) == b"text\n"


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


def test_trees_are_listed_as_ls_tree_lists_them(repo):
    blobs = repo.write_blobs([b"text\n", b"#!/bin/sh\n", b"a.md", "é\n".encode()])
    tree = repo.build_tree(None, [("README.md", blobs[0], "100644"), ("run.sh", blobs[1], "100755"),
                                  ("link", blobs[2], "120000"), ("rules/deep/é.md", blobs[3], "100644"),
                                  ("rules/101.md", blobs[0], "100644"), ("module", blobs[0], "160000")])
    sha = repo.commit_tree(tree, [], "Files\n", WHO, WHO)
    repo.update_ref("refs/heads/main", sha)

    for recursive in (False, True):
        for trees in (False, True):  # by sha, walked here; by a branch's name, by git ls-tree
            assert repo.ls_tree(sha, recursive=recursive, trees=trees) == \
                repo.ls_tree("main", recursive=recursive, trees=trees)
    assert repo.entry_at(sha, "rules/deep/é.md") == repo.entry_at("main", "rules/deep/é.md")
    assert repo.entry_at(sha, "rules/deep/é.md").size == 3


def indexed_tree(repo: GitRepo, base: str | None, edits) -> str:
    """What git's index makes of `base` with `edits`: `update-index --index-info`, then
    `write-tree`, as the fake did before it wrote trees itself."""
    env = {"GIT_INDEX_FILE": str(repo.path / "test-index")}
    repo.git("read-tree", *([base] if base else ["--empty"]), env=env)
    lines = "".join(f"0 {'0' * 40}\t{path}\n" if sha is None else f"{mode} {sha}\t{path}\n"
                    for path, sha, mode in edits)
    if lines:
        repo.git("update-index", "--index-info", input=lines.encode(), env=env)
    return repo.text("write-tree", env=env)


_PATHS = st.lists(st.sampled_from(["a", "a-b", "a.b", "b", "é"]), min_size=1,
                  max_size=3).map("/".join)
_EDITS = st.lists(st.tuples(_PATHS, st.one_of(st.none(), st.sampled_from(["one", "two"])),
                            st.sampled_from(["100644", "100755", "120000"])), max_size=6)


@settings(max_examples=40, deadline=None)
@given(st.lists(_EDITS, min_size=1, max_size=3))
def test_a_tree_is_built_as_git_s_index_builds_it(tmp_path_factory, steps):
    """Files replacing folders and folders files, deletions of what is there and of what is
    not, folders left empty: the tree the fake writes is git's index's, object for object."""
    repo = GitRepo.init(tmp_path_factory.mktemp("fake") / "game.git")
    blobs = {text: repo.write_blob(text.encode()) for text in ("one", "two")}
    base = None
    for step in steps:
        edits = [(path, blobs[text] if text else None, mode) for path, text, mode in step]
        built = repo.build_tree(base, edits)
        assert built == indexed_tree(repo, base, edits)
        base = built
    repo.close()


@pytest.mark.parametrize("who", [WHO, Identity("Al Ice", "al@x.org", WHO.when),
                                 Identity(" alice.", "<a@x>", WHO.when),
                                 Identity("", "a@x", WHO.when), Identity("a", "a\n@x", WHO.when)])
@pytest.mark.parametrize("message", ["A commit\n", "no newline", "", "a\0b"])
def test_a_commit_is_the_one_git_commit_tree_writes(repo, who, message):
    tree = repo.build_tree(None, [])
    env = {f"GIT_{role}_{part}": value for role in ("AUTHOR", "COMMITTER") for part, value in
           (("NAME", who.name), ("EMAIL", who.email), ("DATE", f"{int(who.when.timestamp())} +0000"))}
    try:
        expected = repo.text("commit-tree", tree, input=message.encode(), env=env)
    except GitError:
        with pytest.raises(GitError):
            repo.commit_tree(tree, [], message, who, who)
        return
    assert repo.commit_tree(tree, [], message, who, who) == expected
