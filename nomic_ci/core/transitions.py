"""The transitions of a game: each thing that can happen, stamped with when it became due.

`game.next_transition` finds the next one; `game.apply` carries it out.
"""

from __future__ import annotations

from datetime import datetime

from .facts import Comment, Proposal
from .files.history import RecordSummary
from .files.judgments import Judgment
from .files.state import OpenProposal
from .frozen import frozen
from .mechanics.config import GameConfig
from .voting.tally import Tally


@frozen
class Open:
    """A proposal is numbered and put to the vote (a request to join may not be numbered)."""
    at: datetime
    proposal: Proposal
    number: int | None


@frozen
class Refuse:
    """A proposal may not be played: it is closed, with the reason."""
    at: datetime
    proposal: Proposal
    number: int | None  # None where only proper proposals are numbered
    reason: str
    was_open: OpenProposal | None = None


@frozen
class Hold:
    """A player's proposal may not be put to the vote as it is, for a reason its author can
    fix (`players.proposers.fixable`): it stays open, awaiting a fix, and is judged again when
    a new version is pushed. It is no part of the game meanwhile: no turn waits for it."""
    at: datetime
    proposal: Proposal
    reason: str


@frozen
class Decide:
    """A proposal's vote is over: it passed (merge) or failed (close)."""
    at: datetime
    proposal: Proposal
    open: OpenProposal
    passed: bool
    tally: Tally
    threshold: str
    rules: tuple[int, ...]
    reason: str
    # the rules in force until its merge (`reconcile._merge` gives them, from the commit it
    # went onto where it was merged by hand): what its change to a rule something in play
    # rests on does (core/apply.py: the points players began with, the board's opening)
    rules_before: GameConfig | None = None


@frozen
class Push:
    """A proposal in its vote has a new version: the vote starts again on it."""
    at: datetime
    open: OpenProposal
    head: str


@frozen
class Retract:
    """A proposal in its vote was closed on the forge by its author or an admin."""
    at: datetime
    open: OpenProposal
    reason: str
    proposal: Proposal | None = None


@frozen
class Deactivate:
    """A player becomes inactive (and loses the turn, if it is theirs)."""
    at: datetime
    login: str
    reason: str


@frozen
class Activate:
    """An inactive player is active again."""
    at: datetime
    login: str
    reason: str


@frozen
class PassTurn:
    """The turn passes on: its player ended it (/pass), or let it run out (a rule's time limit)."""
    at: datetime
    from_login: str
    to_login: str
    reason: str
    by_player: bool = False  # they ended it themselves (/pass), so it is not a missed turn


@frozen
class Pause:
    """The Admin pauses the game (seed 003 rule 10)."""
    at: datetime
    reason: str


@frozen
class EndGame:
    """The game ends outside a decision: at its end date (the leaders win), or by money
    (seed 003)."""
    at: datetime
    winners: tuple[str, ...]
    reason: str


@frozen
class Reclose:
    """A decided proposal is still open on the forge (a run stopped half-way): close it."""
    at: datetime
    proposal: Proposal
    record: RecordSummary


@frozen
class Command:
    """A comment command, handled: what it changes (if anything) and the answer.

    `listed_from`: where the run's listing of comments started. No later listing returns a
    comment written before it, so the state forgets the handled ones (None: keep them all)."""
    at: datetime
    comment: Comment
    effect: "Transition | None"
    answer: str
    listed_from: datetime | None = None


@frozen
class Act:
    """A player's board command (`/roll`, `/buy Flute`), judged allowed: carried out with the
    game's dice when applied."""
    at: datetime
    login: str
    text: str
    comment: int | None


@frozen
class BoardTimer:
    """A board's timer that came due: the Frontier open to every player, some minutes after
    a roll there that no one has explored (Infinite Nomic's rule 8)."""
    at: datetime
    login: str  # the player whose turn it is, who rolled
    reason: str


@frozen
class Update:
    """BoredNomic's update (seed 003 rules 7.1 and 9.1): every player takes a turn."""
    at: datetime
    reason: str


@frozen
class Judging:
    """A step of the Judgment pending (seed 001 rule 211): invoked, a ruling, a consent, a vote
    to overrule or nullify, the administrator's overrule, or what the votes made of them. It
    carries the Judgment as the step leaves it (core/players/judgment.py)."""
    at: datetime
    judgment: Judgment
    reason: str


@frozen
class BeginTurn:
    """The turn that waited for consent while Judgment was pending begins (rule 211), and
    the Judgment ends with it, recorded."""
    at: datetime
    login: str
    reason: str
    judgment: Judgment  # ended, with the step that ended it


@frozen
class CloseJudgment:
    """The Judgment pending ends (the next turn began, the game ended, or the rules no
    longer have Judgment): it leaves the state and is recorded."""
    at: datetime
    judgment: Judgment  # ended, with the step that ended it


Transition = (Act | BoardTimer | Update | Open | Push | Refuse | Hold | Decide | Retract | Deactivate
              | Activate | PassTurn | EndGame | Reclose | Command | Pause | Judging | BeginTurn
              | CloseJudgment)


@frozen
class WorldTurn:
    """The Suber world counts a turn that ended (core/board/suber/world_turns.py)."""
    at: datetime
    ended: str  # whose turn ended
    skipped: tuple[str, ...]  # players whose turns were skipped before the next began
