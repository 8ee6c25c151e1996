"""Re-check the whole history: every roll from its inputs (under its secret, once revealed),
every score from the records."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Mapping

from .dice import (METHOD, SECRET_METHOD, commitment_of, derive_roll, derive_secret_roll,
                   roll_inputs)
from .files.folders import misplaced
from .files.gamefiles import under
from .files.history import INDEX, History, read_history, record_paths, summary_of
from .files.records import DieRoll, Outcome, Record, read_record
from .files.state import DiceSecret
from .game import Game, load_game
from .times import iso
from .scores import point_sources
from .board.actionindex import ActionLog, check_index as check_action_index
from .files.indexlines import index_problems
from .board.actionlog import load_actions
from .board.replay import check_dice, replay
from .files.adjustments import read_adjustments
from .files.judgments import GAME_ENDED, RULING, read_judgments
from .players.judgment_replay import beside, course, eligible


def verify(files: Mapping[str, str]) -> list[str]:
    """What does not add up, one line each naming the record or file; empty when all is well."""
    return check(*read_whole(files))


def check(game: Game, records: list[Record]) -> list[str]:
    """`verify` of a game as `read_whole` read it."""
    found = check_index(game) + check_action_index(game.files, game.actions)
    found += [f"{record.path}: this record belongs at {record.home}, the folder of its "
              "number's hundred; move it there (`nomic-ci render` does)"
              for record in (*records, *game.actions.records())
              if misplaced(record.path, record.home)]
    rolls: dict[object, str] = {}  # each roll number of the game, and the record that made it
    for where, proposal, dice in _dice_of(game, records):
        for die in dice:
            # the game's n-th roll, n counted in the order proposals rolled (which is not
            # always their numbers' order): each n once, each from the game's own inputs
            number = die.inputs.get("roll")
            if isinstance(number, bool) or not isinstance(number, int):
                found.append(f"{where}: a die says it is the game's roll {number!r}, "
                             "which is no roll number")
                continue
            expected = roll_inputs(game.state.dice_seed, number, proposal)
            if _canonical(die.inputs) != _canonical(expected):  # 2.0 is not the roll 2
                found.append(f"{where}: {die.purpose} was rolled from {dict(die.inputs)}, "
                             f"but the game's roll {number} comes from {expected}")
            if number in rolls:
                found.append(f"{where}: the game's roll {number} was also used in "
                             f"{rolls[number]}")
            rolls.setdefault(number, where)
            found += _check_die(game, where, die, number)
    for record in records:
        total = sum(d.result for d in record.dice)
        if game.config.proposer_gains == "net-votes" and record.outcome is Outcome.PASSED:
            total += record.yes - record.no
        if sum(record.points.values()) != total:
            found.append(f"{record.path}: points {dict(record.points)} do not match the dice "
                         f"and votes ({total})")
    for secret in game.state.dice_secrets:
        if secret.revealed is not None and commitment_of(secret.revealed) != secret.commitment:
            found.append(f"state/game.yaml: the secret revealed for SHA-256 "
                         f"{secret.commitment[:12]}… is not the one committed to (its SHA-256 "
                         f"is {commitment_of(secret.revealed)[:12]}…)")
    # the board's actions roll the game's dice too, and must leave the board as it is
    found += check_dice(game, rolls, lambda path, die, number: _check_die(game, path, die,
                                                                          number))
    found += replay(game, records)
    if "money" in game.config.board:  # seed 003's money, levels and hit points
        from .board.bored.ledger import check_counters  # BoredNomic's
        found += check_counters(game, records)
    dice = f"{len(rolls)} {'die' if len(rolls) == 1 else 'dice'}"
    for number, path in rolls.items():
        if number not in range(1, len(rolls) + 1):
            found.append(f"{path}: a die is recorded as the game's roll {number}, but the game "
                         f"has rolled {dice}, and each is the game's next roll")
    sources = point_sources(game)
    for player in game.state.players:
        explained = sources[player.login]
        if player.points != explained.total:
            found.append(f"state/players.yaml: {player.login} has {player.points} points, but "
                         f"the records give {explained.total} ({explained}); correct a score "
                         "with `nomic-ci adjust`, which records who and why")
    found += check_judgments(game)
    numbers = [r.number for r in game.records if r.number is not None] + [
        o.number for o in game.state.open_proposals if o.number is not None]
    if numbers and game.state.next_proposal <= max(numbers):
        found.append(f"state/game.yaml: next_proposal is {game.state.next_proposal}, but "
                     f"proposal {max(numbers)} exists")
    return found


def check_judgments(game: Game) -> list[str]:
    """Each Judgment replayed (seed 001 rule 211): numbered in order, its first Judge the
    active player beside the one moving, each step one the procedure allows, an ending with
    the game at the game's end; and each adjustment that cites one, citing a ruling made."""
    ended = read_judgments(game.files)
    pending = game.state.judgment
    found = []
    for index, judgment in enumerate(ended + ((pending,) if pending else ()), 1):
        where = judgment.path if judgment is not pending else "state/game.yaml (pending)"
        if judgment.number != index:
            found.append(f"{where}: Judgment {judgment.number} is the game's Judgment {index}")
        could = eligible(judgment.active, judgment.mover, ())
        if judgment.judge != beside(judgment.order, judgment.mover, judgment.side, could):
            found.append(f"{where}: its first Judge, {judgment.judge}, is not the active "
                         f"player {judgment.side} {judgment.mover}, who was moving")
        if judgment is not pending and judgment.ended is None:
            found.append(f"{where}: it is recorded as ended, but no step ended it")
        found += [f"{where}: {problem}" for problem in course(judgment).problems]
        last = judgment.steps[-1] if judgment.steps else None
        if last is not None and last.did == GAME_ENDED and last.at != game.state.ended_at:
            found.append(f"{where}: it ended with the game at {iso(last.at)}, but the game "
                         f"ended at {iso(game.state.ended_at)}")
    by_number = {j.number: j for j in ended + ((pending,) if pending else ())}
    for adjustment in read_adjustments(game.files):
        if adjustment.judgment is None:
            continue
        cited = by_number.get(adjustment.judgment)
        rulings = [s for s in cited.steps if s.did == RULING and s.at <= adjustment.at] \
            if cited else []
        if not rulings:
            found.append(f"proposals/adjustments.yaml: the adjustment of {iso(adjustment.at)} "
                         f"carries out Judgment {adjustment.judgment}, which "
                         + ("had no ruling then" if cited else "there is not"))
    return found


