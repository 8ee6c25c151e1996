"""GitHub as a forge, through PyGithub: pull requests are proposals, reviews are votes.

Everything a run learns about a pull request is read through the API as data
(`githubreader`, through GraphQL, a few requests a run); no pull-request code is ever
checked out. What the engine writes goes through REST. The engine's own changes to the
default branch go in through the Git Data API as fast-forward commits, and a
passed proposal is merged pinned to the head its votes were counted on.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from typing import Callable, Collection, Iterable, Iterator, Mapping, Sequence, TypeVar

from .lazyimports import PYGITHUB_UNUSED, defer

defer(*PYGITHUB_UNUSED)  # before PyGithub: it imports them for what a run never does

from github import GithubException, InputGitTreeElement
from github.GithubObject import NotSet
from github.Commit import Commit
from github.GitCommit import GitCommit
from github.GitRef import GitRef
from github.GitTree import GitTree
from github.Issue import Issue
from github.IssueComment import IssueComment
from github.PaginatedList import PaginatedList
from github.PullRequest import PullRequest
from github.Repository import Repository
from requests.utils import parse_header_links

from ..core.facts import Account, Comment, ForgeState, Proposal
from ..core.files.changes import unlisted
from ..core.files.deferral import OPENED
from ..core.files.gamefiles import GameFiles, Moved, changes
from ..core.files.records import Outcome
from ..core.files.rulefiles import is_rule_text
from ..core.files.state import GAME_ISSUE, Tell, reply_id
from ..core.replies import also_told
from ..core.times import hours, iso, moment as time_of
from ..core.voting.admission import merge_breaks
from ..core.voting.decision import VoteView
from ..text.game_issue import MARKER as GAME_MARKER, TITLE as GAME_TITLE
from ..text.quoting import no_mentions, notice
from ..text.vote_comment import MARKER, status_line, sticky_comment
from . import githubgraphql as gql
from .githubgraphql import STATUS_CONTEXT
from .gitobjects import blob_id
from .githubreader import GitHubReader
from .interface import MENTIONS_MOST, MergeResult, MergeStatus

T = TypeVar("T")

VOTING = "voting"  # the label of a proposal in its vote; a decided one is labelled its outcome
LABELS = {name: f"nomic: {name}" for name in [VOTING, *(o.value for o in Outcome)]}
GAME_LABEL = "nomic: game"  # the game issue's: only those with triage rights can label
STATUS = {Outcome.PASSED: "success", Outcome.FAILED: "failure", Outcome.REFUSED: "failure",
          Outcome.RETRACTED: "failure"}


# what may part the clocks of GitHub's commits and its comments
CLOCKS = timedelta(minutes=5)
# A run lists at most this many pages of comments (10,000 at GitHub's 100 a page), and no
# further page once the hour's requests left fall to LISTING_LEAVES, kept for the rest of
# the run (a merge takes about 20, and `reconcile.REQUESTS_KEPT` are kept for the last
# commits): a flood past that is read by the next runs, each from where the last stopped
# (`listed_to`), where before a listing ran until GitHub refused it, and so did the next.
LISTED_PAGES = 100
LISTING_LEAVES = 150
# GitHub turns a public repository's workflows with a schedule off after 60 days without a
# commit, events and schedule alike: the game would stand still until the host turns it on
QUIET = timedelta(days=50)
# GitHub refused to pin the game issue (three are pinned, or the token may not): asked again
# this long after, not at every run; the time is kept in the game issue's text (`_unpinned`)
PIN_AGAIN = timedelta(days=1)
UNPINNED = "<!-- nomic-ci:unpinned "
TEXT_MOST = 65_536  # characters of an issue's or a comment's text: GitHub refuses more
CUT = "\n\n*…shortened: GitHub keeps no longer a text.*\n"
# why GitHub answers 404 for an issue or a pull request it had (`GitHubReader.gone`)
GONE = "deleted, or hidden with its author's account"

# what GitHub says where a merge is refused for a reason that will not change by itself
# (405: a repository rule or branch protection; 403: the token may not, as GITHUB_TOKEN may
# not change .github/workflows/), as against a merge it cannot make just now
LASTING = ("rule violation", "protected branch", "approving review", "not authorized",
           "not accessible", "permission", "refusing to allow")


def _lasting(error: GithubException) -> bool:
    message = str((error.data or {}).get("message", "")) if isinstance(error.data, dict) else ""
    if error.status == 403:
        return "rate limit" not in message.lower()  # a rate limit passes
    return error.status == 405 and any(words in message.lower() for words in LASTING)


class StateConflict(Exception):
    """The default branch moved while this run worked: re-read it and run again."""


def _mark(told: str) -> str:
    """The hidden mark, first in the engine's comment, of the message `told` (a `Tell.id`)."""
    return f"<!-- nomic-ci:{told} -->"


# the status's description: what it says, then the time (`_kept_moment` reads it back)
READ_WORDS = "players' commands answered up to "


def _kept_moment(description: str | None, now: datetime) -> datetime | None:
    """The time the engine's `READ_CONTEXT` status keeps; None where there is none, or it is
    later than the run (no listing starts after its own clock)."""
    if not (description or "").startswith(READ_WORDS):
        return None
    try:
        kept = time_of(description.removeprefix(READ_WORDS))
    except ValueError:
        return None
    return kept if kept <= now else None


def _names(target: str | None) -> tuple:
    """What a status's target names: the comment a `gql.vote_link` links, however GitHub
    spells its address (the same comment linked is the same target), or the target."""
    link = gql.linked(target)
    return link[:2] if link else (target,)


