"""Infinite Nomic's commands (rules 7, 8, 11, 13 and 16 of round 7; rule 9 of seed 000): who
may give each and what it does, the mechanics being the room's other modules. Everything that
can refuse a command is checked before any die is rolled (core/board/actions.py judges first).
"""

from __future__ import annotations

from dataclasses import replace

from ..boardfile import GULAG, JAIL, House
from ..primitives import Play
from ..rooms import Command
from ..trade import accept, decline, offer
from ...words import number_in
from . import bank, commerce, copcar, fate, frontier, gulag, houses, jail, shop, unlucky
from .features import on_space
from .landing import move_up
from .turn_end import offered


def _roll(play: Play, login: str, words: list[str]) -> str | None:
    rule, token, turn = play.config.board["movement"], play.token(login), play.turn
    cite = play.cite("movement")
    if words:
        return "/roll takes nothing after it: the dice are the game's"
    if token.space == JAIL and "jail" in play.config.board:
        return f"{login} is in Jail and may not move: /escape instead ({play.cite('jail')})"
    if turn.moved_at is not None:
        more = f"; the engine plays one move a turn, not the {rule.per_turn} the rule allows" \
            if rule.per_turn > 1 else ""
        return f"{login} has already moved this turn ({cite}: once a turn{more})"
    if offered(play) is not None:
        return f"{login} has a choice to make first: /choose ({_choice_cite(play, play.choice)})"
    if token.space == JAIL:  # a Jail no rule in force keeps (repealed since) holds no one
        jail.free(play, login, "no rule in force keeps one")
    if token.space == GULAG:  # one no rule keeps, where a board from before its repeal left him
        play.place(login, 1, f"{gulag.NAME}: no rule in force keeps one, so {login} is placed "
                   "on space 1, as a player leaving it is")
    explores = frontier.on_frontier(play, login)
    rolled = play.roll(rule.roll, f"movement ({cite})")
    # a landing before the roll (a Number used) is not the roll's: the roll lands anew
    play.mark(moved_at=play.at, roll=rolled, landed=None)
    play.say(f"{login} rolls {rolled} ({rule.roll}, {cite})")
    if unlucky.rolled(play, login, rolled):
        return None  # seed 000's rule 9: the move waits for the player's choice
    if explores:  # rule 8: exploring, and the move, wait for /explore
        play.mark(explore=rolled)
        later = frontier.open_to_others_at(play.config, play.turn)
        play.say(f"{frontier.NAME} ({play.cite('frontier')}): {login} rolled on the highest "
                 "space and explores next: /explore adds the spaces and advances"
                 + (f"; from {later:%Y-%m-%d %H:%M} UTC any other player may /explore for "
                    f"{login}" if later else ""))
        return None
    move_up(play, login, rolled, f"movement ({cite})")
    copcar.after_roll(play, login, rolled)
    return None


def _explore(play: Play, login: str, words: list[str]) -> str | None:
    """Rule 8: the Frontier's three steps for the roll waiting there; by the roller, or by
    another player once the timer has run. `play` acts for the roller."""
    roller, cite = play.login, play.cite("frontier")
    if words:
        return "/explore takes nothing after it: the roll was made with /roll"
    marks = frontier.waiting(play)
    if marks is None:
        return f"no roll on the {frontier.NAME} waits to be explored ({cite})"
    if login != roller:
        opens = frontier.open_to_others_at(play.config, marks)
        if opens is None or play.at < opens:
            return (f"only {roller} may explore the {frontier.NAME} now"
                    + (f"; any other player may from {opens:%Y-%m-%d %H:%M} UTC" if opens
                       else "") + f" ({cite})")
        play.say(f"{frontier.NAME} ({cite}): {login} explores on {roller}'s behalf")
    rolled = marks.explore
    play.mark(explore=None, explore_open=False, moved_at=play.at)  # rule 7's 5 minutes start
    frontier.explore(play, roller, rolled)
    move_up(play, roller, rolled, f"movement ({play.cite('movement')})")
    copcar.after_roll(play, roller, rolled)
    return None


