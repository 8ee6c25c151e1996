"""Re-checking the board from its records: every action's dice from their inputs, and every
effect replayed from the start, so the board in `state/board.yaml` is the one the actions
made. Each problem names the first record (or the file) that disagrees."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Callable, Sequence

from ..files.adjustments import read_adjustments
from ..files.records import Record
from ..game import Game
from . import trade
from .primitives import action_roll_inputs
from .actionlog import ActionRecord
from .boardfile import BOARD, Board, Deed, House, Pair, read_board
from .opening import amended, openings
from .worldfile import Settler, change_of, changed

RollCheck = Callable[[str, Any, object], list[str]]  # (path, die, roll number) -> problems


def check_dice(game: Game, rolls: dict[object, str], check_die: RollCheck) -> list[str]:
    """Each action die is the game's next roll, from the game's own inputs."""
    found = []
    for action in game.actions.records():
        for die in action.dice:
            number = die.inputs.get("roll")
            expected = action_roll_inputs(game.state.dice_seed, number)
            if json.dumps(dict(die.inputs), sort_keys=True) != json.dumps(expected,
                                                                          sort_keys=True):
                found.append(f"{action.path}: {die.purpose} was rolled from "
                             f"{dict(die.inputs)}, but the game's roll {number} comes from "
                             f"{expected}")
            if number in rolls:
                found.append(f"{action.path}: the game's roll {number} was also used in "
                             f"{rolls[number]}")
            rolls.setdefault(number, action.path)
            found += check_die(action.path, die, number)
    return found


def replay(game: Game, records: Sequence[Record]) -> list[str]:
    """The board the actions make, from the start, against `state/board.yaml`; `records` are
    the decisions' whole records, where a passed proposal's stated events are."""
    if game.state.board is None or not ("ring" in game.config.board
                                        or "locations" in game.config.board):
        return []
    # the Cop Car the game began with, and each change a passed proposal made to it
    start, changed = openings(records, game.config.board)
    board = Board(cop_car=start)
    found: list[str] = []
    # in the order they happened: a proposal decided at the moment of an action came first
    timeline = sorted([(a.at, 1, a.number, a) for a in game.actions.records()]
                      + [(r.decided, 0, i, r) for i, r in enumerate(records)
                         if r.board is not None or i in changed],
                      key=lambda entry: entry[:3])
    # an admin's correction comes after the actions recorded before it, and after the
    # decisions made before it, since it was made to the board they left
    corrections = sorted((a for a in read_adjustments(game.files) if a.board is not None),
                         key=lambda a: (a.after_action, a.at))
    for *_, index, entry in timeline:
        while corrections and (entry.number > corrections[0].after_action
                               if isinstance(entry, ActionRecord)
                               else entry.decided > corrections[0].at):
            board = read_board(corrections.pop(0).board)
        if isinstance(entry, ActionRecord):
            for effect in entry.effects:
                board, problem = _effect(board, effect)
                if problem:
                    found.append(f"{entry.path}: {problem}")
                    return found  # the first record that disagrees; the rest follow from it
        else:  # a passed proposal's stated events (rule 4) set the board as it left it,
            if entry.board is not None:  # then its change to the opening pieces
                board = read_board(entry.board)
            if index in changed:
                board = amended(board, *changed[index])
    for correction in corrections:
        board = read_board(correction.board)
    return found + _compare(board, game.state.board)


def _effect(board: Board, e: Any) -> tuple[Board, str | None]:
    if "move" in e or "place" in e:
        login = e.get("move") or e.get("place")
        token = board.token(login)
        if token.space != e["from"]:
            return board, (f"{login} moves from {e['from']}, but the actions before leave "
                           f"them on {token.space}")
        return board.with_token(replace(token, space=e["to"])), None
    if "hold" in e:
        token = board.token(e["hold"])
        changes = {k: e[k] for k in ("account", "jail_failures", "missed_turns", "landed",
                                     "fought", "question", "healed") if k in e}
        if "beaten" in e:
            changes["beaten"] = tuple(e["beaten"])
        if "items" in e:
            changes["items"] = tuple(sorted((str(k), int(v)) for k, v in e["items"].items()
                                            if v))
        if "numbers" in e:
            changes["numbers"] = tuple(e["numbers"])
        return board.with_token(replace(token, **changes)), None
    if "settler" in e:  # the Suber world's counts (seed 001)
        world = board.world
        return replace(board, world=world.with_settler(changed(world.settler(e["settler"]),
                                                               e))), None
    if "cop_car" in e:
        car = board.cop_car
        if car is None:
            return board, "changes the Cop Car, which the actions before removed"
        kind = e["cop_car"]
        if kind == "health":
            return replace(board, cop_car=replace(car, health=e["to"])), None
        if kind == "moved":
            return replace(board, cop_car=replace(car, space=e["to"])), None
        return replace(board, cop_car=None), None
    if "house" in e:
        return replace(board, houses=board.houses + (House(e["space"], e["owner"]),)), None
    if "deed" in e:  # seed 003 rule 16: bought, named, given up or sold
        others = tuple(d for d in board.deeds if d.square != e["deed"])
        if e.get("owner") is None:
            return replace(board, deeds=others), None
        deed = Deed(e["deed"], e["owner"], e.get("name"), e["price"])
        return replace(board, deeds=tuple(sorted(others + (deed,), key=lambda d: d.square))), None
    if "frontier" in e:
        return replace(board, added_spaces=board.added_spaces + e["to"] - e["from"]), None
    if "pair" in e:
        kind, number = e["pair"].split()
        if "lower" in e:
            pair = Pair(kind, int(number), e["lower"], e["upper"])
            return replace(board, pairs=board.pairs + (pair,)), None
        moved = Pair(kind, int(number), *e["to"])
        return replace(board, pairs=tuple(moved if (p.kind, p.number) == (kind, int(number))
                                          else p for p in board.pairs)), None
    if "trade" in e:
        return trade.replayed(board, e), None
    return board, None  # points (checked with the scores), offers, the turn order


def _compare(replayed: Board, stored: Board) -> list[str]:
    found = []
    logins = {t.login for t in replayed.tokens} | {t.login for t in stored.tokens}
    for login in sorted(logins):
        want, have = replayed.token(login), stored.token(login)
        for name in ("space", "items", "numbers", "account", "jail_failures", "missed_turns",
                     "landed", "fought", "question", "beaten", "healed"):
            if getattr(want, name) != getattr(have, name):
                found.append(f"{BOARD}: {login}'s {name.replace('_', ' ')} is "
                             f"{_shown(getattr(have, name))}, but the actions give "
                             f"{_shown(getattr(want, name))}{_HINT}")
    for settler in sorted({s.login for s in replayed.world.settlers + stored.world.settlers}):
        want, have = replayed.world.settler(settler), stored.world.settler(settler)
        if want != have:
            found.append(f"{BOARD}: {settler}'s counts in the world are {_settled(have)}, but "
                         f"the actions give {_settled(want)}{_HINT}")
    for name in ("added_spaces", "cop_car", "houses", "pairs", "offers", "deeds"):
        if getattr(replayed, name) != getattr(stored, name):
            found.append(f"{BOARD}: {name.replace('_', ' ')} is {_shown(getattr(stored, name))}, "
                         f"but the actions give {_shown(getattr(replayed, name))}{_HINT}")
    return found


_HINT = ("; an admin corrects the board with `nomic-ci adjust --board FILE`, which records "
         "who and why")


def _settled(settler: Settler) -> str:
    return str(change_of(Settler(settler.login), settler))


def _shown(value: Any) -> str:
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return str(dict(value))
    return str(value)
