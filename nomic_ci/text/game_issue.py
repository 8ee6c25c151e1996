"""The game issue's text: whose turn it is, what is in its vote, and the next deadlines.

It is rewritten whenever a run changes the game, from the state and the rules in force;
the notices that mention players are comments on it (`core.notices`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Mapping

from ..core.facts import Proposal
from ..core.files.state import GAME_ISSUE, Tell
from ..core.game import Game
from ..core.notices import turn_deadline
from ..core.times import hours
from .front_page import how_to_join, how_to_propose
from .judgment_page import README as JUDGMENTS, pending_lines
from .quoting import quoted
from .vote_comment import how_to_vote
from ..core.voting.admission import Requirement, involved, requirement
from ..core.voting.decision import vote_deadline

MARKER = "<!-- nomic-ci:game -->"  # finds the engine's game issue (with its author)
TITLE = "The game: whose turn it is, what is in its vote, what is due"


def _when(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC"


def game_issue_body(game: Game, proposals: Mapping[str, Proposal]) -> str:
    state, config = game.state, game.config
    lines = [MARKER, "### Where the game stands", ""]
    due: list[tuple[datetime, str]] = []
    if state.over:
        lines.append(f"The game is over: {', '.join(state.winners) or 'nobody'} won "
                     f"({_when(state.ended_at)}).")
    elif state.judgment is not None and state.judgment.turn_ended is not None:
        lines.append(f"**{state.turn}**'s turn is over, and the next waits for consent while "
                     f"Judgment {state.judgment.number} is pending.")
    elif state.turn:
        lines.append(f"It is **{state.turn}**'s turn, since "
                     f"{_when(state.turn_started or state.last_change)}.")
        passes = turn_deadline(game, state)
        if passes:
            due.append((passes, f"{state.turn}'s turn passes to the next player"))
    else:
        lines.append("The rules keep no turns: any player may propose as they allow.")
    eligible = len(game.eligible_voters)
    if state.open_proposals:
        lines += ["", "| proposal | by | needs | closes |", "|---|---|---|---|"]
    for open_ in state.open_proposals:
        proposal = proposals.get(open_.key)
        needed = requirement(game, proposal) if proposal else None
        deadline = vote_deadline(game, open_, involved(needed)) if needed else None
        need = (needed.threshold.explain(eligible) if isinstance(needed, Requirement)
                else "to join" if open_.join else "—")
        closes = _when(deadline) if deadline else "when every vote is in"
        lines.append(f"| {open_.number}: {quoted(open_.title)} (#{open_.key}) | "
                     f"{open_.author.login} | {need} | {closes} |")
        if deadline:
            due.append((deadline, f"the vote on proposal {open_.number} closes"))
    if not state.open_proposals and not state.over:
        lines += ["", "No proposal is in its vote."]
    if config.ends_at and not state.over:
        due.append((config.ends_at, "the game ends"))
    if state.judgment is not None:  # seed 001 rule 211
        lines += ["", f"### Judgment {state.judgment.number} is pending "
                      f"({config.cite('judgment')})", "", *pending_lines(game), "",
                  f"Every step of it, and the Judgments before, are on {JUDGMENTS}."]
    if due:
        lines += ["", "Next deadlines:"] + [f"- {_when(at)}: {what}" for at, what in sorted(due)]
    lines += ["", "### How to play", "", f"- **Propose** {how_to_propose(game)}",
              f"- **Vote.** {how_to_vote(config)}", f"- **Join:** {how_to_join(game)}"]
    if config.commands:
        lines.append("- **Commands:** write `/help` as the first line of a comment here, or on "
                     "any issue or pull request of the game, to see what you may do now.")
    lines += ["", "The engine rewrites this text when the game changes, and mentions here the "
                  "player whose turn begins, the voters whose votes a push undid, and those who "
                  f"have not voted {hours(config.remind_before)} before a vote closes. The "
                  "scoreboard is state/README.md, the rules rules/README.md, the history "
                  "proposals/README.md."]
    return "\n".join(lines) + "\n"


BEGUN = "begun"  # the id of the game's first message on the game issue


def game_begins(game: Game) -> Tell:
    """What the engine's first run tells on the game issue, which it opens and pins: the game
    has begun, whose turn it is, how to propose and vote, mentioning every player (and the
    Admin, where the rules have one). `init` puts it in the new game's state, so the first
    run tells it once, as any other message."""
    state = game.state
    turn = (f"it is {state.turn}'s turn" if state.turn else
            "the rules keep no turns")
    message = (f"the game has begun: {turn}. This issue says where the game stands and how to "
               "propose, vote and join; the rules are rules/README.md")
    mentions = tuple(p.login for p in state.players) + ((state.admin,) if state.admin else ())
    return Tell(GAME_ISSUE, BEGUN, message, mentions=mentions, final=game_issue_body(game, {}))
