"""Writing the state's values back into `state/players.yaml` and `state/game.yaml`.

Written into the documents of the current files, loaded with ruamel.yaml round-trip, so
comments, key order and untouched values stay as written, and a run that changes nothing
rewrites nothing. Reading them is `statefile`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any, Mapping, MutableMapping

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from . import yamlio
from .judgments import judgment_data, load_judgment
from .records import die_data
from . import BOARD, GAME, PLAYERS
from .state import GameState, Standing
from .quickwrite import rewritten
from .quickyaml import LinedDict, LinedList, quick_load
from .statefile import parse_players, read_handled, texts_of
from ..errors import GameError
from ..times import iso, moment
from ..board.boardfile import board_files


@dataclass
class _Documents:
    """The loaded YAML documents, kept so writing back preserves comments and order."""

    # None: not loaded, or its text was written without it
    players: CommentedMap | None
    game: CommentedMap | None
    state: GameState | None = None  # the state this module last dumped them from, if it did


def _standing_data(standing: Standing) -> CommentedMap:
    return CommentedMap(yes_votes=standing.yes_votes, no_votes=standing.no_votes,
                        not_voted=_flow_list(standing.not_voted),
                        others_not_voted=standing.others_not_voted, needs=standing.needs,
                        closes=iso(standing.closes))


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
    players_text, game_text = texts_of(files)
    docs = _documents(players_text, game_text)  # documents of our own, to write into
    # a document this module dumped from values equal to these is its text already: a run
    # writes its state a few times, much of it unchanged, and ruamel.yaml dumps slowly
    last = docs.state
    keep_players = last is not None and last.players == state.players
    keep_game = last is not None and _game_values(last) == _game_values(state)
    players_text_out = players_text if keep_players else _points_written(players_text, state)
    if players_text_out is None:
        if docs.players is None:
            docs.players = yamlio.load(players_text, PLAYERS)
        _write_players(docs.players, state)
        players_text_out = yamlio.dump(docs.players)
    elif not keep_players:
        docs.players = None  # the text moved on without it

    game_text_out = game_text if keep_game else _game_written(game_text, state, docs)
    texts = {PLAYERS: players_text_out, GAME: game_text_out}
    for path, text in texts.items():  # never write what the next run could not read
        if len(text) > yamlio.MAX_BYTES:
            raise GameError(f"the state would grow to {len(text):,} characters, more than a "
                            f"game file may hold ({yamlio.MAX_BYTES:,})", path=path,
                            hint="nothing was written; report this, with the game")
    _WRITTEN.clear()
    docs.state = state
    _WRITTEN[(texts[PLAYERS], texts[GAME])] = docs
    return {**texts, **board_files(state.board, tuple(p.login for p in state.players),
                                   files.get(BOARD))}


def _game_written(game_text: str, state: GameState, docs: _Documents) -> str:
    """`state/game.yaml` with the values of `state`: the keys that changed written again
    into its text (quickwrite.rewritten), every other line kept as it is; where that cannot
    be (a comment among a changed key's lines, a value out of its subset), the document of
    ruamel.yaml written into and dumped. A run changes a key or two of a long file."""
    quick = quick_load(game_text)
    if isinstance(quick, LinedDict):
        game = dict(quick)  # written into; `quick` stays as read, to compare
        _write_game(game, state)
        text = rewritten(game_text, quick, game)
        if text is not None:
            docs.game = None  # the text moved on without it
            return text
    if docs.game is None:
        docs.game = yamlio.load(game_text, GAME)
    _write_game(docs.game, state)
    return yamlio.dump(docs.game)


def _write_game(game: MutableMapping[str, Any], state: GameState) -> None:
    """The values of `state` set into the mapping of `state/game.yaml`, only where they
    changed, so untouched text stays as written."""
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
                          **({"standing": _standing_data(p.standing)} if p.standing else {}),
                          **({"merge_refused": p.merge_refused} if p.merge_refused else {}))
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
    tells = [CommentedMap((k, yamlio.literal(v) if k in ("message", "final") else
                           CommentedSeq(v) if isinstance(v, tuple) else v)
                          for k, v in vars(t).items() if v not in (None, False, ()))
             for t in state.to_tell]
    if [dict(t) for t in game.get("to_tell") or []] != [dict(t) for t in tells]:
        if tells:
            game["to_tell"] = CommentedSeq(tells)
        else:
            del game["to_tell"]
    awaiting = [CommentedMap(key=a.key, title=a.title, author=a.author.login,
                             author_id=a.author.id, head=a.head, since=iso(a.since),
                             reason=yamlio.literal(a.reason)) for a in state.awaiting_fix]
    if awaiting or "awaiting_fix" in game:
        if _plain_list(game.get("awaiting_fix")) != _plain_list(awaiting):
            if awaiting:
                game["awaiting_fix"] = CommentedSeq(awaiting)
            else:
                del game["awaiting_fix"]
    if state.paused_since or "paused_since" in game:
        _set(game, "paused_since", iso(state.paused_since))
    if state.writes is not None or "writes" in game:
        written = _flow(level=state.writes.level, at=iso(state.writes.at)) \
            if state.writes is not None else None
        if (dict(game["writes"]) if isinstance(game.get("writes"), Mapping) else None) != \
                (dict(written) if written is not None else None):
            if written is None:
                del game["writes"]
            else:
                game["writes"] = written
    if state.judgment is None:
        game.pop("judgment", None)
    elif game.get("judgment") is None or load_judgment(game["judgment"], GAME) != state.judgment:
        game["judgment"] = judgment_data(state.judgment)
    if state.handled_comments or "handled_comments" in game:
        if read_handled(state.last_change)(game.get("handled_comments") or []) != \
                state.handled_comments:
            game["handled_comments"] = CommentedSeq(_flow(id=i, at=iso(at))
                                                    for i, at in state.handled_comments)


def _write_players(doc: CommentedMap, state: GameState) -> None:
    """The players of `state` written into the document of `state/players.yaml`."""
    players_node = doc["players"]
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
        doc["players"] = new_list


_POINTS_LINE = re.compile(r"([ \t]*(?:-[ \t]+)?points:[ \t]+)-?[0-9]+([ \t]*(?:#.*)?)")


def _points_written(players_text: str, state: GameState) -> str | None:
    """`state/players.yaml` with the points that changed rewritten in place, where nothing
    else of the players changed and each such line is a plain `points: N`; else None, for
    ruamel.yaml to write. A decision changes a player's points or two: parsing and dumping
    a thousand players' file with ruamel.yaml was most of a deciding run."""
    doc = quick_load(players_text)
    nodes = doc.get("players") if isinstance(doc, LinedDict) else None
    if not isinstance(nodes, LinedList) or len(nodes) != len(state.players):
        return None
    lines = players_text.split("\n")
    for node, player in zip(nodes, state.players):
        if not isinstance(node, LinedDict) or "points" not in node.key_lines:
            return None
        if node["points"] != player.points:
            found = _POINTS_LINE.fullmatch(lines[node.key_lines["points"]])
            if found is None:
                return None
            lines[node.key_lines["points"]] = f"{found[1]}{player.points}{found[2]}"
    text = "\n".join(lines)
    try:  # what it says must be the players, exactly, or ruamel.yaml writes them
        return text if parse_players(text) == state.players else None
    except GameError:
        return None


# The documents the latest dump wrote, by the texts they make: a run writes its state a few
# times, each time over what it wrote last, and parsing that again with ruamel.yaml was
# most of a run's time. Taken out when used (it is written into), so never shared.
_WRITTEN: dict[tuple[str, str], _Documents] = {}


def _game_values(state: GameState) -> tuple:
    """What `state/game.yaml` is written from: all but the players and the board (each has
    a file of its own)."""
    return tuple(getattr(state, f.name) for f in fields(state)
                 if f.name not in ("players", "board"))


def _documents(players_text: str, game_text: str) -> _Documents:
    docs = _WRITTEN.pop((players_text, game_text), None)
    return docs if docs is not None else _Documents(None, None)


def _plain_list(value: Any) -> list[dict]:
    """Open proposals as plain values, times written one way, to compare old with new."""
    result = []
    for item in value or []:
        entry = dict(item)
        for key in ("opened", "head_since", "reminded", "since"):
            if entry.get(key) is not None:
                entry[key] = iso(moment(entry[key]))
        if entry.get("replaced"):
            entry["replaced"] = [{"head": r["head"], "until": iso(moment(r["until"]))}
                                 for r in entry["replaced"]]
        result.append(entry)
    return result