def _continue(play: Play, login: str, words: list[str]) -> str | None:
    turn, cite = play.turn, play.cite("movement")
    if turn.moved_at is None:
        return f"{login} has not moved this turn: /continue keeps a turn going after moving ({cite})"
    if turn.continued:
        return f"{login} has already said they continue this turn"
    play.mark(continued=True)
    play.say(f"{login} continues their turn ({cite}): it ends with /pass, or when it runs out")
    return None


def _choose(play: Play, login: str, words: list[str]) -> str | None:
    """`/choose a|b|c` answers the choice waiting for the player (the Cop Car's, rule 11; the
    Unlucky Space's, seed 000's rule 9), in their turn or, a choice a landing outside it
    offered, until their turn ends; `/choose buy` takes Master of Your Fate's offer (rule
    8), which stands beside any such choice."""
    option = words[0].lower() if len(words) == 1 else ""
    if option == "buy" and "master_of_your_fate" in play.config.board:
        return fate.buy(play, login)
    choice = offered(play)
    if choice is None:
        if play.state.turn != login:
            return f"{login} has no choice to make now (only the player whose turn it is may " \
                   f"/choose, or one a choice waits for; it is {play.state.turn}'s turn)"
        return f"{login} has no choice to make now" + (
            " (/choose buy keeps a roll that lands you on Master of Your Fate's space)"
            if option == "buy" else "")
    if choice == copcar.CHOICE:
        open_ = copcar.options(play, login)
        if option not in open_:
            return "choose a, b or c: /choose a (Jail), /choose b (bribe), /choose c (fight)"
        if open_[option]:
            return f"option {option} is not open: {open_[option]} ({play.cite('cop_car')})"
        if copcar.choose(play, login, option) and play.state.turn == login:
            play.ends_turn = True  # a bribe ends the turn: one outside it ends no one's
        return None
    return unlucky.choose(play, login, choice, option)


def _choice_cite(play: Play, choice: str) -> str:
    return play.cite("cop_car" if choice == copcar.CHOICE else "unlucky")


def _buy(play: Play, login: str, words: list[str]) -> str | None:
    """`/buy ITEM`: a House anywhere (rule 11), a Shop's item on a Shop, never into debt
    (rule 16)."""
    if len(words) != 1:
        return "say what to buy: /buy ITEM, such as /buy House"
    board, token, name = play.config.board, play.token(login), words[0].capitalize()
    if name == houses.ITEM and "houses" in board:
        price, why = board["houses"].price, f"{houses.NAME} ({play.cite('houses')})"
    elif "shop" in board and name in board["shop"].items:
        if not (token.on_ring and shop.present(play, token.space)):
            return f"{name}s are sold on a Shop, and {login} is not on one ({play.cite('shop')})"
        price, why = board["shop"].items[name], f"{shop.NAME} ({play.cite('shop')})"
    else:
        sold = ([houses.ITEM] if "houses" in board else []) + (
            list(board["shop"].items) if "shop" in board else [])
        return f"there is no item {words[0]!r} to buy; the items are {', '.join(sold) or 'none'}"
    refused = commerce.refusal(play, login, price)
    if refused:
        return refused
    play.gain(login, -price, f"{why}: {login} buys a {name}")
    play.hold(token.with_item(name, token.item(name) + 1), why,
              f"{login} now has {token.item(name) + 1} {name}{'s' if token.item(name) else ''}")
    return None


def _use(play: Play, login: str, words: list[str]) -> str | None:
    if words and words[0].capitalize() == shop.FLUTE and "shop" in play.config.board:
        return shop.use_flute(play, login, words[1:])
    number = number_in(words[0]) if len(words) == 1 else None
    if number is None or "master_of_your_fate" not in play.config.board:
        return _what_to_use(play)
    if offered(play) in (unlucky.LANDED, unlucky.ROLLED):  # the move waits for it (rule 9)
        return f"{login} has a choice to make first: /choose ({play.cite('unlucky')})"
    refused = fate.use_number(play, login, number)
    if refused:
        return refused
    move_up(play, login, number, f"the Number {number} ({play.cite('master_of_your_fate')})")
    return None


