"""The game's state as values: the players, the turn, the proposals in their vote, the
dice's secrets, what players are still to be told. `statefile` reads and writes them as
`state/players.yaml` and `state/game.yaml`.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Mapping

from ..frozen import frozen
from .judgments import Judgment
from .records import DieRoll
from ..facts import Account

if TYPE_CHECKING:  # the board's modules load only for a game played on one (board/games.py)
    from ..board.boardfile import Board



@frozen
class Player:
    """A player as `state/players.yaml` lists them, in turn order: points, veto, other counters."""

    login: str
    id: int | None
    points: int
    veto: bool = False
    inactive_since: datetime | None = None
    stats: tuple[tuple[str, int], ...] = ()  # other counters the rules keep (money, level...)

    def stat(self, name: str, start: Mapping[str, int]) -> int:
        return dict(self.stats).get(name, start.get(name, 0))

    def with_stats(self, **values: int) -> "Player":
        return replace(self, stats=tuple(sorted({**dict(self.stats), **values}.items())))

    @property
    def account(self) -> Account:
        return Account(self.login, self.id)

    @property
    def active(self) -> bool:
        return self.inactive_since is None


@frozen
class Standing:
    """Where an open proposal's vote stood when the engine last counted it. The votes are
    reviews and reactions the forge keeps; this copy lets the pages players read, which are
    made from the game's files alone, show the tally. Counts and at most MAX_NAMED of the
    voters still missing, so the state stays small in a game of hundreds of players."""

    yes_votes: int = 0
    no_votes: int = 0
    not_voted: tuple[str, ...] = ()  # the first of the eligible voters who have not voted
    others_not_voted: int = 0  # and how many more
    needs: str = ""  # what it needs to pass, or why it cannot
    closes: datetime | None = None  # when its vote closes at the latest (None: once all voted)


MAX_NAMED = 10


@frozen
class OpenProposal:
    """A proposal the game has numbered and put to the vote.

    `head` is the version being voted on, since `head_since`: a push to the
    proposal is noticed as a new head, and its vote starts again.
    """

    number: int | None  # None: a request to join, where only rule-changes are numbered
    key: str
    title: str
    author: Account
    opened: datetime
    head: str
    head_since: datetime
    restarts: int = 0  # pushes since it opened: each restarted its vote
    join: bool = False  # a request to join the game (joining.py), not a rule-change
    description_hash: str | None = None  # of the title and body when it opened
    replaced: tuple[tuple[str, datetime], ...] = ()  # earlier heads, and when each was replaced
    reminded: datetime | None = None  # the closing time its missing voters were reminded of
    dice: tuple[DieRoll, ...] = ()  # rolled as it opened, where the rules roll then (its record
    # takes them when it ends)
    standing: Standing | None = None  # its vote at the engine's last count
    merge_refused: int = 0  # runs whose merge of it the forge refused for a lasting reason

    @property
    def rolled(self) -> int:
        return sum(d.result for d in self.dice)

    @property
    def name(self) -> str:
        """How players call it: "proposal 301", or "the request to join by dave"."""
        if self.number is not None:
            return f"proposal {self.number}"
        return f"the request to join by {self.author.login}" if self.join else "the proposal"

    @property
    def capitalized_name(self) -> str:
        """`name`, to begin a sentence."""
        return self.name[0].upper() + self.name[1:]


@frozen
class DiceSecret:
    """A secret the game's dice are drawn from: published as its SHA-256 `commitment` before
    roll `from_roll`, and `revealed` (the secret itself) when the game ends or it is
    replaced, so anyone can then recompute the rolls made under it."""

    commitment: str
    from_roll: int
    revealed: str | None = None


@frozen
class Tell:
    """Something the engine has decided to tell players on the forge, kept in the state until
    told: the state that records a decision is committed first, then the players are told,
    then the entry is cleared, so a run that stops anywhere in between is finished by the
    next, which tells only what is not yet told (`id` marks it where it was told)."""

    on: str  # the proposal's forge key, the issue a command was written on, or GAME_ISSUE
    id: str  # unique where it is told: "decision", "reply-<comment id>", "turn-<time>"...
    message: str
    outcome: str | None = None  # label and status the proposal is left with (an Outcome)
    close: bool = False  # close the proposal unmerged, if it is still open
    reply_to: int | None = None  # the comment this answers
    mentions: tuple[str, ...] = ()  # the logins the message mentions (no one else)
    final: str | None = None  # what the proposal's vote comment (the game issue's text) becomes
    title: str | None = None  # what the game issue's title becomes (with its text)


@frozen
class WriteLevel:
    """The engine's writes on a forge that limits them, as a leaky bucket: `level` at `at`,
    draining as time passes (`core.writes`)."""

    level: int
    at: datetime


@frozen
class AwaitingFix:
    """A player's proposal that could not be put to the vote for a reason its author can fix
    (a rule file's format, a number): it stays open, no part of the game (it holds no turn,
    takes no number, counts no vote), and is judged again as new when a new version of it is
    pushed (`core.due`)."""

    key: str
    title: str
    author: Account
    head: str  # the version judged; a push is a new one
    since: datetime  # when it was first refused, to be fixed
    reason: str  # why the version `head` could not be put to the vote (at most MAX_REASON)


MAX_REASON = 2_000  # characters of a reason the state keeps: its pull request is told it whole


GAME_ISSUE = "game"  # `Tell.on` for the game issue: whose turn it is, the votes, the deadlines


def reply_id(comment_id: int) -> str:
    """`Tell.id` of the engine's answer to a comment: told, it says the comment is answered."""
    return f"reply-{comment_id}"


