"""The few git operations the local forge needs, done with plumbing.

Commits are built in the object database and the branch moves once, with a
compare-and-swap on its old value, so a run is all-or-nothing and never
touches a player's working tree unless that tree is the branch being moved.
"""

from __future__ import annotations

import os
import re
import subprocess
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from ..core.errors import GameError
from ..core.files.changes import Listed
from ..core.files.deferral import KEPT, alone, deferred, shelved
from ..core.files.gamefiles import GameFiles, Moved
from .gitobjects import (FILE_MODE, SUBMODULE_MODE, TREE_MODE, GitError, GitObject,
                         ObjectReader, askable, tree_content, tree_entries, write_loose)

ENGINE_NAME = "nomic-ci"
LOOSE_LIMIT = 1000  # loose objects, past which `Git.pack` packs them
ENGINE_EMAIL = "nomic-ci@localhost"
WORKTREE = "worktree"  # "BRANCH COMMIT": where the engine left the working tree it moves
EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"  # a folder with nothing in it

_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")  # an object's name, SHA-1 or SHA-256
# what a ref's name may hold (git check-ref-format): none of revision syntax's characters
_REF_NAME = re.compile(r"[^\x00-\x20\x7f~^:?*\[\\]+")


def _path(name: bytes) -> str:
    try:
        return name.decode()
    except UnicodeDecodeError:
        raise GameError(f"the file name {name!r} is not UTF-8", hint="rename it (git mv): "
                        "the engine reads a game's files by their names in UTF-8") from None


def _not_a_name(name: bytes) -> bool:
    """Whether git refuses `name` in a tree (its verify_path): empty, `.`, `..`, and `.git`
    in any case or as Windows or macOS may read it (`.GIT`, `.git.`, `git~1`), which a
    checkout would write into the repository's own files."""
    bare = name.lower().rstrip(b". ")
    return name in (b"", b".", b"..") or b"\0" in name or bare == b".git" \
        or re.fullmatch(rb"git~[0-9]+", bare) is not None


def _text(content: bytes) -> str:
    try:
        return content.decode()
    except UnicodeDecodeError:
        return ""  # a picture or other attachment: present, not text


