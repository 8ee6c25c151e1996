"""`state/players.yaml` and `state/game.yaml`, read into the state's values (`state`).

Read with `yamlio.read` and validated; every problem names the file, the field and the
line. Writing them back is `statedump`'s.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace
from datetime import datetime
from typing import Any, Mapping

from . import BOARD, GAME, PLAYERS, fields as typed, yamlio
from .judgments import load_judgment
from .records import DieRoll, load_dice
from .state import (MAX_NAMED, AwaitingFix, DiceSecret, GameState, OpenProposal, Player, Standing, Tell,
                    WriteLevel)
from ..errors import GameError
from ..times import moment
from ..facts import Account


def texts_of(files: Mapping[str, str]) -> tuple[str, str]:
    """The texts of the players' file and the game's file; either missing is an error."""
    for path in (PLAYERS, GAME):
        if path not in files:
            raise GameError("missing", path=path,
                            hint="every game has state/players.yaml and state/game.yaml; "
                                 "'nomic-ci init' makes them")
    return files[PLAYERS], files[GAME]


def read_state(files: Mapping[str, str]) -> GameState:
    """The state as plain values (cached: a run reads the same state at several steps)."""
    state = _read_state(*texts_of(files))
    if BOARD not in files:
        return state
    from ..board.boardfile import read_board  # the board's modules: for a game with one
    return replace(state, board=read_board(files[BOARD]))


@functools.lru_cache(maxsize=32)
def _read_state(players_text: str, game_text: str) -> GameState:
    return _state_of(yamlio.read(players_text, PLAYERS), yamlio.read(game_text, GAME))


def parse_players(text: str) -> tuple[Player, ...]:
    """The players of a `state/players.yaml` text, validated."""
    return tuple(_players(yamlio.read(text, PLAYERS)))


def _players(players_doc: Any) -> list[Player]:
    players_list = typed.Fields(players_doc, PLAYERS).get("players", typed.items,
                                                     "a list of players in turn order")
    if not players_list:  # no one left to propose or vote: the game could never change again
        raise GameError("it lists no players, so no one could propose or vote again",
                        path=PLAYERS, hint="list at least one player, in turn order")
    players = []
    seen: set[str] = set()
    ids: set[int] = set()
    for index, node in enumerate(players_list):
        fields = typed.Fields(node, PLAYERS, f"player {index + 1}: ")
        login = fields.get("login", typed.login, "their forge login")
        player = Player(login=login,
                        id=fields.get("id", typed.whole, "their numeric user id, or null",
                                      optional=True),
                        points=fields.get("points", typed.whole, "a whole number (at most 15 digits)"),
                        veto=fields.get("veto", typed.flag, "true or false", optional=True,
                                        default=False),
                        inactive_since=fields.get("inactive_since", moment,
                                                  "the time they became inactive, or null",
                                                  optional=True),
                        stats=fields.get("stats", typed.counters, "a mapping of names to whole numbers",
                                         optional=True, default=()))
        if login.lower() in seen:
            raise GameError(f"player {login} is listed twice", path=PLAYERS,
                            line=yamlio.line_of(players_list, index),
                            hint="each player appears once; the order is the turn order")
        if player.id is not None and player.id in ids:
            raise GameError(f"id {player.id} is given to two players", path=PLAYERS,
                            line=yamlio.line_of(node, "id"),
                            hint="each player's id is their own numeric GitHub user id")
        seen.add(login.lower())
        if player.id is not None:
            ids.add(player.id)
        players.append(player)
    return players


def _state_of(players_doc: Any, game_doc: Any) -> GameState:
    players = _players(players_doc)
    seen = {p.login.lower() for p in players}

    fields = typed.Fields(game_doc, GAME)
    opens = []
    for index, node in enumerate(fields.get("open_proposals", typed.items, "a list", optional=True,
                                            default=[])):
        item = typed.Fields(node, GAME, f"open proposal {index + 1}: ")
        opens.append(OpenProposal(
            number=item.get("number", typed.whole, "a whole number (at most 15 digits), or "
                            "null for an unnumbered request to join", optional=True),
            key=str(item.get("key", lambda v: v if isinstance(v, (str, int)) else typed.text(v),
                             "the forge's id for it")),
            title=item.get("title", typed.text, "text"),
            author=Account(item.get("author", typed.login, "a login"),
                           item.get("author_id", typed.whole, "a numeric id or null", optional=True)),
            opened=item.get("opened", moment, "a time"),
            head=item.get("head", typed.text, "the commit being voted on"),
            head_since=item.get("head_since", moment, "a time"),
            restarts=item.get("restarts", typed.whole, "a whole number (at most 15 digits)",
                              optional=True, default=0),
            join=item.get("join", typed.flag, "true or false", optional=True, default=False),
            description_hash=item.get("description_hash", typed.text, "a hash", optional=True),
            replaced=item.get("replaced", typed.replaced, "a list of {head, until}", optional=True,
                              default=()),
            reminded=item.get("reminded", moment, "a time", optional=True),
            dice=item.get("dice", _dice, "the dice rolled as it opened, as nomic-ci wrote them",
                          optional=True, default=()),
            standing=item.get("standing", _standing, "its vote as nomic-ci counted it: yes_votes, "
                              f"no_votes, not_voted (at most {MAX_NAMED} logins), "
                              "others_not_voted, needs and closes", optional=True),
            merge_refused=item.get("merge_refused", typed.whole, "a whole number (at most 15 "
                                   "digits)", optional=True, default=0),
        ))
    turn = fields.get("turn", typed.login, "a player's login, or null", optional=True)
    if turn is not None and turn.lower() not in seen:
        raise GameError(f"the turn belongs to {turn}, who is not in {PLAYERS}", path=GAME,
                        line=yamlio.line_of(game_doc, "turn"),
                        hint=f"set 'turn:' to a player listed in {PLAYERS}")
    last_change = fields.get("last_change", moment, "a time")
    state = GameState(
        players=tuple(players),
        turn=turn,
        turn_started=fields.get("turn_started", moment, "a time", optional=True),
        next_proposal=fields.get("next_proposal", typed.whole, "a whole number (at most 15 digits)"),
        open_proposals=tuple(opens),
        winners=fields.get("winners", typed.logins, "a list of logins", optional=True, default=()),
        ended_at=fields.get("ended_at", moment, "a time or null", optional=True),
        last_change=last_change,
        dice_seed=fields.get("dice_seed", typed.text, "the hex seed the dice are derived from"),
        admin=fields.get("admin", typed.login, "a login", optional=True),
        admin_id=fields.get("admin_id", typed.whole, "the Admin's numeric user id, or null",
                            optional=True),
        dice_secrets=_dice_secrets(fields),
        to_tell=_to_tell(fields),
        handled_comments=fields.get("handled_comments", read_handled(last_change),
                                    "a list of the comment commands handled, each {id, at}",
                                    optional=True, default=()),
        paused_since=fields.get("paused_since", moment, "the time the Admin paused the game, or "
                                "null", optional=True),
        turn_warned=fields.get("turn_warned", moment, "the time the turn's player was warned "
                               "they become inactive, or null", optional=True),
        writes=fields.get("writes", _write_level, "the engine's recent writes, {level, at}",
                          optional=True),
        awaiting_fix=_awaiting_fix(fields),
        judgment=fields.get("judgment", lambda node: load_judgment(
            node, GAME, "the Judgment pending: "), "the Judgment pending, as nomic-ci wrote it",
            optional=True),
    )
    return state


def read_handled(last_change: datetime):
    """The reader of `handled_comments`: {id, at} each; a bare id, as engines before the
    times wrote them, counts as written at the game's last change (kept a day more)."""
    def read(value: Any) -> tuple[tuple[int, datetime], ...]:
        handled = []
        for item in typed.items(value):
            if isinstance(item, Mapping) and set(item) == {"id", "at"}:
                handled.append((typed.whole(item["id"]), moment(item["at"])))
            else:
                handled.append((typed.whole(item), last_change))
        return tuple(sorted(handled))
    return read


