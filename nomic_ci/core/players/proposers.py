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
    """Why a new proposal may not be put to the vote, if it may not."""
    state, config = game.state, game.config
    if state.over:
        return f"the game is over: {', '.join(state.winners) or 'nobody'} won"
    author = state.player(proposal.author)
    admin = author is None and config.pause is not None and state.is_admin(proposal.author)
    if author is None and not admin:
        return _strangers_refusal(game, proposal)
    why = (_pause_refusal(game, proposal, admin) if admin or state.paused_since else None) \
        or (_players_refusal(game, proposal, author) if author is not None else None)
    if why:
        return why
    if config.schedule and not config.schedule.may_propose(proposal.proposed_at):
        days = config.schedule.describe(config.schedule.propose)
        return f"proposals are accepted {days} only ({config.cite('schedule')})"
    found = problems(game, proposal)
    return "; ".join(found) if found else None


def _strangers_refusal(game: Game, proposal: Proposal) -> str | None:
    """Someone who is not a player may only ask to join (seed 001 rule 214)."""
    if is_join_request(game, proposal):
        found = broken_by(game, proposal)  # the same check as any proposal's
        return "; ".join(found) if found else None
    config = game.config
    joining = (f"; to join, propose only adding yourself to the end of state/players.yaml "
               f"({config.cite('join_window')})" if config.join_window else "")
    return f"{proposal.author.login} is not a player (see state/players.yaml){joining}"


def _players_refusal(game: Game, proposal: Proposal, author: Player) -> str | None:
    """Why this player may not propose now: bankrupt, in the Gulag, not their turn, or one in
    its vote."""
    state, config = game.state, game.config
    broke = config.bankrupt_below.of(author, config.starting_stats) \
        if config.bankrupt_below else None
    if broke:
        return f"{broke}: a bankrupt player may not propose ({config.cite('bankrupt_below')})"
    if state.board is not None and state.board.in_gulag(author.login):
        return (f"{author.login} is in the Gulag, where players make no proposals "
                f"({config.cite('gulag')}): /rejoin first")
    if state.judgment is not None and state.judgment.turn_ended is not None:
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