def read_whole(files: Mapping[str, str]) -> tuple[Game, list[Record]]:
    """The game with its history read from the records themselves, not their index, and the
    records in the history's order."""
    game = load_game(files)
    records = {path: read_record(path, text)  # each text read, parsed and let go
               for path, text in game.files.each(record_paths(game.files))}
    history = History.of(summary_of(record, path) for path, record in records.items())
    actions = ActionLog.of(load_actions(game.files))  # each record read once
    return replace(game, records=history, actions=actions), [records[s.path] for s in history]


def check_index(game: Game) -> list[str]:
    """Where `proposals/index/` is not what the records make (`game.records`, read from the
    records themselves)."""
    return index_problems(INDEX, {path: game.files[path] for path in under(game.files, INDEX)},
                          lambda: read_history(game.files), game.records,
                          "records", "in the order decided")



def _dice_of(game: Game, records: list[Record]
             ) -> list[tuple[str, int | None, tuple[DieRoll, ...]]]:
    """Every die the game has rolled, by where it is written and the proposal that rolled
    it: the records, and the proposals in their vote (which roll as they open)."""
    return [(record.path, record.number, record.dice) for record in records] + [
        (f"state/game.yaml (proposal {o.number}, in its vote)", o.number, o.dice)
        for o in game.state.open_proposals if o.dice]


def _canonical(inputs: Mapping[str, object]) -> str:
    return json.dumps(dict(inputs), sort_keys=True)


def _secret_for(game: Game, number: object) -> DiceSecret | None:
    """The secret the game's roll `number` was to be drawn from (None: the public seed)."""
    if not isinstance(number, int):
        return None
    return next((s for s in reversed(game.state.dice_secrets) if s.from_roll <= number), None)


def _check_die(game: Game, where: str, die: DieRoll, number: object) -> list[str]:
    """Whether a die came from the source it had to, and, where that can be known yet (the
    public seed, or a revealed secret), whether its result is the one its inputs give."""
    secret = _secret_for(game, number)
    wanted = secret.commitment if secret else None
    if die.commitment != wanted:
        source = (f"the secret SHA-256 {wanted[:12]}…" if wanted else "the public seed")
        return [f"{where}: the game's roll {number} was to be drawn from {source}, but "
                f"this die says it was not"]
    if die.method == METHOD and secret is None:
        again = derive_roll(die.sides, die.inputs)
    elif die.method == SECRET_METHOD and secret is not None:
        if secret.revealed is None or commitment_of(secret.revealed) != secret.commitment:
            return []  # waits for the reveal (a wrong reveal is reported once, above)
        again = derive_secret_roll(secret.revealed, die.sides, die.inputs)
    else:
        return [f"{where}: a die rolled by {die.method!r} cannot be re-rolled"]
    if again != die.result:
        return [f"{where}: {die.purpose} recorded {die.result}, but its inputs give "
                f"{again}"]
    return []


def awaiting_reveal(files: Mapping[str, str]) -> dict[str, int]:
    """How many rolls wait for each secret not revealed yet, by its commitment."""
    return waiting_for_reveal(*read_whole(files))


def waiting_for_reveal(game: Game, records: list[Record]) -> dict[str, int]:
    """`awaiting_reveal` of a game as `read_whole` read it."""
    waiting: dict[str, int] = {}
    board = [(a.path, None, a.dice) for a in game.actions.records()]
    for _, _, dice in _dice_of(game, records) + board:
        for die in dice:
            secret = _secret_for(game, die.inputs.get("roll"))
            if secret is not None and secret.revealed is None:
                waiting[secret.commitment] = waiting.get(secret.commitment, 0) + 1
    return waiting
