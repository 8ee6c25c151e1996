"""What a run reads of GitHub: the game at the tip of the default branch and the open pull
requests as proposals, through the GraphQL queries of `githubgraphql`.

A run reads everything once, at its start, in a few requests whatever the number of pull
requests: one query a page of 50 pull requests into the default branch (with the branch and
its game files), then one batched query for the rest: the texts of the game files they
change, their reactions where the rules count them, pull requests not listed, second pages
(a pull request of more than 100 files takes a round more for each further page; past a
page of reviews that can be votes, each player's are read by author and every other
account's latest, `Pull.by_voter`), and the engine's vote comment on each, by the link its
`nomic/vote` status holds (no page of the players' talk). Blobs the workflow's checkout has cost nothing; a file GraphQL gives no
text of (binary, huge) is read through REST.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import Callable, Collection, Iterable

from .lazyimports import PYGITHUB_UNUSED, defer

defer(*PYGITHUB_UNUSED)  # before PyGithub: it imports them for what a run never does

from github import GithubException
from github.Repository import Repository

from ..core.errors import GameError
from ..core.facts import Account, ForgeState, Proposal
from ..core.files import GAME_DIRS
from ..core.files.changes import Listed, file_changes, text_needed
from ..core.files.deferral import KEPT, OPENED, alone, deferred
from ..core.files.gamefiles import GameFiles
from . import githubgraphql as gql
from .gitobjects import blob_id, object_id, tree_content

MAX_FILES = gql.MAX_FILES


@dataclass
class GitHubReader:
    """What a run has read of a repository through GraphQL: `read_game` first, the rest batched."""

    repo: Repository
    # blobs the workflow's checkout already has, by sha: a cache that spares requests
    local_blobs: Callable[[Iterable[str]], dict[str, bytes]] = lambda shas: {}
    # the files under a tree of the checkout, by its sha (None: not there); None: no checkout
    local_files: Callable[[str], dict[str, str] | None] | None = None
    engine: str = ""  # the account the engine writes as: its vote comments are its own
    pulls: dict[str, gql.Pull] = field(default_factory=dict)  # every pull request read
    branch: str = field(init=False)
    tip: str = field(init=False)  # the default branch as the run found it
    pinned: set[int] = field(default_factory=set)  # the numbers of the pinned issues
    # by oid or "commit:path" (None: no file there)
    _texts: dict[str, bytes | None] = field(default_factory=dict)
    # a commit's tree, its files a run reads, and its folders of records' trees
    _trees: dict[str, tuple[str, dict[str, str], dict[str, str]]] = field(default_factory=dict)
    # a commit's trees of the indexes' open thousands, by folder (`gql.open_trees`)
    open_trees: dict[str, dict[str, str]] = field(default_factory=dict)
    # the pieces of the open thousands' trees read so far, by the tree's oid
    _open_listings: dict[str, list] = field(default_factory=dict)
    tip_date: datetime | None = None  # when the default branch's tip was committed
    tip_read: dict = field(default_factory=dict)  # the status on it `gql.kept_read` reads
    vanished: set[str] = field(default_factory=set)  # pull requests GitHub shows no more

    def __post_init__(self) -> None:
        self._owner, self._name = self.repo.url.rstrip("/").split("/")[-2:]

    def _query(self, query: str, may_miss: Collection[str] = (), **variables: object) -> dict:
        headers, data = self.repo._requester.requestJsonAndCheck(
            "POST", self.repo._requester.graphql_url,
            input={"query": query, "variables": {"owner": self._owner, "name": self._name,
                                                 **variables}})
        return gql.answer(data, headers, may_miss)

    def potential_merge(self, number: int) -> gql.PotentialMerge:
        """GitHub's test merge of a pull request, as it stands; in a folder of records,
        compared entry by entry only where the merge changes it (one query more)."""
        merge = gql.potential_merge(self._query(gql.MERGING, number=number))
        for folder in gql.RECORD_FOLDERS:
            before, after = merge.before.get(folder), merge.after.get(folder)
            if merge.made and before != after:
                merge = gql.with_folders(merge, folder, self._query(
                    gql.FOLDERS, before=before or after, after=after or before,
                    hasBefore=before is not None, hasAfter=after is not None))
        return merge

    def vote_comments(self, key: str) -> list[dict]:
        """The engine's vote comment on a pull request the run read (more than one only where
        an older engine left them): looked for with the rest of what `complete` reads, else
        now, through the link its `nomic/vote` status holds, or a page or two of the thread."""
        pull = self.pulls[key]
        while (read := pull.said_read(self.engine)) is not None:
            batch = gql.Batch()
            batch.said(pull, read)
            self._run(batch)
        return pull.said or []

    def gone(self, number: int | str) -> bool:
        """Whether GitHub shows an issue or a pull request no more: deleted by an admin, or
        hidden with its author's account when GitHub flags it as spam. Asked through REST
        where GraphQL found none or a write was answered 404, so a passing fault of either
        never withdraws a proposal or drops a message (one request, and only then)."""
        try:
            self.repo._requester.requestJsonAndCheck("GET", f"{self.repo.url}/issues/{number}")
        except GithubException as error:
            if error.status in (404, 410):
                return True
            raise
        return False

    def mutate(self, mutation: str, **variables: object) -> dict:
        """A GraphQL mutation (it takes no owner or name)."""
        headers, data = self.repo._requester.requestJsonAndCheck(
            "POST", self.repo._requester.graphql_url,
            input={"query": mutation, "variables": variables})
        return gql.answer(data, headers)

    def read_game(self, into: str | None = None) -> list[gql.Pull]:
        """The default branch and every open pull request into it: a query a page. Those into
        the branch named `into` (the workflow's checkout's: the default one) are asked for,
        and listed again where the default branch is another (a query more); with no name,
        those into every branch (`gql.game_query`)."""
        after, first, found = None, True, []
        while True:
            # from a checkout, the open thousands named by their trees alone, and listed
            # from it (50 pieces near a thousand's end were 3.8 kB of every run's query)
            query = gql.game_query(into is not None, open_listed=self.local_files is None)
            repository = self._query(query, after=after, tip=first,
                                     **({"base": into} if into is not None else {}))["repository"]
            if repository is None:
                raise GameError(f"GitHub shows no repository {self._owner}/{self._name}")
            if first:
                ref = repository["defaultBranchRef"]
                if ref is None:
                    raise GameError("the repository has no default branch yet")
                self.branch, self.tip = ref["name"], ref["target"]["oid"]
                self.tip_date = gql.moment(ref["target"].get("committedDate"))
                self.tip_read = {"read": ref["target"].get("read")}
                self.pinned = {n["issue"]["number"] for n in repository["pinnedIssues"]["nodes"]
                               if n and n.get("issue")}
                self._trees[self.tip] = self._entries(self._open_from_checkout(ref["target"]))
                first = False
                if into is not None and into != self.branch:  # listed into another branch
                    into = self.branch
                    continue
            listing = repository["pullRequests"]
            for node in listing["nodes"]:
                found.append(gql.Pull.of(node))
                self.pulls[str(node["number"])] = found[-1]
            if not listing["pageInfo"]["hasNextPage"]:
                return found
            after = listing["pageInfo"]["endCursor"]

    def _open_from_checkout(self, commit: dict) -> dict:
        """A commit as the first query read it, its open thousands' pieces listed: from the
        checkout, which has their trees but where it moved on meanwhile (else one query
        more, for the commit's files)."""
        if self.local_files is None:
            return commit  # listed by the query
        for folder, tree in gql.open_trees(commit).items():
            pieces = self.local_files(tree)
            if pieces is None:
                return self._query(gql.TIP, oid=commit["oid"])["repository"]["object"]
            self._open_listings[tree] = [{"name": name, "oid": oid}
                                         for name, oid in sorted(pieces.items())]
        gql.open_listed(commit, self._open_listings)
        return commit

    def _entries(self, commit: dict) -> tuple[str, dict[str, str], dict[str, str]]:
        """A commit's tree, the game files a run reads, path -> blob sha, and the trees of
        its folders of records (a deeper tree through REST, records and all)."""
        tree = commit["tree"]["oid"]
        self.open_trees[commit["oid"]] = gql.open_trees(commit)
        self._open_listings.update(gql.open_listings(commit))
        found, nested, folders = gql.tip_files(commit)
        if not nested:
            return tree, found, folders
        return tree, self._listed(tree, ""), {}

    def knows_open(self, files: GameFiles) -> None:
        """The pieces of the open thousands as a commit the engine made leaves them, kept by
        their trees' oids (worked out here), so that the query of a merge onto it need not
        list them again (`TIP_KNOWN`); where worked out wrong, it lists them."""
        for folder in OPENED:
            pieces = {path[len(folder):]: files.handle(path) or blob_id(files[path].encode())
                      for path in files.under(folder)}
            if pieces and all("/" not in name and isinstance(oid, str) and len(oid) == 40
                              for name, oid in pieces.items()):
                tree = object_id(b"tree", tree_content(
                    {name.encode(): (0o100644, oid) for name, oid in pieces.items()}))[0]
                self._open_listings[tree] = [{"name": name, "oid": oid}
                                             for name, oid in pieces.items()]

    def _listed(self, tree: str, folder: str) -> dict[str, str]:
        """Every file of the game under a tree (of `folder`), path -> blob sha: from the
        checkout where it has the tree, else through REST."""
        local = self.local_files(tree) if self.local_files else None
        if local is not None:
            return {folder + path: sha for path, sha in local.items()
                    if (folder + path).startswith(GAME_DIRS)}
        listing = self.repo.get_git_tree(tree, recursive=True)
        if listing.raw_data.get("truncated"):
            raise GameError("GitHub listed only part of the repository's files, so the game "
                            "cannot be read whole", hint="keep the repository under GitHub's "
                            "limit of 100,000 files in a tree")
        return {folder + e.path: e.sha for e in listing.tree if e.type == "blob"
                and (folder + e.path).startswith(GAME_DIRS)}

    def files_at(self, commit: str) -> tuple[str, GameFiles]:
        """The tree of a commit and the game's files in it (one query, unless known); the
        records' and the indexes' texts are read when first asked for, and the records are
        listed then (`deferral.KEPT`)."""
        if commit not in self._trees:
            found = self._query(gql.TIP_KNOWN, oid=commit)["repository"]["object"] \
                if self._open_listings else None
            if found is None or not gql.open_listed(found, self._open_listings):
                found = self._query(gql.TIP, oid=commit)["repository"]["object"]
            self._trees[commit] = self._entries(found)
        tree, entries, folders = self._trees[commit]
        now = {path: sha for path, sha in entries.items() if not deferred(path)}
        self._read_blobs(set(now.values()))
        unlisted = {folder: (KEPT.get(folder, ()), partial(self._records_in, oid, folder))
                    for folder, oid in folders.items() if oid}
        return tree, GameFiles({path: self._text(sha) for path, sha in now.items()},
                               {path: sha for path, sha in entries.items() if deferred(path)},
                               self.texts_of, unlisted, alone)

    def _records_in(self, tree: str, folder: str) -> dict[str, str]:
        """The records in a folder of them: every file but those under the names it keeps."""
        return {path: sha for path, sha in self._listed(tree, folder).items()
                if path[len(folder):].split("/", 1)[0] not in KEPT.get(folder, ())}

    def _text(self, sha: str) -> str:
        return self._texts[sha].decode(errors="replace")

    def texts_of(self, shas: Collection[str]) -> dict[str, str]:
        """The texts of these blobs, by oid (known ones from the checkout or this run)."""
        self._read_blobs(shas)
        return {sha: self._text(sha) for sha in shas}

    def _blob(self, sha: str) -> bytes:
        """A blob's bytes through REST: for what GraphQL gives no text of (binary, huge)."""
        if sha not in self._texts:
            self._texts.update(self.local_blobs([sha]))
        if sha not in self._texts:
            blob = self.repo.get_git_blob(sha)
            self._texts[sha] = base64.b64decode(blob.content) if blob.encoding == "base64" \
                else blob.content.encode()
        return self._texts[sha]

    def _read_blobs(self, names: Collection[str]) -> None:
        """The content of blobs named by oid: known ones from the checkout, the rest in
        batched queries."""
        wanted = [n for n in names if n not in self._texts]
        self._texts.update(self.local_blobs(wanted))
        for chunk in gql.batches(n for n in wanted if n not in self._texts):
            batch = gql.Batch()
            for name in chunk:
                batch.blob(name)
            self._run(batch)

    def _run(self, batch: gql.Batch) -> list[gql.Pull]:
        """Send a batch and keep its answers; the pull requests it read whole."""
        new = []
        answered = self._query(batch.text(), may_miss=batch.missable, **batch.variables)
        for (kind, key), found in batch.answers(answered):
            if kind == "blob" and ":" in str(key) and not (found or {}).get("oid"):
                self._texts[key] = None  # no file at commit:path: a submodule (`proposal`
                continue                 # says so); a blob asked for by its oid must exist
            if kind in ("comment", "first", "latest"):  # the vote comment: deleted is no error
                self.pulls[str(key)].take_said(kind, found, self.engine)
                continue
            if kind.startswith("by:") and found is None:  # a login GitHub does not know
                found = {"nodes": [], "pageInfo": {"hasNextPage": False, "endCursor": None}}
            if kind == "pull" and found is None and self.gone(key):
                self.vanished.add(str(key))
                continue
            if found is None:
                raise gql.GraphQLError([{"type": "NOT_FOUND", "message": f"no {kind} {key}"}])
            if kind == "blob":
                binary = found["text"] is None or found["isBinary"] or found["isTruncated"]
                # by its oid too: a merged proposal's files are the new tip's, known already
                self._texts[key] = self._texts[found["oid"]] = self._blob(found["oid"]) \
                    if binary else found["text"].encode()
            elif kind == "pull":
                new.append(gql.Pull.of(found))
                self.pulls[str(key)] = new[-1]
            else:
                self.pulls[str(key)].take(kind, found)
        return new

    def complete(self, keys: list[str], reactions: bool,
                 voters: Collection[Account] | None = None) -> list[gql.Pull]:
        """Read what the first query left out for these pull requests, batched: pull requests
        it did not list, more pages, reactions, and the texts of the game files they change
        (one query for all, unless some have more than a page of something); and, in a
        query sent anyway, where the engine's vote comment is (`vote_comments`). With the
        players' accounts (`voters`), more than a page of reviews may be read by voter
        (`Pull.by_voter`). The pull requests read anew."""
        new = []
        while True:
            batch = gql.Batch()
            keys = [key for key in keys if key not in self.vanished]
            for key in keys:
                pull = self.pulls.get(key)
                if pull is None:
                    batch.pull(int(key), reactions)
                    continue
                if voters is not None:
                    pull.by_voter(voters)
                for kind in pull.pending():
                    if len(batch) < gql.ALIASES:  # a page for each player: a few queries
                        batch.page(pull, kind)
                if reactions and pull.reactions is None:
                    batch.page(pull, "reactions")
                if not pull.wants("files"):  # all its files known: their texts
                    for name in self._texts_needed(pull) - set(self._texts) - batch.blobs:
                        if len(batch) < gql.ALIASES:
                            batch.blob(name)
            if not len(batch):
                return new
            for key in keys:
                said = self.pulls[key].said_read(self.engine) if key in self.pulls else None
                if said is not None:
                    batch.said(self.pulls[key], said)
            new += self._run(batch)

    def _texts_needed(self, pull: gql.Pull) -> set[str]:
        head = pull.node["headRefOid"]
        return {f"{head}:{path}" for kind, path in pull.files
                if gql.CHANGES.get(kind) != "removed" and text_needed(path)}

    def proposal(self, key: str) -> Proposal:
        """A pull request, completed, as the core sees it."""
        pull = self.pulls[key]
        node = pull.node
        head = node["headRefOid"]
        problems = []
        if node["changedFiles"] >= MAX_FILES:
            problems.append(f"it changes {MAX_FILES:,} files or more, and GitHub lists no "
                            f"more than {MAX_FILES:,}, so it cannot be counted")
        previous = self._renamed_from(pull)
        listed: list[Listed] = [(gql.CHANGES.get(kind, "modified"), path, previous.get(path))
                                for kind, path in pull.files]
        changes, texts, unreadable = file_changes(
            listed, lambda path: self._texts[f"{head}:{path}"])
        state = {"MERGED": ForgeState.MERGED, "OPEN": ForgeState.OPEN}.get(node["state"],
                                                                          ForgeState.CLOSED)
        title = gql.readable(node["title"])
        return Proposal(key=key, title=title, reactions=pull.reaction_facts(),
                        description=f"{title}\n\n{gql.readable(node['body'] or '')}",
                        author=gql.account(node["author"]), head=head,
                        opened_at=gql.moment(node["createdAt"]),
                        ready_at=pull.ready_at, head_by=gql.moment(node["updatedAt"]),
                        changes=tuple(changes),
                        reviews=pull.review_facts(), texts=tuple(texts), state=state,
                        closed_at=gql.moment(node["mergedAt"] or node["closedAt"]),
                        problems=tuple(problems + unreadable),
                        into=None if node["baseRefName"] == self.branch else
                        node["baseRefName"], draft=bool(node["isDraft"]))

    def _renamed_from(self, pull: gql.Pull) -> dict[str, str]:
        """The path each renamed file had, which GraphQL does not give: from the REST pages of
        the file list that hold the renames (it lists files in the same order), else all."""
        renamed = {i: path for i, (kind, path) in enumerate(pull.files) if kind == "RENAMED"}
        if not renamed:
            return {}
        url = f"{self.repo.url}/pulls/{pull.number}/files"
        found: dict[str, str] = {}
        for page in sorted({i // gql.PAGE + 1 for i in renamed}):
            found.update(self._renames_on(url, page) or {})
        page = 1
        while not set(renamed.values()) <= set(found) and page <= MAX_FILES // gql.PAGE:
            entries = self._renames_on(url, page)  # not where expected: look everywhere
            if entries is None:
                break
            found.update(entries)
            page += 1
        return found

    def _renames_on(self, url: str, page: int) -> dict[str, str] | None:
        """The renames on a page of the REST file list; None past its end."""
        _, entries = self.repo._requester.requestJsonAndCheck(
            "GET", url, parameters={"per_page": gql.PAGE, "page": page})
        if not entries:
            return None
        return {e["filename"]: e["previous_filename"] for e in entries
                if e.get("status") == "renamed" and e.get("previous_filename")}