@dataclass
class GitHubForge:
    """The `Forge` of one run on GitHub: made at the run's start, it reads the game then
    (`GitHubReader`); `wrote` is the audit trail of what it changed."""

    repo: Repository
    engine_login: str  # the account the engine comments as: its sticky comment is its own
    now: datetime
    # blobs the workflow's checkout already has, by sha: a cache that spares requests
    local_blobs: Callable[[Iterable[str]], dict[str, bytes]] = lambda shas: {}
    # the files under a tree of the checkout, by its sha: a listing that spares a request
    # (None: no checkout)
    local_files: Callable[[str], dict[str, str] | None] | None = None
    # the branch the workflow checked out, the default one: only pull requests into it are
    # listed (None: all, each then left out or not)
    checked_out: str | None = None
    branch: str = field(init=False)
    tip: str = field(init=False)  # the default branch as this run has moved it
    base_tip: str = field(init=False)  # the default branch as this run found it
    _merges_onto: set[str] = field(init=False)  # the tips a test merge may be made on
    _pending: dict[str, str | Moved | None] = field(default_factory=dict)
    _messages: list[str] = field(default_factory=list)
    _pulls: dict[str, PullRequest] = field(default_factory=dict)
    _facts: dict[str, Proposal] = field(default_factory=dict)
    _reacted: set[str] = field(default_factory=set)  # proposals read with their reactions
    _completed: set[tuple[str, bool]] = field(default_factory=set)  # (key, with reactions)
    open_read: int = 0  # open pull requests into the default branch, drafts included
    _comments: list[Comment] | None = None
    # the engine's `nomic/vote` statuses on a commit, newest first: (state, description, target)
    _status_cache: dict[str, list[tuple[str, str, str | None]]] = field(default_factory=dict)
    wrote: list[str] = field(default_factory=list)  # the audit trail of this run's writes
    _votes: dict[int, list[IssueComment]] = field(default_factory=dict)  # vote comments
    _labels: dict[int, list[str]] = field(default_factory=dict)  # as this run left them
    _game: Issue | None = None  # the game issue, once found or opened
    _closed_game: Issue | None = None  # its newest closed one, as `_found_game_issue` saw
    _pin_refused: datetime | None = None  # when GitHub refused this run to pin it
    _found_date: datetime | None = None  # when the commit this run found was made
    # the engine's comments on a thread since that commit (`_recent`), read once a run
    _recent_cache: dict[int, list[IssueComment]] = field(default_factory=dict)
    writes: int = 0  # the write requests this run made (GitHub limits them: `core.writes`)
    # where the players' comments were answered to, as the tip's status kept it, and as this
    # run would keep it (`keep_answered_before`); how many comments its listing returned, and
    # the latest time any of them was written or edited: GitHub's clock, not the runner's
    _kept: datetime | None = None
    _keep_to: datetime | None = None
    _listed: int = 0
    _newest: datetime | None = None
    _listed_to: datetime | None = None  # where the listing stopped short (`listed_to`)
    paced: bool = True  # whether to keep to GitHub's limits on writes (off: tests that play
    # a month in minutes)
    awake: bool = True  # whether to commit after QUIET days without a commit (off: game over)

    def __post_init__(self) -> None:
        self._reader = GitHubReader(self.repo, self.local_blobs, self.local_files,
                                    self.engine_login)
        for pull in self._reader.read_game(self.checked_out):
            self._keep(pull)
        self.branch = self._reader.branch
        self.tip = self.base_tip = self._reader.tip
        self._found_date = self._reader.tip_date
        # the tips a test merge may have been made on: the run's first, and those only the
        # engine's own commits (state/, proposals/) moved on from, which change no merge base
        self._merges_onto = {self.tip}
        self.open_read = sum(p.node["baseRefName"] == self.branch
                             for p in self._reader.pulls.values())
        self._tip_files: GameFiles | None = None
        self._tree: str | None = None  # the tip's tree, once read
        self._open_trees: dict[str, str] = {}  # the tip's open thousands' trees, by folder
        self._kept = _kept_moment(gql.kept_read(self._reader.tip_read, self.engine_login),
                                  self.now)

    # --- reading -------------------------------------------------------------------------

    def _keep(self, pull: gql.Pull) -> None:
        """What telling and showing need of a pull request, from what the query read of it:
        built from what we know, as `_commit`, so they cost no request."""
        number, node, requester = pull.number, pull.node, self.repo._requester
        self._pulls[str(number)] = PullRequest(requester, {}, {
            "number": number, "url": f"{self.repo.url}/pulls/{number}",
            "issue_url": f"{self.repo.url}/issues/{number}",
            "state": "open" if node["state"] == "OPEN" else "closed",
            "head": {"sha": node["headRefOid"]}}, completed=True)
        self._labels[number] = pull.labels()
        status = pull.status(self.engine_login)
        if status is not None:
            self._status_cache[node["headRefOid"]] = status

    def _comment_of(self, node: dict) -> IssueComment:
        """A comment as the query read it, built from what we know (as `_commit`)."""
        return IssueComment(self.repo._requester, {}, {
            "id": node["databaseId"], "body": node["body"], "node_id": node["id"],
            "html_url": node["url"],
            "url": f"{self.repo.url}/issues/comments/{node['databaseId']}"}, completed=True)

    def _read_tip(self) -> GameFiles:
        """The game's files at the tip: read with the pull requests, or after a merge moved
        the tip, one query more (and blobs not already known)."""
        if self._tip_files is None:
            self._tree, self._tip_files = self._reader.files_at(self.tip)
            self._open_trees = dict(self._reader.open_trees.get(self.tip, {}))
        return self._tip_files

    def read_files(self) -> Mapping[str, str]:
        return self._read_tip().changed(self._pending)

    def proposals(self, known: Collection[str], reactions: bool = False,
                  voters: Collection[Account] | None = None) -> Sequence[Proposal]:
        # only proposals to the default branch: a pull request elsewhere changes no rule
        wanted = [key for key, pull in self._reader.pulls.items() if key in known or (
            pull.node["baseRefName"] == self.branch and not pull.node["isDraft"]
            and pull.node["state"] == "OPEN")]
        wanted += [key for key in known if key not in self._reader.pulls]
        # each completed once a run: a run asks at every step, and K pull requests were
        # looked over K times
        wanted = [key for key in wanted if (key, reactions) not in self._completed]
        for pull in self._reader.complete(wanted, reactions, voters):
            self._keep(pull)
        self._completed.update((key, reactions) for key in wanted)
        for key in wanted:
            if key in self._reader.vanished:  # as closed: a proposal in its vote is withdrawn
                if (key, not reactions) not in self._completed:  # not said by an earlier call
                    self.wrote.append(f"GitHub shows #{key} no more ({GONE}): left out of the "
                                      "game as closed")
                continue
            if key not in self._facts:
                self._facts[key] = self._reader.proposal(key)
            elif reactions and key not in self._reacted:  # the rules came to count them
                old = self._facts[key]
                self._facts[key] = replace(self._reader.proposal(key), state=old.state,
                                           closed_at=old.closed_at)
            if reactions:
                self._reacted.add(key)
        return [p for key, p in self._facts.items() if p.state is ForgeState.OPEN or key in known]

    def drafts(self) -> Sequence[tuple[str, Account]]:
        return [(key, gql.account(pull.node["author"]))
                for key, pull in self._reader.pulls.items()
                if pull.node["isDraft"] and pull.node["state"] == "OPEN"
                and pull.node["baseRefName"] == self.branch]

    def _commit(self, sha: str) -> Commit:
        # built from what we know, so that reading its statuses costs no extra request
        return Commit(self.repo._requester, {}, {"sha": sha, "url": f"{self.repo.url}/commits/{sha}"},
                      completed=True)

    def _statuses(self, sha: str) -> list[tuple[str, str, str | None]]:
        """The engine's own `nomic/vote` statuses on a commit, newest first, as (state,
        description, target): from the first query for heads, else read once a run."""
        if sha not in self._status_cache:
            self._status_cache[sha] = [
                (s.state, s.description or "", s.target_url)
                for s in self._commit(sha).get_statuses()
                if s.context == STATUS_CONTEXT and s.creator and s.creator.login == self.engine_login]
        return self._status_cache[sha]

    # --- acting --------------------------------------------------------------------------

    def merge(self, proposal: Proposal, message: str) -> MergeResult:
        if proposal.state is ForgeState.MERGED:  # before this run: what it was merged onto
            return MergeResult(MergeStatus.MERGED, before=self._merged_onto(proposal))
        if proposal.into is not None:  # never merge anywhere else with the engine's token
            return MergeResult(MergeStatus.NOT_MERGEABLE, f"it targets {proposal.into}, not "
                                                          f"{self.branch}")
        self.flush()  # the state the merge goes on top of must already be in
        hidden = self._hidden_by_merge(proposal)
        if hidden is not None:
            return hidden
        pull = self._pulls[proposal.key]
        title, _, body = message.partition("\n\n")
        self.writes += 1
        try:
            result = pull.merge(sha=proposal.head, merge_method="merge", commit_title=title,
                                commit_message=body)
        except GithubException as error:
            # the merge may have happened even though the answer was an error: look again
            fresh = self.repo.get_pull(pull.number)
            if fresh.merged:
                return self._merged(proposal, fresh.merge_commit_sha)
            detail = (error.data or {}).get("message") if isinstance(error.data, dict) else None
            detail = f"GitHub said {error.status}: {detail or 'no reason given'}"
            if error.status == 409:
                return MergeResult(MergeStatus.HEAD_MOVED, detail)
            if error.status == 405 and fresh.mergeable is False:
                return MergeResult(MergeStatus.NOT_MERGEABLE,
                                   f"{detail}; it conflicts ({fresh.mergeable_state})")
            if error.status == 422:  # GitHub will not merge it as it is
                return MergeResult(MergeStatus.NOT_MERGEABLE, detail)
            if _lasting(error):  # a permission, a rule GitHub enforces: tried a few runs more
                return MergeResult(MergeStatus.REFUSED, detail)
            # still computing, the base just moved, a check pending, a rate limit, or GitHub's
            # own trouble: never a reason to fail the proposal, so try again later
            return MergeResult(MergeStatus.PENDING, detail + (
                f"; mergeable state: {fresh.mergeable_state}" if error.status == 405 else ""))
        return self._merged(proposal, result.sha)

    def _hidden_by_merge(self, proposal: Proposal) -> MergeResult | None:
        """Why not to merge yet, or at all, where GitHub's test merge of the voted head
        makes more than the pull request's files show: after a criss-cross merge, its diff
        from one merge base can hide what the merge (from all of them) changes, such as a
        rule it repeals; and a file main changed too merges into a text no one judged."""
        test = self._reader.potential_merge(int(proposal.key))
        if test.conflicts:
            return MergeResult(MergeStatus.NOT_MERGEABLE,
                               f"it conflicts with {self.branch}")
        if not test.made or test.head != proposal.head:
            return MergeResult(MergeStatus.PENDING, "GitHub has not made its test merge of "
                                                    "this version yet")
        if test.merged_into not in self._merges_onto:  # made before another proposal merged
            return MergeResult(MergeStatus.PENDING, f"GitHub's test merge is of an earlier "
                                                    f"{self.branch}")
        hidden = unlisted(test.changed(), proposal.changes)
        if hidden:
            return MergeResult(MergeStatus.NOT_MERGEABLE, (
                f"merging it would also change {', '.join(hidden)}, which its files do not "
                f"show (its branch merged others): merge {self.branch} into it, so that they "
                "show every change"))
        # a rule another proposal changed since this one forked: the merge's text is one
        # no vote judged (the state's files the engine itself changes as the game goes on)
        mixed = sorted(path for path, text in proposal.texts if is_rule_text(path)
                       and path in test.after and test.after[path] != blob_id(text.encode()))
        if mixed:
            return MergeResult(MergeStatus.NOT_MERGEABLE, (
                f"merging it would make {', '.join(mixed)} differ from its branch ({self.branch} "
                f"changed them too): merge {self.branch} into it, so that the vote is on what "
                "would be merged"))
        # the state's files as the merge makes them, where both sides changed them: they
        # differ from what was judged, and must still read (one query, only then); a folder
        # in state/ is none of the game's (it reads the files at the top)
        proposed = dict(proposal.texts)
        state = {path: oid for path, oid in test.after.items() if path.startswith("state/")
                 and path not in test.folders and test.before.get(path) != oid
                 and oid != blob_id(proposed.get(path, "").encode())}
        texts = self._reader.texts_of(state.values()) if state else {}
        broken = merge_breaks(self._read_tip(), proposal,
                              {p: texts[oid] for p, oid in state.items()}, self.branch)
        return MergeResult(MergeStatus.NOT_MERGEABLE, broken) if broken else None

    def _merged_onto(self, proposal: Proposal) -> Mapping[str, str] | None:
        """The game's files on the commit a pull request merged before this run went onto
        (the merge commit's first parent); None where GitHub names no merge commit. Two
        requests and a read of that tree, only for a merge the engine did not record."""
        sha = self.repo.get_pull(int(proposal.key)).merge_commit_sha
        parents = self.repo.get_git_commit(sha).parents if sha else []
        return self._reader.files_at(parents[0].sha)[1] if parents else None

    def _merged(self, proposal: Proposal, sha: str) -> MergeResult:
        self.wrote.append(f"merged #{proposal.key} at {proposal.head[:7]} as {sha[:7]}")
        self.tip = sha
        self._merges_onto = {sha}  # a test merge made before this one no longer holds
        self._tip_files = self._tree = None
        self._facts[proposal.key] = replace(proposal, state=ForgeState.MERGED, closed_at=self.now)
        self._label(self._pulls[proposal.key], Outcome.PASSED.value)
        self._set_status(proposal.head, STATUS[Outcome.PASSED], Outcome.PASSED.value,
                         self._link(int(proposal.key)))
        return MergeResult(MergeStatus.MERGED)

    def tell(self, message: Tell) -> None:
        if not message.on:
            return  # on the game as a whole: GitHub has no such place
        if message.on == GAME_ISSUE:
            self._tell_game(message)
            return
        try:
            self._tell_on(int(message.on), message)
        except GithubException as error:
            # a message the state holds for a thread GitHub shows no more can never be told:
            # told to no one, it is cleared, where it stopped every run after at telling it
            if error.status not in (404, 410) or not self._reader.gone(message.on):
                raise
            self.wrote.append(f"could not tell #{message.on} ({message.id}): GitHub shows it "
                              f"no more ({GONE}), so the message is dropped")

    def _tell_on(self, number: int, message: Tell) -> None:
        """A message on a pull request or an issue: the comment, the result shown on the
        vote comment, the outcome's label and status, and the closing."""
        self._comment(number, message)
        if message.final is not None:  # nothing on a decided proposal asks for votes
            final = fitted(no_mentions(message.final))
            for sticky in self._vote_comments(number):
                if sticky.body != final:
                    self.writes += 1
                    sticky.edit(final)
                    self.wrote.append(f"showed the result on #{number}")
        if message.outcome is None and not message.close:
            return
        pull = self._pull(message.on)
        if message.outcome is not None:
            outcome = Outcome(message.outcome)
            self._label(pull, outcome.value)
            self._set_status(pull.head.sha, STATUS[outcome], outcome.value, self._link(number))
        if message.close and pull.state == "open":  # last: an open one is told again if we stop
            self.writes += 1
            pull.edit(state="closed")
            self.wrote.append(f"closed #{number}" + (f" ({message.outcome})"
                                                     if message.outcome else ""))

    def _comment(self, number: int, message: Tell) -> None:
        """Post the message as a comment, marked, unless a comment of ours already has the
        mark; the only mentions are the message's own, `MENTIONS_MOST` a comment (the
        message again in each, marked `<id>-2`, `<id>-3`...)."""
        if not message.message:
            return
        mentions = message.mentions
        parts = [mentions[i:i + MENTIONS_MOST] for i in range(0, len(mentions),
                                                              MENTIONS_MOST)] or [()]
        for n, part in enumerate(parts):
            told = message.id if n == 0 else f"{message.id}-{n + 1}"
            mark = _mark(told)
            if not any(mark in (c.body or "") for c in self._recent(number)):
                # the only mentions the engine makes: whom it tells
                text = notice(no_mentions(message.message), part)
                self._post_comment(number, fitted(f"{mark}\n{text}"), mark)
                self.wrote.append(f"told #{number} ({told})")

    def _recent(self, number: int) -> list[IssueComment]:
        """The engine's comments on an issue since the commit this run found, read once a run
        (and those it posts). A message is told only once the state that records it is
        published: by this run, or by one that stopped before clearing it, after its own
        commit, which is this run's first or before it (a thread of ten thousand comments was
        read whole, a hundred requests, at every message). Not after this run's own commits:
        a message left by a run that stopped was told before them."""
        if number not in self._recent_cache:
            since = self._found_date - CLOCKS if self._found_date else None
            pages = _listing(self.repo, f"/issues/{number}/comments",
                             {"since": f"{since.astimezone(timezone.utc):%Y-%m-%dT%H:%M:%SZ}"}
                             if since else {})
            # only the engine's kept, a page at a time: players' talk may be thousands
            self._recent_cache[number] = [
                IssueComment(self.repo._requester, {}, c, completed=True)
                for page, _ in pages for c in page
                if (c.get("user") or {}).get("login") == self.engine_login]
        return self._recent_cache[number]

    def _tell_game(self, message: Tell) -> None:
        """The game issue: its text rewritten, notices as comments on it."""
        issue = self._game_issue(message.final, message.title)
        self._comment(issue.number, message)
        if message.final is None and self._pin_refused is None:
            return
        # a refusal to pin is kept first in the text, which is cut at its end if too long
        text = no_mentions(message.final) if message.final is not None else \
            _without_unpinned(issue.body or "")
        refused = self._unpinned(issue)
        body = fitted((f"{UNPINNED}{iso(refused)} -->\n" if refused else "") + text)
        title = message.title or issue.title
        if (issue.body, issue.title) != (body, title):  # one write, title and text together
            self.writes += 1
            issue.edit(title=title, body=body)
            self.wrote.append(f"updated the game issue #{issue.number}")

    def _game_issue(self, body: str | None, title: str | None = None) -> Issue:
        """The engine's open game issue (labelled, by the engine, with the marker), found once
        a run; else its last one reopened (closed by someone with triage rights), or where
        GitHub refuses, a new one opened; pinned where the token may."""
        if self._game is None:
            self._game = self._found_game_issue() or self._reopened_game_issue()
            if self._game is None:
                self._game = self._once(lambda: self.repo.create_issue(
                    title or GAME_TITLE, fitted(no_mentions(body or GAME_MARKER)),
                    labels=[GAME_LABEL]),
                    self._found_game_issue)
                self.wrote.append(f"opened the game issue #{self._game.number}")
            # also after a stop before it; not again soon where GitHub refused
            if self._game.number not in self._reader.pinned and not self._unpinned(self._game):
                self._pin(self._game)
        return self._game

    def _found_game_issue(self) -> Issue | None:
        """The engine's open game issue, if there is one (the oldest, if several); its newest
        closed one is kept, to reopen where none is open (`_reopened_game_issue`)."""
        listed = PaginatedList(Issue, self.repo._requester, f"{self.repo.url}/issues",
                               {"state": "all", "labels": GAME_LABEL})
        mine = [i for i in listed if i.pull_request is None and i.user is not None
                and i.user.login == self.engine_login and GAME_MARKER in (i.body or "")]
        closed = [i for i in mine if i.state == "closed"]
        self._closed_game = max(closed, key=lambda i: i.number) if closed else None
        opened = [i for i in mine if i.state == "open"]
        return min(opened, key=lambda i: i.number) if opened else None

    def _reopened_game_issue(self) -> Issue | None:
        """The engine's newest closed game issue (`_found_game_issue` listed it), opened again
        (one write): closed by someone with triage rights, its talk and its place stay the
        game's. None where there is none, or GitHub refuses to reopen it."""
        issue = self._closed_game
        if issue is None:
            return None
        self.writes += 1
        try:
            issue.edit(state="open")
        except GithubException as error:
            if error.status >= 500:
                raise  # it may be open again: the next run looks before it opens one
            self.wrote.append(f"could not reopen the game issue #{issue.number}, which was "
                              f"closed ({error.status}): a new one is opened")
            return None
        self.wrote.append(f"reopened the game issue #{issue.number}, which someone closed")
        return issue

    def _once(self, create: Callable[[], T], look: Callable[[], T | None]) -> T:
        """Create something once, whatever GitHub answers: where the answer is lost (a 5xx,
        a connection dropped after the request went out), GitHub may have saved it, so it is
        looked for before it is created again, once; the client never repeats such a write."""
        self.writes += 1
        try:
            return create()
        except (GithubException, OSError) as error:
            if isinstance(error, GithubException) and error.status < 500:
                raise  # refused: nothing was made
            found = look()
            if found is not None:
                return found
            self.writes += 1
            return create()

    def _pin(self, issue: Issue) -> None:
        """Pin the game issue to the repository's issues page, if the token may; a refusal is
        kept in its text (`_unpinned`)."""
        self.writes += 1
        try:
            self._reader.mutate(gql.PIN_ISSUE, issueId=issue.node_id)
            self.wrote.append(f"pinned the game issue #{issue.number}")
        except (gql.GraphQLError, GithubException) as error:
            self.wrote.append(f"could not pin the game issue #{issue.number} ({error}); "
                              f"tried again in {hours(PIN_AGAIN)}")
            if isinstance(error, gql.GraphQLError) or error.status < 500:
                self._pin_refused = self.now

    def _unpinned(self, issue: Issue) -> datetime | None:
        """When GitHub last refused to pin the game issue, if since `PIN_AGAIN`: this run, or
        as a run kept it in the issue's text."""
        if self._pin_refused is not None:
            return self._pin_refused
        body = issue.body or ""
        if not body.startswith(UNPINNED) or issue.number in self._reader.pinned:
            return None
        try:
            refused = time_of(body[len(UNPINNED):].split(" ", 1)[0])
        except ValueError:
            return None
        return refused if self.now - PIN_AGAIN < refused <= self.now else None

    def _pull(self, key: str) -> PullRequest:
        if key not in self._pulls:
            self._pulls[key] = self.repo.get_pull(int(key))
        return self._pulls[key]

    def _vote_comments(self, number: int) -> list[IssueComment]:
        """The engine's vote comment on a pull request (more than one only where an older
        engine left them): as the run read it with the pull request (`GitHubReader.
        vote_comments`), or, for one the first query did not read, from all its comments,
        once a run."""
        if number not in self._votes:
            if str(number) in self._reader.pulls:
                self._votes[number] = [self._comment_of(c)
                                       for c in self._reader.vote_comments(str(number))]
            else:
                self._votes[number] = self._listed_votes(number)
        return self._votes[number]

    def _listed_votes(self, number: int) -> list[IssueComment]:
        """The engine's vote comments among all the comments of an issue (every page)."""
        listed = PaginatedList(IssueComment, self.repo._requester,
                               f"{self.repo.url}/issues/{number}/comments", None)
        return [c for c in listed if c.user and c.user.login == self.engine_login
                and MARKER in (c.body or "")]

    def _link(self, number: int) -> str | None:
        """The `nomic/vote` status's target on a pull request: its vote comment, where this
        run knows it without another request (`gql.vote_link`)."""
        pull = self._reader.pulls.get(str(number))
        if number not in self._votes and (pull is None or pull.said is None):
            return None
        mine = self._vote_comments(number)
        if not mine or not mine[0].html_url or not mine[0].node_id:
            return None
        return gql.vote_link(mine[0].html_url, mine[0].node_id)

    def _post_comment(self, number: int, body: str, mark: str) -> IssueComment:
        """Post a comment marked `mark`, once (`_once`: looked for again by its mark)."""
        def post() -> IssueComment:
            headers, data = self.repo._requester.requestJsonAndCheck(
                "POST", f"{self.repo.url}/issues/{number}/comments", input={"body": body})
            return IssueComment(self.repo._requester, headers, data, completed=True)

        def look() -> IssueComment | None:
            self._recent_cache.pop(number, None)
            # a vote comment may be from any run: the thread read whole; any other message
            # is from this run, or one that stopped since the latest commit it knows
            found = self._listed_votes(number) if mark == MARKER else self._recent(number)
            return next((c for c in found if mark in (c.body or "")), None)

        posted = self._once(post, look)
        kept = self._recent_cache.get(number)
        if kept is not None and all(c.id != posted.id for c in kept):
            kept.append(posted)
        return posted

    def show(self, proposal: Proposal, view: VoteView) -> None:
        """The sticky comment, the `nomic/vote` status (linking the comment, where the next
        run reads it: `gql.vote_link`) and the voting label."""
        body = fitted(no_mentions(sticky_comment(view)))
        number = int(proposal.key)
        mine = self._vote_comments(number)
        if not mine:
            mine.append(self._post_comment(number, body, MARKER))
            self.wrote.append(f"posted the vote on #{proposal.key}")
        elif mine[0].body != body:
            self.writes += 1
            mine[0].edit(body)
            self.wrote.append(f"updated the vote on #{proposal.key}")
        self._set_status(proposal.head, "pending", status_line(view), self._link(number))
        self._label(self._pulls[proposal.key], VOTING)

    def _set_status(self, sha: str, state: str, description: str,
                    link: str | None = None) -> None:
        """The engine's `nomic/vote` status on a commit, unless it says so already; its
        target the vote comment, where the run knows it (`link`)."""
        latest = self._statuses(sha)[:1]  # GitHub lists the newest first
        if latest and latest[0][:2] == (state, description[:140]) and \
                _names(latest[0][2]) == _names(link):
            return
        self.writes += 1
        try:
            self._commit(sha).create_status(state, target_url=link or NotSet,
                                            description=description[:140],
                                            context=STATUS_CONTEXT)
        except GithubException as error:
            if error.status != 422 or "maximum number of statuses" not in str(error.data):
                raise
            # GitHub keeps 1,000 statuses of a context on a commit: a player who turns their
            # vote over and over could make every later run stop here. The vote comment and
            # the label say the same; the status stays as it was
            self.wrote.append(f"could not set the {STATUS_CONTEXT} status on {sha[:7]}: "
                              "GitHub keeps no more of them on one commit")
            return
        self._status_cache[sha] = [(state, description[:140], link)] + self._statuses(sha)

    def _label(self, pull: PullRequest, name: str) -> None:
        wanted = LABELS[name]
        if pull.number not in self._labels:  # a pull request the first query did not read
            self._labels[pull.number] = [label.name for label in pull.labels]
        current = self._labels[pull.number]
        ours = [name for name in current if name in LABELS.values()]
        if ours != [wanted]:
            current[:] = [n for n in current if n not in LABELS.values()] + [wanted]
            self.writes += 1
            pull.set_labels(*current)

    def comments(self, since: datetime | None = None) -> Sequence[Comment]:
        """Players' comments on the repository's issues and pull requests written or edited
        since `since`, read once a run (the first call's `since` is the earliest), to where
        the run's share of requests ends (`listed_to`); each answered where the same listing
        holds the engine's reply to it (alone, or among a player's answers), which always
        comes after it. Listed in the order they were last written (GitHub's `since` is
        by that time too), so a comment edited since is listed once, where its edit falls:
        listed by when it was first written, comments edited by the thousand came first in
        every run, and a run whose pages they filled got no further, run after run."""
        if self._comments is None:
            players: list[tuple[datetime, Comment]] = []
            told: set[str] = set()  # the engine's marks: the comments it replied to
            pages = _listing_by_time(self.repo, "/issues/comments", since)
            for read, (page, more) in enumerate(pages, start=1):
                players += self._players_in(page, told)
                # stopped short past the second after the start alone, so each run gets on
                # (more comments in a second than a run's pages list are read whole)
                if more and page and not self._may_read_another_page(read) and (
                        since is None or _written(page[-1]) > since + timedelta(seconds=1)):
                    # the next page may hold more written in this one's last second
                    self._listed_to = _written(page[-1])
                    players = [(at, c) for at, c in players if at < self._listed_to]
                    break
            self._comments = [replace(c, answered=True) if _mark(reply_id(c.id)) in told
                              else c for _, c in players]
        return self._comments

    def _players_in(self, page: list[dict], told: set[str]) -> list[tuple[datetime, Comment]]:
        """A page of the listing's players' comments, each with when it was last written;
        the engine's own add their marks to `told`."""
        players = []
        for c in page:
            self._listed += 1
            created, written = gql.moment(c["created_at"]), _written(c)
            if self._newest is None or written > self._newest:
                self._newest = written
            user = c.get("user")
            if user and user["login"] == self.engine_login:
                mark, _, shown = (c["body"] or "").partition("\n")  # its own mark, first
                told.update((mark, *map(_mark, also_told(shown))))
            elif user:
                players.append((written, Comment(
                    c["id"], Account(user["login"], user["id"]), gql.readable(c["body"] or ""),
                    created, edited=written > created,
                    on=c["issue_url"].rstrip("/").rsplit("/", 1)[-1])))
        return players

    def _may_read_another_page(self, read: int) -> bool:
        """Whether the listing of comments, `read` pages read, may read the next (the first
        is always read)."""
        left = self.requests_left()
        return read < LISTED_PAGES and (left is None or left > LISTING_LEAVES)

    def listed_to(self) -> datetime | None:
        return self._listed_to

    def write_files(self, files: Mapping[str, str | Moved | None], message: str) -> None:
        self._pending.update(files)
        self._messages.append(message)

    def publish(self) -> None:
        self.flush()

    def flush(self) -> None:
        """Commit what this run wrote as one fast-forward commit on the default branch."""
        tip_files = self._read_tip()
        changed = {p: t for p, t in self._pending.items() if changes(tip_files, p, t)}
        if changed:
            # the tip's tree is known from reading it: built from what we know, as `_commit`
            base = GitCommit(self.repo._requester, {}, {"sha": self.tip}, completed=True)
            base_tree = GitTree(self.repo._requester, {}, {"sha": self._tree}, completed=True)
            elements = _elements(changed, tip_files, self._open_trees)
            self.writes += 3  # the tree, the commit, the branch
            tree = self.repo.create_git_tree(elements, base_tree)
            title = self._messages[0] if len(self._messages) == 1 else \
                f"nomic-ci: {len(self._messages)} changes to the game"
            body = "\n".join(f"- {m}" for m in self._messages) if len(self._messages) > 1 else ""
            commit = self.repo.create_git_commit(f"{title}\n\n{body}".strip(), tree, [base])
            try:
                self._ref().edit(commit.sha, force=False)
            except GithubException as error:
                if error.status in (409, 422):
                    raise StateConflict(f"{self.branch} moved while the engine ran") from error
                raise
            self.tip, self._tree = commit.sha, tree.sha
            self._merges_onto.add(commit.sha)
            self._tip_files = tip_files.changed(changed)
            self._open_trees = {folder: tree for folder, tree in self._open_trees.items()
                                if not any(path.startswith(folder) for path in changed)}
            if any(path.startswith(OPENED) for path in changed):
                self._reader.knows_open(self._tip_files)
            self.wrote.append(f"committed {len(changed)} game file(s) as {commit.sha[:7]}")
        self._pending.clear()
        self._messages.clear()

    def _ref(self) -> GitRef:
        """The default branch, built from what we know (as `_commit`)."""
        return GitRef(self.repo._requester, {}, {
            "ref": f"refs/heads/{self.branch}",
            "url": f"{self.repo.url}/git/refs/heads/{self.branch}"}, completed=True)

    def finish(self) -> None:
        self.flush()
        self._keep_awake()
        self._keep_position()

    def _keep_awake(self) -> None:
        """A commit that changes no file, where the default branch has had none for QUIET
        days: the engine commits only when the game moves, and a game waiting on its players
        for 60 days would find its workflow turned off (`doctor --github` says so too)."""
        if not self.awake or self.tip != self.base_tip or self._found_date is None or \
                self.now - self._found_date < QUIET:
            return
        self._read_tip()  # its tree
        base = GitCommit(self.repo._requester, {}, {"sha": self.tip}, completed=True)
        tree = GitTree(self.repo._requester, {}, {"sha": self._tree}, completed=True)
        self.writes += 2  # the commit, the branch
        commit = self.repo.create_git_commit(
            f"nomic-ci: the game waits on its players ({(self.now - self._found_date).days} "
            "days without a commit, after which GitHub turns the engine off)", tree, [base])
        try:
            self._ref().edit(commit.sha, force=False)
        except GithubException as error:  # moved meanwhile: that is a commit too
            self.wrote.append(f"could not commit to keep the game awake ({error.status})")
            return
        self.tip = commit.sha
        self._merges_onto.add(commit.sha)
        self.wrote.append(f"committed nothing as {commit.sha[:7]}, to keep the game awake")

    def answered_before(self) -> datetime | None:
        return self._kept

    def keep_answered_before(self, moment: datetime) -> None:
        self._keep_to = moment

    def _keep_position(self) -> None:
        """Keep where the next run's listing of comments may start in a status on the
        default branch's tip (`READ_CONTEXT`): no commit, and read with the tip. Set where it
        spares the next run a page of comments or more: after a listing of a page or more, or
        to carry the position onto a tip this run moved (a run that listed less sets none:
        the next reads those again, in the one request it makes anyway). Never past the
        latest time the listing showed (else where it was kept): the position asked for
        follows the runner's clock, and on a runner ahead of GitHub's a command posted while
        the run ran, after its listing, was passed for good."""
        moment, moved = self._keep_to, self.tip != self.base_tip
        if moment is not None:
            seen = [m for m in (self._newest, self._kept) if m is not None]
            moment = min(moment, max(seen)) if seen else None
        if moment is None or (not moved and self._kept is not None and moment <= self._kept):
            return
        if self._listed < gql.PAGE and not (moved and self._kept is not None):
            return
        self.writes += 1
        try:
            self._commit(self.tip).create_status(
                "success", description=READ_WORDS + iso(moment), context=gql.READ_CONTEXT)
        except GithubException as error:  # the next run lists from further back: no harm
            self.wrote.append(f"could not keep where comments were read to ({error.status})")
            return
        self.wrote.append(f"kept that comments are answered to {iso(moment)}")

    def writes_made(self) -> int | None:
        return self.writes if self.paced else None

    def requests_left(self) -> int | None:
        remaining, _ = self.repo._requester.rate_limiting  # from GitHub's latest answer
        return remaining if self.paced and remaining >= 0 else None


