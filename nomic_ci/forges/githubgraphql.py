"""What the GitHub forge reads, through GitHub's GraphQL API: the queries and their answers.

One query reads the default branch (its tip and the game's files there) and every open
pull request with what the engine needs of it; later queries, batched with aliases, read
what did not fit on the first page (more files, reviews, reactions) and the new text of
the game files proposals change. A REST listing needs a request per pull request and one
per file; these need a few a run whatever the number of pull requests.

This module is only text and parsing: `githubreader` sends the queries.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Collection, Iterable
from urllib.parse import parse_qs, urlencode, urlsplit

from .lazyimports import PYGITHUB_UNUSED, defer

defer(*PYGITHUB_UNUSED)  # before PyGithub: it imports them for what a run never does

from github import GithubException

from ..core.frozen import frozen
from ..core.facts import Account, Reaction, Review, ReviewState
from ..core.files.deferral import KEPT, OPENED, shelved
from ..text.vote_comment import MARKER

MAX_FILES = 3000  # GitHub lists at most this many files of a pull request
PULLS_PAGE = 50  # pull requests a page: each carries a page of files and one of reviews
PAGE = 100  # GitHub's most for any connection
ALIASES = 200  # aliased reads in one query, to keep each query modest
STATUS_CONTEXT = "nomic/vote"
# the default branch's tip: where the engine keeps how far players' commands are answered
READ_CONTEXT = "nomic/comments"

_WHO = "fragment Who on Actor { __typename login ... on User { databaseId } " \
       "... on Bot { databaseId } }"
_DIR = "fragment Dir on TreeEntry { object { ... on Tree { entries { path oid type } } } }"
# an index's open thousand: its pieces by name alone (up to fifty, in every run's query)
_NAMES = "fragment Names on TreeEntry { object { ... on Tree { entries { name oid } } } }"
# the folders of records: their trees, not their entries (ten thousand records listed were
# 1.3 MB a run); and the names each keeps beside its records, which a run reads, and the
# folder of each index's open thousand (a closed thousand's is listed when asked for)
_KEPT = [(f"kept{n}", path) for n, path in enumerate(
    [folder + name for folder, names in KEPT.items() for name in names]
    + [folder.rstrip("/") for folder in OPENED])]
_OPENED = {alias for alias, path in _KEPT if path + "/" in OPENED}
_TIP_OF = """fragment Tip on Commit {
  oid
  committedDate
  tree { oid }
  read: status { context(name: "%s") { description creator { __typename login } } }
  rules: file(path: "rules") { ...Dir }
  state: file(path: "state") { ...Dir }
  judgments: file(path: "judgments") { ...Dir }
  proposals: file(path: "proposals") { oid type }
  actions: file(path: "actions") { oid type }
%s
}"""


def _tip(open_listed: bool) -> str:
    """The fragment of a commit's game files; the open thousands' pieces listed, or their
    trees named alone (`TIP_KNOWN`)."""
    return _TIP_OF % (READ_CONTEXT, "\n".join(
        f'  {alias}: file(path: "{path}") {{ path oid type '
        + ("...Dir " if alias not in _OPENED else "...Names " if open_listed else "")
        + "}" for alias, path in _KEPT)) + ("\n" + _NAMES if open_listed else "")


_TIP = _tip(True)
_FILES = "files(first: %d%s) { pageInfo { hasNextPage endCursor } " \
         "nodes { path changeType } }"
# Reviews that can be votes (`core.voting.votes`): a commented review never is, so a flood of
# them, which anyone may leave on a public repository, is never read; nor a pending one
VOTING = "[APPROVED, CHANGES_REQUESTED, DISMISSED]"
_REVIEW = "nodes { fullDatabaseId state submittedAt author { ...Who } commit { oid } }"
_REVIEWS = "reviews(first: %%d%%s, states: %s) { totalCount pageInfo { hasNextPage endCursor } " \
           "%s }" % (VOTING, _REVIEW)
# past a page of them, each player's by author (all they cast) and every other account's latest
# approval or request for changes: one account's thousand approvals are one review read
_BY = "reviews(first: %%d%%s, author: $%%s, states: %s) { pageInfo { hasNextPage endCursor } " \
      "%s }" % (VOTING, _REVIEW)
_OPINIONS = "latestOpinionatedReviews(first: %%d%%s) { pageInfo { hasNextPage endCursor } %s }" \
    % _REVIEW
_REACTIONS = "reactions(first: %d%s) { pageInfo { hasNextPage endCursor } " \
             "nodes { databaseId content createdAt user { login databaseId } } }"
_PULL = """fragment Pull on PullRequest {
  number title body createdAt updatedAt closedAt mergedAt state isDraft baseRefName headRefOid
  changedFiles
  author { ...Who }
  readied: timelineItems(itemTypes: [READY_FOR_REVIEW_EVENT], last: 1) {
    nodes { ... on ReadyForReviewEvent { createdAt } }
  }
  labels(first: %(page)d) { nodes { name } }
  commits(last: 1) {
    nodes { commit { oid status { context(name: "%(context)s") { state description
      targetUrl creator { ...Who } } } } }
  }
  %(files)s
  %(reviews)s
}""" % {"page": PAGE, "context": STATUS_CONTEXT, "files": _FILES % (PAGE, ""),
        "reviews": _REVIEWS % (PAGE, "")}

# What merging a pull request would make (GitHub's test merge, made in the background),
# and the commit of the default branch it merged into: the top of both trees and the
# rules' and the state's folders, to compare (the folders of records where they differ,
# `FOLDERS`: a run's merge does not list ten thousand records three times).
_LAYOUT = """fragment Layout on Commit {
  oid
  tree { entries { path oid } }
  rules: file(path: "rules") { ...Dir }
  state: file(path: "state") { ...Dir }
  judgments: file(path: "judgments") { ...Dir }
}"""
RECORD_FOLDERS = ("proposals", "actions")
MERGING = f"""query Merging($owner: String!, $name: String!, $number: Int!) {{
  repository(owner: $owner, name: $name) {{
    pullRequest(number: $number) {{
      mergeable
      potentialMergeCommit {{ ...Layout parents(first: 2) {{ nodes {{ ...Layout }} }} }}
    }}
  }}
}}
{_LAYOUT}
{_DIR}"""


@frozen
class PotentialMerge:
    """GitHub's test merge of a pull request, from a `MERGING` answer."""

    conflicts: bool  # GitHub found they conflict: it makes no test merge
    merged_into: str | None = None  # the default branch's commit it merged into
    head: str | None = None  # the pull request's commit it merged
    before: dict[str, str] = field(default_factory=dict)  # `_layout` of merged_into
    after: dict[str, str] = field(default_factory=dict)  # `_layout` of the test merge
    # the paths in `after` that are folders (in rules/, state/, judgments/), not files
    folders: frozenset[str] = frozenset()

    @property
    def made(self) -> bool:
        return self.merged_into is not None

    def changed(self) -> set[str]:
        """The paths (a file, or a folder below the game's) whose content the merge changes."""
        return {path for path in self.before.keys() | self.after.keys()
                if self.before.get(path) != self.after.get(path)}


