"""`status --json`: the game at a glance, as one JSON object."""

from __future__ import annotations

from typing import Mapping

from .game import Game
from .tally import Tally


def _iso(value) -> str | None:
    return value.strftime("%Y-%m-%dT%H:%M:%SZ") if value else None


def status_json(game: Game, live: Mapping[int, Tally]) -> dict:
    """`live` holds the current tally of each proposal in its vote, by number."""
    proposals = [{"number": r.number, "title": r.title, "author": r.author.login,
                  "state": r.outcome.value, "yes": r.yes, "no": r.no} for r in game.records]
    for open_ in game.state.open_proposals:
        tally = live.get(open_.number)
        proposals.append({"number": open_.number, "title": open_.title,
                          "author": open_.author.login, "state": "voting",
                          "yes": tally.yes if tally else 0, "no": tally.no if tally else 0})
    state = game.state
    return {"turn": state.turn, "turn_started": _iso(state.turn_started),
            "winners": list(state.winners), "over": state.over,
            "players": [{"login": p.login, "points": p.points} for p in state.players],
            "proposals": sorted(proposals, key=lambda p: p["number"])}
