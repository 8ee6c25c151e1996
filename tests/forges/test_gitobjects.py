"""Reading a repository's objects through one `git cat-file --batch`: what git itself
answers, as the repository is when asked, many names at a time."""

import fcntl
import os
import subprocess
import sys
import threading

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from nomic_ci.core.errors import GameError

from nomic_ci.forges.gitobjects import GitError, tree_entries
from nomic_ci.forges.gitplumbing import Git

from builders import T0


def repository(tmp_path) -> Git:
    root = tmp_path / "r"
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    for path, text in {"rules/101.md": "one\n", "rules/sub/deep.md": "deep\n",
                       "rules/odd name\twith tab.md": "tab\n", "state/game.yaml": "a: 1\n",
                       "stateful.md": "not state\n", "README.md": "top\n"}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    (root / "rules/link.md").symlink_to("101.md")
    git = Git(root)
    git.run("add", "-A")
    git.run("-c", "user.name=t", "-c", "user.email=t@x", "commit", "-qm", "one")
    return git


def listed(git: Git, commit: str, *prefixes: str) -> dict[str, str]:
    """What `git ls-tree -r` lists: path -> blob sha, in its order."""
    out = git.run("ls-tree", "-r", "-z", commit, "--", *prefixes).stdout.decode()
    entries = [line.split("\t", 1) for line in out.split("\0") if line]
    return {path: meta.split()[2] for meta, path in entries if meta.split()[1] == "blob"}


def test_the_files_under_some_folders_are_listed_as_git_ls_tree_lists_them(tmp_path):
    git = repository(tmp_path)
    tip = git.rev("refs/heads/main")
    files = git.read_files(tip, ["rules/", "state/game.yaml"])
    walked = {path.decode(): sha for path, sha in git._files_in(
        git.objects.read(f"{tip}^{{tree}}").content, b"", [b"rules/", b"state/game.yaml"])}
    assert list(walked.items()) == list(listed(git, tip, "rules/", "state/game.yaml").items())
    assert set(files) == set(walked) and "stateful.md" not in files  # a folder, not a prefix
    assert files["rules/sub/deep.md"] == "deep\n" and files["rules/link.md"] == "101.md"


def test_a_tree_object_reads_as_git_ls_tree_shows_it(tmp_path):
    git = repository(tmp_path)
    tree = git.objects.read("main:rules")
    shown = git.run("ls-tree", "-z", "main:rules").stdout
    assert [(f"{mode:06o}", name, sha) for mode, name, sha in tree_entries(tree.content)] == [
        (meta.split()[0].decode(), name, meta.split()[2].decode())
        for meta, name in (line.split(b"\t", 1) for line in shown.split(b"\0") if line)]



@pytest.mark.parametrize("content", [b"100644 a\0short", b"100644 a\0" + bytes(20) + b"junk",
                                     b"10064x a\0" + bytes(20), b"100644 a" + bytes(20)])
def test_a_tree_that_is_not_one_is_an_error_not_a_listing_of_what_could_be_read(content):
    with pytest.raises(GitError, match="not one"):
        tree_entries(content)


def test_a_file_named_as_a_folder_asked_for_is_not_in_it_and_no_path_asks_for_all(tmp_path):
    """As git's pathspecs: `actions/` is a folder alone; no path at all is every file."""
    git = repository(tmp_path)
    tip = git.commit_files("main", {"actions": "a file\n"}, "odd", T0, "t")
    assert "actions" not in git.read_files(tip, ["rules/", "actions/"])
    assert "actions" in git.read_files(tip, ["rules/", "actions"])
    assert list(git.read_files(tip, [])) == list(listed(git, tip))


def test_a_name_that_is_not_utf8_is_skipped_outside_the_folders_read_and_named_inside(tmp_path):
    git = repository(tmp_path)
    for folder in (b"", b"rules/"):
        with open(os.fsencode(git.path) + b"/" + folder + b"caf\xe9.md", "wb") as file:
            file.write(b"x\n")
        git.run("add", "-A")
        git.run("-c", "user.name=t", "-c", "user.email=t@x", "commit", "-qm", "latin-1")
        if not folder:
            assert "rules/101.md" in git.read_files("main", ["rules/", "state/"])
    with pytest.raises(GameError, match="is not UTF-8") as error:
        git.read_files("main", ["rules/", "state/"])
    assert "caf\\xe9" in str(error.value) and "git mv" in error.value.hint