def _what_to_use(play: Play) -> str:
    board = play.config.board
    ways = (["/use N for a Number"] if "master_of_your_fate" in board else []) + (
        ["/use Flute Snake 1U up for a Flute"] if "shop" in board else [])
    return "say what to use: " + ", ".join(ways)


def _bank(deposit: bool):
    def run(play: Play, login: str, words: list[str]) -> str | None:
        cite = play.cite("bank")
        if not bank.open_to(play, login):
            since = "this turn" if play.state.turn == login else "since their own turn ended"
            return f"{login} has not landed on a Bank {since} ({cite})"
        amount = number_in(words[0]) if len(words) == 1 else None
        if amount is None:
            return f"say how many points: /{'deposit' if deposit else 'withdraw'} N"
        return (bank.deposit if deposit else bank.withdraw)(play, login, amount)
    return run


def _house(play: Play, login: str, words: list[str]) -> str | None:
    """Rule 11: on their turn, on a space with no other feature, with a House item."""
    token, cite = play.token(login), play.cite("houses")
    if words:
        return "/house takes nothing after it: the House goes where you stand"
    if token.item(houses.ITEM) < 1:
        return f"{login} has no House item: /buy House first ({cite})"
    if not token.on_ring:
        return f"{login} is not on a primary space"
    features = on_space(play, token.space)
    if features:
        return f"space {token.space} has {', '.join(features)}: a House goes on a space with " \
               f"no other feature ({cite})"
    play.hold(token.with_item(houses.ITEM, token.item(houses.ITEM) - 1), f"{houses.NAME} ({cite})",
              f"{login} uses a House item ({token.item(houses.ITEM) - 1} left)")
    play.change_board(replace(play.board, houses=play.board.houses + (House(token.space, login),)),
                      {"house": "built", "space": token.space, "owner": login},
                      f"{houses.NAME} ({cite}): {login} builds a House on space {token.space}")
    return None


def _escape(play: Play, login: str, words: list[str]) -> str | None:
    if words not in ([], ["pay"]):
        return "/escape rolls to escape; /escape pay pays to escape"
    return jail.escape(play, login, pay=words == ["pay"])


def _rejoin(play: Play, login: str, words: list[str]) -> str | None:
    return gulag.rejoin(play, login)


def _trading(step):
    return lambda play, login, words: step(commerce.MARKET, play, login, words)


COMMANDS = {
    "roll": Command(("movement",), "/roll", "roll and move (once a turn)", _roll),
    "continue": Command(("movement",), "/continue", "keep your turn going after moving",
                        _continue),
    "choose": Command(("cop_car", "master_of_your_fate", "unlucky"), "/choose a|b|c|buy",
                      "answer a choice a rule offers", _choose, on_turn=False),
    "buy": Command(("houses", "shop"), "/buy ITEM", "buy an item", _buy, on_turn=False),
    "use": Command(("master_of_your_fate", "shop"), "/use N | /use Flute Snake 1U up",
                   "use a Number or an item", _use, on_turn=False),
    "deposit": Command(("bank",), "/deposit N", "put points in the bank", _bank(True),
                       on_turn=False),
    "withdraw": Command(("bank",), "/withdraw N", "take points from the bank", _bank(False),
                        on_turn=False),
    "house": Command(("houses",), "/house", "build a House where you stand", _house),
    "escape": Command(("jail",), "/escape [pay]", "try to escape Jail", _escape),
    "rejoin": Command(("gulag",), "/rejoin", "leave the Gulag", _rejoin, on_turn=False),
    "explore": Command(("frontier",), "/explore", "explore the Frontier after a roll there "
                       "(the roller; anyone once its timer has run)", _explore, on_turn=False,
                       for_turn=True),
    "trade": Command(("trades",), "/trade LOGIN 3 points for 1 Flute", "offer a player a trade",
                     _trading(offer), on_turn=False),
    "accept": Command(("trades",), "/accept N", "accept a trade offered to you",
                      _trading(accept), on_turn=False),
    "decline": Command(("trades",), "/decline N", "decline or withdraw a trade",
                       _trading(decline), on_turn=False),
}