def _without_unpinned(body: str) -> str:
    """The game issue's text without the refusal to pin it that a run kept there."""
    return body.split("\n", 1)[1] if body.startswith(UNPINNED) and "\n" in body else body


def fitted(text: str) -> str:
    """A text as GitHub takes it: one too long, which GitHub would refuse (and the run stop
    at each try to write it), cut after its last whole line that fits, and said so. The
    game issue's text keeps within it by itself (`game_issue.BODY_MOST`); this is for what
    players' words make long in a comment."""
    if len(text) <= TEXT_MOST:
        return text
    kept = text[:TEXT_MOST - len(CUT)]
    return kept[:kept.rfind("\n") + 1 or len(kept)].rstrip("\n") + CUT


def _elements(changed: Mapping[str, str | Moved | None], tip: GameFiles,
              trees: Mapping[str, str]) -> list[InputGitTreeElement]:
    """The commit's tree's changes. A folder whose every file moves to a new folder by its
    name, or is written there (an index's full thousand, its last piece written with its
    last line), moves as one entry, its tree by id (`trees`, the tip's), the texts written
    over it after (GitHub's tree API writes a path nested in a tree entry over it): one
    entry where there were fifty."""
    changed = dict(changed)
    whole = []
    for folder, tree in trees.items():
        names = [path[len(folder):] for path in tip.under(folder)]
        moves = {path for path, change in changed.items()
                 if isinstance(change, Moved) and change.path.startswith(folder)}
        places = {path.rsplit("/", 1)[0] + "/" for path in moves}
        if len(places) != 1 or not names or any("/" in name for name in names):
            continue
        place = places.pop()
        if place.startswith(folder) or tip.listed(place) or any(
                changed[path].path[len(folder):] != path[len(place):] for path in moves) or any(
                not (isinstance(changed.get(place + name), str)
                     or changed.get(place + name) == Moved(folder + name)) for name in names):
            continue
        for path in moves:
            del changed[path]
        whole.append(InputGitTreeElement(place.rstrip("/"), "040000", "tree", sha=tree))
    return whole + [_element(path, change, tip) for path, change in sorted(changed.items())]


