"""A thin wrapper over a real bare git repository, driven by the git CLI.

The fake GitHub keeps every object (blobs, trees, commits, refs) in a real
repository so that diffs, merges and fast-forward checks behave exactly as
git — and therefore GitHub — computes them, instead of a model of them that
could drift.  Blobs, trees and commits are written as git writes loose
objects (the engine's own writer, nomic_ci.forges.gitobjects, which a test
compares with git's plumbing; trees as git's index makes them, which
test_fakegitrepo.py checks), refs by `git update-ref`, so the repository
needs no work tree.

Reads are many (thousands a test run) and a git process costs milliseconds,
so the common ones need none: objects named by a full sha come from one
long-lived `git cat-file` (catfile.py), refs from a table of them all read
again after each ref GitRepo writes (nothing else writes the fake's refs).
Anything else (an abbreviated sha, `main:path`, a tag to peel, an object that
is not there) goes to the git command, so the answers stay git's.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import threading
from collections.abc import Iterator
from typing import Any
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from nomic_ci.forges.gitobjects import TREE_MODE, tree_content, write_loose

from .catfile import CatFile

ZERO_SHA = "0" * 40
FILE_MODE = "100644"


class GitError(RuntimeError):
    """A git command failed; carries its stderr."""


@dataclass(frozen=True)
class Identity:
    """Author or committer of a commit."""

    name: str
    email: str
    when: datetime


@dataclass(frozen=True)
class CommitInfo:
    """A commit as `git cat-file commit` tells it."""

    sha: str
    tree: str
    parents: tuple[str, ...]
    author: Identity
    committer: Identity
    message: str


@dataclass(frozen=True)
class TreeEntry:
    """One line of `git ls-tree`."""

    mode: str
    type: str  # blob, tree or commit
    sha: str
    path: str
    size: int | None


@dataclass(frozen=True)
class FileChange:
    """One file of a diff, as GitHub's files API describes it."""

    filename: str
    status: str  # added, modified, removed, renamed, copied, changed
    previous_filename: str | None
    additions: int
    deletions: int
    blob_sha: str


_FULL_SHA = re.compile(r"[0-9a-f]{40}")

# Where git looks for the ref a name names, in its order (ref_rev_parse_rules in refs.c).
_REF_RULES = ("{}", "refs/{}", "refs/tags/{}", "refs/heads/{}", "refs/remotes/{}", "refs/remotes/{}/HEAD")
# A name with no revision syntax in it (^ ~ : @{ .. and the like) ...
_PLAIN_NAME = re.compile(r"\w[\w./-]*", re.ASCII)
# ... that git could still take for an abbreviated sha, or for `git describe` output, when no ref has it
_SHA_LIKE = re.compile(r"[0-9a-fA-F]+|.*-g[0-9a-fA-F]+")

_TYPE_OF_MODE = {"040000": "tree", "160000": "commit"}  # any other mode is a blob's

_STATUS = {"A": "added", "M": "modified", "D": "removed", "R": "renamed", "C": "copied", "T": "changed"}


