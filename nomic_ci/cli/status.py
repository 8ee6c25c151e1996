"""`status`: the game as of now, and what the next `tick` would do, without changing it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Mapping

from ..core.due import next_transition
from ..core.files.state import MAX_NAMED
from ..core.game import Game, load_game
from ..core.holdings import holdings, kinds_shown
from ..core.times import iso
from ..core.voting.decision import VoteView, vote_view
from ..forges.interface import listed_comments
from ..core.winning import counted, goals
from ..text.messages import describe
from ..text.readmes import render_state
from .gamedir import forge_for_reading, now_from, working_files


def cmd_status(args) -> int:
    """The game as of now: deciding nothing, but saying what a `tick` would do."""
    root = Path(args.repo)
    now = now_from(args.now)
    forge = forge_for_reading(root, now)  # its default branch, else the working directory
    game = load_game(forge.read_files() if forge else working_files(root))
    views: dict[str, VoteView] = {}  # by forge key: a request to join may have no number
    due = None
    if forge is not None:
        proposals = forge.proposals({o.key for o in game.state.open_proposals})
        by_key = {p.key: p for p in proposals}
        views = {o.key: vote_view(game, o, by_key[o.key], now)
                 for o in game.state.open_proposals if o.key in by_key}
        if now >= game.state.last_change:
            due = next_transition(game, proposals, now, *listed_comments(forge, game))
    if args.json:
        print(json.dumps({**status_json(game, views),
                          "due": describe(due) if due else None}, indent=2))
        return 0
    print(render_state(game).split("\n", 2)[2].rstrip())  # the scoreboard alone: it is quick
    for open_ in game.state.open_proposals:
        if open_.key not in views:
            continue
        view = views[open_.key]
        tally = view.tally
        waiting = list(tally.not_voted)
        more = f" and {len(waiting) - MAX_NAMED} more" if len(waiting) > MAX_NAMED else ""
        print(f"\n{open_.capitalized_name}: {tally.yes} yes, {tally.no} no; waiting for "
              f"{', '.join(waiting[:MAX_NAMED]) + more or 'nobody'}"
              + (f"; closes {view.deadline:%Y-%m-%d %H:%M} UTC" if view.deadline else ""))
    for held in game.state.awaiting_fix:
        print(f"\nAwaiting a fix since {held.since:%Y-%m-%d %H:%M} UTC: {held.title!r} "
              f"({held.key}) by {held.author.login}, put to the vote as new when pushed "
              f"again: {held.reason}")
    if due is not None:
        print(f"\nDue now, and applied by the next `nomic-ci tick`: {describe(due)}")
    return 0


def _judgment(game: Game) -> dict | None:
    """The Judgment pending (seed 001 rule 211), where one is."""
    judgment = game.state.judgment
    if judgment is None:
        return None
    from ..core.players.judgment_replay import course  # only where one is pending
    now = course(judgment)
    return {"number": judgment.number, "question": judgment.question, "by": judgment.by,
            "judge": now.judge, "ruling": now.ruling.verdict or "" if now.ruling else None,
            "overrules": list(now.overrules), "consents": list(now.consents),
            "turn_waits": judgment.turn_ended is not None}


def status_json(game: Game, views: Mapping[str, VoteView]) -> dict:
    """`status --json`; `views` holds where each proposal in its vote stands, by forge key."""
    proposals = [{"number": r.number, "title": r.title, "author": r.author.login,
                  "state": r.outcome.value, "yes": r.yes, "no": r.no} for r in game.records]
    for open_ in game.state.open_proposals:
        view = views.get(open_.key)
        proposals.append({"number": open_.number, "title": open_.title,
                          "author": open_.author.login, "state": "voting",
                          "yes": view.tally.yes if view else 0,
                          "no": view.tally.no if view else 0})
    state, config = game.state, game.config
    quantities, held, kinds = counted(game), holdings(game), kinds_shown(game)
    return {"turn": state.turn, "turn_started": iso(state.turn_started),
            "judgment": _judgment(game),
            "winners": list(state.winners), "over": state.over,
            # what wins, as state/README.md says it: each way, the quantity it reads
            "victory": [{"quantity": g.quantity.name, "target": g.target, "says": g.says}
                        for g in goals(game)],
            "players": [{"login": p.login, "points": p.points,
                         **{q.name: q.of(p, config) for q in quantities},
                         **{kind: held[p.login].plain(kind) for kind in kinds}}
                        for p in state.players],
            "proposals": sorted(proposals, key=lambda p: (p["number"] is None,
                                                          p["number"] or 0)),
            "awaiting_fix": [{"key": a.key, "title": a.title, "author": a.author.login,
                              "since": iso(a.since), "reason": a.reason}
                             for a in state.awaiting_fix]}