def _write_level(value: Any) -> WriteLevel:
    if not isinstance(value, Mapping) or set(value) != {"level", "at"}:
        raise ValueError
    return WriteLevel(typed.whole(value["level"]), moment(value["at"]))


_STANDING = ("yes_votes", "no_votes", "not_voted", "others_not_voted", "needs", "closes")


def _standing(value: Any) -> Standing:
    if not isinstance(value, Mapping) or not set(value) <= set(_STANDING):
        raise ValueError
    named = typed.logins(value.get("not_voted", []))
    counts = [typed.whole(value.get(key, 0)) for key in ("yes_votes", "no_votes",
                                                         "others_not_voted")]
    if len(named) > MAX_NAMED or min(counts) < 0:
        raise ValueError
    return Standing(counts[0], counts[1], named, counts[2],
                    typed.text(value.get("needs", "")),
                    moment(value["closes"]) if value.get("closes") is not None else None)


def _dice(value: Any) -> tuple[DieRoll, ...]:
    try:
        return load_dice(typed.items(value))
    except (KeyError, AttributeError) as exc:
        raise ValueError from exc


_SHA256 = re.compile(r"^[0-9a-f]{64}$")


def _commitment(value: Any) -> str:
    if not isinstance(value, str) or not _SHA256.match(value):
        raise ValueError
    return value