class GitRepo:
    """A bare repository at `path`; every method is a few git calls at most, and the common
    reads none (a line to the cat-file process, a look in the ref table or what is kept)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        # What a full sha names never changes: reads of it are kept (the suite's runs read
        # the same trees and blobs again and again).
        self._by_sha: dict[tuple, object] = {}
        self._objects = CatFile(str(self.path), self._env())
        self._refs: dict[str, str] | None = None  # ref name -> sha, None until read
        self._refs_lock = threading.Lock()  # no table is read while a ref is written

    def close(self) -> None:
        """End the cat-file process (a later read starts another)."""
        self._objects.close()

    def pushed(self) -> None:
        """Forget the table of refs, after a push that git itself received."""
        with self._refs_lock:
            self._refs = None

    def _kept(self, key: tuple, *shas: str, read):
        """`read()`, once per `key` when `shas` are full shas; a None answer is not kept (the
        object may be written later)."""
        if not all(_FULL_SHA.fullmatch(sha) for sha in shas):
            return read()
        if key not in self._by_sha:
            found = read()
            if found is None:
                return None
            self._by_sha[key] = found
        return self._by_sha[key]

    @classmethod
    def init(cls, path: Path, branch: str = "main") -> GitRepo:
        """Create a bare repository whose HEAD names `branch`."""
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["git", "init", "--quiet", "--bare", f"--initial-branch={branch}", str(path)],
            check=True,
            capture_output=True,
        )
        return cls(path)

    # -- running git -----------------------------------------------------

    def git(self, *args: str, input: bytes | None = None, env: dict[str, str] | None = None) -> bytes:
        """Run git in the repository and return its stdout; raise GitError on failure.

        Refs are written with update_ref and delete_ref only: the ref table would not
        see a ref written through this."""
        proc = self._run(args, input, env)
        if proc.returncode != 0:
            raise GitError(f"git {' '.join(args)}: {proc.stderr.decode(errors='replace').strip()}")
        return proc.stdout

    def _run(self, args, input: bytes | None = None, env: dict[str, str] | None = None):
        return subprocess.run(
            ["git", "--git-dir", str(self.path), *args],
            input=input,
            capture_output=True,
            env=self._env(env),
        )

    def _env(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        """git's environment: no user or system configuration, the C locale, and `extra`."""
        return {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.path),  # no user config leaks in
            "GIT_CONFIG_NOSYSTEM": "1",
            "LC_ALL": "C",
            **(extra or {}),
        }

    def text(self, *args: str, **kw) -> str:
        return self.git(*args, **kw).decode().strip()

    # -- reading ---------------------------------------------------------

    def resolve(self, rev: str) -> str | None:
        """The commit sha `rev` names, or None when it names nothing."""
        return self._peel(rev, "commit")

    def resolve_tree(self, rev: str) -> str | None:
        """The tree sha `rev` (a tree, a commit or a branch) names, or None."""
        return self._peel(rev, "tree")

    def _peel(self, rev: str, kind: str) -> str | None:
        """What `git rev-parse --verify rev^{kind}` answers (kind: commit or tree): from the
        refs and objects read here when `rev` is a full sha or a ref's name, by git otherwise
        (and to peel a tag)."""
        if not (_FULL_SHA.fullmatch(rev) or self._only_a_ref(rev)):
            return self._rev_parse(f"{rev}^{{{kind}}}")
        sha = rev if _FULL_SHA.fullmatch(rev) else self._dwim_ref(rev)  # a full sha comes first
        found = self.object_type(sha) if sha else None
        if found == "tag":
            return self._rev_parse(f"{rev}^{{{kind}}}")
        if found == "commit" and kind == "tree":
            return self.commit_info(sha).tree
        return sha if found == kind else None

    def _rev_parse(self, rev: str) -> str | None:
        proc = self._run(["rev-parse", "--verify", "--quiet", rev])
        return proc.stdout.decode().strip() if proc.returncode == 0 else None

    def _only_a_ref(self, rev: str) -> bool:
        """Whether git can read `rev` as nothing but a ref's name, so the ref table answers it:
        a full name (refs/...), or a one-level name (a branch, a tag) no file of the git
        directory has (as HEAD or FETCH_HEAD do, which come first); no revision syntax, nor
        anything git could take for an abbreviated sha."""
        if not _PLAIN_NAME.fullmatch(rev) or ".." in rev or _SHA_LIKE.fullmatch(rev):
            return False
        return rev.startswith("refs/") or ("/" not in rev and not (self.path / rev).exists())

    def _dwim_ref(self, rev: str) -> str | None:
        """The sha of the first ref git's rules find for `rev` (rev itself, refs/<rev>,
        refs/tags/<rev>, refs/heads/<rev>...), or None."""
        refs = self._ref_table()
        return next((refs[name] for rule in _REF_RULES if (name := rule.format(rev)) in refs), None)

    def ref_sha(self, ref: str) -> str | None:
        """Where the full ref name `ref` (refs/heads/main) points, or None if it does not exist."""
        if ref.startswith("refs/"):
            return self._ref_table().get(ref)
        proc = self._run(["show-ref", "--verify", "--hash", ref])  # HEAD, say
        return proc.stdout.decode().strip() if proc.returncode == 0 else None

    def _ref_table(self) -> dict[str, str]:
        """Every ref's sha by name, from one `git for-each-ref`, kept until GitRepo writes a ref."""
        with self._refs_lock:
            if self._refs is None:
                lines = self.text("for-each-ref", "--format=%(objectname) %(refname)").splitlines()
                self._refs = {name: sha for sha, _, name in (line.partition(" ") for line in lines)}
            return self._refs

    def object_type(self, sha: str) -> str | None:
        return self._kept(("type", sha), sha, read=lambda: self._object_type(sha))

    def _object_type(self, sha: str) -> str | None:
        if _FULL_SHA.fullmatch(sha):
            found = self._objects.info(sha)
            return found[0] if found else None
        proc = self._run(["cat-file", "-t", sha])
        return proc.stdout.decode().strip() if proc.returncode == 0 else None

    def read_blob(self, sha: str) -> bytes:
        return self._kept(("blob", sha), sha, read=lambda: self._read(sha, "blob"))

    def read_object(self, sha: str, kind: str) -> bytes:
        """The contents of the `kind` object `sha`, as git stores them."""
        return self._read(sha, kind)

    def _read(self, sha: str, kind: str) -> bytes:
        """The contents of the `kind` object `sha`: from the cat-file process when `sha` is a
        full sha of one, else from `git cat-file <kind>` (which peels a tag, or fails)."""
        found = self._objects.contents(sha) if _FULL_SHA.fullmatch(sha) else None
        if found is not None and found[0] == kind:
            return found[1]
        return self.git("cat-file", kind, sha)

    def commit_info(self, sha: str) -> CommitInfo:
        return self._kept(("commit", sha), sha, read=lambda: self._commit_info(sha))

    def _commit_info(self, sha: str) -> CommitInfo:
        raw = self._read(sha, "commit").decode()
        header, _, message = raw.partition("\n\n")
        tree, parents, people = "", [], {}
        for line in header.splitlines():
            key, _, value = line.partition(" ")
            if key == "tree":
                tree = value
            elif key == "parent":
                parents.append(value)
            elif key in ("author", "committer"):
                people[key] = _parse_identity(value)
        return CommitInfo(sha, tree, tuple(parents), people["author"], people["committer"], message)

    def ls_tree(
        self, treeish: str, path: str = "", recursive: bool = False, trees: bool = False
    ) -> list[TreeEntry]:
        """Entries of `treeish` at `path`; `recursive` descends, listing subtrees too with `trees`."""
        key = ("ls-tree", treeish, path, recursive, trees)
        return list(self._kept(key, treeish, read=lambda: self._ls_tree(treeish, path, recursive, trees)))

    def _ls_tree(self, treeish: str, path: str, recursive: bool, trees: bool) -> list[TreeEntry]:
        """`git ls-tree --long` of `treeish`: walked here through the trees' objects when it is
        a full sha and no `path` filters it, by git otherwise."""
        tree = self.resolve_tree(treeish) if _FULL_SHA.fullmatch(treeish) and not path else None
        if tree is None:
            return self._ls_tree_command(treeish, path, recursive, trees)
        return list(self._walk(tree, "", recursive, trees))

    def _walk(self, tree: str, prefix: str, recursive: bool, trees: bool) -> Iterator[TreeEntry]:
        """The entries of `tree`, at paths under `prefix`, in ls-tree's order: `recursive` lists
        a subtree's entries in its place, after the subtree itself with `trees`."""
        for entry in self._tree_entries(tree):
            path = prefix + entry.path
            descend = recursive and entry.type == "tree"
            if trees or not descend:
                yield replace(entry, path=path)
            if descend:
                yield from self._walk(entry.sha, path + "/", recursive, trees)

    def _tree_entries(self, sha: str) -> tuple[TreeEntry, ...]:
        """The tree `sha`'s own entries (their paths are names): kept."""
        return self._kept(("entries", sha), sha, read=lambda: tuple(self._read_tree(sha)))

    def _read_tree(self, sha: str) -> Iterator[TreeEntry]:
        for mode, name, entry_sha in _tree_records(self._read(sha, "tree")):
            kind = _TYPE_OF_MODE.get(mode, "blob")
            size = self._blob_size(entry_sha) if kind == "blob" else None
            yield TreeEntry(mode, kind, entry_sha, name, size)

    def _blob_size(self, sha: str) -> int:
        """A blob's size, as ls-tree --long shows it: kept (a new tree holds mostly old blobs)."""
        return self._kept(("size", sha), sha, read=lambda: self._object_size(sha))

    def _object_size(self, sha: str) -> int:
        found = self._objects.info(sha)
        return found[1] if found else int(self.text("cat-file", "-s", sha))  # fails, as ls-tree would

    def _ls_tree_command(self, treeish: str, path: str, recursive: bool, trees: bool) -> list[TreeEntry]:
        args = ["ls-tree", "-z", "--long", "--full-tree"]
        if recursive:
            args += ["-r", "-t"] if trees else ["-r"]
        args.append(treeish)
        if path:
            args.append(path)
        entries = []
        for record in self.git(*args).split(b"\0"):
            if not record:
                continue
            meta, _, name = record.decode().partition("\t")
            mode, kind, sha, size = meta.split()
            entries.append(TreeEntry(mode, kind, sha, name, None if size == "-" else int(size)))
        return entries

    def entry_at(self, treeish: str, path: str) -> TreeEntry | None:
        """The tree entry at `path` in `treeish`; the root tree itself for an empty path."""
        if not path:
            sha = self.resolve_tree(treeish)
            if sha is None:
                raise GitError(f"{treeish} names no tree")
            return TreeEntry("040000", "tree", sha, "", None)
        if _FULL_SHA.fullmatch(treeish):  # a commit's files are asked for one by one
            return self._paths(treeish).get(path)
        found = self.ls_tree(treeish, path)
        return found[0] if len(found) == 1 and found[0].path == path else None

    def _paths(self, sha: str) -> dict[str, TreeEntry]:
        """Every entry of `sha`'s tree, at any depth, by path: kept."""
        return self._kept(("paths", sha), sha, read=lambda: {
            e.path: e for e in self._ls_tree(sha, "", recursive=True, trees=True)})

    def is_ancestor(self, ancestor: str, descendant: str) -> bool:
        return self._run(["merge-base", "--is-ancestor", ancestor, descendant]).returncode == 0

    def merge_base(self, a: str, b: str) -> str | None:
        """The best common ancestor of `a` and `b`: kept (a pull request's files ask it each time)."""
        return self._kept(("merge-base", a, b), a, b, read=lambda: self._merge_base(a, b))

    def _merge_base(self, a: str, b: str) -> str | None:
        proc = self._run(["merge-base", a, b])
        return proc.stdout.decode().strip() if proc.returncode == 0 else None

    def commits_between(self, base: str, head: str, limit: int = 250) -> list[str]:
        """Commits reachable from head but not base, oldest first (GitHub stops at 250): kept."""
        key = ("commits", base, head, limit)
        return list(self._kept(key, base, head, read=lambda: self._commits_between(base, head, limit)))

    def _commits_between(self, base: str, head: str, limit: int) -> list[str]:
        out = self.text("rev-list", "--reverse", f"--max-count={limit}", head, f"^{base}")
        return out.split() if out else []

    def diff_files(self, base: str, head: str) -> list[FileChange]:
        """Files changed from `base` to `head` with rename detection, in git's order."""
        raw = self.git("diff", "-z", "--raw", "--no-abbrev", "-M", base, head).split(b"\0")
        nums = self.git("diff", "-z", "--numstat", "-M", base, head).split(b"\0")
        counts = _parse_numstat(nums)
        changes, i = [], 0
        while i < len(raw) and raw[i]:
            _old_mode, _new_mode, old_sha, new_sha, code = raw[i].decode()[1:].split()
            letter = code[0]
            if letter in "RC":
                old, new, i = raw[i + 1].decode(), raw[i + 2].decode(), i + 3
            else:
                old, new, i = None, raw[i + 1].decode(), i + 2
            adds, dels = counts.pop(0)
            blob = old_sha if letter == "D" else new_sha
            changes.append(FileChange(new, _STATUS.get(letter, "changed"), old, adds, dels, blob))
        return changes

    def merge_tree(self, ours: str, theirs: str) -> str | None:
        """The tree of merging `theirs` into `ours`, or None on a conflict."""
        proc = self._run(["merge-tree", "--write-tree", "--no-messages", ours, theirs])
        if proc.returncode == 1:
            return None
        if proc.returncode != 0:
            raise GitError(proc.stderr.decode(errors="replace"))
        return proc.stdout.decode().split()[0]

    # -- writing ---------------------------------------------------------

    def write_blob(self, data: bytes) -> str:
        return self._wrote("blob", write_loose(self.path / "objects", b"blob", data))

    def _wrote(self, kind: str, sha: str) -> str:
        """Keep the type of an object just written: the API checks it on the next request."""
        self._by_sha[("type", sha)] = kind
        return sha

    def write_loose_blobs(self, contents: list[bytes]) -> list[str]:
        """Write a few blobs (write_blobs packs them: a pack a call)."""
        return [self.write_blob(data) for data in contents]

    def write_blobs(self, contents: list[bytes]) -> list[str]:
        """Write many blobs into one pack with a single `git fast-import` (tests make thousands)."""
        if not contents:
            return []
        stream = b"".join(b"blob\ndata %d\n%s\n" % (len(data), data) for data in contents)
        self.git("fast-import", "--quiet", input=stream)
        return [hashlib.sha1(b"blob %d\0%s" % (len(data), data)).hexdigest() for data in contents]

    def build_tree(self, base_tree: str | None, edits: list[tuple[str, str | None, str]]) -> str:
        """A new tree: `base_tree` with (path, blob sha or None to delete, mode) edits applied,
        as git's index applies them (`update-index --index-info`, then `write-tree`): a file
        where a folder was replaces it, a folder left empty is gone, deleting what is not
        there does nothing. Written here (tests/forges/test_fakegitrepo.py compares it with
        git's index): three git processes a tree were most of a fake commit's time."""
        root = self._folder(base_tree)
        for path, sha, mode in edits:  # one by one, as the index takes them
            *folders, name = path.encode().split(b"/")
            place = root
            for folder in folders:
                entry = place.get(folder)
                if isinstance(entry, str):  # a folder of the base tree, read when reached
                    entry = place[folder] = self._folder(entry)
                elif not isinstance(entry, dict):  # a file or nothing
                    if sha is None:
                        break  # deleting under it: nothing there
                    entry = place[folder] = {}  # a folder in a file's place
                place = entry
            else:
                if sha is not None:
                    place[name] = int(mode, 8), sha  # a file, in a folder's place too
                elif isinstance(place.get(name), tuple):
                    del place[name]  # a file (a folder's path names no index entry)
        return self._wrote("tree", self._written(root) or
                           write_loose(self.path / "objects", b"tree", b""))

    def _folder(self, tree: str | None) -> dict[bytes, Any]:
        """A tree's entries to edit: name -> (mode, sha) for a file, a folder's tree sha."""
        return {name.encode(): sha if mode == "040000" else (int(mode, 8), sha)
                for mode, name, sha in (_tree_records(self._read(tree, "tree")) if tree else ())}

    def _written(self, folder: dict[bytes, Any]) -> str | None:
        """The tree of an edited folder, written, or None where nothing is left in it."""
        entries = {}
        for name, entry in folder.items():
            if isinstance(entry, dict):
                entry = self._written(entry)
                if entry is None:
                    continue  # left empty: the index has nothing of it
            entries[name] = (TREE_MODE, entry) if isinstance(entry, str) else entry
        if not entries:
            return None
        return write_loose(self.path / "objects", b"tree", tree_content(entries))

    def commit_tree(
        self, tree: str, parents: list[str], message: str, author: Identity, committer: Identity
    ) -> str:
        if "\0" not in message and _plain(author) and _plain(committer):
            # what `git commit-tree` writes for these (git's own for any other: it cleans
            # names, refuses empty ones and a NUL)
            signed = {role: f"{who.name} <{who.email}> {_git_date(who.when)}"
                      for role, who in (("author", author), ("committer", committer))}
            return self._wrote("commit", write_loose(self.path / "objects", b"commit", (
                f"tree {tree}\n" + "".join(f"parent {p}\n" for p in parents)
                + f"author {signed['author']}\ncommitter {signed['committer']}\n\n{message}"
            ).encode()))
        args = ["commit-tree", tree]
        for parent in parents:
            args += ["-p", parent]
        env = {
            "GIT_AUTHOR_NAME": author.name,
            "GIT_AUTHOR_EMAIL": author.email,
            "GIT_AUTHOR_DATE": _git_date(author.when),
            "GIT_COMMITTER_NAME": committer.name,
            "GIT_COMMITTER_EMAIL": committer.email,
            "GIT_COMMITTER_DATE": _git_date(committer.when),
        }
        return self._wrote("commit", self.text(*args, input=message.encode(), env=env))

    def update_ref(self, ref: str, new: str, old: str | None = None) -> bool:
        """Point `ref` at `new`; with `old`, only if it still points there (compare-and-swap)."""
        args = ["update-ref", ref, new] + ([old] if old else [])
        with self._writing_refs(ref, new) as written:
            written.append(self._run(args).returncode == 0)
            return written[0]

    def delete_ref(self, ref: str) -> None:
        with self._writing_refs(ref, None) as written:
            self.git("update-ref", "-d", ref)
            written.append(True)

    @contextmanager
    def _writing_refs(self, ref: str, new: str | None):
        """Around a write of `ref` (to `new`, or deleted): no ref table is read meanwhile;
        the table kept has the write, where it was done (a full name, no symbolic ref), or
        is read afresh. A new table, not the old one changed: a reader may hold that."""
        with self._refs_lock:
            written: list[bool] = []
            try:
                yield written
            finally:
                if self._refs is not None and written == [True] and ref.startswith("refs/"):
                    self._refs = {name: sha for name, sha in self._refs.items() if name != ref}
                    if new is not None:
                        self._refs[ref] = new
                else:
                    self._refs = None

    def ref_names(self, prefix: str = "refs/") -> list[str]:
        out = self.text("for-each-ref", "--format=%(refname)", prefix)
        return out.splitlines() if out else []


