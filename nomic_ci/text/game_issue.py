"""The game issue, a dashboard: its title says whose turn it is; its text the times (exact,
and relative to the run that wrote it), a link to every page, what is due next, what is in
its vote with each tally, the scores, and how to play and join.

It is rewritten whenever a run changes the game or a vote, from the state and the rules in
force; the notices that mention players are comments on it (`core.notices`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Mapping, Sequence

from ..core.facts import Proposal
from ..core.files.state import GAME_ISSUE, Tell
from ..core.game import Game
from ..core.notices import turn_deadline
from ..core.times import hours, shown, shown_from
from ..core.players.comment_commands import commands_in_force
from ..core.players.inactivity import deactivations
from .awaiting import NOTE as AWAITING, awaiting_table
from .front_page import how_to_join, how_to_propose
from .judgment_page import README as JUDGMENTS, pending_lines
from .quoting import quoted
from .readmes import PROPOSALS_README, RULES_README, STATE_README, _missing  # as the page says
from .scores_table import scores_table, victory
from .vote_comment import how_to_vote
from ..core.voting.admission import Requirement, involved, requirement
from ..core.voting.decision import vote_deadline

MARKER = "<!-- nomic-ci:game -->"  # finds the engine's game issue (with its author)
TITLE = "The game: whose turn it is, what is in its vote, what is due"  # before its first text


def page_link(path: str) -> str:
    """A page of the repository, linked from the game issue: GitHub resolves an issue's
    links from `/OWNER/REPO/issues/`, so `../blob/HEAD/` is the default branch's file (and
    a local game shows the path)."""
    return f"[{path}](../blob/HEAD/{path})"


def pages(game: Game) -> list[str]:
    """Every page players read in this game, linked."""
    found = [("rules", RULES_README), ("scores and votes", STATE_README),
             ("decided proposals", PROPOSALS_README)]
    if game.config.judgment is not None or JUDGMENTS in game.files:
        found.append(("Judgments", JUDGMENTS))
    if game.state.board is not None:
        from .board_svg import BOARD_SVG  # only a game with a board loads it
        if BOARD_SVG in game.files:
            found.append(("the board", BOARD_SVG))
    return [f"{what}: {page_link(path)}" for what, path in found]


TITLE_MOST = 256  # characters of an issue's title: GitHub refuses more (422)


def game_issue_title(game: Game) -> str:
    """The game issue's title: whose turn it is, or why no one's, and how many votes run."""
    state = game.state
    if state.over:
        over = "The game is over: "
        return f"{over}{_named(state.winners, TITLE_MOST - len(over) - len(' won'))} won"
    if state.paused_since:
        whose = "paused"
    elif state.judgment is not None and state.judgment.turn_ended is not None:
        whose = f"the next turn waits for consent (Judgment {state.judgment.number})"
    elif state.turn:
        whose = f"{state.turn}'s turn"
    else:
        whose = "no turns"
    voting = sum(1 for o in state.open_proposals)
    return (f"The game: {whose}" + (f" · {voting} in {'its' if voting == 1 else 'their'} vote"
                                    if voting else ""))[:TITLE_MOST]  # a login is short


def _named(logins: Sequence[str], room: int) -> str:
    """The players named, as many as `room` characters take, and how many more: a game that
    ends with every player tied, or a proposal that makes them all win, names dozens."""
    whole = ", ".join(logins) or "nobody"
    if len(whole) <= room:
        return whole
    shown, length = 0, -2
    for login in logins[:-1]:
        length += len(login) + 2
        if length + len(f" and {len(logins) - shown - 1} more") > room:
            break
        shown += 1
    if not shown:
        return f"{len(logins)} player{'s' if len(logins) > 1 else ''}"
    return ", ".join(logins[:shown]) + f" and {len(logins) - shown} more"


# characters of the text at most: GitHub refuses an issue's text past 65,536, and a run
# whose write is refused stops (two hundred strangers asking to join made it longer)
BODY_MOST = 60_000
ROWS_SHOWN = (None, 100, 30, 10, 3)  # the rows of each list, fewer until the text fits


def game_issue_body(game: Game, proposals: Mapping[str, Proposal], now: datetime) -> str:
    """The game issue's text as of `now`: its times exact and relative to then. Where every
    row of its lists would make it too long for GitHub, each shows its first rows, and
    `state/README.md` has them all."""
    lists = _lists(game, proposals, now)
    for most in ROWS_SHOWN:
        body = _body(game, now, lists, most)
        if len(body) <= BODY_MOST:
            break
    return body


def _lists(game: Game, proposals: Mapping[str, Proposal], now: datetime) -> dict[str, list[str]]:
    """The lists of the text that grow with the game: what is due next, in order; the
    proposals in their vote and those awaiting a fix, as tables; the scores."""
    state, config = game.state, game.config
    due: list[tuple[datetime, str]] = []
    if state.turn and not (state.over or state.paused_since or (
            state.judgment is not None and state.judgment.turn_ended is not None)):
        passes = turn_deadline(game, state)
        if passes:
            due.append((passes, f"{state.turn}'s turn passes to the next player"))
    votes = _in_its_vote(game, proposals, now, due)
    if config.ends_at and not state.over:
        due.append((config.ends_at, "the game ends"))
    if config.board:
        due += _board_due(game)
    if config.inactive_after and not state.over:
        due += _inactivity_due(game, proposals)
    held = awaiting_table(game, lambda key: f"#{key}", lambda at: shown_from(at, now))
    return {"due": [f"- {shown_from(at, now)}: {what}" for at, what in sorted(due)],
            "votes": votes, "held": held, "scores": scores_table(game)}


def _shown(lines: list[str], most: int | None, head: int, what: str) -> list[str]:
    """A list (after its `head` lines, a row a line) with its first `most` rows, and how
    many more there are and where."""
    if most is None or len(lines) - head <= most:
        return lines
    more = len(lines) - head - most
    return lines[:head + most] + ["", f"…and {more:,} more {what}: every one is on "
                                      f"{page_link(STATE_README)}."]


def _body(game: Game, now: datetime, lists: dict[str, list[str]], most: int | None) -> str:
    """The text, each of its `lists` with its first `most` rows (all: None)."""
    state, config = game.state, game.config
    lines = [MARKER, "### Where the game stands", ""]
    if state.over:
        lines.append(f"The game is over: {quoted(', '.join(state.winners) or 'nobody')} won "
                     f"({shown_from(state.ended_at, now)}).")
    elif state.paused_since:
        lines.append(f"The game is paused since {shown_from(state.paused_since, now)} "
                     f"({config.cite('pause')}): players make no proposals until the Admin's "
                     "proposal to fix it is accepted.")
    elif state.judgment is not None and state.judgment.turn_ended is not None:
        lines.append(f"**{quoted(state.turn)}**'s turn is over, and the next waits for consent "
                     f"while Judgment {state.judgment.number} is pending.")
    elif state.turn:
        lines.append(f"It is **{quoted(state.turn)}**'s turn, since "
                     f"{shown_from(state.turn_started or state.last_change, now)}.")
    else:
        lines.append("The rules keep no turns: any player may propose as they allow.")
    lines += ["", f"As of {shown(now)}: the relative times here are from then. Pages: "
              + " · ".join(pages(game)) + "."]
    if not state.over:
        lines += ["", "### Due next", ""] + (
            _shown(lists["due"], most, 0, "things due later") or ["Nothing."])
    lines += ["", "### In its vote", ""] + (
        _shown(lists["votes"], most, 2, "proposals in their vote")
        or ["No proposal is in its vote."])
    if lists["held"]:
        lines += ["", "### Awaiting a fix", "",
                  *_shown(lists["held"], most, 2, "proposals awaiting a fix"), "", AWAITING]
    if state.judgment is not None:  # seed 001 rule 211
        lines += ["", f"### Judgment {state.judgment.number} is pending "
                      f"({config.cite('judgment')})", "", *pending_lines(game), "",
                  f"Every step of it, and the Judgments before, are on {page_link(JUDGMENTS)}."]
    won = victory(game)
    lines += ["", "### Scores", "", *_shown(lists["scores"], most, 2, "players")] + (
        ["", won] if won else [])
    lines += ["", "### How to play", "", f"- **Propose** {how_to_propose(game)}",
              f"- **Vote.** {how_to_vote(config)}", f"- **Join:** {how_to_join(game)}"]
    if commands_in_force(game):
        lines.append("- **Commands:** write `/help` as the first line of a comment here, or on "
                     "any issue or pull request of the game, to see what you may do now.")
    lines += ["", "The engine rewrites this text when the game or a vote changes, and mentions here the "
                  "player whose turn begins, the voters whose votes a push undid, and those who "
                  f"have not voted {hours(config.remind_before)} before a vote closes"
                  + (f" or {config.cite('inactive_after')} makes them inactive"
                     if config.inactive_after else "") + "."]
    return "\n".join(lines) + "\n"


def _in_its_vote(game: Game, proposals: Mapping[str, Proposal], now: datetime,
                 due: list[tuple[datetime, str]]) -> list[str]:
    """The proposals in their vote, each with its tally as the engine last counted it; their
    closing times join `due`."""
    state, config = game.state, game.config
    if not state.open_proposals:
        return []
    eligible = len(game.eligible_voters)
    lines = ["| proposal | by | yes | no | not voted yet | needs | closes |",
             "|---|---|---:|---:|---|---|---|"]
    for open_ in state.open_proposals:
        proposal = proposals.get(open_.key)
        needed = requirement(game, proposal) if proposal else None
        deadline = vote_deadline(game, open_, involved(needed)) if needed else (
            open_.standing.closes if open_.standing else None)
        votes = open_.standing
        need = (votes.needs if votes and votes.needs else
                needed.threshold.explain(eligible) if isinstance(needed, Requirement)
                else "to join" if open_.join else "—")
        closes = shown_from(deadline, now) if deadline else "when every vote is in"
        if not deadline and config.inactive_after and not open_.join:  # rule 206's limit
            latest = shown_from(open_.head_since + config.inactive_after, now)
            closes += f", by {latest} at the latest ({config.cite('inactive_after')})"
        counted = (f"{votes.yes_votes} | {votes.no_votes} | {quoted(_missing(votes))}"
                   if votes else "— | — | not counted yet")
        name = open_.number if open_.number is not None else open_.capitalized_name
        lines.append(f"| {name}: {quoted(open_.title)} (#{open_.key}) | "
                     f"{quoted(open_.author.login)} | {counted} | {quoted(need)} | {closes} |")
        if deadline:
            due.append((deadline, f"the vote on {open_.name} closes"))
    return lines


def _inactivity_due(game: Game, proposals: Mapping[str, Proposal]
                    ) -> list[tuple[datetime, str]]:
    """Who becomes inactive when, unless they vote or propose before (seed 001 rule 206),
    the players of one deadline and one reason together."""
    grouped: dict[tuple[datetime, str], list[str]] = {}
    for timer in deactivations(game, proposals):
        unless = timer.reason.removeprefix(f"{timer.login} did not ")
        grouped.setdefault((timer.at, unless), []).append(timer.login)
    return [(at, f"{', '.join(logins)} become{'s' if len(logins) == 1 else ''} inactive "
                 f"unless they {unless}") for (at, unless), logins in grouped.items()]


def _board_due(game: Game) -> list[tuple[datetime, str]]:
    """The board's next timers players wait for (BoredNomic's update)."""
    if "update_turns" not in game.config.board:
        return []
    from ..core.board.bored.updates import next_update  # only a game with that board
    at = next_update(game)
    return [(at, f"the update: every player's turn ({game.config.cite('update_turns')})")] \
        if at else []


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
    return Tell(GAME_ISSUE, BEGUN, message, mentions=mentions,
                final=game_issue_body(game, {}, state.last_change), title=game_issue_title(game))