def potential_merge(answer: dict[str, Any]) -> PotentialMerge:
    pull = answer["repository"]["pullRequest"] or {}
    made = pull.get("potentialMergeCommit")
    parents = (made or {}).get("parents", {}).get("nodes") or []
    # a conflict whatever test merge GitHub still holds (it keeps the last it could make)
    conflicts = pull.get("mergeable") == "CONFLICTING"
    if len(parents) != 2:  # none yet, or none to make: there is nothing to compare
        return PotentialMerge(conflicts)
    return PotentialMerge(conflicts, parents[0]["oid"], parents[1]["oid"], _layout(parents[0]),
                          _layout(made), frozenset(
                              e["path"] for folder in ("rules", "state", "judgments")
                              for e in _entries(made, folder) if e.get("type") == "tree"))


def _layout(commit: dict[str, Any]) -> dict[str, str]:
    """path -> oid of the entries at the top of a commit's tree and in rules/, state/ and
    judgments/ (a Judgment's records: few)."""
    found = {e["path"]: e["oid"] for e in commit["tree"]["entries"]}
    for folder in ("rules", "state", "judgments"):
        found.update({e["path"]: e["oid"] for e in _entries(commit, folder)})
    return found


def _entries(commit: dict[str, Any], folder: str) -> list[dict[str, Any]]:
    return ((commit.get(folder) or {}).get("object") or {}).get("entries", [])


