"""Re-check the whole history: every roll from its inputs, every score from the records."""

from __future__ import annotations

from typing import Mapping

from .dice import METHOD, derive_roll, roll_inputs
from .game import load_game
from .files.records import Outcome


def verify(files: Mapping[str, str]) -> list[str]:
    """What does not add up, one line each naming the record or file; empty when all is well."""
    game = load_game(files)
    found: list[str] = []
    earned: dict[str, int] = {}
    rolls: dict[object, str] = {}  # each roll number of the game, and the record that made it
    for record in game.records:
        for die in record.dice:
            # the game's n-th roll, n counted in the order proposals were decided (which is
            # not always their numbers' order): each n once, each from the game's own inputs
            number = die.inputs.get("roll")
            expected = roll_inputs(game.state.dice_seed, number, record.number)
            if dict(die.inputs) != expected:
                found.append(f"{record.path}: {die.purpose} was rolled from {dict(die.inputs)}, "
                             f"but the game's roll {number} comes from {expected}")
            if number in rolls:
                found.append(f"{record.path}: the game's roll {number} was also used in "
                             f"{rolls[number]}")
            rolls.setdefault(number, record.path)
            if die.method != METHOD:
                found.append(f"{record.path}: a die rolled by {die.method!r} cannot be re-rolled")
                continue
            again = derive_roll(die.sides, die.inputs)
            if again != die.result:
                found.append(f"{record.path}: {die.purpose} recorded {die.result}, but its "
                             f"inputs give {again}")
        total = sum(d.result for d in record.dice)
        if game.config.proposer_gains == "net-votes" and record.outcome is Outcome.PASSED:
            total += record.yes - record.no
        if sum(record.points.values()) != total:
            found.append(f"{record.path}: points {dict(record.points)} do not match the dice "
                         f"and votes ({total})")
        for login, delta in record.points.items():
            earned[login] = earned.get(login, 0) + delta
    dice = f"{len(rolls)} {'die' if len(rolls) == 1 else 'dice'}"
    for number, path in rolls.items():
        if number not in range(1, len(rolls) + 1):
            found.append(f"{path}: a die is recorded as the game's roll {number}, but the game "
                         f"has rolled {dice}, and each is the game's next roll")
    start = game.config.starting_points
    for player in game.state.players:
        expected = start + earned.get(player.login, 0)
        if player.points != expected:
            found.append(f"state/players.yaml: {player.login} has {player.points} points, but "
                         f"the records give {expected} ({start} to start"
                         f" + {earned.get(player.login, 0)} from proposals)")
    numbers = [r.number for r in game.records if r.number is not None] + [
        o.number for o in game.state.open_proposals]
    if numbers and game.state.next_proposal <= max(numbers):
        found.append(f"state/game.yaml: next_proposal is {game.state.next_proposal}, but "
                     f"proposal {max(numbers)} exists")
    return found