def _dice_secrets(fields: typed.Fields) -> tuple[DiceSecret, ...]:
    found: list[DiceSecret] = []
    for index, node in enumerate(fields.get("dice_secrets", typed.items, "a list", optional=True,
                                            default=[])):
        item = typed.Fields(node, GAME, f"dice secret {index + 1}: ")
        secret = DiceSecret(
            commitment=item.get("commitment", _commitment, "the secret's SHA-256, in hex"),
            from_roll=item.get("from_roll", typed.whole, "the number of the first roll it draws"),
            revealed=item.get("revealed", typed.text, "the secret, once it is revealed, or null",
                              optional=True))
        if found and (secret.from_roll < found[-1].from_roll or found[-1].revealed is None
                      or any(s.commitment == secret.commitment for s in found)):
            raise GameError(f"dice secret {index + 1} does not replace the one above it",
                            path=GAME, line=yamlio.line_of(node, "from_roll"),
                            hint="each secret is new, replaces the one above it from a later "
                                 "roll, and that one is revealed then; nomic-ci writes this list")
        found.append(secret)
    return tuple(found)


def _awaiting_fix(fields: typed.Fields) -> tuple[AwaitingFix, ...]:
    found = []
    for index, node in enumerate(fields.get("awaiting_fix", typed.items, "a list",
                                            optional=True, default=[])):
        item = typed.Fields(node, GAME, f"proposal awaiting a fix {index + 1}: ")
        found.append(AwaitingFix(
            key=str(item.get("key", lambda v: v if isinstance(v, (str, int)) else typed.text(v),
                             "the forge's id for it")),
            title=item.get("title", typed.text, "text"),
            author=Account(item.get("author", typed.login, "a login"),
                           item.get("author_id", typed.whole, "a numeric id or null",
                                    optional=True)),
            head=item.get("head", typed.text, "the commit judged"),
            since=item.get("since", moment, "a time"),
            reason=item.get("reason", typed.text, "text")))
    return tuple(found)


def _to_tell(fields: typed.Fields) -> tuple[Tell, ...]:
    found = []
    for index, node in enumerate(fields.get("to_tell", typed.items, "a list", optional=True,
                                            default=[])):
        item = typed.Fields(node, GAME, f"message {index + 1} to tell: ")
        found.append(Tell(
            on=str(item.get("on", lambda v: v if isinstance(v, (str, int)) else typed.text(v),
                            "the proposal or issue it is told on")),
            id=item.get("id", typed.text, "its mark where it is told"),
            message=item.get("message", typed.text, "text"),
            outcome=item.get("outcome", typed.text, "an outcome, or null", optional=True),
            close=item.get("close", typed.flag, "true or false", optional=True, default=False),
            reply_to=item.get("reply_to", typed.whole, "a comment id, or null", optional=True),
            mentions=item.get("mentions", typed.logins, "a list of logins", optional=True,
                              default=()) or tuple(filter(None, [item.get(
                                  "mention", typed.login, "a login, or null", optional=True)])),
            final=item.get("final", typed.text, "text, or null", optional=True),
            title=item.get("title", typed.text, "a title, or null", optional=True)))
    return tuple(found)