# the entries of trees, by oid: a folder of records the test merge changes
FOLDERS = """query Folders($owner: String!, $name: String!, $before: GitObjectID!,
                  $after: GitObjectID!, $hasBefore: Boolean!, $hasAfter: Boolean!) {
  repository(owner: $owner, name: $name) {
    before: object(oid: $before) @include(if: $hasBefore) { ... on Tree { entries { path oid } } }
    after: object(oid: $after) @include(if: $hasAfter) { ... on Tree { entries { path oid } } }
  }
}"""


def with_folders(merge: PotentialMerge, folder: str, answer: dict[str, Any]) -> PotentialMerge:
    """The test merge compared in a folder of records too, from a `FOLDERS` answer."""
    def entries(side: str) -> dict[str, str]:
        tree = answer["repository"].get(side) or {}
        return {f"{folder}/{e['path']}": e["oid"] for e in tree.get("entries", ())}
    return PotentialMerge(merge.conflicts, merge.merged_into, merge.head,
                          {**merge.before, **entries("before")},
                          {**merge.after, **entries("after")})


# The first query of a run: the default branch, the pinned issues (is the game issue one?)
# and a page of open pull requests; into the branch `$base` where the run knows its name
# (`game_query`): those into another change no rule, and a stranger may open hundreds
_GAME = """query Game($owner: String!, $name: String!, $after: String, $tip: Boolean!%s) {
  repository(owner: $owner, name: $name) {
    defaultBranchRef @include(if: $tip) { name target { ...Tip } }
    pinnedIssues(first: 3) @include(if: $tip) { nodes { issue { number } } }
    pullRequests(states: OPEN, first: %d, after: $after,%s
                 orderBy: {field: CREATED_AT, direction: ASC}) {
      pageInfo { hasNextPage endCursor }
      nodes { ...Pull }
    }
  }
}
%s
%s
%s
%s"""


def game_query(into: bool, open_listed: bool = True) -> str:
    """The first query of a run (`_GAME`), listing the pull requests into `$base` alone, or
    all of them; the indexes' open thousands listed, or named by their trees alone."""
    return _GAME % (", $base: String!" if into else "", PULLS_PAGE,
                    " baseRefName: $base," if into else "", _tip(open_listed), _DIR, _PULL,
                    _WHO)


# The game's files at a given commit (after a merge moved the default branch); or so, the
# open thousands' trees named alone, where a run has listed those trees (a merge mostly
# leaves them as they were: fifty pieces near a thousand's end, 3.8 kB, not read again)
TIP, TIP_KNOWN = (f"""query Tip($owner: String!, $name: String!, $oid: GitObjectID!) {{
  repository(owner: $owner, name: $name) {{ object(oid: $oid) {{ ...Tip }} }}
}}
{_tip(listed)}
{_DIR}""" for listed in (True, False))

# A comment, as a run reads the engine's vote comment: by the link the `nomic/vote` status
# on the head holds (`vote_link`), or else on the first page of the thread, or its latest
_SAID = "fragment Said on IssueComment { id databaseId url body author { ...Who } " \
        "pullRequest { number } }"
_THREAD = "comments(%s: %d) { pageInfo { hasNextPage } nodes { ...Said } }"
LINK_KEY = "nomic-ci-vote"  # the vote comment's GraphQL id, in the status's target URL


def vote_link(url: str, node_id: str) -> str:
    """The `nomic/vote` status's target: the vote comment's address, which players follow,
    with its GraphQL id, by which the next run reads that comment alone (not a page of talk)."""
    base, mark, fragment = url.partition("#")
    return f"{base}?{urlencode({LINK_KEY: node_id})}{mark}{fragment}"


