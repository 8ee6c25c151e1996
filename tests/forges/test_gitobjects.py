"""Reading a repository's objects through one `git cat-file --batch`: what git itself
answers, as the repository is when asked, many names at a time."""

import subprocess
import threading

from nomic_ci.forges.gitobjects import tree_entries
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
    walked = dict(git._files_in(git.objects.read(f"{tip}^{{tree}}").content, "",
                                ["rules", "state/game.yaml"]))
    assert list(walked.items()) == list(listed(git, tip, "rules/", "state/game.yaml").items())
    assert set(files) == set(walked) and "stateful.md" not in files  # a folder, not a prefix
    assert files["rules/sub/deep.md"] == "deep\n" and files["rules/link.md"] == "101.md"


def test_a_tree_object_reads_as_git_ls_tree_shows_it(tmp_path):
    git = repository(tmp_path)
    tree = git.objects.read("main:rules")
    shown = git.run("ls-tree", "-z", "main:rules").stdout.decode()
    assert [(mode.decode(), name, sha) for mode, name, sha in tree_entries(tree.content)] == [
        (meta.split()[0].lstrip("0") if meta.startswith("040000") else meta.split()[0],
         name, meta.split()[2])
        for meta, name in (line.split("\t", 1) for line in shown.split("\0") if line)]


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