def _element(path: str, change: str | Moved | None, tip: GameFiles) -> InputGitTreeElement:
    """A file of the commit's tree: its text; a file moved by its blob's id, which the tip
    has (an index's piece, never sent again); or, with no id, removed."""
    if isinstance(change, Moved):
        sha = tip.handle(change.path)
        if sha is None:
            return InputGitTreeElement(path, "100644", "blob", content=tip[change.path])
        return InputGitTreeElement(path, "100644", "blob", sha=str(sha))
    if change is None:
        return InputGitTreeElement(path, "100644", "blob", sha=None)
    return InputGitTreeElement(path, "100644", "blob", content=change)


def _written(comment: dict) -> datetime:
    """When a comment as REST lists it was last written or edited: GitHub's clock."""
    return gql.moment(comment.get("updated_at")) or gql.moment(comment["created_at"])


def _listing_by_time(repo: Repository, path: str, since: datetime | None
                     ) -> Iterator[tuple[list[dict], bool]]:
    """The comments written or edited since `since`, by when each was last written, as
    `_listing` gives them, but each next page asked from the second before the last comment
    read, and what two pages both hold given once. GitHub's next page is asked by number, and
    a comment on a page read that was edited meanwhile (then listed last) or deleted moved
    the next page's first onto it: the listing passed over it, and a player timing an edit
    to a run hid a rival's command from it. Where a page holds no later second to ask from
    (more than a page written in two seconds), GitHub's next page is followed."""
    order = {"sort": "updated", "direction": "asc"}
    given: dict[int, datetime] = {}  # those read that the next page may list again
    pages: Iterator | None = _listing(repo, path, {**order, **(
        {"since": _since(since)} if since else {})})
    while pages is not None:
        listing, pages = pages, None
        for items, more in listing:
            fresh = [c for c in items if c["id"] not in given]
            given.update((c["id"], _written(c)) for c in items)
            after = _written(items[-1]) - timedelta(seconds=1) if more and items else None
            if after is not None and (since is None or after > since):
                since, given = after, {i: at for i, at in given.items() if at >= after}
                pages = _listing(repo, path, {**order, "since": _since(since)})
                yield fresh, True
                break
            yield fresh, more  # the last page, or GitHub's next page followed


def _since(moment: datetime) -> str:
    return f"{moment.astimezone(timezone.utc):%Y-%m-%dT%H:%M:%SZ}"


def _listing(repo: Repository, path: str, parameters: Mapping[str, str]
             ) -> Iterator[tuple[list[dict], bool]]:
    """A REST listing's pages as GitHub sends them, each with whether another follows; none
    kept once the next is read: PyGithub's PaginatedList keeps every item it lists, each made
    an object field by field (a run's first on 10,000 new comments peaked at 125 MB and took
    1.8 s of CPU; 48 MB since). Each next page is the one the Link header names, as GitHub
    says to follow, never a URL made here: a large listing may go by cursor, where GitHub
    refuses `page=2` (422), and a full last page names none after it. The next page is asked
    for only once the caller has taken this one and wants more."""
    url: str | None = repo.url + path
    sent: dict[str, object] | None = {**parameters, "per_page": gql.PAGE}
    while url is not None:
        headers, items = repo._requester.requestJsonAndCheck("GET", url, parameters=sent)
        url = next((link["url"] for link in parse_header_links(headers.get("link") or "")
                    if link.get("rel") == "next"), None)
        sent = None  # the next URL holds the query
        yield items, url is not None