def linked(target: str | None) -> tuple[str, int, str] | None:
    """What a `vote_link` names: the comment's GraphQL id, its number, and the address's
    path (`/owner/name/pull/12`); None for any other target."""
    parts = urlsplit(target or "")
    ids = parse_qs(parts.query).get(LINK_KEY) or []
    comment = re.fullmatch(r"issuecomment-([0-9]{1,19})", parts.fragment)
    if len(ids) != 1 or comment is None:
        return None
    return ids[0], int(comment.group(1)), parts.path.rstrip("/")


# the game issue, pinned to the repository's issues page (GitHub has no REST call for it)
PIN_ISSUE = """mutation Pin($issueId: ID!) {
  pinIssue(input: {issueId: $issueId}) { issue { number } }
}"""

_BLOB = "... on Blob { oid text isBinary isTruncated }"


class GraphQLError(GithubException):
    """GitHub answered a query with errors (a rate limit, a timeout, a partial answer): the
    run stops rather than decide on part of the facts; the next run reads them again."""

    def __init__(self, errors: list[dict[str, Any]], headers: dict[str, Any] | None = None):
        kinds = sorted({str(e.get("type") or "ERROR") for e in errors})
        first = str(errors[0].get("message") or "no message") if errors else "no message"
        super().__init__(200, {"message": f"GraphQL {', '.join(kinds)}: {first}",
                               "errors": errors}, headers or {})
        self.kinds = kinds


def answer(data: Any, headers: dict[str, Any] | None = None,
           may_miss: Iterable[str] = ()) -> dict[str, Any]:
    """The `data` of a GraphQL answer; any error, even beside partial data, stops the run,
    but for a node not found at one of the aliases `may_miss` (a comment deleted, a pull
    request GitHub shows no more)."""
    if not isinstance(data, dict):
        raise GraphQLError([{"message": "the answer is not a JSON object"}], headers)
    missing = set(may_miss)
    errors = [e for e in data.get("errors") or () if not (
        isinstance(e, dict) and e.get("type") == "NOT_FOUND"
        and missing & set((e.get("path") or [])[:2]))]
    if errors:
        raise GraphQLError(errors, headers)
    if not isinstance(data.get("data"), dict):
        raise GraphQLError([{"message": "the answer holds no data"}], headers)
    return data["data"]


def moment(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text.replace("Z", "+00:00"))


def kept_read(commit: dict[str, Any], engine: str) -> str | None:
    """The description of the engine's `READ_CONTEXT` status on a commit read with `_TIP`
    (None: none, or another account's: anyone who may push may set a status)."""
    context = (commit.get("read") or {}).get("context")
    if context is None or login(context.get("creator")) != engine:
        return None
    return context.get("description") or ""


def readable(text: str) -> str:
    """A player's text as GitHub's JSON gave it, with each character the engine could not
    write on shown as U+FFFD: a NUL (git refuses it in a commit message, which names a
    proposal's title or a command's words) and half a surrogate pair (JSON may escape one;
    no UTF-8 stream writes it). Any other text, as it is."""
    if "\0" not in text and (text.isascii() or not any("\ud800" <= c <= "\udfff"
                                                        for c in text)):
        return text
    return "".join("\ufffd" if c == "\0" or "\ud800" <= c <= "\udfff" else c for c in text)


def login(actor: dict[str, Any] | None) -> str | None:
    """The login as the REST API spells it: GraphQL names a bot without its `[bot]`."""
    if actor is None:
        return None
    return f"{actor['login']}[bot]" if actor.get("__typename") == "Bot" else actor["login"]


def account(actor: dict[str, Any] | None) -> Account:
    """The account of an author, an actor or a user; GitHub's "ghost" where the account is
    deleted (GitHub gives no actor then)."""
    if actor is None:
        return Account("ghost")
    return Account(login(actor) or "ghost", actor.get("databaseId"))


# GitHub's GraphQL names of reactions and file changes, as REST and the core spell them
REACTIONS = {"THUMBS_UP": "+1", "THUMBS_DOWN": "-1", "LAUGH": "laugh", "HOORAY": "hooray",
             "CONFUSED": "confused", "HEART": "heart", "ROCKET": "rocket", "EYES": "eyes"}
