"""Looking at a game: status, render and verify."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Mapping

from ..core.board.actionindex import actions_of_records, index_paths as action_index_paths
from ..core.board.actions import rolled
from ..core.files.history import history_of_records, index_paths
from ..core.due import next_transition
from ..core.game import Game, load_game
from ..core.times import iso
from ..core.verify import check, read_whole, waiting_for_reveal
from ..core.voting.decision import VoteView, vote_view
from ..forges.localforge import LocalForge
from ..text.messages import describe
from ..text.readmes import render_all, render_state, stale_readmes
from .gamedir import files_for_reading, now_from, working_files


def cmd_status(args) -> int:
    """The game as of now: deciding nothing, but saying what a `tick` would do."""
    root = Path(args.repo)
    now = now_from(args.now)
    game = load_game(files_for_reading(root))
    views: dict[str, VoteView] = {}  # by forge key: a request to join may have no number
    due = None
    if (root / ".git").exists():
        forge = LocalForge(root, now, writing=False)
        proposals = forge.proposals({o.key for o in game.state.open_proposals})
        by_key = {p.key: p for p in proposals}
        views = {o.key: vote_view(game, o, by_key[o.key], now)
                 for o in game.state.open_proposals if o.key in by_key}
        if now >= game.state.last_change:
            due = next_transition(game, proposals, now, forge.comments())
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
        print(f"\n{open_.capitalized_name}: {tally.yes} yes, {tally.no} no; waiting for "
              f"{', '.join(tally.not_voted) or 'nobody'}"
              + (f"; closes {view.deadline:%Y-%m-%d %H:%M} UTC" if view.deadline else ""))
    if due is not None:
        print(f"\nDue now, and applied by the next `nomic-ci tick`: {describe(due)}")
    return 0


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
    state = game.state
    return {"turn": state.turn, "turn_started": iso(state.turn_started),
            "winners": list(state.winners), "over": state.over,
            "players": [{"login": p.login, "points": p.points} for p in state.players],
            "proposals": sorted(proposals, key=lambda p: (p["number"] is None,
                                                          p["number"] or 0))}


def cmd_render(args) -> int:
    root = Path(args.repo)
    files = working_files(root)
    rewritten = []
    if not args.check:  # the index first, rebuilt from the records (all read), as it renders
        rebuilt: dict[str, str | None] = {path: None for path in index_paths(files)}
        rebuilt.update(history_of_records(files).texts())
        rebuilt.update({path: None for path in action_index_paths(files)})
        rebuilt.update(actions_of_records(files).texts())  # the board's, likewise
        for path, text in rebuilt.items():
            if files.get(path) != text:
                if text is None:
                    (root / path).unlink()
                else:
                    (root / path).parent.mkdir(parents=True, exist_ok=True)
                    (root / path).write_text(text)
                print(f"{'removed' if text is None else 'wrote'} {path}")
                rewritten.append(path)
        files = files.changed(rebuilt)
    stale = stale_readmes(files)
    if args.check:
        if stale:
            for path in stale:
                print(f"nomic-ci: {path} is out of date", file=sys.stderr)
            print("  what to do: run 'nomic-ci render' and commit the result", file=sys.stderr)
            return 1
        print("The rendered READMEs are up to date.")
        return 0
    for path, text in render_all(load_game(files)).items():
        if path in stale:
            (root / path).write_text(text)
            print(f"wrote {path}")
    if not stale and not rewritten:
        print("The rendered READMEs were already up to date.")
    return 0


def cmd_verify(args) -> int:
    game, records = read_whole(working_files(Path(args.repo)))  # each record read once
    found = check(game, records)
    for line in found:
        print(f"nomic-ci: {line}", file=sys.stderr)
    if found:
        return 1
    dice = rolled(game)  # proposals' and board actions' dice are one sequence
    actions = f", {len(game.actions)} board actions" if game.actions else ""
    print(f"Verified {len(game.records)} proposal records{actions}, {dice} dice and "
          f"{len(game.state.players)} scores: everything adds up.")
    for commitment, count in waiting_for_reveal(game, records).items():
        print(f"{count} of the dice were drawn from the secret SHA-256 {commitment[:12]}…, not "
              "revealed yet: they are re-checked once it is (at the game's end, or when it is "
              "replaced).")
    return 0
