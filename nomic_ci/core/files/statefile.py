"""`state/players.yaml` and `state/game.yaml`, read into the state's values and written back.

Loaded with ruamel.yaml round-trip and validated into plain values (`state`); written
back into the same documents, so comments and key order survive and a run that changes
nothing rewrites nothing. Every problem names the file, the field and the line.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Mapping

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import LiteralScalarString

from . import fields as typed, yamlio
from .records import DieRoll, die_data, load_dice
from .state import (GAME, MAX_NAMED, PLAYERS, DiceSecret, GameState, OpenProposal, Player,
                    Standing, Tell)
from ..errors import GameError
from ..times import iso, moment
from ..facts import Account
from ..board.boardfile import BOARD, board_files, read_board


@dataclass
class _Documents:
    """The loaded YAML documents, kept so writing back preserves comments and order."""

    players: CommentedMap
    game: CommentedMap


def _texts(files: Mapping[str, str]) -> tuple[str, str]:
    for path in (PLAYERS, GAME):
        if path not in files:
            raise GameError("missing", path=path,
                            hint="every game has state/players.yaml and state/game.yaml; "
                                 "'nomic-ci init' makes them")
    return files[PLAYERS], files[GAME]


def read_state(files: Mapping[str, str]) -> GameState:
    """The state as plain values (cached: a run reads the same state at several steps)."""
    state = _read_state(*_texts(files))
    return state if BOARD not in files else replace(state, board=read_board(files[BOARD]))


@functools.lru_cache(maxsize=32)
def _read_state(players_text: str, game_text: str) -> GameState:
    return _parse(players_text, game_text)[0]




def parse_players(text: str) -> tuple[Player, ...]:
    """The players of a `state/players.yaml` text, validated."""
    return tuple(_players(yamlio.load(text, PLAYERS)))


def _players(players_doc: Any) -> list[Player]:
    players_list = typed.Fields(players_doc, PLAYERS).get("players", typed.items,
                                                     "a list of players in turn order")
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


def _parse(players_text: str, game_text: str) -> tuple[GameState, _Documents]:
    players_doc = yamlio.load(players_text, PLAYERS)
    game_doc = yamlio.load(game_text, GAME)
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
        handled_comments=fields.get("handled_comments", _handled(last_change),
                                    "a list of the comment commands handled, each {id, at}",
                                    optional=True, default=()),
        paused_since=fields.get("paused_since", moment, "the time the Admin paused the game, or "
                                "null", optional=True),
    )
    return state, _Documents(players_doc, game_doc)


def _handled(last_change: datetime):
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


def _standing_data(standing: Standing) -> CommentedMap:
    return CommentedMap(yes_votes=standing.yes_votes, no_votes=standing.no_votes,
                        not_voted=_flow_list(standing.not_voted),
                        others_not_voted=standing.others_not_voted, needs=standing.needs,
                        closes=iso(standing.closes))


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
            final=item.get("final", typed.text, "text, or null", optional=True)))
    return tuple(found)


def _flow(**fields: Any) -> CommentedMap:
    """A mapping written on one line, `{id: 7, at: ...}`."""
    node = CommentedMap(fields)
    node.fa.set_flow_style()
    return node


def _flow_list(items: tuple) -> CommentedSeq:
    """A list written on one line, `[a, b]`."""
    node = CommentedSeq(items)
    node.fa.set_flow_style()
    return node


def _same(old: Any, new: Any) -> bool:
    """Equal as game values: a time written quoted or unquoted is the same time."""
    if old == new:
        return True
    if isinstance(new, str) and isinstance(old, (str, datetime)):
        try:
            return moment(old) == moment(new)
        except ValueError:
            return False
    return False


def _set(node: CommentedMap, key: str, value: Any) -> None:
    """Set a field of a document `dump_state` loaded for itself, only when its value changed,
    so untouched text stays as written."""
    if key in node and _same(node[key], value):
        return
    node[key] = value


def dump_state(state: GameState, files: Mapping[str, str]) -> dict[str, str]:
    """The state files' new text: `state` written into the documents of the current files,
    so comments, order and untouched values stay as written."""
    docs = _documents(*_texts(files))  # documents of our own, to write into
    players_node = docs.players["players"]
    by_login = {str(node["login"]).lower(): node for node in players_node}
    new_list = CommentedSeq()
    for player in state.players:
        node = by_login.get(player.login.lower()) or CommentedMap(login=player.login)
        _set(node, "login", player.login)
        _set(node, "id", player.id)
        _set(node, "points", player.points)
        if player.veto or "veto" in node:
            _set(node, "veto", player.veto)
        if player.inactive_since or "inactive_since" in node:
            _set(node, "inactive_since", iso(player.inactive_since))
        if player.stats and dict(node.get("stats") or {}) != dict(player.stats):
            node["stats"] = CommentedMap(player.stats)
        new_list.append(node)
    if [n["login"] for n in new_list] != [n["login"] for n in players_node] or \
            len(new_list) != len(players_node):
        docs.players["players"] = new_list

    game = docs.game
    _set(game, "turn", state.turn)
    _set(game, "turn_started", iso(state.turn_started))
    _set(game, "next_proposal", state.next_proposal)
    opens = [CommentedMap(number=p.number, key=p.key, title=p.title, author=p.author.login,
                          author_id=p.author.id, opened=iso(p.opened), head=p.head,
                          head_since=iso(p.head_since), restarts=p.restarts,
                          **({"join": True} if p.join else {}),
                          **({"description_hash": p.description_hash}
                             if p.description_hash else {}),
                          **({"replaced": [CommentedMap(head=h, until=iso(u))
                                           for h, u in p.replaced]} if p.replaced else {}),
                          **({"reminded": iso(p.reminded)} if p.reminded else {}),
                          **({"dice": [die_data(d) for d in p.dice]} if p.dice else {}),
                          **({"standing": _standing_data(p.standing)} if p.standing else {}))
             for p in state.open_proposals]
    if _plain_list(game.get("open_proposals")) != _plain_list(opens):
        game["open_proposals"] = CommentedSeq(opens)
    if list(game.get("winners") or []) != list(state.winners):
        game["winners"] = CommentedSeq(state.winners)
    _set(game, "ended_at", iso(state.ended_at))
    _set(game, "last_change", iso(state.last_change))
    _set(game, "dice_seed", state.dice_seed)
    if state.admin_id is not None or "admin_id" in game:
        _set(game, "admin_id", state.admin_id)
    secrets = [CommentedMap(commitment=s.commitment, from_roll=s.from_roll, revealed=s.revealed)
               for s in state.dice_secrets]
    if secrets or "dice_secrets" in game:
        if [dict(s) for s in game.get("dice_secrets") or []] != [dict(s) for s in secrets]:
            game["dice_secrets"] = CommentedSeq(secrets)
    tells = [CommentedMap((k, LiteralScalarString(v) if k in ("message", "final") else
                           CommentedSeq(v) if isinstance(v, tuple) else v)
                          for k, v in vars(t).items() if v not in (None, False, ()))
             for t in state.to_tell]
    if [dict(t) for t in game.get("to_tell") or []] != [dict(t) for t in tells]:
        if tells:
            game["to_tell"] = CommentedSeq(tells)
        else:
            del game["to_tell"]
    if state.paused_since or "paused_since" in game:
        _set(game, "paused_since", iso(state.paused_since))
    if state.handled_comments or "handled_comments" in game:
        if _handled(state.last_change)(game.get("handled_comments") or []) != \
                state.handled_comments:
            game["handled_comments"] = CommentedSeq(_flow(id=i, at=iso(at))
                                                    for i, at in state.handled_comments)
    texts = {PLAYERS: yamlio.dump(docs.players), GAME: yamlio.dump(game)}
    for path, text in texts.items():  # never write what the next run could not read
        if len(text) > yamlio.MAX_BYTES:
            raise GameError(f"the state would grow to {len(text):,} characters, more than a "
                            f"game file may hold ({yamlio.MAX_BYTES:,})", path=path,
                            hint="nothing was written; report this, with the game")
    _WRITTEN.clear()
    _WRITTEN[(texts[PLAYERS], texts[GAME])] = docs
    return {**texts, **board_files(state.board, tuple(p.login for p in state.players))}


# The documents the latest dump wrote, by the texts they make: a run writes its state a few
# times, each time over what it wrote last, and parsing that again with ruamel.yaml was
# most of a run's time. Taken out when used (it is written into), so never shared.
_WRITTEN: dict[tuple[str, str], _Documents] = {}


def _documents(players_text: str, game_text: str) -> _Documents:
    docs = _WRITTEN.pop((players_text, game_text), None)
    return docs if docs is not None else _parse(players_text, game_text)[1]


def _plain_list(value: Any) -> list[dict]:
    """Open proposals as plain values, times written one way, to compare old with new."""
    result = []
    for item in value or []:
        entry = dict(item)
        for key in ("opened", "head_since", "reminded"):
            if entry.get(key) is not None:
                entry[key] = iso(moment(entry[key]))
        if entry.get("replaced"):
            entry["replaced"] = [{"head": r["head"], "until": iso(moment(r["until"]))}
                                 for r in entry["replaced"]]
        result.append(entry)
    return result