CHANGES = {"ADDED": "added", "DELETED": "removed", "RENAMED": "renamed", "COPIED": "copied",
           "MODIFIED": "modified", "CHANGED": "modified"}


def tip_files(commit: dict[str, Any]) -> tuple[dict[str, str], bool, dict[str, str]]:
    """The game's files at a commit that a run reads, path -> blob oid; whether rules/,
    state/ holds folders (which this listing does not go into); and the trees of the
    folders of records, by folder (`deferral.KEPT`), whose records are listed only when
    one is asked for, and of an index's closed thousands (`deferral.shelved`), likewise."""
    found: dict[str, str] = {}
    nested = False
    # core.files.GAME_DIRS, but for the folders of records (their kept names, below)
    for folder in ("rules", "state", "judgments"):
        entries = ((commit.get(folder) or {}).get("object") or {}).get("entries") or []
        for entry in entries:
            if entry["type"] == "blob":
                found[entry["path"]] = entry["oid"]
            elif entry["type"] == "tree":
                nested = True
    folders = {f"{alias}/": (commit.get(alias) or {}).get("oid") for alias in
               ("proposals", "actions") if (commit.get(alias) or {}).get("type") == "tree"}
    for alias, _ in _KEPT:
        kept = commit.get(alias) or {}
        if kept.get("type") == "blob":
            found[kept["path"]] = kept["oid"]
        for entry in (kept.get("object") or {}).get("entries") or []:
            if alias in _OPENED:  # an index's open thousand: its pieces
                found[f'{kept["path"]}/{entry["name"]}'] = entry["oid"]
            elif entry["type"] == "blob":  # an index's files
                found[entry["path"]] = entry["oid"]
            elif entry["type"] == "tree" and shelved(entry["path"] + "/"):
                folders[entry["path"] + "/"] = entry["oid"]
    return found, nested, folders


def open_trees(commit: dict[str, Any]) -> dict[str, str]:
    """The trees of the indexes' open thousands at a commit (`index/latest/`), by folder:
    a full one moves to its own folder as one tree entry (`githubforge`)."""
    return {f'{kept["path"]}/': kept["oid"] for alias in sorted(_OPENED)
            if (kept := commit.get(alias) or {}).get("type") == "tree"}


def open_listed(commit: dict[str, Any], listings: dict[str, list]) -> bool:
    """Fill in the pieces of a commit's open thousands, read with `TIP_KNOWN`, from the
    listings of their trees already read (by tree oid); False where one is not known."""
    for alias in _OPENED:
        kept = commit.get(alias) or {}
        if kept.get("type") == "tree":
            if kept["oid"] not in listings:
                return False
            kept["object"] = {"entries": listings[kept["oid"]]}
    return True


def open_listings(commit: dict[str, Any]) -> dict[str, list]:
    """The pieces of a commit's open thousands as read, by their trees' oids."""
    return {kept["oid"]: kept["object"]["entries"] for alias in _OPENED
            if (kept := commit.get(alias) or {}).get("type") == "tree"
            and "entries" in (kept.get("object") or {})}


