"""The Arena (seed 003 rule 17) and the Ticket to the Arena (5.3's inventory).

`arena: {square: 21, experience: 20, gladius_sides: 4, gladius_money: 50}`. A player who
lands on the Arena may `/fight LOGIN [ITEM]` once (17.2), and still buy the square
(16.1: the fight spends the landing's fight, not the landing); each side rolls 2d6 and a d6 a
level (17.3), and the Golden Gladius's holder a d4 more (17.7); the highest wins 20
experience and, if they started the fight, the item they named (17.4); the loser loses the
difference in hit points (17.9), and 12.4 may cost them two levels. The first to beat more
than half the players wins the Golden Gladius (17.6), whose holder earns $50 at each fight
(17.7). Two players who land on the Arena in the same update fight at once (17.8).
`ticket: {price: 100}`: `/buy ticket`; at the next turn its holder jumps to the Arena
instead of rolling (5.3).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import Roll, counts
from .money import choice_refusal, pay, pay_refusal, receive, sell_back
from .hens import HEN
from .vitals import LEVEL, change, stat

NAME = "The Arena"
GLADIUS, TICKET = "Golden Gladius", "Ticket"


@frozen
class Arena:
    """The `arena` binding: the Arena's square, the experience a fight wins, the Golden Gladius's
    die and pay."""

    square: int
    experience: int
    gladius_sides: int
    gladius_money: int


def parse_arena(value: Any) -> Arena:
    found = counts(value, "{square: 21, experience: 20, gladius_sides: 4, gladius_money: 50}",
                   ("square", "experience", "gladius_sides", "gladius_money"))
    if found["square"] < 1 or found["gladius_sides"] < 2:
        raise ValueError("{square: 21, experience: 20, gladius_sides: 4, gladius_money: 50} "
                         "with a square of at least 1 and a die of at least 2 sides")
    return Arena(**found)


BINDINGS = (
    Binding("arena", parse_arena,
            "{square: 21, experience: 20, gladius_sides: 4, gladius_money: 50}",
            "who lands on `square` may /fight another player: 2d6 and a d6 a level each, the "
            "Golden Gladius a d`gladius_sides` more; the winner gains `experience`, the loser "
            "loses the difference in hit points"),
    Binding("ticket", lambda v: counts(v, "{price: 100}", ("price",))["price"], "{price: 100}",
            "/buy ticket for `price`: at their next turn its holder jumps to the Arena instead "
            "of rolling"),
)


def land(play, login: str, arrived: list[str]) -> None:
    """Landing on the Arena: the offer to fight, or the fight 17.8 makes at once with one
    who landed there earlier in the same update (`arrived`)."""
    cite = play.cite("arena")
    other = next((o for o in arrived if o != login
                  and play.token(o).space == play.config.board["arena"].square), None)
    if other is not None:
        play.say(f"{login} and {other} land on {NAME} in the same update and fight ({cite})")
        play.hold(replace(play.token(login), fought=True), f"{NAME} ({cite})",
                  f"{login}'s fight for this landing is this one")
        fight(play, other, login, None)
        return
    arrived.append(login)
    play.say(f"{login} is in {NAME}: they may /fight another player ({cite})")


def challenge(play, login: str, words: list[str]) -> str | None:
    """`/fight LOGIN [ITEM]`."""
    rule, cite, token = play.config.board["arena"], play.cite("arena"), play.token(login)
    if token.landed != rule.square or token.space != rule.square:
        return f"{login} has not landed on {NAME} since their latest turn ({cite})"
    if token.fought:
        return f"{login} has fought since landing on {NAME}: one fight a landing ({cite})"
    if not words:
        return "say whom to fight: /fight LOGIN, and the item to take if you win"
    opponent = next((p.login for p in play.state.players
                     if p.login.lower() == words[0].lstrip("@").lower()), None)
    if opponent is None or opponent == login:
        return f"{words[0]} is not another player"
    item = " ".join(words[1:]).strip() or None
    refused = choice_refusal(play, login)
    if refused:
        return refused
    fight(play, login, opponent, item)
    return None


def fight(play, login: str, opponent: str, item: str | None) -> None:
    rule, cite = play.config.board["arena"], play.cite("arena")
    play.hold(replace(play.token(login), fought=True), f"{NAME} ({cite})",
              f"{login} fights {opponent} ({cite})")
    totals = {who: _roll(play, who) for who in (login, opponent)}
    winner = max(totals, key=totals.get)
    loser = opponent if winner == login else login
    for holder in filter(play.plays, _holders(play, GLADIUS)):  # a removed one earns nothing
        receive(play, holder, rule.gladius_money, f"the {GLADIUS} ({cite})")
    if totals[login] == totals[opponent]:
        play.say(f"{login} and {opponent} both total {totals[login]}: no one wins")
        return
    play.say(f"{winner} wins, {totals[winner]} to {totals[loser]}")
    change(play, winner, f"a win in {NAME} ({cite})", experience=rule.experience)
    change(play, loser, f"a loss in {NAME} ({cite})",
           hit_points=-(totals[winner] - totals[loser]))
    token = play.token(winner)
    if loser not in token.beaten:
        play.hold(replace(token, beaten=token.beaten + (loser,)), f"{NAME} ({cite})",
                  f"{winner} has beaten {', '.join(token.beaten + (loser,))}")
    if winner == login and item is not None:
        _take(play, winner, loser, item)
    _gladius(play, winner)


def _roll(play, who: str) -> int:
    rule, cite = play.config.board["arena"], play.cite("arena")
    level = max(stat(play, who, LEVEL), 0)
    total = play.roll(Roll(2 + level, 6), f"{who}'s 2d6 and a d6 a level ({cite})")
    extra = ""
    if play.token(who).item(GLADIUS):
        gladius = play.roll(Roll(1, rule.gladius_sides), f"{who}'s {GLADIUS} ({cite})")
        total, extra = total + gladius, f" and {gladius} of the {GLADIUS}'s d{rule.gladius_sides}"
    play.say(f"{who} (level {level}) rolls {2 + level}d6{extra}: {total}")
    return total


def _take(play, winner: str, loser: str, item: str) -> None:
    held = next((name for name, _ in play.token(loser).items
                 if name.lower() == item.lower()), None)
    if held is None:
        play.say(f"{loser} has no {item} to take")
        return
    hens = play.config.board.get("hens")
    if hens is not None and held == HEN and play.token(winner).item(HEN) >= hens.most:
        play.say(f"{winner} already has {hens.most} hens, the most a player may ({play.cite('hens')})")
        return
    why = f"{NAME} ({play.cite('arena')})"
    lost, won = play.token(loser), play.token(winner)
    play.hold(lost.with_item(held, lost.item(held) - 1), why, f"{winner} takes {loser}'s {held}")
    play.hold(won.with_item(held, won.item(held) + 1), why,
              f"{winner} now has {won.item(held) + 1} {held}")


def _gladius(play, winner: str) -> None:
    """17.6: the first to beat more than half of the players (those still playing); one
    Gladius may exist (5.3), even in a removed player's hands."""
    beaten = len([b for b in play.token(winner).beaten if play.plays(b)])
    if _holders(play, GLADIUS) or beaten * 2 <= len(play.state.players):
        return
    token = play.token(winner)
    play.hold(token.with_item(GLADIUS, 1), f"the {GLADIUS} ({play.cite('arena')})",
              f"{winner} has beaten {beaten} of the {len(play.state.players)} players and wins "
              f"the {GLADIUS}")


