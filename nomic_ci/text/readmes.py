"""The READMEs players read in the repository: rules, scoreboard, history.

Each is a pure function of the game's files, so `render --check` can tell
whether the committed ones are up to date.
"""

from __future__ import annotations

import re
from typing import Callable, Mapping

from ..core.board.actionindex import INDEX as ACTIONS_INDEX
from ..core.board.actionindex import is_action
from ..core.board.actionlog import DIR as ACTIONS
from ..core.files.gamefiles import under
from ..core.files.history import INDEX, RecordSummary, record_paths
from ..core.files.indexlines import IndexLines
from ..core.files.records import DIR, Outcome
from ..core.files.state import OpenProposal, Standing
from ..core.game import Game, load_game
from ..core.holdings import KINDS, holdings, kinds_shown
from ..core.voting.decision import vote_deadline
from ..core.winning import counted, goals, limits
from .awaiting import awaiting_lines
from .judgment_page import README as JUDGMENTS_README, render_judgments, scoreboard_line
from .quoting import quoted
from .rule_format import WRITING, rules_page_section
from .score_chart import SCORES_SVG, chart_lines, render_score_chart
from .deadlines import clock, turn_passes, turns_end, vote_closes

LATEST = 50  # rows of proposals/README.md: a decision's commit sends it whole to GitHub, so
# its size stays that of a young game's (500 rows were 165 kB); older ones are a folder away
CHANGES_SHOWN = 10  # of each rule's, in rules/README.md: the rest are in proposals/index/
RULES_README = "rules/README.md"
STATE_README = "state/README.md"
PROPOSALS_README = "proposals/README.md"
BANNER = "<!-- Written by nomic-ci from the files beside it: do not edit, run `nomic-ci render`. -->"


def _shown(moment) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC") if moment else "—"


def pull_link(key: str) -> str:
    """A proposal's pull request, linked from a README one folder down (`state/`,
    `proposals/`): GitHub resolves a README's links from `/OWNER/REPO/blob/BRANCH/DIR/`, so
    three levels up is the repository's page. (A local game's keys lead nowhere.)"""
    return f"[#{key}](../../../pull/{key})"


def vetoes_apply(game: Game) -> bool:
    """Whether a veto means anything under the rules in force (or a player still holds one)."""
    return any(layer.threshold.kind == "veto" for layer in game.config.layers) or (
        game.config.threshold is not None and game.config.threshold.kind == "veto") or any(
        p.veto for p in game.state.players)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def github_anchors(headings: list[str]) -> list[str]:
    """The ids GitHub gives these headings of one page, in order: lower case, punctuation
    dropped, spaces as hyphens, and a repeated one numbered (-1, -2...)."""
    seen: dict[str, int] = {}
    anchors = []
    for heading in headings:
        base = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        anchor, n = base, seen.get(base, 0)
        while anchor in seen:
            n += 1
            anchor = f"{base}-{n}"
        seen[base] = n
        seen.setdefault(anchor, 0)
        anchors.append(anchor)
    return anchors


def render_rules(game: Game) -> str:
    changes = game.records.rule_changes()
    title = "The rules in force"
    headings = [f"{r.number:03d} {r.title}" for r in game.rules] + [WRITING]
    anchors = github_anchors([title, *headings])[1:]  # from the text a heading shows
    shown = [f"{r.number:03d} {quoted(r.title)}" for r in game.rules]  # a title is inert
    lines = [BANNER, "", f"# {title}", ""]
    lines += [f"- [{heading}](#{anchor})" for heading, anchor in zip(shown + [WRITING], anchors)]
    for rule, heading in zip(game.rules, shown):
        lines += ["", f"## {heading}", ""]
        lines += [f"*{'Mutable' if rule.mutable else 'Immutable'}.* "
                  f"Source: [{rule.path.removeprefix('rules/')}]({rule.path.removeprefix('rules/')})",
                  "", _images_kept(game, rule.text), ""]
        lines.append(_rule_history(*changes.get(rule.number, (0, []))))
    lines += ["", *rules_page_section(game)]
    return "\n".join(lines).rstrip() + "\n"


IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)")


