"""The Suber world's commands (seed 001, rules 302-308): what each runs, the mechanics being
the room's other modules."""

from __future__ import annotations

from ..rooms import Command
from ..trade import accept, decline, offer
from . import claims, crafts, gathering, goods, locations


def _trading(step):
    return lambda play, login, words: step(goods.MARKET, play, login, words)


COMMANDS = {
    "use": Command(("professions",), "/use ITEM [LOGIN...]", "use an item", crafts.use,
                   on_turn=False),
    "move": Command(("locations",), "/move LOCATION", "change your location (once a turn)",
                    locations.move),
    "gather": Command(("location_resources",), "/gather",
                      "roll for location resources after your turn", gathering.gather,
                      on_turn=False),
    "trade": Command(("trade",), "/trade LOGIN 3 wheat for 2 fish", "offer a player a trade",
                     _trading(offer), on_turn=False),
    "accept": Command(("trade",), "/accept N", "accept a trade offered to you",
                      _trading(accept), on_turn=False),
    "decline": Command(("trade",), "/decline N", "decline or withdraw a trade",
                       _trading(decline), on_turn=False),
    "profession": Command(("professions",), "/profession NAME", "pick your profession",
                          crafts.choose),
    "craft": Command(("professions",), "/craft ITEM", "craft an item of your profession",
                     crafts.craft, on_turn=False),
    "claim": Command(("claims",), "/claim", "claim territory where you are", claims.claim,
                     on_turn=False),
    "upgrade": Command(("claims",), "/upgrade", "upgrade your claim", claims.upgrade,
                       on_turn=False),
}