def test_a_name_that_names_nothing_reads_as_none_and_the_next_reads_right(tmp_path):
    git = repository(tmp_path)
    found = git.objects.read_all(["main:rules/101.md", "0" * 40, "", "no such\nthing",
                                  "no such branch", "main:rules/odd name\twith tab.md",
                                  "main:README.md"])
    assert [f and f.content for f in found] == [b"one\n", None, None, None, None, b"tab\n",
                                                b"top\n"]
    assert git.rev("refs/heads/nothing") is None
    assert git.rev("main") == git.out("rev-parse", "main")


def test_a_branch_moved_and_objects_written_by_other_processes_read_as_they_now_are(tmp_path):
    git = repository(tmp_path)
    first = git.rev("refs/heads/main")  # the reader is running from here on
    blob = git.out("hash-object", "-w", "--stdin", input=b"written later\n")
    second = git.commit_tree(git.tree_with(first, {"rules/102.md": "two\n"}), [first], "two",
                             T0)
    git.run("update-ref", "refs/heads/main", second)
    assert git.rev("refs/heads/main") == second
    assert git.blobs([blob]) == {blob: b"written later\n"}
    assert git.read_files(second, ["rules/"])["rules/102.md"] == "two\n"
    git.run("pack-refs", "--all")
    git.run("update-ref", "-d", "refs/heads/main", second)
    assert git.rev("refs/heads/main") is None


def test_thousands_of_names_at_once_are_all_read(tmp_path):
    """More names than a pipe holds, with answers longer than their names: read a pipe's
    worth at a time, neither process waits on the other for ever."""
    git = repository(tmp_path)
    texts = [f"record {n}\n".encode() * 100 for n in range(5000)]
    stream = b"".join(b"blob\ndata %d\n%s\n" % (len(t), t) for t in texts)
    git.run("fast-import", "--quiet", input=stream)
    shas = git.out("hash-object", "--stdin-paths", input=b"".join(
        str(path).encode() + b"\n" for path in _written(tmp_path, texts))).split()
    result = {}
    reading = threading.Thread(target=lambda: result.update(git.blobs(shas)), daemon=True)
    reading.start()
    reading.join(timeout=60)
    assert not reading.is_alive(), "the reader and git wait on each other"
    assert [result[sha] for sha in shas] == texts


def _written(tmp_path, texts):
    folder = tmp_path / "texts"
    folder.mkdir()
    for n, text in enumerate(texts):
        (folder / str(n)).write_bytes(text)
        yield folder / str(n)


def test_a_closed_reader_ends_its_process_and_starts_again_when_asked(tmp_path):
    git = repository(tmp_path)
    git.rev("main")
    process = git.objects._process
    git.close()
    assert process.returncode == 0
    assert git.rev("main") is not None and git.objects._process is not process
    git.close()
    git.close()  # twice: nothing left to end


def test_a_name_no_branch_can_have_is_no_branch_and_git_reads_on(tmp_path):
    """Revision syntax (`@{u}`, `:`) in a branch a player names: cat-file would stop on it."""
    git = repository(tmp_path)
    for name in ("refs/heads/main@{u}", "refs/heads/main:../x", "refs/heads/x\udcff",
                 "refs/heads/a..b", "refs/heads/a b", "refs/heads/main\r"):
        assert git.rev(name) is None, name
    assert git.rev("refs/heads/main") == git.out("rev-parse", "main")


def test_a_file_name_ending_in_a_carriage_return_is_read_as_itself(tmp_path):
    """git drops a request's carriage return: such a name is asked of `git show` instead."""
    git = repository(tmp_path)
    tip = git.commit_files("main", {"a": "A", "a\r": "B"}, "crlf", T0, "t")
    assert (git.show(tip, "a"), git.show(tip, "a\r")) == (b"A", b"B")