def _images_kept(game: Game, text: str) -> str:
    """A rule's text with each image it links that is not in the game said in words, so the
    page shows no broken picture (seed 001 rule 305's graph was never kept)."""
    def shown(match: re.Match) -> str:
        target = match.group(2)
        if "://" in target or f"rules/{target.removeprefix('./')}" in game.files:
            return match.group(0)
        return f"*[image {quoted(target)}, {quoted(match.group(1))}: not in this game]*"
    return IMAGE.sub(shown, text)


def _rule_history(count: int, latest: list[tuple[int, str]]) -> str:
    """Which proposals changed a rule: the latest few, after how many in all where there
    were more (every one is in the proposals' index)."""
    shown = ", ".join(f"proposal {number} ({day})" for number, day in latest[-CHANGES_SHOWN:])
    if count > CHANGES_SHOWN:
        shown = f"{count:,} proposals, the latest {shown}"
    return f"History: initial ruleset{'; changed by ' + shown if shown else ''}."


def render_state(game: Game) -> str:
    state, config = game.state, game.config
    lines = [BANNER, "", "# The game", ""]
    if state.board is not None and "ring" in config.board:
        from .board_svg import BOARD_SVG, legend  # only a game with a board loads it
        lines += [f"![The board, with every player's token]({BOARD_SVG.removeprefix('state/')})",
                  "", legend(game), ""]
    if state.over:
        lines.append(f"**The game is over.** Won by {', '.join(state.winners) or 'nobody'} "
                     f"on {_shown(state.ended_at)}.")
    elif state.paused_since:
        lines.append(f"**The game is paused** since {_shown(state.paused_since)} "
                     f"({config.cite('pause')}): players make no proposals; the Admin makes "
                     "the only proposal of the week, and the game goes on once one of theirs "
                     "is accepted.")
    elif state.turn:
        lines.append(f"It is **{state.turn}**'s turn, since {_shown(state.turn_started)}"
                     f"{turn_passes(game)}.")
    elif config.schedule:
        lines.append(f"There are no turns: any player may propose on the proposal days "
                     f"({config.schedule.describe(config.schedule.propose)}, "
                     f"{config.cite('schedule')}).")
    else:
        lines.append("There are no turns: any player may propose.")
    judgment = scoreboard_line(game)  # seed 001 rule 211, where one is pending
    lines += ["", judgment] if judgment else []
    lines.append("")
    lines += _scoreboard(game) + ["", *chart_lines(game)]
    if "locations" in config.board:  # the Suber world (seed 001), where the rules bind it
        from .world_table import world_lines  # only a game with a board loads it
        lines += world_lines(game)
    lines += ["", "## In its vote", ""] + (_in_its_vote(game) if state.open_proposals
                                               else ["Nothing."])
    held = awaiting_lines(game, pull_link, _shown)
    lines += ["", "## Awaiting a fix", "", *held] if held else []
    lines += ["", " ".join([f"Next proposal number: {state.next_proposal}.",
                            vote_closes(config), *filter(None, [turns_end(game)]),
                            *clock(game)])]
    return "\n".join(lines + _dice(game)).rstrip() + "\n"


def _scoreboard(game: Game) -> list[str]:
    """What wins (core/winning.py), then the scoreboard: each player's quantities, what wins
    first, and what they hold on the board (core/holdings.py)."""
    state, config = game.state, game.config
    ways = [goal.says for goal in goals(game)]
    victory = "; ".join(ways + limits(config)) if ways else \
        "no rule in force says how the game is won"
    quantities = counted(game)
    held = holdings(game)
    kinds = kinds_shown(game)
    veto = vetoes_apply(game)  # a column that cannot apply to the rules in force is left out
    lines = [f"Victory: {victory}.", "", "## Scoreboard", "",
             "| # | player |" + "".join(f" {q.label} |" for q in quantities)
             + (" veto |" if veto else "") + "".join(f" {KINDS[k]} |" for k in kinds),
             "|---|---|" + "---:|" * len(quantities) + ("---|" if veto else "")
             + "---|" * len(kinds)]
    for index, player in enumerate(state.players, 1):
        marker = " ◀ turn" if player.login == state.turn else ""
        crown = " 🏆" if player.login in state.winners else ""
        if not player.active:
            crown += f" (inactive since {_shown(player.inactive_since)})"
        lines.append(f"| {index} | {player.login}{marker}{crown} |"
                     + "".join(f" {q.shown(q.of(player, config))} |" for q in quantities)
                     + (f" {'yes' if player.veto else ''} |" if veto else "")
                     + "".join(f" {quoted(held[player.login].shown(k))} |"
                               for k in kinds))
    return lines