@dataclass
class Pull:
    """One pull request as read so far: the first page of everything, then the rest."""

    node: dict[str, Any]
    files: list[tuple[str, str]] = field(default_factory=list)  # (change type, path)
    reviews: list[dict[str, Any]] = field(default_factory=list)  # those that can be votes
    review_count: int = 0  # how many of them GitHub holds (`_REVIEWS`' totalCount)
    reactions: list[dict[str, Any]] | None = None  # None: not read
    cursors: dict[str, str | None] = field(default_factory=dict)  # what has a next page
    said: list[dict[str, Any]] | None = None  # the engine's vote comment(s) (None: not read)
    said_next: tuple[str, str | None] | None = None  # how to look for it next (`said_read`)
    # logins whose reviews are read by author (`by_voter`), with the player's id if known
    voted_by: dict[str, int | None] | None = None

    @classmethod
    def of(cls, node: dict[str, Any]) -> "Pull":
        pull = cls(node)
        for kind in ("files", "reviews", "reactions"):
            if kind in node:
                pull.take(kind, node[kind])
        return pull

    @property
    def number(self) -> int:
        return self.node["number"]

    def take(self, kind: str, connection: dict[str, Any] | None) -> None:
        """Add a page of files, reviews (`reviewing`) or reactions, and remember where the
        next starts."""
        if connection is None:  # GitHub could not list them: never count without them
            if kind == "files" and self.node["changedFiles"] >= MAX_FILES:
                return  # a proposal too big to count: refused for that
            raise GraphQLError([{"type": "INCOMPLETE",
                                 "message": f"GitHub listed no {kind} of #{self.number}"}])
        nodes = connection["nodes"]
        if kind == "files":
            self.files += [(n["changeType"], n["path"]) for n in nodes]
        elif kind == "reactions":
            self.reactions = (self.reactions or []) + nodes
        else:
            self.reviews += nodes
            self.review_count = connection.get("totalCount", self.review_count)
        page = connection["pageInfo"]
        self.cursors.pop(kind, None)
        if page["hasNextPage"]:
            self.cursors[kind] = page["endCursor"]

    def by_voter(self, voters: Collection[Account]) -> None:
        """Past the first page of reviews that can be votes, read each player's by author (all
        they cast: a tally, a timer, an objection may need any) and every other account's
        latest approval or request for changes, where that takes fewer queries than the pages
        left: one account's thousand approvals then cost one review read. Of a stranger,
        whose vote never counts, the record then lists the latest only. A player renamed
        since the players' file named them (their id stays) shows under the new login among
        the reviews read: theirs are read by that login too, once those latest are in; and
        the old login, where another account took it, no further than its first page."""
        if self.voted_by is None:
            if "reviews" not in self.cursors:
                return
            pages_left = -(-self.review_count // PAGE) - 1
            if pages_left <= -(-(len(voters) + 1) // ALIASES):
                return
            del self.cursors["reviews"]
            self.cursors["opinions"] = None
            self.voted_by = {}
            found = [(v.login, v.id) for v in voters]
        elif "opinions" in self.cursors:
            return
        else:
            ids = {v.id for v in voters if v.id is not None}
            found = [(r["author"]["login"], r["author"]["databaseId"]) for r in self.reviews
                     if r["author"] and r["author"].get("databaseId") in ids]
        for name, id_ in found:
            if name not in self.voted_by:
                self.voted_by[name] = id_
                self.cursors[f"by:{name}"] = None
        shown = {r["author"]["login"].lower(): r["author"].get("databaseId")
                 for r in self.reviews if r["author"]}
        for name, id_ in self.voted_by.items():
            if id_ is not None and shown.get(name.lower(), id_) != id_:
                self.cursors.pop(f"by:{name}", None)  # the login is another account's now

    def pending(self) -> list[str]:
        """What has a page still to read (`Batch.page`)."""
        return [kind for kind in self.cursors if self.wants(kind)]

    def wants(self, kind: str) -> bool:
        if kind == "files" and self.node["changedFiles"] >= MAX_FILES:
            return False  # it cannot be counted anyway: reading the rest would be wasted
        return kind in self.cursors

    @property
    def ready_at(self) -> datetime | None:
        nodes = self.node["readied"]["nodes"]
        return moment(nodes[-1]["createdAt"]) if nodes and nodes[-1] else None

    def review_facts(self) -> tuple[Review, ...]:
        unique = {r["fullDatabaseId"]: r for r in self.reviews}  # read by author and as latest
        return tuple(Review(int(r["fullDatabaseId"]), account(r["author"]),
                            ReviewState.parse(r["state"]),
                            (r["commit"] or {}).get("oid"), moment(r["submittedAt"]))
                     for r in unique.values() if r["author"] is not None and r["submittedAt"])

    def reaction_facts(self) -> tuple[Reaction, ...]:
        return tuple(Reaction(r["databaseId"], Account(r["user"]["login"], r["user"]["databaseId"]),
                              REACTIONS.get(r["content"], r["content"].lower()),
                              moment(r["createdAt"]))
                     for r in self.reactions or () if r["user"] is not None)

    def labels(self) -> list[str]:
        if self.node["labels"] is None:  # setting them would drop the ones not known
            raise GraphQLError([{"type": "INCOMPLETE",
                                 "message": f"GitHub listed no labels of #{self.number}"}])
        return [label["name"] for label in self.node["labels"]["nodes"]]

    def status(self, engine: str) -> list[tuple[str, str, str | None]] | None:
        """The engine's `nomic/vote` status on the head, as [(state, description, target)]
        or []; None when the answer is not about the head (then ask REST)."""
        commits = self.node["commits"]["nodes"]
        commit = commits[-1]["commit"] if commits and commits[-1] else None
        if commit is None or commit["oid"] != self.node["headRefOid"]:
            return None
        context = (commit.get("status") or {}).get("context")
        if context is None or login(context.get("creator")) != engine:
            return []
        return [(context["state"].lower(), context.get("description") or "",
                 context.get("targetUrl"))]

    def linked_comment(self, engine: str) -> tuple[str, int] | None:
        """The GraphQL id and the number of the comment on this pull request that the
        engine's `nomic/vote` status on the head links (`vote_link`); None where there is no
        such status (another account's, or none: a head just pushed, a game an older engine
        began) or it links no comment of this pull request (two can share a head)."""
        status = self.status(engine)
        link = linked(status[0][2]) if status else None
        if link is None or not link[2].endswith(f"/pull/{self.number}"):
            return None
        return link[0], link[1]

    def said_read(self, engine: str) -> tuple[str, str | None] | None:
        """What to read next to find the engine's vote comment: ("comment", its id) where
        the status links it, else ("first", None), then ("latest", None) where the first page
        of the thread's comments holds none and there are more; None once looked for."""
        if self.said is not None:
            return None
        if self.said_next is None:
            linked = self.linked_comment(engine)
            self.said_next = ("comment", linked[0]) if linked else ("first", None)
        return self.said_next

    def take_said(self, kind: str, found: dict[str, Any] | None, engine: str) -> None:
        """Take what a `said_read` read: the linked comment where it is the engine's vote
        comment on this pull request, else the engine's vote comments on the page read."""
        if kind == "comment":
            linked = self.linked_comment(engine)
            if found and linked and found.get("databaseId") == linked[1] and self._votes(
                    found, engine) and (found.get("pullRequest") or {}).get("number") == \
                    self.number:
                self.said = [found]
            else:  # deleted, or not what the link says: look for it as an older engine did
                self.said_next = ("first", None)
            return
        if found is None:
            raise GraphQLError([{"type": "INCOMPLETE",
                                 "message": f"GitHub listed no comments of #{self.number}"}])
        mine = [c for c in found["nodes"] if c and self._votes(c, engine)]
        if kind == "first" and not mine and found["pageInfo"]["hasNextPage"]:
            self.said_next = ("latest", None)  # after more than a page of others
        else:
            self.said = mine

    @staticmethod
    def _votes(comment: dict[str, Any], engine: str) -> bool:
        """A vote comment: the engine's, marked (one a player with the rights unmarked is
        left as they made it, and the vote shown in a new one)."""
        return login(comment.get("author")) == engine and MARKER in (comment.get("body") or "")


@dataclass
class Batch:
    """One query of aliased reads: more pages of some pull requests, whole pull requests,
    blob texts. Each read names what to do with its answer."""

    reads: list[tuple[str, str, str, Any]] = field(default_factory=list)  # alias, type, sel, key
    variables: dict[str, Any] = field(default_factory=dict)
    blobs: set[str] = field(default_factory=set)
    top: set[str] = field(default_factory=set)  # the aliases read beside the repository
    missable: set[str] = field(default_factory=set)  # aliases GitHub may find nothing at

    def __len__(self) -> int:
        return len(self.reads)

    def page(self, pull: Pull, kind: str) -> None:
        """The next page of a pull request's files, reviews or reactions (the first page of
        reactions, which the first query leaves out, and of reviews read by voter)."""
        var = f"c{len(self.reads)}"
        self.variables[var] = pull.cursors.get(kind)
        if kind.startswith("by:"):
            author = f"a{len(self.reads)}"
            self.variables[author] = kind.removeprefix("by:")
            # a login no account has now (a player renamed, named without an id) may be
            # answered NOT_FOUND: no reviews by it, as anyone's GitHub does not know
            self.missable.add(f"r{len(self.reads)}")
            selection = _BY % (PAGE, f", after: ${var}", author)
        else:
            selection = {"files": _FILES, "reviews": _REVIEWS, "reactions": _REACTIONS,
                         "opinions": _OPINIONS}[kind] % (PAGE, f", after: ${var}")
        self.reads.append((f"r{len(self.reads)}", f"pullRequest(number: {pull.number})",
                           f"page: {selection}", (kind, pull.number)))

    def pull(self, number: int, reactions: bool) -> None:
        """A pull request the first query did not list, with its reactions if wanted."""
        more = f" {_REACTIONS % (PAGE, '')}" if reactions else ""
        self.missable.add(f"r{len(self.reads)}")  # gone: `GitHubReader.gone` makes sure
        self.reads.append((f"r{len(self.reads)}", f"pullRequest(number: {number})",
                           f"...Pull{more}", ("pull", number)))

    def said(self, pull: Pull, read: tuple[str, str | None]) -> None:
        """A read that looks for the engine's vote comment (`Pull.said_read`)."""
        kind, node_id = read
        alias = f"r{len(self.reads)}"
        if kind == "comment":  # by its id: beside the repository, as GitHub finds a node
            var = f"n{len(self.reads)}"
            self.variables[var] = node_id
            self.top.add(alias)
            self.missable.add(alias)
            self.reads.append((alias, f"node(id: ${var})", "... on IssueComment { ...Said }",
                               (kind, pull.number)))
            return
        self.reads.append((alias, f"pullRequest(number: {pull.number})",
                           _THREAD % ("first" if kind == "first" else "last", PAGE),
                           (kind, pull.number)))

    def blob(self, name: str) -> None:
        """A blob by its oid, or by `commit:path`."""
        var = f"{'e' if ':' in name else 'o'}{len(self.reads)}"
        self.variables[var] = name
        argument = "expression" if ":" in name else "oid"
        self.blobs.add(name)
        self.reads.append((f"r{len(self.reads)}", f"object({argument}: ${var})", _BLOB,
                           ("blob", name)))

    def text(self) -> str:
        types = {"c": "String", "e": "String!", "o": "GitObjectID!", "n": "ID!", "a": "String"}
        declared = ", ".join(f"${v}: {types[v[0]]}" for v in self.variables)

        def lines(top: bool) -> str:
            return "".join(f"\n  {'' if top else '  '}{alias}: {target} {{ {sel} }}"
                           for alias, target, sel, _ in self.reads if (alias in self.top) == top)
        kinds = {read[3][0] for read in self.reads}
        fragments = [_PULL] * ("pull" in kinds) + [_SAID] * bool(
            kinds & {"comment", "first", "latest"})
        if fragments or any(map(reviewing, kinds)):
            fragments.append(_WHO)
        return (f"query More($owner: String!, $name: String!{', ' if declared else ''}"
                f"{declared}) {{\n"
                f"  repository(owner: $owner, name: $name) {{{lines(False)}\n  }}{lines(True)}"
                f"\n}}" + "".join(f"\n{f}" for f in fragments))

    def answers(self, data: dict[str, Any]) -> Iterable[tuple[tuple[str, Any], Any]]:
        repository = data["repository"]
        for alias, _, _, key in self.reads:
            found = data.get(alias) if alias in self.top else repository.get(alias)
            if (key[0] in ("files", "reactions") or reviewing(key[0])) and found is not None:
                found = found["page"]
            elif key[0] in ("first", "latest") and found is not None:
                found = found["comments"]
            yield key, found


def reviewing(kind: str) -> bool:
    """Whether a page read (`Batch.page`) is of reviews: all that can be votes, a voter's, or
    every account's latest."""
    return kind in ("reviews", "opinions") or kind.startswith("by:")


def batches(blobs: Iterable[str]) -> list[list[str]]:
    items = list(blobs)
    return [items[i:i + ALIASES] for i in range(0, len(items), ALIASES)]
