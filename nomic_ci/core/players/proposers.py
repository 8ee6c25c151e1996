"""Who may propose, and when: whether a proposal may be put to the vote now (the game, whose
turn it is, the schedule, the weekly cap, one proposal each), and whether a new version of
one in its vote may replace it."""

from __future__ import annotations

from datetime import datetime

from ..facts import Proposal
from ..files.records import Outcome
from ..files.state import OpenProposal, Player
from ..game import Game
from ..voting.admission import broken_by, problems
from .joining import is_join_request


def refusal(game: Game, proposal: Proposal) -> str | None:
    """Why a new proposal may not be put to the vote, if it may not: for good
    (`final_refusal`) or until it is fixed (`to_fix`)."""
    return final_refusal(game, proposal) or to_fix(game, proposal)


def to_fix(game: Game, proposal: Proposal) -> str | None:
    """What is wrong with what a player's proposal changes, if anything: a reason a new version
    can fix (a rule file's format or number, a file it may not change, its size), so it
    awaits a fix, open, instead of closing (`core.due`). Whatever holds of who proposes and
    when is `final_refusal`'s, and the whole of a stranger's request to join."""
    if _stranger(game, proposal):
        return None
    found = problems(game, proposal)
    return "; ".join(found) if found else None


# proposals one player may have awaiting a fix at once: each is kept in state/game.yaml, so a
# player opening hundreds of broken proposals may not grow it past what a run can read
MAX_AWAITING = 3


def awaiting_too_many(game: Game, proposal: Proposal) -> str | None:
    """Why this proposal may not await a fix too, where its author has enough that do."""
    author = game.state.player(proposal.author)
    login = author.login if author else proposal.author.login
    mine = [a.key for a in game.state.awaiting_fix
            if a.author.login.lower() == login.lower() and a.key != proposal.key]
    if len(mine) < MAX_AWAITING:
        return None
    return (f"{login} has {len(mine)} proposals awaiting a fix already (forge keys "
            f"{', '.join(mine)}), as many as one player may: fix or close one of them first")


def final_refusal(game: Game, proposal: Proposal) -> str | None:
    """Why a proposal may not be put to the vote whatever it changes, if it may not: the game
    is over, its author is no player (or asks to join with a broken request, which may not
    change), may not propose now (not their turn, one in its vote, bankrupt, in the Gulag, a
    pause, the Judgment's wait) or not on this day. These close it for good."""
    state, config = game.state, game.config
    if state.over:
        return f"the game is over: {', '.join(state.winners) or 'nobody'} won"
    if _stranger(game, proposal):
        return _strangers_refusal(game, proposal)
    author = state.player(proposal.author)
    admin = author is None
    why = (_pause_refusal(game, proposal, admin) if admin or state.paused_since else None) \
        or (_players_refusal(game, proposal, author) if author is not None else None)
    if why:
        return why
    if config.schedule and not config.schedule.may_propose(proposal.proposed_at):
        days = config.schedule.describe(config.schedule.propose)
        return f"proposals are accepted {days} only ({config.cite('schedule')})"
    return None


def _stranger(game: Game, proposal: Proposal) -> bool:
    """Whether the author is neither a player nor the Admin, who proposes during a pause."""
    state = game.state
    return state.player(proposal.author) is None and not (
        game.config.pause is not None and state.is_admin(proposal.author))


def may_propose_now(game: Game, player: Player, at: datetime) -> str | None:
    """Why this player may not propose now, whatever their proposal would say (what `/help`
    tells them), or None where they may."""
    config = game.config
    if game.state.over:
        return "the game is over"
    if game.state.paused_since:
        return (f"the game is paused ({config.cite('pause')}): players make no proposals "
                "until the Admin's proposal to fix it is accepted")
    why = _players_refusal(game, None, player)
    if why is None and config.schedule and not config.schedule.may_propose(at):
        why = (f"proposals are accepted {config.schedule.describe(config.schedule.propose)} "
               f"only ({config.cite('schedule')})")
    return why


def _strangers_refusal(game: Game, proposal: Proposal) -> str | None:
    """Someone who is not a player may only ask to join (seed 001 rule 214)."""
    if is_join_request(game, proposal):
        found = broken_by(game, proposal)  # the same check as any proposal's
        return "; ".join(found) if found else None
    config = game.config
    joining = (f"; to join, propose only adding yourself to the end of state/players.yaml "
               f"({config.cite('join_window')})" if config.join_window else
               "; to join, ask a player to propose adding you to the end of "
               "state/players.yaml: only players propose here")
    return f"{proposal.author.login} is not a player (see state/players.yaml){joining}"