@frozen
class GameState:
    """`state/game.yaml` and `state/players.yaml` as one value, with `state/board.yaml` where
    the game has a board."""

    players: tuple[Player, ...]
    turn: str | None
    turn_started: datetime | None
    next_proposal: int
    open_proposals: tuple[OpenProposal, ...]
    winners: tuple[str, ...]
    ended_at: datetime | None
    last_change: datetime
    dice_seed: str
    admin: str | None = None  # the game's Admin, where the rules have one (not a player)
    admin_id: int | None = None  # the Admin's numeric id, where the forge has one
    # the comment commands handled, (id, when written), while a run's listing can return them
    handled_comments: tuple[tuple[int, datetime], ...] = ()
    dice_secrets: tuple[DiceSecret, ...] = ()  # oldest first; the last unrevealed one rolls
    to_tell: tuple[Tell, ...] = ()  # decided, committed, and not yet told on the forge
    paused_since: datetime | None = None  # paused by the Admin (seed 003 rule 10)
    judgment: Judgment | None = None  # the Judgment pending (seed 001 rule 211)
    board: Board | None = None  # state/board.yaml, in games played on a board
    writes: WriteLevel | None = None  # the engine's recent writes, where the forge limits them
    awaiting_fix: tuple[AwaitingFix, ...] = ()  # players' proposals refused until fixed

    @property
    def dice_secret(self) -> DiceSecret | None:
        """The secret the next roll is drawn from, if the game has committed to one."""
        last = self.dice_secrets[-1] if self.dice_secrets else None
        return last if last is not None and last.revealed is None else None

    def player(self, account: Account) -> Player | None:
        """The player an account is: by numeric id where both have one, else by login (the
        first in turn order of those that match, as a walk down the list finds)."""
        by_id, by_login, without_id = self._lookup
        login = account.login.lower()
        found = [by_login.get(login)] if account.id is None else [
            by_id.get(account.id), without_id.get(login)]
        matches = [m for m in found if m is not None]
        return min(matches)[1] if matches else None

    @functools.cached_property
    def _lookup(self) -> tuple[dict, dict, dict]:
        """Where each player is in the list, by id, by login, and by login among those without
        an id: so finding a player does not walk a list of a thousand."""
        by_id: dict[int, tuple[int, Player]] = {}
        by_login: dict[str, tuple[int, Player]] = {}
        without_id: dict[str, tuple[int, Player]] = {}
        for index, player in enumerate(self.players):
            entry = (index, player)
            if player.id is not None:
                by_id.setdefault(player.id, entry)
            else:
                without_id.setdefault(player.login.lower(), entry)
            by_login.setdefault(player.login.lower(), entry)
        return by_id, by_login, without_id

    def is_admin(self, account: Account) -> bool:
        """Whether an account is the Admin: by numeric id where both have one, else by login."""
        if self.admin is None:
            return False
        if self.admin_id is not None and account.id is not None:
            return self.admin_id == account.id
        return account.login.lower() == self.admin.lower()

    @property
    def over(self) -> bool:
        return self.ended_at is not None

    def has_handled(self, comment_id: int) -> bool:
        return comment_id in self._handled

    @functools.cached_property
    def _handled(self) -> frozenset[int]:
        """The ids handled, as a set: a run of 600 commands asked it 180,000 times."""
        return frozenset(handled for handled, _ in self.handled_comments)

    def with_player(self, updated: Player) -> "GameState":
        return replace(self, players=tuple(updated if p.login == updated.login else p
                                           for p in self.players))


