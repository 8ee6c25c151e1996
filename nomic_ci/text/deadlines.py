"""When things happen under the rules in force, as players read it: when a vote closes, when
a turn ends, what the clock brings next. Each sentence is built from the bindings and cites
the rule that binds it, so a game whose turns end by inactivity (seed 001 rule 206), by a
weekly schedule (seed 003) or after a day whatever is proposed (seed 004 rule 2) never reads
"Turn timeout: none".
"""

from __future__ import annotations

from datetime import datetime

from ..core.game import Game
from ..core.mechanics.config import GameConfig
from ..core.players.inactivity import may_propose_now
from ..core.players.judgment import turn_waits
from ..core.times import hours, span


def _when(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC"


def vote_closes(config: GameConfig) -> str:
    """When a vote closes, as a sentence: its window, every vote in, the schedule's days,
    rule 206's timers, and a guarded rule's own terms."""
    all_voted = config.decide_when_all_voted
    if config.schedule:
        said = (f"Votes count on the voting days "
                f"({config.schedule.describe(config.schedule.vote)}); the results come at the "
                f"start of the results day ({config.cite('schedule')}).")
    elif config.voting_window:
        said = (f"A vote closes {hours(config.voting_window)} after the proposal opened or "
                f"last changed{', or as soon as every eligible voter has voted' if all_voted else ''}"
                f" ({config.cite('voting_window')}).")
    elif config.inactive_after and all_voted:
        said = (f"A vote closes as soon as every active player has voted: a player who has not "
                f"voted {hours(config.inactive_after)} after it started becomes inactive "
                f"({config.cite('inactive_after')}).")
    elif all_voted:
        said = "A vote closes as soon as every eligible voter has voted."
    else:
        said = "No rule closes a vote: it stays open until one does."
    if config.guard:
        guard = config.guard
        rules = (f"rule {guard.low:03d}" if guard.low == guard.high else
                 f"rules {guard.low:03d}–{guard.high:03d}")
        said += f" A proposal involving {rules} passes on the terms of {config.cite('guard')}."
    return said


def turns_end(game: Game) -> str | None:
    """How a turn ends, as a sentence; None in a game without turns."""
    config = game.config
    if not config.turn_order:
        return None
    ways = []
    if config.turn_timeout:
        unless = (" if its player has not proposed" if config.proposing == "one-a-turn" else
                  ", whatever its player did")
        ways.append(f"it passes {hours(config.turn_timeout)} after it began{unless} "
                    f"({config.cite('turn_timeout')})")
    if config.inactive_after:
        ways.append(f"a player who has not proposed {hours(config.inactive_after)} into their "
                    f"turn becomes inactive and their turn ends ({config.cite('inactive_after')})")
    if config.proposing == "one-a-turn":
        ways.append("a turn's proposal ends it when it is decided")
    movement = config.board.get("movement")
    if movement is not None and getattr(movement, "continue_within", None):
        ways.append(f"it ends {span(movement.continue_within)} after its player moved, "
                    f"unless they /continue ({config.cite('movement')})")
    if "pass" in config.commands:
        ways.append(f"its player may end it with /pass ({config.cite('commands')})")
    if not ways:
        return "No rule ends a turn by the clock."
    said = "; ".join(ways)
    return f"A turn ends in these ways: {said}." if len(ways) > 1 else \
        f"{said[0].upper()}{said[1:]}."


def turn_passes(game: Game) -> str:
    """When the turn in progress ends by the clock, as the end of a sentence ('; it passes at
    …'), or nothing where no timer runs now (its proposal is in its vote, the board holds
    the turn, a Judgment keeps it waiting)."""
    state, config = game.state, game.config
    if state.turn is None or state.turn_started is None:
        return ""
    if turn_waits(state):
        return ""
    own = [o for o in state.open_proposals if not o.join and o.author.login == state.turn]
    if config.proposing == "one-a-turn" and own:
        return f"; it ends when proposal {own[0].number} is decided"
    if config.proposing == "one-a-turn" and any(not o.join for o in state.open_proposals):
        return "; they may propose once the proposal in its vote is decided"
    if config.board:  # only a game with a board loads its rooms (core/board)
        from ..core.board.rooms import holds_turn, timers
        from ..core.transitions import PassTurn
        if holds_turn(game) is not None:
            return ""
        # Infinite Nomic's turn, which ends some minutes after its player moved (rule 7)
        ends = sorted((at, t.reason) for at, t in timers(game)
                      if isinstance(t, PassTurn) and t.from_login == state.turn)
        if ends and (not config.turn_timeout
                     or ends[0][0] < state.turn_started + config.turn_timeout):
            return f"; it passes at {_when(ends[0][0])} if {ends[0][1]}"
    if config.turn_timeout:
        at = max(state.turn_started + config.turn_timeout, state.last_change)
        unless = f" if {state.turn} has not proposed by then" \
            if config.proposing == "one-a-turn" else ""
        return f"; it passes at {_when(at)}{unless} ({config.cite('turn_timeout')})"
    if config.inactive_after and may_propose_now(game) and \
            next((p.active for p in state.players if p.login == state.turn), False):
        at = state.turn_started + config.inactive_after
        return (f"; if {state.turn} has not proposed by {_when(at)}, they become inactive and "
                f"their turn ends ({config.cite('inactive_after')})")
    return ""


def clock(game: Game) -> list[str]:
    """What the board's clock brings next (BoredNomic's update), as sentences."""
    if not game.config.board or game.state.over:
        return []
    from ..core.board.rooms import timers
    from ..core.transitions import Update
    return [f"The next update, when every player takes a turn: {_when(at)} "
            f"{transition.reason.removeprefix('the update ')}."
            for at, transition in timers(game) if isinstance(transition, Update)]