def _in_its_vote(game: Game) -> list[str]:
    """The proposals in their vote: each linked to its pull request, with its tally as the
    engine last counted it (`Standing`), what it needs, who has not voted, when its vote
    started and when it closes at the latest."""
    config = game.config
    guard = config.guard
    closing = bool(config.voting_window or config.schedule or guard or config.join_window)
    lines = ["| proposal | by | yes | no | not voted yet | needs | vote since |"
             + (" closes by |" if closing else ""),
             "|---|---|---:|---:|---|---|---|" + ("---|" if closing else "")]
    for open_ in game.state.open_proposals:
        name = open_.number if open_.number is not None else open_.capitalized_name
        votes = open_.standing
        counted = (f"{votes.yes_votes} | {votes.no_votes} | {_missing(votes)} | "
                   f"{quoted(votes.needs)} |" if votes else "not counted yet | | | |")
        row = (f"| {name}: {quoted(open_.title)} ({pull_link(open_.key)}) | "
               f"{open_.author.login} | {counted} {_shown(open_.head_since)} |")
        if closing:
            row += f" {_closes(game, open_)} |"
        lines.append(row)
    push = ("A push starts its vote again. " if config.edits != "retract" else
            "An edit withdraws it. ")
    return lines + ["", push + "The votes are as the engine last counted them; each proposal's "
                    "vote comment, on its pull request, shows them as they stand now, with the "
                    "commit each was cast on."]


def _closes(game: Game, open_: OpenProposal) -> str:
    """When its vote closes at the latest, as the engine last worked it out (for the rules
    the proposal involves, or a request to join's window); before it has, from the rules."""
    config = game.config
    every = "when every vote is in"
    if config.inactive_after and not open_.join:  # who has not voted by then is inactive
        every += (f", by {_shown(open_.head_since + config.inactive_after)} at the latest "
                  f"({config.cite('inactive_after')})")
    if open_.standing is not None:
        closes = open_.standing.closes
        return _shown(closes) if closes else every
    guard, deadline = config.guard, vote_deadline(game, open_, ())
    closes = _shown(deadline) if deadline else every
    if guard:  # a guarded range has its own
        closes += (f" ({_shown(open_.head_since + guard.until)} if it involves "
                   f"rules {guard.low:03d}–{guard.high:03d})")
    return closes


def _missing(votes: Standing) -> str:
    more = f" and {votes.others_not_voted} more" if votes.others_not_voted else ""
    return ", ".join(votes.not_voted) + more if votes.not_voted else "nobody"


def _dice(game: Game) -> list[str]:
    """Where the dice come from, where the game rolls any: a secret, or a warning."""
    state = game.state
    if not game.rolls_dice and not state.dice_secrets:
        return []
    lines = ["", "## Dice", ""]
    current = state.dice_secret
    if current is not None:
        lines.append(f"The dice are drawn from a secret the engine holds, committed to before "
                     f"the first roll as SHA-256 `{current.commitment}`. It is revealed here "
                     f"when the game ends; `nomic-ci verify` then re-checks every roll.")
    else:
        lines.append("⚠️ **The dice can be foreseen**: they are derived from the public seed "
                     "alone, so anyone can work out the next roll. An admin can give the engine "
                     "a secret (see nomic_ci/docs/setup.md); rolls from then on cannot be foreseen.")
    for secret in state.dice_secrets:
        if secret.revealed is not None:
            lines.append(f"- Rolls from {secret.from_roll} on were drawn from the secret "
                         f"`{secret.revealed}` (SHA-256 `{secret.commitment[:12]}…`), now "
                         "revealed.")
    return lines