def _holders(play, item: str) -> list[str]:
    return [t.login for t in play.board.tokens if t.item(item)]


def buy_ticket(play, login: str) -> str | None:
    price, token = play.config.board["ticket"], play.token(login)
    refused = pay_refusal(play, login, price)
    if refused:
        return refused
    pay(play, login, price, f"a {TICKET} to the Arena ({play.cite('ticket')})")
    play.hold(token.with_item(TICKET, token.item(TICKET) + 1), f"a {TICKET}",
              f"{login} now has {token.item(TICKET) + 1} {TICKET}{'s' if token.item(TICKET) else ''}")
    return None


def sell_ticket(play, login: str) -> None:
    token, price = play.token(login), play.config.board["ticket"]
    play.hold(token.with_item(TICKET, token.item(TICKET) - 1), "a sale",
              f"{login} sells a {TICKET} back")
    receive(play, login, sell_back(play, price),
            f"a {TICKET} bought for ${price:,} ({play.config.cite('money')})")


def use_ticket(play, login: str) -> bool:
    """At the turn: a Ticket's holder jumps to the Arena instead of rolling (5.3, 6.8)."""
    token = play.token(login)
    if "ticket" not in play.config.board or "arena" not in play.config.board \
            or not token.item(TICKET):
        return False
    play.hold(token.with_item(TICKET, token.item(TICKET) - 1), f"a {TICKET}",
              f"{login} uses a {TICKET} to the Arena ({play.cite('ticket')})")
    play.place(login, play.config.board["arena"].square,
               f"the {TICKET} ({play.cite('ticket')}): a jump, passing over nothing")
    return True