def _tree_records(raw: bytes) -> Iterator[tuple[str, str, str]]:
    """(mode, name, sha) of each entry of a tree object, `<mode> <name>\\0<20-byte sha>` each.

    Modes come as ls-tree shows them, six digits (040000, not 40000); git writes them
    canonical (the fake's trees come from write-tree and merge-tree).
    """
    i = 0
    while i < len(raw):
        space = raw.index(b" ", i)
        nul = raw.index(b"\0", space)
        yield raw[i:space].decode().zfill(6), raw[space + 1:nul].decode(), raw[nul + 1:nul + 21].hex()
        i = nul + 21


def _parse_numstat(records: list[bytes]) -> list[tuple[int, int]]:
    """(additions, deletions) per file from `git diff -z --numstat` (binary files count 0)."""
    counts, i = [], 0
    while i < len(records) and records[i]:
        adds, dels, path = records[i].decode().split("\t", 2)
        i += 1 if path else 3  # a rename is "a\td\t" then old and new paths
        counts.append((0 if adds == "-" else int(adds), 0 if dels == "-" else int(dels)))
    return counts


# what git's ident code strips from a name's or an email's ends (crud in ident.c)
_CRUD = "".join(map(chr, range(33))) + ".,:;<>\"\\'"


def _plain(who: Identity) -> bool:
    """Whether git writes `who` as given: nothing to clean at either end, no angle bracket
    or line break inside, a name."""
    return all(text and text == text.strip(_CRUD) and not set(text) & set("<>\n")
               for text in (who.name, who.email))


def _git_date(when: datetime) -> str:
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return f"{int(when.timestamp())} +0000"


def _parse_identity(value: str) -> Identity:
    """'Name <email> 1700000000 +0100' -> Identity with an aware UTC datetime."""
    name, _, rest = value.partition(" <")
    email, _, stamp = rest.partition("> ")
    seconds, _tz = stamp.split()
    return Identity(name, email, datetime.fromtimestamp(int(seconds), tz=UTC))
