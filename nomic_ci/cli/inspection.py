"""Checking a game's files: render (the READMEs and indexes made from them) and verify."""

from __future__ import annotations

import sys
from pathlib import Path

from ..core.board.actionindex import actions_of_records
from ..core.board.actionlog import INDEX as ACTIONS_INDEX, moved_actions
from ..core.board.playing import rolled
from ..core.files.gamefiles import under
from ..core.files.history import INDEX, history_of_records, moved_records
from ..core.game import load_game
from ..core.verify import check, read_whole, waiting_for_reveal
from ..text.readmes import render_all, stale_readmes
from .gamedir import working_files


def cmd_render(args) -> int:
    root = Path(args.repo)
    files = working_files(root)
    rewritten = []
    if not args.check:  # the index first, rebuilt from the records (all read), as it renders
        before, said = files, []
        # the records a game made before kept at the top, moved into their folders of a
        # hundred (core/files/folders.py), and any other not where the engine keeps it
        rebuilt: dict[str, str | None] = {**moved_records(files, said.append),
                                          **moved_actions(files, said.append)}
        for line in said:
            print(line)
        moved = sum(text is not None for text in rebuilt.values())
        files = files.changed(rebuilt)
        rebuilt.update({path: None for path in under(files, INDEX)})
        rebuilt.update(history_of_records(files).texts())
        rebuilt.update({path: None for path in under(files, ACTIONS_INDEX)})
        rebuilt.update(actions_of_records(files).texts())  # the board's, likewise
        for path, text in rebuilt.items():
            if before.get(path) != text:
                if text is None:
                    (root / path).unlink()
                else:
                    (root / path).parent.mkdir(parents=True, exist_ok=True)
                    (root / path).write_text(text)
                if path.startswith((INDEX, ACTIONS_INDEX)):  # (the moves are said above)
                    print(f"{'removed' if text is None else 'wrote'} {path}")
                rewritten.append(path)
        if moved:
            print(f"moved {moved} record{'s' * (moved != 1)} into their folders of a hundred")
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
    early = sum(record.path != record.home for record in (*records, *game.actions.records()))
    if early:
        print(f"{early} record{'s are' if early != 1 else ' is'} at the top of proposals/ or "
              "actions/, where a game made before kept them: 'nomic-ci render' moves them "
              "into their folders of a hundred (GitHub lists no more than 1,000 files of a "
              "folder).")
    for commitment, count in waiting_for_reveal(game, records).items():
        print(f"{count} of the dice were drawn from the secret SHA-256 {commitment[:12]}…, not "
              "revealed yet: they are re-checked once it is (at the game's end, or when it is "
              "replaced).")
    return 0
