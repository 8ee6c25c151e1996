"""The Suber world in `state/README.md` (seed 001, rules 302–308): where each player is,
what they hold, their profession, and their claim, as `state/board.yaml` has them."""

from __future__ import annotations

from ..core.board.suber.locations import location_of
from ..core.board.primitives import View
from ..core.game import Game


def world_lines(game: Game) -> list[str]:
    """The section, or nothing where no rule binds the world's locations."""
    config, state = game.config, game.state
    if state.board is None or "locations" not in config.board:
        return []
    view, world = View(config, state), state.board.world
    resources = config.board["location_resources"].resources \
        if "location_resources" in config.board else ()
    lines = ["", f"## The world ({config.cite('locations')})", "",
             "| player | location | Landowner | profession | resources | items | claim |",
             "|---|---|---|---|---|---|---|"]
    for player in state.players:
        token, settler = view.token(player.login), world.settler(player.login)
        held = dict(token.items)
        goods = ", ".join(f"{held[r]} {r}" for r in resources if held.get(r)) or "—"
        items = ", ".join(f"{n} {name}" for name, n in token.items
                          if name not in resources) or "—"
        claim = "—" if settler.claim is None else \
            f"{settler.claim}{f' (+{settler.upgrades})' if settler.upgrades else ''}"
        lines.append(f"| {player.login} | {location_of(view, player.login)} | "
                     f"{'yes' if settler.landowner else 'no'} | {settler.profession or '—'} | "
                     f"{goods} | {items} | {claim} |")
    return lines
