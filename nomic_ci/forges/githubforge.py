"""GitHub as a forge, through PyGithub: pull requests are proposals, reviews are votes.

Everything a run learns about a pull request is read through the API as data;
no pull-request code is ever checked out. The engine's own changes to the
default branch go in through the Git Data API as fast-forward commits, and a
passed proposal is merged pinned to the head its votes were counted on.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import Callable, Collection, Iterable, Mapping, Sequence

from github import GithubException, InputGitTreeElement
from github.Commit import Commit
from github.IssueComment import IssueComment
from github.PaginatedList import PaginatedList
from github.Reaction import Reaction as GhReaction
from github.PullRequest import PullRequest
from github.Repository import Repository

from ..core.errors import GameError
from ..core.facts import Account, Comment, ForgeState, Proposal, Reaction, Review, ReviewState
from ..core.files import GAME_DIRS
from ..core.files.changes import Listed, file_changes
from ..core.files.records import Outcome
from ..core.files.state import Tell
from ..core.voting.decision import VoteView
from ..text.quoting import no_mentions
from ..text.vote_comment import MARKER, status_line, sticky_comment
from .interface import MergeResult, MergeStatus

STATUS_CONTEXT = "nomic/vote"
VOTING = "voting"  # the label of a proposal in its vote; a decided one is labelled its outcome
LABELS = {name: f"nomic: {name}" for name in [VOTING, *(o.value for o in Outcome)]}
STATUS = {Outcome.PASSED: "success", Outcome.FAILED: "failure", Outcome.REFUSED: "failure",
          Outcome.RETRACTED: "failure"}
MAX_FILES = 3000  # GitHub lists at most this many files of a pull request


class StateConflict(Exception):
    """The default branch moved while this run worked: re-read it and run again."""


def _utc(moment: datetime | None) -> datetime | None:
    if moment is None:
        return None
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment


@dataclass
class GitHubForge:
    repo: Repository
    engine_login: str  # the account the engine comments as: its sticky comment is its own
    now: datetime
    # blobs the workflow's checkout already has, by sha: a cache that spares requests
    local_blobs: Callable[[Iterable[str]], dict[str, bytes]] = lambda shas: {}
    branch: str = field(init=False)
    tip: str = field(init=False)  # the default branch as this run has moved it
    base_tip: str = field(init=False)  # the default branch as this run found it
    _blobs: dict[str, bytes] = field(default_factory=dict)
    _pending: dict[str, str] = field(default_factory=dict)
    _messages: list[str] = field(default_factory=list)
    _pulls: dict[str, PullRequest] = field(default_factory=dict)
    _facts: dict[str, Proposal] = field(default_factory=dict)
    _listed: bool = False
    open_read: int = 0  # open pull requests listed, drafts included
    _comments: list[Comment] | None = None
    _with_reactions: bool = False
    _status_cache: dict[str, list] = field(default_factory=dict)
    wrote: list[str] = field(default_factory=list)  # the audit trail of this run's writes
    _comment_cache: dict[int, list[IssueComment]] = field(default_factory=dict)
    _labels: dict[int, list[str]] = field(default_factory=dict)  # as this run left them

    def __post_init__(self) -> None:
        self.branch = self.repo.default_branch
        self.tip = self.base_tip = self.repo.get_git_ref(f"heads/{self.branch}").object.sha
        self._tip_files: dict[str, str] | None = None

    # --- reading -------------------------------------------------------------------------

    def _blob(self, sha: str) -> bytes:
        if sha not in self._blobs:
            self._blobs.update(self.local_blobs([sha]))
        if sha not in self._blobs:
            blob = self.repo.get_git_blob(sha)
            self._blobs[sha] = base64.b64decode(blob.content) if blob.encoding == "base64" \
                else blob.content.encode()
        return self._blobs[sha]

    def _read_tip(self) -> dict[str, str]:
        """The game's files at the tip: one tree request, and blobs not already known."""
        if self._tip_files is None:
            tree_sha = self.repo.get_git_commit(self.tip).tree.sha
            tree = self.repo.get_git_tree(tree_sha, recursive=True)
            if tree.raw_data.get("truncated"):
                raise GameError("GitHub listed only part of the repository's files, so the game "
                                "cannot be read whole", hint="keep the repository under GitHub's "
                                "limit of 100,000 files in a tree")
            entries = [e for e in tree.tree if e.type == "blob" and e.path.startswith(GAME_DIRS)]
            self._blobs.update(self.local_blobs(e.sha for e in entries if e.sha not in self._blobs))
            self._tip_files = {e.path: self._blob(e.sha).decode(errors="replace")
                               for e in entries}
        return self._tip_files

    def read_files(self) -> Mapping[str, str]:
        return {**self._read_tip(), **self._pending}

    def proposals(self, known: Collection[str], reactions: bool = False) -> Sequence[Proposal]:
        self._with_reactions = self._with_reactions or reactions
        if not self._listed:
            # only proposals to the default branch: a pull request elsewhere changes no rule
            for pull in self.repo.get_pulls(state="open", sort="created", direction="asc",
                                            base=self.branch):
                self.open_read += 1
                if not pull.draft:
                    self._remember(pull)
            self._listed = True
        for key in known:
            if key not in self._facts:
                self._remember(self.repo.get_pull(int(key)))
        return [p for key, p in self._facts.items() if p.state is ForgeState.OPEN or key in known]

    def _remember(self, pull: PullRequest) -> None:
        key = str(pull.number)
        self._pulls[key] = pull
        self._facts[key] = self._proposal(pull)

    def _proposal(self, pull: PullRequest) -> Proposal:
        listed: list[Listed] = []
        blobs: dict[str, str] = {}
        problems = []
        for index, item in enumerate(pull.get_files()):
            if index + 1 >= MAX_FILES:
                problems.append(f"it changes {MAX_FILES:,} files or more, and GitHub lists no "
                                f"more than {MAX_FILES:,}, so it cannot be counted")
                break
            listed.append((item.status, item.filename, item.previous_filename))
            blobs[item.filename] = item.sha
        changes, texts, unreadable = file_changes(listed, lambda path: self._blob(blobs[path]))
        problems += unreadable
        reviews = tuple(Review(r.id, Account(r.user.login, r.user.id),
                               ReviewState.parse(r.state), r.commit_id, _utc(r.submitted_at))
                        for r in pull.get_reviews() if r.user is not None and r.submitted_at)
        # merged_at is in the list's payload; `merged` would cost a request per pull request
        state = ForgeState.MERGED if pull.merged_at else (
            ForgeState.OPEN if pull.state == "open" else ForgeState.CLOSED)
        votes = ()
        if self._with_reactions:  # 👍/👎 are votes in some rulesets: one request more
            listed = PaginatedList(GhReaction, self.repo._requester, f"{pull.issue_url}/reactions",
                                   None)
            votes = tuple(Reaction(r.id, Account(r.user.login, r.user.id), r.content,
                                   _utc(r.created_at)) for r in listed if r.user is not None)
        return Proposal(key=str(pull.number), title=pull.title, reactions=votes,
                        description=f"{pull.title}\n\n{pull.body or ''}",
                        author=Account(pull.user.login, pull.user.id), head=pull.head.sha,
                        opened_at=_utc(pull.created_at),
                        changes=tuple(changes), reviews=reviews, texts=tuple(texts),
                        state=state, closed_at=_utc(pull.merged_at or pull.closed_at),
                        problems=tuple(problems),
                        into=None if pull.base.ref == self.branch else pull.base.ref,
                        draft=bool(pull.draft))

    def _commit(self, sha: str) -> Commit:
        # built from what we know, so that reading its statuses costs no extra request
        return Commit(self.repo._requester, {}, {"sha": sha, "url": f"{self.repo.url}/commits/{sha}"},
                      completed=True)

    def _statuses(self, sha: str) -> list:
        """The engine's own `nomic/vote` statuses on a commit, newest first (read once a run)."""
        if sha not in self._status_cache:
            self._status_cache[sha] = [
                s for s in self._commit(sha).get_statuses()
                if s.context == STATUS_CONTEXT and s.creator and s.creator.login == self.engine_login]
        return self._status_cache[sha]

    # --- acting --------------------------------------------------------------------------

    def merge(self, proposal: Proposal, message: str) -> MergeResult:
        if proposal.state is ForgeState.MERGED:
            return MergeResult(MergeStatus.MERGED)
        if proposal.into is not None:  # never merge anywhere else with the engine's token
            return MergeResult(MergeStatus.NOT_MERGEABLE, f"it targets {proposal.into}, not "
                                                          f"{self.branch}")
        self.flush()  # the state the merge goes on top of must already be in
        pull = self._pulls[proposal.key]
        title, _, body = message.partition("\n\n")
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
            if error.status == 405:  # still computing, base just moved, a check pending
                return MergeResult(MergeStatus.PENDING, f"{detail}; mergeable state: "
                                                        f"{fresh.mergeable_state}")
            # a rate limit, a permission missing for now (workflow changes without the App),
            # or GitHub's own trouble: never a reason to fail the proposal, so try again later
            return MergeResult(MergeStatus.PENDING, detail)
        return self._merged(proposal, result.sha)

    def _merged(self, proposal: Proposal, sha: str) -> MergeResult:
        self.wrote.append(f"merged #{proposal.key} at {proposal.head[:7]} as {sha[:7]}")
        self.tip = sha
        self._tip_files = None
        self._facts[proposal.key] = replace(proposal, state=ForgeState.MERGED, closed_at=self.now)
        self._label(self._pulls[proposal.key], Outcome.PASSED.value)
        self._set_status(proposal.head, STATUS[Outcome.PASSED], Outcome.PASSED.value)
        return MergeResult(MergeStatus.MERGED)

    def tell(self, message: Tell) -> None:
        if not message.on:
            return  # on the game as a whole: GitHub has no such place
        number = int(message.on)
        mark = f"<!-- nomic-ci:{message.id} -->"
        self._comment_cache.pop(number, None)  # read afresh: another run may just have told it
        if not any(mark in (c.body or "") for c in self._engine_comments(number)):
            text = no_mentions(message.message)
            if message.mention:  # the one mention the engine makes: who gave the command
                text = f"@{message.mention} {text}."
            self._post_comment(number, f"{mark}\n{text}")
            self.wrote.append(f"told #{number} ({message.id})")
        if message.final is not None:  # nothing on a decided proposal asks for votes
            final = no_mentions(message.final)
            for sticky in self._engine_comments(number):
                if MARKER in (sticky.body or "") and sticky.body != final:
                    sticky.edit(final)
                    self.wrote.append(f"showed the result on #{number}")
        if message.outcome is None and not message.close:
            return
        pull = self._pull(message.on)
        if message.outcome is not None:
            outcome = Outcome(message.outcome)
            self._label(pull, outcome.value)
            self._set_status(pull.head.sha, STATUS[outcome], outcome.value)
        if message.close and pull.state == "open":  # last: an open one is told again if we stop
            pull.edit(state="closed")
            self.wrote.append(f"closed #{number} ({message.outcome})")

    def _pull(self, key: str) -> PullRequest:
        if key not in self._pulls:
            self._pulls[key] = self.repo.get_pull(int(key))
        return self._pulls[key]

    def _engine_comments(self, number: int) -> list[IssueComment]:
        """The engine's own comments on an issue or pull request (read once a run)."""
        if number not in self._comment_cache:
            listed = PaginatedList(IssueComment, self.repo._requester,
                                   f"{self.repo.url}/issues/{number}/comments", None)
            self._comment_cache[number] = [c for c in listed
                                           if c.user and c.user.login == self.engine_login]
        return self._comment_cache[number]

    def _post_comment(self, number: int, body: str) -> None:
        headers, data = self.repo._requester.requestJsonAndCheck(
            "POST", f"{self.repo.url}/issues/{number}/comments", input={"body": body})
        self._engine_comments(number).append(
            IssueComment(self.repo._requester, headers, data, completed=True))

    def show(self, proposal: Proposal, view: VoteView) -> None:
        """The sticky comment, the `nomic/vote` status and the voting label."""
        body = no_mentions(sticky_comment(view))
        mine = [c for c in self._engine_comments(int(proposal.key)) if MARKER in (c.body or "")]
        if not mine:
            self._post_comment(int(proposal.key), body)
            self.wrote.append(f"posted the vote on #{proposal.key}")
        elif mine[0].body != body:
            mine[0].edit(body)
            self.wrote.append(f"updated the vote on #{proposal.key}")
        self._set_status(proposal.head, "pending", status_line(view))
        self._label(self._pulls[proposal.key], VOTING)

    def _set_status(self, sha: str, state: str, description: str) -> None:
        latest = self._statuses(sha)[:1]  # GitHub lists the newest first
        if latest and latest[0].state == state and latest[0].description == description:
            return
        status = self._commit(sha).create_status(state, description=description[:140],
                                                 context=STATUS_CONTEXT)
        self._status_cache[sha] = [status] + self._statuses(sha)

    def _label(self, pull: PullRequest, name: str) -> None:
        wanted = LABELS[name]
        current = self._labels.setdefault(pull.number, [label.name for label in pull.labels])
        ours = [name for name in current if name in LABELS.values()]
        if ours != [wanted]:
            current[:] = [n for n in current if n not in LABELS.values()] + [wanted]
            pull.set_labels(*current)

    def comments(self) -> Sequence[Comment]:
        """Every player's comment on the repository's issues and pull requests (read once)."""
        if self._comments is None:
            self._comments = []
            for c in self.repo.get_issues_comments(sort="created", direction="asc"):
                if c.user is None or c.user.login == self.engine_login:
                    continue
                created, updated = _utc(c.created_at), _utc(c.updated_at)
                self._comments.append(Comment(
                    c.id, Account(c.user.login, c.user.id), c.body or "", created,
                    edited=updated is not None and updated > created,
                    on=c.issue_url.rstrip("/").rsplit("/", 1)[-1]))
        return self._comments

    def write_files(self, files: Mapping[str, str], message: str) -> None:
        self._pending.update(files)
        self._messages.append(message)

    def publish(self) -> None:
        self.flush()

    def flush(self) -> None:
        """Commit what this run wrote as one fast-forward commit on the default branch."""
        tip_files = self._read_tip()
        changed = {p: t for p, t in self._pending.items() if tip_files.get(p) != t}
        if changed:
            base = self.repo.get_git_commit(self.tip)
            elements = [InputGitTreeElement(path, "100644", "blob", content=text)
                        for path, text in sorted(changed.items())]
            tree = self.repo.create_git_tree(elements, base.tree)
            title = self._messages[0] if len(self._messages) == 1 else \
                f"nomic-ci: {len(self._messages)} changes to the game"
            body = "\n".join(f"- {m}" for m in self._messages) if len(self._messages) > 1 else ""
            commit = self.repo.create_git_commit(f"{title}\n\n{body}".strip(), tree, [base])
            try:
                self.repo.get_git_ref(f"heads/{self.branch}").edit(commit.sha, force=False)
            except GithubException as error:
                if error.status in (409, 422):
                    raise StateConflict(f"{self.branch} moved while the engine ran") from error
                raise
            self.tip = commit.sha
            self._tip_files = {**tip_files, **changed}
            self.wrote.append(f"committed {len(changed)} game file(s) as {commit.sha[:7]}")
        self._pending.clear()
        self._messages.clear()

    def finish(self) -> None:
        self.flush()