def _players_refusal(game: Game, proposal: Proposal | None, author: Player) -> str | None:
    """Why this player may not propose now: bankrupt, in the Gulag, not their turn, or one in
    its vote."""
    state, config = game.state, game.config
    broke = config.bankrupt_below.of(author, config.starting_stats) \
        if config.bankrupt_below else None
    if broke:
        return f"{broke}: a bankrupt player may not propose ({config.cite('bankrupt_below')})"
    if state.board is not None and state.board.in_gulag(author.login, config.board):
        return (f"{author.login} is in the Gulag, where players make no proposals "
                f"({config.cite('gulag')}): /rejoin first")
    if state.judgment is not None and state.judgment.turn_ended is not None \
            and config.proposing == "one-a-turn":  # where a proposal is the turn that waits
        return (f"{state.turn}'s turn is over, and the next begins once the other active "
                f"players consent, Judgment {state.judgment.number} being pending "
                f"({config.cite('judgment')}): propose when your turn begins")
    rule_changes = [o for o in state.open_proposals if not o.join]
    if config.proposing == "one-open-each":
        mine = [o for o in rule_changes if o.author.login == author.login]
        if mine:
            return (f"{author.login} already has proposal {mine[0].number} in its vote "
                    f"({config.cite('proposing')})")
    elif config.proposing == "one-a-turn":
        if config.turn_order and state.turn and author.login != state.turn:
            return (f"it is {state.turn}'s turn, not {author.login}'s "
                    f"({config.cite('turn_order')}): propose when your turn comes")
        if rule_changes:
            return (f"proposal {rule_changes[0].number} is still in its vote; one proposal a "
                    f"turn ({config.cite('proposing')})")
    return None


def _pause_refusal(game: Game, proposal: Proposal, admin: bool) -> str | None:
    """Seed 003 rule 10: during a pause "no proposals are made by players", and "the Admin
    will make the only proposal that week"; the Admin, who is no player, proposes only then."""
    state, config = game.state, game.config
    cite = config.cite("pause")
    if not admin:
        return (f"the game is paused ({cite}): players make no proposals until the Admin's "
                "proposal to fix it is accepted")
    if state.paused_since is None:
        return (f"the Admin is not a player and proposes only during a pause ({cite}), to fix "
                "the game")
    week = _week(game, proposal.proposed_at)
    made = [o.number for o in state.open_proposals if state.is_admin(o.author)
            and _week(game, o.opened) == week] + [
        r.number for r in game.records.by(proposal.author.login)
        if state.is_admin(r.author) and r.number is not None
        and r.outcome is not Outcome.REFUSED and _week(game, r.opened) == week]
    if made:
        return (f"the Admin made proposal {made[0]} this week already, and makes the only "
                f"proposal of the week during a pause ({cite})")
    return None


def _week(game: Game, moment: datetime) -> tuple[int, int]:
    schedule = game.config.schedule
    return schedule.week_of(moment) if schedule else moment.isocalendar()[:2]


def displaced(game: Game, proposal: Proposal) -> OpenProposal | None:
    """The author's oldest proposal of the week, when a new one goes over the weekly cap."""
    config, state = game.config, game.state
    if not (config.schedule and config.proposals_per_week):
        return None
    week = config.schedule.week_of(proposal.proposed_at)
    author = state.player(proposal.author)
    mine = [o for o in state.open_proposals if author and o.author.login == author.login
            and config.schedule.week_of(o.opened) == week]
    # seed 003 rule 15.3: a PropositionInReserve makes room for one more (spent as it opens)
    limit = config.proposals_per_week
    if author and "reserves" in config.board:
        from ..board.bored.reserves import weekly_limit  # the board's: for a game with one
        limit = weekly_limit(game, author.login, proposal.proposed_at, limit)
    return mine[0] if len(mine) >= limit else None


def push_refusal(game: Game, open_: OpenProposal, now: datetime) -> str | None:
    """Why a new version of a proposal in its vote is not allowed, if it is not."""
    config = game.config
    if open_.join:
        return "a request to join may not change after it is made: make a new one"
    if config.schedule and not config.schedule.may_propose(now):
        days = config.schedule.describe(config.schedule.propose)
        return (f"it was changed outside the days proposals are made ({days}, "
                f"{config.cite('schedule')})")
    limit = config.resubmissions_per_turn
    if limit is not None and open_.restarts >= limit:
        return (f"it was resubmitted more than {limit} times this turn "
                f"({config.cite('resubmissions_per_turn')})")
    return None