@pytest.mark.skipif(sys.platform != "linux", reason="sizes a pipe with Linux's F_SETPIPE_SZ")
def test_names_are_sent_a_page_at_a_time_so_a_one_page_pipe_cannot_block(tmp_path):
    git = repository(tmp_path)
    tip = git.commit_files("main", {f"rules/{n}.md": f"record {n}\n" * 20 for n in range(800)},
                           "many", T0, "t")
    shas = list(listed(git, tip, "rules/").values())
    process = git.objects._started()
    for pipe in (process.stdin, process.stdout):
        fcntl.fcntl(pipe.fileno(), 1031, 4096)  # F_SETPIPE_SZ: one page, Linux's least
    result = {}
    reading = threading.Thread(target=lambda: result.update(git.blobs(shas)), daemon=True)
    reading.start()
    reading.join(timeout=60)
    assert not reading.is_alive(), "the reader and git wait on each other"
    assert len(result) == len(set(shas))


def test_git_stopping_mid_command_is_a_game_error_and_the_next_read_starts_it_again(tmp_path):
    git = repository(tmp_path)
    git.rev("main")
    git.objects._process.kill()
    git.objects._process.wait()
    with pytest.raises(GameError, match=r"git stopped while reading 'main\^\{commit\}'"):
        git.rev("main")
    assert git.rev("main") == git.out("rev-parse", "main")


def test_an_object_missing_from_the_repository_is_a_game_error(tmp_path):
    git = repository(tmp_path)
    subtree = git.out("rev-parse", "main:rules/sub")
    (git.path / ".git/objects" / subtree[:2] / subtree[2:]).unlink()
    with pytest.raises(GameError, match=f"git has no object {subtree}"):
        git.read_files("main", ["rules/"])


NAMES = st.lists(st.sampled_from(["a", "b", ".", "-", " ", "\t", "é", "a.b", "rules", "x y", "*",
                                  "[a]", "~"]), min_size=1, max_size=3).map("".join).filter(
    lambda name: name not in (".", "..") and not name.startswith(".git"))


def trees(depth: int):
    """A tree's entries, (mode, name, content): a blob's bytes, a submodule's commit (no
    content here), or a folder's entries."""
    leaf = st.one_of(st.tuples(st.sampled_from(["100644", "100755", "120000"]), NAMES,
                               st.binary(max_size=3)),
                     st.tuples(st.just("160000"), NAMES, st.just(b"1" * 40)))
    entry = leaf if depth == 0 else st.one_of(leaf, st.tuples(st.just("040000"), NAMES,
                                                              trees(depth - 1)))
    return st.lists(entry, min_size=1, max_size=4, unique_by=lambda e: e[1])


def made(git: Git, entries) -> str:
    lines = []
    for mode, name, content in entries:
        if mode == "040000":
            kind, sha = "tree", made(git, content)
        elif mode == "160000":
            kind, sha = "commit", content.decode()
        else:
            kind, sha = "blob", git.out("hash-object", "-w", "--stdin", input=content)
        lines.append(f"{mode} {kind} {sha}\t{name}\0".encode())
    return git.out("mktree", "-z", "--missing", input=b"".join(lines))


def paths(entries, folder=""):
    """Every path of the tree as a file's (`x`) and as a folder's (`x/`), whichever it is."""
    for mode, name, content in entries:
        yield folder + name
        yield folder + name + "/"
        if mode == "040000":
            yield from paths(content, folder + name + "/")


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(trees(2), st.data())
def test_any_tree_is_listed_as_git_ls_tree_lists_it(tmp_path_factory, entries, data):
    git = Git(tmp_path_factory.getbasetemp())
    if not (git.path / ".git").exists():
        git.run("init", "-q")
    tip = git.out("commit-tree", made(git, entries), "-m", "x", env={
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@x", "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@x"})
    prefixes = data.draw(st.lists(st.sampled_from(sorted(set(paths(entries)))), max_size=3))
    walked = git._files_in(git.objects.read(f"{tip}^{{tree}}").content, b"",
                           [prefix.encode() for prefix in prefixes])
    assert [(path.decode(), sha) for path, sha in walked] == list(
        listed(git, tip, *prefixes).items())
