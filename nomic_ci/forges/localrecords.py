"""What the local forge keeps of a game as a forge server would (its proposals and their
votes, the players' comments, what the engine told on the game issue): in git, on the ref
`refs/nomic-ci/forge`, never on a branch.

Each command reads only what it needs, by path: the few open proposals, the latest
comments, a told message's mark; and commits only what changed. A file of all of it
(`.git/nomic-ci/forge.json`, read and rewritten whole by every command) was 2.5 kB a
decision, 25 MB after ten thousand. Its tree:

    meta.json                     the default branch, the counters, the open proposals
    game-issue.md                 the game issue's text
    game-issue-title.txt          its title
    proposals/NN/KEY.json         a proposal, its votes and what was told on it (NN: KEY % 100)
    comments/NNNNNN.json          the players' comments, a hundred a file, with their answers
    told/HH/SHA1                  a message told on the game issue (by its mark's SHA-1)

A game made before keeps its file until its first command that writes, which moves it
into git.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Iterator

from ..core.times import moment
from ..core.words import number_in
from .gitobjects import TREE_MODE, tree_entries
from .gitplumbing import Git

REF = "refs/nomic-ci/forge"
OLD = "forge.json"  # where a game made before kept them, in the git directory
PER_FILE = 100  # comments in each file of comments/


def _dumped(value: Any) -> str:
    return json.dumps(value, indent=1, sort_keys=True) + "\n"


class LocalRecords:
    """The forge's records of one command: read as asked for, written at `save`."""

    def __init__(self, git: Git, default_branch: str | None = None) -> None:
        self.git = git
        self.tip = git.rev(REF)  # the records' commit, as this command found it
        self._old: dict | None = None  # a game's forge.json, before it moves into git
        if self.tip is None and git.engine_path(OLD).exists():
            self._old = json.loads(git.engine_path(OLD).read_text())
        self._read: dict[str, str | None] = {}  # path -> its text as read (None: no file)
        self._values: dict[str, Any] = {}  # path -> its value, changed in place by callers
        self._written: dict[str, str] = {}  # path -> a text written anew (game-issue.md)
        if self._old is None and self.tip is None:
            self._values["meta.json"] = {"default_branch": default_branch or "main",
                                         "next_key": 1, "next_review": 1, "comments": 0,
                                         "open": {}}

    # --- reading -------------------------------------------------------------------------

    def _text(self, path: str) -> str | None:
        if path not in self._read:
            found = self.git.objects.read(f"{self.tip}:{path}") if self.tip else None
            self._read[path] = found.content.decode() if found and found.kind == "blob" \
                else None
        return self._read[path]

    def _value(self, path: str, default: Any = None) -> Any:
        """The value at `path` (read once; the same object every time, for callers to
        change), or `default` where there is none yet."""
        if path not in self._values:
            text = self._text(path)
            self._values[path] = json.loads(text) if text is not None else default
        return self._values[path]

    @property
    def meta(self) -> dict:
        if self._old is not None:
            self._migrate()
        return self._value("meta.json")

    @property
    def default_branch(self) -> str:
        return self.meta["default_branch"]

    def open_branches(self) -> dict[str, str]:
        """The open proposals' keys and their branches."""
        return self.meta["open"]

    def proposal(self, key: str) -> dict | None:
        """A proposal's entry (changes to it are saved), or None where there is none."""
        if self._old is not None:
            self._migrate()
        return self._value(_proposal_path(key))

    def comments_since(self, since: datetime | None) -> Iterator[dict]:
        """The players' comments on the game, at least those written at or after `since`
        (all of them when None), oldest first: the files of comments are read from the
        newest back, as far as one older than `since`."""
        files = []
        for number in range((self.meta["comments"] - 1) // PER_FILE, -1, -1):
            comments = self._value(_comments_path(number), [])
            files.append(comments)
            if since is not None and comments and moment(comments[0]["at"]) < since:
                break
        for comments in reversed(files):
            yield from comments

    def comment(self, number: int) -> dict | None:
        """The players' comment with this id, looked for from the newest back (an answer is
        to a comment of the same command, or of one stopped just before)."""
        for file in range((self.meta["comments"] - 1) // PER_FILE, -1, -1):
            for comment in reversed(self._value(_comments_path(file), [])):
                if comment["id"] == number:
                    return comment
        return None

    def told(self, mark: str) -> bool:
        """Whether a message with this mark was told on the game issue."""
        return self._value(_told_path(mark)) is not None

    # --- writing -------------------------------------------------------------------------

    def new_proposal(self, entry: dict) -> str:
        meta = self.meta
        key = str(meta["next_key"])
        meta["next_key"] += 1
        self._values[_proposal_path(key)] = entry
        meta["open"][key] = entry["branch"]
        return key

    def closed(self, key: str) -> None:
        """The proposal is no longer open (merged or closed: its entry says which)."""
        self.meta["open"].pop(key, None)

    def next_id(self) -> int:
        """The next id of a review or a comment (one sequence, as on GitHub)."""
        meta = self.meta
        meta["next_review"] += 1
        return meta["next_review"] - 1

    def add_comment(self, comment: dict) -> None:
        meta = self.meta
        self._value(_comments_path(meta["comments"] // PER_FILE), []).append(comment)
        meta["comments"] += 1

    def tell_game_issue(self, mark: str, told: dict) -> None:
        self._values[_told_path(mark)] = told

    def set_game_issue(self, body: str) -> None:
        self._written["game-issue.md"] = body

    def set_game_issue_title(self, title: str) -> None:
        self._written["game-issue-title.txt"] = title

    def save(self, when: datetime) -> bool:
        """Commit what changed, and move the ref (a compare-and-swap on where it was);
        whether there was anything to commit."""
        changed = {path: _dumped(value) for path, value in self._values.items()
                   if value is not None and _dumped(value) != self._text(path)}
        changed.update({path: text for path, text in self._written.items()
                        if text != self._text(path)})
        if not changed:
            return False
        tree = self.git.files_tree(self.git.tree_of(self.tip) if self.tip else None, changed)
        commit = self.git.commit_tree(tree, [self.tip] if self.tip else [],
                                      "nomic-ci: the local forge's records", when)
        self.git.run("update-ref", REF, commit, self.tip or "0" * 40)
        self.tip = commit
        self._read.update(changed)
        if self._old is not None or self.git.engine_path(OLD).exists():
            self.git.engine_path(OLD).unlink(missing_ok=True)  # now in git, whole
        self._old = None
        return True

    def _migrate(self) -> None:
        """A game's forge.json as these records: all of it written at the next save."""
        old, self._old = self._old, None
        assert old is not None
        for key, entry in old.get("proposals", {}).items():
            self._values[_proposal_path(key)] = entry
        comments = old.get("comments", [])
        for start in range(0, len(comments), PER_FILE):
            self._values[_comments_path(start // PER_FILE)] = comments[start:start + PER_FILE]
        issue = old.get("game_issue") or {}
        for told in issue.get("comments", []):
            self._values[_told_path(told["told"])] = told
        if issue.get("body"):
            self._written["game-issue.md"] = issue["body"]
        if issue.get("title"):
            self._written["game-issue-title.txt"] = issue["title"]
        self._values["meta.json"] = {
            "default_branch": old["default_branch"], "next_key": old["next_key"],
            "next_review": old["next_review"], "comments": len(comments),
            "open": {key: entry["branch"] for key, entry in old.get("proposals", {}).items()
                     if entry["state"] == "open"}}

    # --- for a person (and the tests): all of it -------------------------------------------

    def everything(self) -> dict:
        """All the records as saved, as one value: the open and decided proposals, the
        comments, the game issue's text and what was told on it."""
        if self._old is not None:
            return self._old
        proposals, told = {}, []
        for path, text in self._saved_files():
            if path.startswith("proposals/"):
                proposals[path.rsplit("/", 1)[1].removesuffix(".json")] = json.loads(text)
            elif path.startswith("told/"):
                told.append(json.loads(text))
        meta, title = self.meta, self._text("game-issue-title.txt")
        issue = {"body": self._text("game-issue.md") or "",
                 "comments": sorted(told, key=lambda c: c["at"])}
        return {"default_branch": meta["default_branch"], "next_key": meta["next_key"],
                "next_review": meta["next_review"],
                "proposals": dict(sorted(proposals.items(), key=lambda kv: int(kv[0]))),
                "comments": list(self.comments_since(None)),
                "game_issue": issue | ({"title": title} if title is not None else {})}

    def _saved_files(self) -> Iterator[tuple[str, str]]:
        todo = [("", self.git.tree_of(self.tip))] if self.tip else []
        while todo:
            folder, tree = todo.pop()
            for mode, name, sha in tree_entries(self.git.objects.read(tree).content):
                path = folder + name.decode()
                if mode == TREE_MODE:
                    todo.append((path + "/", sha))
                else:
                    yield path, self.git.objects.read(sha).content.decode()


def _proposal_path(key: str) -> str:
    number = number_in(key)
    shard = number % 100 if number is not None else int(_digest(key), 16) % 100
    return f"proposals/{shard:02d}/{key}.json"


def _comments_path(number: int) -> str:
    return f"comments/{number:06d}.json"


def _told_path(mark: str) -> str:
    digest = _digest(mark)
    return f"told/{digest[:2]}/{digest}"


def _digest(text: str) -> str:
    import hashlib  # only to write: `status` never does
    return hashlib.sha1(text.encode()).hexdigest()