def render_proposals(game: Game) -> str:
    lines = [BANNER, "", "# Proposals", ""]
    if not game.records:
        return "\n".join(lines + ["None decided yet."]) + "\n"
    rolls = game.config.turn_roll is not None or game.records.dice() > 0  # (the totals)
    lines += ["| outcome | # | pull request | title | author | why | rules | threshold | yes | "
              "no |" + (" dice |" if rolls else "") + " decided |",
              "|---|---:|---|---|---|---|---|---|---:|---:|" + ("---|" if rolls else "") + "---|"]
    shown = game.records[-LATEST:]
    for r in reversed(shown):
        rules = ", ".join(f"{n:03d}" for n in r.rules) or "—"
        dice = f" {', '.join(str(n) for n in r.rolls) or '—'} |" if rolls else ""
        # the reason matters where it did not pass: why it failed, was refused or withdrawn
        why = _cell(quoted(r.reason)) if r.outcome is not Outcome.PASSED and r.reason else "—"
        lines.append(f"| **{r.outcome.value}** | [{r.number if r.number is not None else '—'}]"
                     f"({r.path.removeprefix('proposals/')}) | {pull_link(r.key)} | "
                     f"{quoted(r.title)} | {r.author.login} | {why} | {rules} | "
                     f"{_cell(quoted(r.threshold, None)) if r.threshold else '—'} | {r.yes} | "
                     f"{r.no} |{dice} "
                     f"{_shown(r.decided)} |")
    if len(shown) < len(game.records):
        lines += ["", f"The latest {len(shown):,} of {len(game.records):,} decisions. "
                      + _older(game.records[-LATEST - 1])
                      + ", and every decision is a line of [the index](index/)."]
    return "\n".join(lines) + "\n"


def _older(last_hidden: RecordSummary) -> str:
    """Where the decisions before the page's are: each in its record file, a hundred to a
    folder (a folder once full never changes, and GitHub lists it with its files' names);
    the folder of the newest one not shown, linked."""
    folder = last_hidden.path.removeprefix(DIR).rpartition("/")[0]
    if not folder:  # a game made before its folders, or a refusal kept at the top
        return "Older ones are each in their own record file here"
    return (f"Older ones are each in their own record file, a hundred to a folder (the "
            f"newest of them in [{folder}]({folder}/))")


def render_all(game: Game) -> dict[str, str]:
    rendered = {RULES_README: render_rules(game), STATE_README: render_state(game),
                PROPOSALS_README: render_proposals(game), SCORES_SVG: render_score_chart(game)}
    judgments = render_judgments(game)  # where the game has had a Judgment (seed 001 rule 211)
    if judgments is not None:
        rendered[JUDGMENTS_README] = f"{BANNER}\n\n{judgments}"
    if game.state.board is not None:
        from .board_svg import BOARD_SVG, render_board_svg  # only a game with a board loads it
        board = render_board_svg(game)
        if board is not None:
            rendered[BOARD_SVG] = board
    return rendered


def _index_stale(index: IndexLines, files: Mapping[str, str],
                 recorded: Callable[[], bool]) -> bool:
    """Whether an index is not as the engine writes it, where that shows without reading
    all of it (`IndexLines.check`: `verify` reads it all), or, with none, whether there are
    records (`recorded()`, which lists them) it should list."""
    if not index.shards_in(files):
        return recorded()
    return bool(index.check())


def stale_readmes(files: Mapping[str, str]) -> list[str]:
    """The rendered files that differ from what the game's files say they should be. An
    index is stale where it is missing beside records, or where its files are not where
    the engine writes them, or its last file or its totals not as it writes them; that
    it lists every record, line by line, `verify` checks (reading all of them, which a long
    game's render does not)."""
    game = load_game(files)
    stale = [path for path, text in render_all(game).items() if files.get(path) != text]
    if _index_stale(game.records, files, lambda: bool(record_paths(files))):
        stale.append(INDEX)
    if _index_stale(game.actions, files,
                    lambda: any(is_action(path) for path in under(files, ACTIONS))):
        stale.append(ACTIONS_INDEX)
    return stale
