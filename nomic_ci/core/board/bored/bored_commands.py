"""BoredNomic's comment commands (seed 003): what each does, and `/buy` and `/sell` sorted by
what is bought or sold. Everything that can refuse a command is checked before any die is
rolled or any dollar moves (core/board/actions.py judges them first)."""

from __future__ import annotations

from dataclasses import replace

from ..rooms import Command
from ...words import number_in
from . import arena, deeds, hens, inquisition, reserves, vitals
from .money import bankrupt, counter, money_of, pay_refusal, receive

# what `/buy` and `/sell` take, and the binding that sells each
GOODS = {"hen": "hens", "ticket": "ticket", "square": "property"}


def buy(play, login: str, words: list[str]) -> str | None:
    """`/buy hen`, `/buy ticket`, `/buy square NAME`."""
    what = words[0].lower() if words else ""
    if GOODS.get(what) not in play.config.board:
        sold = [f"/buy {w}" + (" NAME" if w == "square" else "")
                for w, key in GOODS.items() if key in play.config.board]
        return f"there is no {words[0] if words else 'item'!r} to buy; try {', '.join(sold)}"
    if what == "hen":
        return hens.buy(play, login) if len(words) == 1 else "/buy hen takes nothing more"
    if what == "ticket":
        return arena.buy_ticket(play, login) if len(words) == 1 else \
            "/buy ticket takes nothing more"
    return deeds.buy(play, login, words[1:])


def sell(play, login: str, words: list[str]) -> str | None:
    """`/sell hen|ticket|square N|all` (rule 4.5): only a bankrupt player sells back, at a
    third of the price, rounded up. "The option to sell all their sellable items and
    property" is `/sell all`, everything in one action; each sale is one made while
    bankrupt, so sales one at a time stop at the one that lifts the player out."""
    why = bankrupt(play, login)
    if why is None:
        return f"{login} is not bankrupt: only a bankrupt player sells items and property " \
               f"back ({play.config.cite('money')})"
    what = words[0].lower() if words else ""
    if what == "all" and len(words) == 1:
        return _sell_all(play, login)
    if what == "square" and "property" in play.config.board:
        return deeds.sell(play, login, words[1:])
    if what == "hen" and "hens" in play.config.board and len(words) == 1:
        if play.token(login).item(hens.HEN) < 1:
            return f"{login} has no hen"
        hens.sell(play, login)
        return None
    if what == "ticket" and "ticket" in play.config.board and len(words) == 1:
        if play.token(login).item(arena.TICKET) < 1:
            return f"{login} has no {arena.TICKET}"
        arena.sell_ticket(play, login)
        return None
    return "say what to sell: /sell hen, /sell ticket, /sell square N or /sell all (items " \
           "not bought, such as a Golden Egg, are exchanged or kept, not sold)"


def _sell_all(play, login: str) -> str | None:
    """Every hen, Ticket and square `login` holds, sold back in one action (4.5)."""
    board, token = play.config.board, play.token(login)
    hens_held = token.item(hens.HEN) if "hens" in board else 0
    tickets = token.item(arena.TICKET) if "ticket" in board else 0
    squares = [d.square for d in play.board.deeds if d.owner == login] \
        if "property" in board else []
    if not (hens_held or tickets or squares):
        return f"{login} has nothing to sell back: hens, Tickets and squares are sold " \
               f"({play.config.cite('money')})"
    for _ in range(hens_held):
        hens.sell(play, login)
    for _ in range(tickets):
        arena.sell_ticket(play, login)
    for square in squares:
        deeds.sell(play, login, [str(square)])
    return None


def heal(play, login: str, words: list[str]) -> str | None:
    """`/heal N` (rule 12.7): N hit points at $250 each, at most the player's level a turn,
    never above 100."""
    rule, cite = play.config.board["hit_points"], play.cite("hit_points")
    wanted = number_in(words[0]) if len(words) == 1 else None
    if not wanted:
        return "say how many hit points to buy: /heal N"
    token = play.token(login)
    level, hp = vitals.stat(play, login, vitals.LEVEL), vitals.stat(play, login, vitals.HIT_POINTS)
    if token.healed + wanted > level:
        return (f"{login} may buy at most {max(level, 0)} hit point{'s' if level != 1 else ''} "
                f"a turn (their level) and has bought {token.healed} since their latest turn "
                f"({cite})")
    if hp + wanted > rule.most:
        return f"{login} has {hp} hit points, and buying may not take them above {rule.most} " \
               f"({cite})"
    price = wanted * rule.price
    refused = pay_refusal(play, login, price)
    if refused:
        return refused
    why = f"hit points ({cite})"
    vitals.change(play, login, why, hit_points=wanted, **{counter(play): -price})
    play.hold(replace(token, healed=token.healed + wanted), why,
              f"{login} has bought {token.healed + wanted} hit points this turn")
    return None


def reset(play, login: str, words: list[str]) -> str | None:
    """`/reset` (rule 12.6): back to level one, receiving $1."""
    if words:
        return "/reset takes nothing after it"
    why = f"a reset ({play.cite('level_reset')})"
    vitals.set_level(play, login, 1, why)
    receive(play, login, play.config.board["level_reset"], why)
    return None


def standing(view, login: str) -> str:
    """Where a player stands, for the end of each answer."""
    token = view.token(login)
    stats = {name: vitals.stat(view, login, name)
             for name in (vitals.LEVEL, vitals.EXPERIENCE, vitals.HIT_POINTS)}
    return (f"{login} is on square {token.space} with ${money_of(view, login):,}, level "
            f"{stats[vitals.LEVEL]}, {stats[vitals.EXPERIENCE]} experience and "
            f"{stats[vitals.HIT_POINTS]} hit points")


COMMANDS = {
    "buy": Command(("hens", "ticket", "property"), "/buy hen|ticket|square NAME",
                   "buy a hen, a Ticket or the square you landed on", buy, on_turn=False),
    "sell": Command(("money",), "/sell hen|ticket|square N|all", "sell back while bankrupt",
                    sell, on_turn=False),
    "exchange": Command(("hens",), "/exchange egg", "exchange a Golden Egg for money",
                        hens.exchange, on_turn=False),
    "heal": Command(("hit_points",), "/heal N", "buy back hit points", heal, on_turn=False),
    "reset": Command(("level_reset",), "/reset", "reset to level 1 for a dollar", reset,
                     on_turn=False),
    "fight": Command(("arena",), "/fight LOGIN [ITEM]", "fight in the Arena", arena.challenge,
                     on_turn=False),
    "release": Command(("property",), "/release N", "give up a square", deeds.release,
                       on_turn=False),
    "name": Command(("property",), "/name N NAME", "name your square again", deeds.name,
                    on_turn=False),
    "reject": Command(("property",), "/reject N", "the Admin rejects a square's name",
                      deeds.reject, on_turn=False, admin=True),
    "correct": Command(("inquisition",), "/correct LOGIN", "the Admin: a correct answer",
                       inquisition.judge(True), on_turn=False, admin=True),
    "wrong": Command(("inquisition",), "/wrong LOGIN", "the Admin: a wrong answer",
                     inquisition.judge(False), on_turn=False, admin=True),
    "strengthen": Command(("reserves",), "/strengthen N", "spend a VoteInReserve: your vote on "
                          "proposal N counts twice", reserves.strengthen, on_turn=False),
}