class Git:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.objects = ObjectReader(self.path)  # every read of an object, in one process
        # what a command asks more than once, and only the engine changes while it runs
        self._engine_dir: Path | None = None
        self._head: str | None | bool = False  # False: not asked yet
        self._trees: dict[str, str] = {}  # commit -> its tree, as built or asked
        # blob -> text, of the files the last `read_files` read: after a merge a run reads
        # the game again, and its pages (a long game's list of proposals: 160 kB) are the same
        self._texts: dict[str, str] = {}
        self._kept: dict[str, GitObject | None] = {}  # "TREE:NAME" -> what is there
        self._worktree_at: tuple[str, str] | None = None  # the branch moved, and from where
        self._objects_dir: Path | None = None

    def run(self, *args: str, input: bytes | None = None, env: Mapping[str, str] | None = None,
            check: bool = True) -> subprocess.CompletedProcess:
        result = subprocess.run(["git", *args], cwd=self.path, input=input,
                                env={**os.environ, **env} if env else None, capture_output=True)
        if check and result.returncode != 0:
            raise self._failed(args, result)
        return result

    def _failed(self, args: tuple[str, ...], result: subprocess.CompletedProcess) -> GitError:
        return GitError(f"git {' '.join(args)} failed: "
                        f"{result.stderr.decode(errors='replace').strip()}", path=str(self.path))

    def out(self, *args: str, **kwargs) -> str:
        return self.run(*args, **kwargs).stdout.decode().strip()

    def rev(self, ref: str) -> str | None:
        """The commit `ref` (a branch, a full ref or a sha) points at; None where it names
        none, as for a name no branch can have (`x@{u}`, `a:b`: revision syntax)."""
        if not _REF_NAME.fullmatch(ref) or ".." in ref or "@{" in ref:
            return None
        found = self.objects.read(f"{ref}^{{commit}}")
        return found.sha if found else None

    def branch_tips(self, branches: Iterable[str]) -> dict[str, str]:
        """These local branches and the commit each points at (one that is not there, or
        names no commit, left out), read at once: not every branch of a game that kept ten
        thousand."""
        names = [branch for branch in branches if _REF_NAME.fullmatch(branch)
                 and ".." not in branch and "@{" not in branch]
        found = self.objects.read_all([f"refs/heads/{branch}^{{commit}}" for branch in names])
        return {branch: tip.sha for branch, tip in zip(names, found) if tip is not None}

    def engine_path(self, name: str) -> Path:
        """Where the engine keeps `name` on this machine: in the git directory, never
        committed (a worktree has its own)."""
        if self._engine_dir is None:
            self._engine_dir = self._git_path(ENGINE_NAME)
        return self._engine_dir / name

    def _git_path(self, name: str) -> Path:
        """Where git keeps `name` (`objects`, ...) for this repository: git is asked only
        when `.git` is not the directory itself, or the environment says otherwise."""
        dot_git = self.path / ".git"
        if dot_git.is_dir() and not {"GIT_DIR", "GIT_COMMON_DIR",
                                     "GIT_OBJECT_DIRECTORY"} & set(os.environ):
            return dot_git / name
        # a worktree's or a submodule's .git file, or the environment: git's to resolve
        return self.path / self.out("rev-parse", "--git-path", name)

    def tree_of(self, commit: str) -> str:
        """The tree of `commit`, a sha (a name such as main would move: not kept by it)."""
        if commit not in self._trees:
            self._trees[commit] = self._root_tree(commit).sha
        return self._trees[commit]

    def _root_tree(self, commit: str) -> GitObject:
        return self._object(f"{commit}^{{tree}}")

    def _object(self, name: str) -> GitObject:
        found = self.objects.read(name)
        if found is None:
            raise GitError(f"git has no object {name}", path=str(self.path),
                           hint="check the repository with 'git fsck'")
        return found

    def read_files(self, commit: str, prefixes: Iterable[str]) -> GameFiles:
        """The text of every file under `prefixes` at `commit`; the records' are read when
        first asked for, and a folder of records is listed then too (`deferral.KEPT`)."""
        records: dict[bytes, str | None] = {folder.encode(): None for folder in KEPT}
        listed = self._files_in(self._root_tree(commit).content, b"",
                                [prefix.encode() for prefix in prefixes], records)
        unlisted = {}
        shelves: dict[bytes, str | None] = {}  # an index's closed thousands (`shelved`)
        found_blobs: dict[str, bytes] = {}  # read with their names: not asked for again
        for folder, tree in records.items():
            if tree is None:  # not in the tree, or not wholly asked for: walked as any other
                continue
            if folder.decode() not in KEPT:  # a closed thousand, met on the way
                shelves[folder] = tree
                continue
            kept = KEPT[folder.decode()]
            # the names it keeps, each found by git in the folder's tree, not by listing it
            for name, found in zip(kept, self._kept_in(tree, kept)):
                path = folder + name.encode()
                if found is not None and found.kind == "tree":
                    listed += self._files_in(found.content, path + b"/", [], shelves)
                elif found is not None and found.kind == "blob":
                    listed.append((path, found.sha))
                    found_blobs[found.sha] = found.content
            unlisted[folder.decode()] = kept, partial(self._records_in, tree, folder, kept)
        for folder, tree in shelves.items():
            unlisted[folder.decode()] = (), partial(self._records_in, tree, folder, ())
        now: dict[str, str] = {}
        later: dict[str, str] = {}  # path -> blob sha
        for path, sha in listed:
            path = _path(path)
            (later if deferred(path) else now)[path] = sha
        known = self._texts
        texts = {sha: known[sha] if sha in known else _text(found_blobs[sha])
                 for sha in now.values() if sha in known or sha in found_blobs}
        texts.update((sha, _text(content)) for sha, content in
                     self.blobs(sha for sha in now.values() if sha not in texts).items())
        self._texts = texts
        return GameFiles({path: texts[sha] for path, sha in now.items()}, later,
                         lambda shas: {sha: _text(b) for sha, b in self.blobs(shas).items()},
                         unlisted, alone)

    def _kept_in(self, tree: str, kept: Sequence[str]) -> list[GitObject | None]:
        """What a folder of records (the tree `tree`) holds under the names it keeps, read
        once a command: a run that reads the game again after a merge finds the same folder."""
        names = [f"{tree}:{name}" for name in kept]
        if any(name not in self._kept for name in names):
            self._kept.update(zip(names, self.objects.read_all(names)))
        return [self._kept[name] for name in names]

    def _records_in(self, tree: str, folder: bytes, kept: Sequence[str]) -> dict[str, str]:
        """The records in a folder of them (the tree `tree`), path -> blob sha: every file
        but those under the names it keeps."""
        aside = {folder + name.encode() + b"/": None for name in kept}  # a kept folder
        kept_files = {folder + name.encode() for name in kept}
        return {_path(path): sha for path, sha in self._files_in(self._object(tree).content,
                                                                folder, [], aside)
                if path not in kept_files}

    def _files_in(self, tree: bytes, folder: bytes, wanted: list[bytes],
                  records: dict[bytes, str | None] | None = None) -> list[tuple[bytes, str]]:
        """The (path, blob sha) of each file of `tree` (at `folder`) that `wanted` names,
        in git's order, as `git ls-tree -r -- *wanted` lists them: a path names a file or a
        folder, a path ending in / a folder alone, and no path every file. Only the folders
        on the way to one are read. A folder named in `records` and wholly wanted is not
        read either: its tree's sha is put there instead, as is an index's closed
        thousand's (`deferral.shelved`)."""
        folders = [w.rstrip(b"/") + b"/" for w in wanted]  # each wanted path as a folder
        found = []
        for mode, name, sha in tree_entries(tree):
            path = folder + name
            if mode == TREE_MODE:
                inside = path + b"/"
                if not wanted or any(inside.startswith(f) for f in folders):
                    if records is not None and (inside in records or shelved(_path(inside))):
                        records[inside] = sha
                    else:  # all of it is wanted: its entries are not compared one by one
                        found += self._files_in(self._object(sha).content, inside, [], records)
                elif any(f.startswith(inside) for f in folders):
                    found += self._files_in(self._object(sha).content, inside, wanted, records)
            elif mode != SUBMODULE_MODE and (not wanted or path in wanted
                                             or any(path.startswith(f) for f in folders)):
                found.append((path, sha))
        return found

    def files_of(self, tree: str) -> dict[str, str] | None:
        """Every file under a tree this repository has (by its sha), path -> blob sha; None
        where it has no such tree."""
        found = self.objects.read(tree)
        if found is None or found.kind != "tree":
            return None
        return {_path(path): sha for path, sha in self._files_in(found.content, b"", [])}

    def blobs(self, shas: Iterable[str]) -> dict[str, bytes]:
        """The contents of the blobs this repository has, by sha."""
        wanted = list(dict.fromkeys(shas))
        return {sha: blob.content for sha, blob in zip(wanted, self.objects.read_all(wanted))
                if blob is not None and blob.kind == "blob"}

    def show(self, commit: str, path: str) -> bytes:
        """A file's content at a commit, as it is (it may not be text)."""
        content = self.file_at(commit, path)
        if content is None:
            raise GitError(f"there is no file {path} at {commit}", path=str(self.path))
        return content

    def file_at(self, commit: str, path: str) -> bytes | None:
        """A file's content at a commit (or in a tree); None where no file is there (nothing,
        a folder, or a submodule)."""
        if not askable(f"{commit}:{path}"):  # a line break or a carriage return in its name
            shown = self.run("cat-file", "blob", f"{commit}:{path}", check=False)
            return shown.stdout if shown.returncode == 0 else None
        blob = self.objects.read(f"{commit}:{path}")
        return blob.content if blob is not None and blob.kind == "blob" else None

    def changes(self, tip: str, head: str) -> tuple[list[Listed], str] | None:
        """What merging `head` into `tip` changes, as `core.files.changes` reads it, and the
        tree or commit to read the changed files from; None when the two share no history
        (a branch made with `--orphan`). Judged on the tree the merge would make: after a
        criss-cross merge a branch's diff from one merge base can hide what the merge (from
        all of them) changes. Where they conflict, which cannot merge, what `head` changed
        since they forked."""
        try:
            made = self.merge_tree(tip, head)
        except GitError:
            if self.run("merge-base", tip, head, check=False).returncode == 1:
                return None  # git merge-base's answer for no common ancestor
            raise
        listing = ("diff", "--name-status", "-z", "-M", tip, made) if made is not None \
            else ("diff", "--name-status", "-z", "-M", f"{tip}...{head}")
        result = self.run(*listing, check=False)
        if result.returncode != 0:
            raise self._failed(listing, result)
        # a path is bytes to git: one that is not UTF-8 keeps its bytes as escapes, and
        # `core.files.changes` says it cannot be read
        parts = [p for p in result.stdout.decode(errors="surrogateescape").split("\0") if p]
        found: list[Listed] = []
        index = 0
        while index < len(parts):
            status = parts[index]
            if status[0] in "RC":  # a rename or copy lists the old path, then the new
                found.append((status, parts[index + 2], parts[index + 1]))
                index += 3
            else:
                found.append((status, parts[index + 1], None))
                index += 2
        return found, made or head

    def merge_tree(self, ours: str, theirs: str) -> str | None:
        """The merged tree of two commits, or None when they conflict."""
        args = ("merge-tree", "--write-tree", ours, theirs)
        result = self.run(*args, check=False)
        tree = result.stdout.decode().split("\n", 1)[0].strip()
        if result.returncode == 1 and _SHA.fullmatch(tree):
            return None  # a conflict: git still writes a tree, with conflict markers
        if result.returncode != 0:  # 1 too, with no tree, where it cannot merge at all
            raise self._failed(args, result)
        return tree

    def tree_with(self, commit: str, files: Mapping[str, str | Moved | None]) -> str:
        """A tree: `commit`'s, with `files` written over it (None: removed; `Moved`: the
        blob at its path in `commit`, by its id). Written into the object database
        here, as git writes loose objects: three git processes a commit (hash-object,
        update-index, write-tree) were most of a run's time."""
        if len(commit) != 40:
            raise GitError("this repository names its objects by SHA-256: the engine reads "
                           "and writes SHA-1 repositories only", path=str(self.path))
        return self.files_tree(self.tree_of(commit), files)

    def files_tree(self, tree: str | None, files: Mapping[str, str | Moved | None]) -> str:
        """A tree: `tree` (None: an empty one) with `files` written over it (as `tree_with`)."""
        changes: dict[bytes, Any] = {}  # a name -> a blob's sha (None: removed), or a folder's
        for path in sorted(files, key=lambda p: p.count("/")):  # a folder's files after it
            *folders, name = path.encode().split(b"/")
            place = changes
            for folder in folders:
                if not isinstance(place.get(folder), dict):
                    place[folder] = {}  # (a file of `files` here: it is a folder now)
                place = place[folder]
            change = files[path]
            if isinstance(change, Moved):
                found = self.objects.read(f"{tree}:{change.path}") if tree else None
                if found is None or found.kind != "blob":
                    raise GitError(f"there is no file {change.path} to move to {path}",
                                   path=str(self.path))
                place[name] = found.sha
            else:
                place[name] = None if change is None else self._write(b"blob", change.encode())
        return self._tree_with(tree, changes, b"")

    def _tree_with(self, tree: str | None, changes: Mapping[bytes, Any], folder: bytes) -> str:
        """As git's index writes it: a file written where a folder was replaces the folder,
        and a folder where a file was the file (a proposal may have put either there)."""
        entries = {name: (mode, sha) for mode, name, sha in
                   (tree_entries(self._object(tree).content) if tree else ())}
        for name, change in changes.items():
            if _not_a_name(name):
                raise GitError(f"{(folder + name).decode()!r} is not a path git can hold",
                               path=str(self.path))
            mode, sha = entries.get(name, (None, None))
            if isinstance(change, dict):
                entries[name] = TREE_MODE, self._tree_with(sha if mode == TREE_MODE else None,
                                                           change, folder + name + b"/")
                if entries[name][1] == EMPTY_TREE:
                    del entries[name]  # git keeps no empty folder
            elif change is None:
                entries.pop(name, None)
            else:
                entries[name] = FILE_MODE, change
        return self._write(b"tree", tree_content(entries))

    def _write(self, kind: bytes, content: bytes) -> str:
        if self._objects_dir is None:
            self._objects_dir = self._git_path("objects")
        return write_loose(self._objects_dir, kind, content)

    def pack(self) -> None:
        """Pack the objects written loose (the engine's, as git writes them), once there are
        LOOSE_LIMIT of them: into a pack of their own, and small packs together, so there
        are few (`repack --geometric`: what it rewrites is in proportion to what was added,
        not to the repository). Nothing packed a local game's objects: 40,000 files after
        542 proposals."""
        objects = self._git_path("objects")
        loose = 0
        for folder in range(256):
            try:
                with os.scandir(objects / f"{folder:02x}") as entries:
                    loose += sum(1 for _ in entries)
            except OSError:
                continue
        if loose >= LOOSE_LIMIT:
            self.run("repack", "-d", "-q", "--geometric=2", check=False)

    def close(self) -> None:
        """The command is done with the repository: end the object reader."""
        self.objects.close()

    def commit_tree(self, tree: str, parents: Iterable[str], message: str, when: datetime) -> str:
        """A commit of the engine's, written as `git commit-tree` writes it."""
        if "\0" in message:
            raise GitError("a commit message may not hold a NUL character", path=str(self.path))
        signed = f"{ENGINE_NAME} <{ENGINE_EMAIL}> {int(when.timestamp())} +0000"
        commit = self._write(b"commit", (
            f"tree {tree}\n" + "".join(f"parent {parent}\n" for parent in parents)
            + f"author {signed}\ncommitter {signed}\n\n{message}").encode())
        self._trees[commit] = tree
        return commit

    def move_branch(self, branch: str, new: str, old: str) -> None:
        """Move the branch from `old` to `new`, failing if someone moved it meanwhile. Where
        it is checked out, its working tree is brought along by `bring_worktree`, once a
        command: each time wrote git's index of every file (1.3 MB at 10,000 records), and
        a decision moves the branch twice. Till then `WORKTREE` says where the tree was
        left, so a command that stops before brings it along the next time (`resume`)."""
        checked_out = self._worktree_at is None and \
            self._head_ref() == f"refs/heads/{branch}"
        if checked_out:  # said before the branch moves: a stop between leaves it said
            self._worktree_at = branch, old
            self._say_worktree(f"{branch} {old}\n")
        result = self.run("update-ref", f"refs/heads/{branch}", new, old, check=False)
        if result.returncode != 0:
            if checked_out:
                self._worktree_at = None
                self._say_worktree(None)
            raise GitError(f"the branch {branch} moved while the engine ran; nothing was written",
                           hint="run the command again: it re-reads the game")

    def bring_worktree(self) -> None:
        """Bring the working tree along where the branch checked out moved, as checkout
        would, keeping any local edits that do not collide; asked now, not when the command
        began: a player may have switched branch since (then it stays as it is)."""
        if self._worktree_at is None:
            return
        (branch, old), self._worktree_at = self._worktree_at, None
        if self._head_ref() == f"refs/heads/{branch}":
            new = self.rev(f"refs/heads/{branch}")
            if new is not None and new != old:
                self.run("read-tree", "-m", "-u", old, new, check=False)
        self._say_worktree(None)

    def resume(self) -> None:
        """Bring the working tree along where a command stopped before it did."""
        try:
            branch, old = self.engine_path(WORKTREE).read_text().split()
        except (OSError, UnicodeDecodeError, ValueError):
            return  # none said (or not as written: nothing to go by)
        if _SHA.fullmatch(old):
            self._worktree_at = branch, old
            self.bring_worktree()

    def _say_worktree(self, text: str | None) -> None:
        path = self.engine_path(WORKTREE)
        try:
            if text is None:
                path.unlink(missing_ok=True)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
        except OSError:
            pass  # a repository only to read: the engine moves nothing there

    def head_branch(self) -> str | None:
        """The branch checked out when the command began (asked once; `move_branch` asks again)."""
        if self._head is False:
            ref = self._head_ref()
            self._head = ref.removeprefix("refs/heads/") if ref else None
        return self._head

    def _head_ref(self) -> str:
        """The ref HEAD names (`refs/heads/main`), "" where it names none (detached): read
        from the file HEAD where `.git` is the git directory and it names a branch, git
        asked otherwise (a worktree, a detached HEAD, refs in a reftable, whose HEAD file
        names `refs/heads/.invalid`)."""
        dot_git = self.path / ".git"
        if dot_git.is_dir() and not {"GIT_DIR", "GIT_COMMON_DIR"} & set(os.environ):
            try:
                head = (dot_git / "HEAD").read_text()
            except (OSError, UnicodeDecodeError):
                head = ""
            name = head.removeprefix("ref: ").rstrip("\n")
            if head.startswith("ref: refs/heads/") and name != "refs/heads/.invalid" \
                    and _REF_NAME.fullmatch(name):
                return name
        return self.out("symbolic-ref", "--quiet", "HEAD", check=False)

    def commit_files(self, branch: str, files: Mapping[str, str | None], message: str,
                     when: datetime, author: str) -> str:
        """What a player does with git: a commit on `branch`, off the default branch's tip,
        with some files changed (text) or removed (None)."""
        base = self.rev("refs/heads/main")
        current = self.read_files(base, list(files))
        tree = self.tree_with(base, {path: text for path, text in files.items()
                                     if text is not None})
        removed = [path for path, text in files.items() if text is None and path in current]
        if removed:
            import tempfile  # here: a command that removes no file does not load it
            with tempfile.TemporaryDirectory() as tmp:
                env = {"GIT_INDEX_FILE": str(Path(tmp) / "index")}
                self.run("read-tree", tree, env=env)
                self.run("update-index", "--force-remove", *removed, env=env)
                tree = self.out("write-tree", env=env)
        stamp, email = f"{int(when.timestamp())} +0000", f"{author}@example.org"
        env = {"GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": email, "GIT_AUTHOR_DATE": stamp,
               "GIT_COMMITTER_NAME": author, "GIT_COMMITTER_EMAIL": email,
               "GIT_COMMITTER_DATE": stamp}
        commit = self.out("commit-tree", tree, "-p", base, "-m", message, env=env)
        self.run("update-ref", f"refs/heads/{branch}", commit)
        return commit
