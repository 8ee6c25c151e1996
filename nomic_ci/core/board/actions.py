"""The players' board commands (`/roll`, `/choose b`, `/buy Flute`...): who may give each,
when, and what it does.

A command is judged at once, in the state the earlier ones left (`judge`): everything that
can refuse it is checked before any die is rolled, so the judgement needs no dice. It is
then carried out with the game's dice (`carry_out`), making the action's record and the
answer the player reads: the dice, the path, every effect in order, where they stand.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Callable

from ..dice import Dice
from ..frozen import frozen
from ..game import Game
from ..files.state import GameState
from .infinite import bank, commerce, copcar, fate, frontier, gulag, houses, jail, shop, trades, unlucky
from .suber import claims, crafts, gathering, locations, trading as trade
from .infinite.landing import move_up
from .primitives import Play
from .words import number_in
from .actionlog import ActionRecord
from .playing import play_for, record_of
from .boardfile import GULAG, JAIL, House
from .infinite.features import on_space
from .bored import bored_commands


@frozen
class Command:
    """A board command in `COMMANDS`: which bindings give it, who may give it, and what it runs."""

    needs: tuple[str, ...]  # the bindings any one of which gives it
    usage: str
    what: str
    run: Callable[[Play, str, list[str]], str | None]  # why not, or None when done
    on_turn: bool = True  # only the player whose turn it is
    for_turn: bool = False  # done on behalf of the player whose turn it is (/explore)
    admin: bool = False  # the Admin's (seed 003), not a player's


def _roll(play: Play, login: str, words: list[str]) -> str | None:
    rule, token, turn = play.config.board["movement"], play.token(login), play.turn
    cite = play.cite("movement")
    if words:
        return "/roll takes nothing after it: the dice are the game's"
    if token.space == JAIL:
        return f"{login} is in Jail and may not move: /escape instead ({play.cite('jail')})"
    if turn.moved_at is not None:
        more = f"; the engine plays one move a turn, not the {rule.per_turn} the rule allows" \
            if rule.per_turn > 1 else ""
        return f"{login} has already moved this turn ({cite}: once a turn{more})"
    if turn.choice is not None:
        return f"{login} has a choice to make first: /choose ({_choice_cite(play, turn.choice)})"
    explores = frontier.on_frontier(play, login)
    rolled = play.roll(rule.roll, f"movement ({cite})")
    play.mark(moved_at=play.at, roll=rolled)
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
    choice = play.turn.choice
    if choice is None:
        return f"{login} has no choice to make now"
    option = words[0].lower() if len(words) == 1 else ""
    if choice == copcar.CHOICE:
        open_ = copcar.options(play, login)
        if option not in open_:
            return "choose a, b or c: /choose a (Jail), /choose b (bribe), /choose c (fight)"
        if open_[option]:
            return f"option {option} is not open: {open_[option]} ({play.cite('cop_car')})"
        if copcar.choose(play, login, option):
            play.ends_turn = True
        return None
    if choice in (unlucky.LANDED, unlucky.ROLLED):
        return unlucky.choose(play, login, choice, option)
    if option != "buy":
        return "the choice is /choose buy, to keep the roll as a Number (or do nothing)"
    return fate.buy(play, login)


def _choice_cite(play: Play, choice: str) -> str:
    return play.cite({copcar.CHOICE: "cop_car", fate.CHOICE: "master_of_your_fate"}.get(
        choice, "unlucky"))


def _buy(play: Play, login: str, words: list[str]) -> str | None:
    """`/buy ITEM`: a House anywhere (rule 11), a Shop's item on a Shop, never into debt
    (rule 16)."""
    if bored_commands.sells(play.config.board):  # seed 003's hens, Tickets and squares
        return bored_commands.buy(play, login, words)
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
    if "professions" in play.config.board and crafts.item_named(play, words)[0]:
        return crafts.use(play, login, words)  # the Suber world's items (seed 001, 307b)
    if words and words[0].capitalize() == shop.FLUTE and "shop" in play.config.board:
        return shop.use_flute(play, login, words[1:])
    number = number_in(words[0]) if len(words) == 1 else None
    if number is None or "master_of_your_fate" not in play.config.board:
        return _what_to_use(play)
    if play.state.turn != login:
        return f"a Number is used on its holder's turn (it is {play.state.turn}'s)"
    if play.turn.choice is not None:
        return f"{login} has a choice to make first: /choose"
    refused = fate.use_number(play, login, number)
    if refused:
        return refused
    move_up(play, login, number, f"the Number {number} ({play.cite('master_of_your_fate')})")
    return None


def _what_to_use(play: Play) -> str:
    board = play.config.board
    ways = (["/use N for a Number"] if "master_of_your_fate" in board else []) + (
        ["/use Flute Snake 1U up for a Flute"] if "shop" in board else []) + (
        [f"/use ITEM [LOGIN...] for one of {', '.join(board['professions'].items)}"]
        if "professions" in board else [])
    return "say what to use: " + ", ".join(ways)


def _bank(deposit: bool):
    def run(play: Play, login: str, words: list[str]) -> str | None:
        token, cite = play.token(login), play.cite("bank")
        if not (token.on_ring and play.turn.landed == token.space
                and bank.present(play, token.space)):
            return f"{login} has not landed on a Bank this turn ({cite})"
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


def _trade(world, players):
    """A trade command of the kind the rules in force bind: the Suber world's (`trade`),
    else round 7's (`trades`)."""
    def run(play: Play, login: str, words: list[str]) -> str | None:
        return (world if "trade" in play.config.board else players)(play, login, words)
    return run


COMMANDS: dict[str, Command] = {
    "roll": Command(("movement",), "/roll", "roll and move (once a turn)", _roll),
    "continue": Command(("movement",), "/continue", "keep your turn going after moving",
                        _continue),
    "choose": Command(("cop_car", "master_of_your_fate", "unlucky"), "/choose a|b|c|buy",
                      "answer a choice a rule offers", _choose),
    "buy": Command(("houses", "shop", "hens", "ticket", "property"), "/buy ITEM", "buy an item",
                   _buy, on_turn=False),
    "use": Command(("master_of_your_fate", "shop", "professions"),
                   "/use N | /use Flute Snake 1U up | /use ITEM [LOGIN...]",
                   "use a Number or an item", _use, on_turn=False),
    "deposit": Command(("bank",), "/deposit N", "put points in the bank", _bank(True)),
    "withdraw": Command(("bank",), "/withdraw N", "take points from the bank", _bank(False)),
    "house": Command(("houses",), "/house", "build a House where you stand", _house),
    "escape": Command(("jail",), "/escape [pay]", "try to escape Jail", _escape),
    "rejoin": Command(("gulag",), "/rejoin", "leave the Gulag", _rejoin, on_turn=False),
    "explore": Command(("frontier",), "/explore", "explore the Frontier after a roll there "
                       "(the roller; anyone once its timer has run)", _explore, on_turn=False,
                       for_turn=True),
    # the Suber world (seed 001, rules 302-308)
    "move": Command(("locations",), "/move LOCATION", "change your location (once a turn)",
                    locations.move),
    "gather": Command(("location_resources",), "/gather",
                      "roll for location resources after your turn", gathering.gather,
                      on_turn=False),
    # trades: the Suber world's between settlers in one location (`trade`, seed 001 rule
    # 306), or round 7's of points and items (`trades`, seed 004 rule 16)
    "trade": Command(("trade", "trades"), "/trade LOGIN 3 wheat for 2 fish",
                     "offer a player a trade", _trade(trade.offer, trades.offer), on_turn=False),
    "accept": Command(("trade", "trades"), "/accept LOGIN (or N, round 7's offer number)",
                      "accept a trade offered to you", _trade(trade.accept, trades.accept),
                      on_turn=False),
    "decline": Command(("trades",), "/decline N", "decline or withdraw a trade",
                       trades.decline, on_turn=False),
    "profession": Command(("professions",), "/profession NAME", "pick your profession",
                          crafts.choose),
    "craft": Command(("professions",), "/craft ITEM", "craft an item of your profession",
                     crafts.craft, on_turn=False),
    "claim": Command(("claims",), "/claim", "claim territory where you are", claims.claim,
                     on_turn=False),
    "upgrade": Command(("claims",), "/upgrade", "upgrade your claim", claims.upgrade,
                       on_turn=False),
    **{name: Command(needs, usage, what, run, on_turn=False, admin=admin)
       for name, (needs, usage, what, run, admin) in bored_commands.COMMANDS.items()},
}


def commands_given(game: Game) -> tuple[str, ...]:
    """The board commands the rules in force give."""
    board = game.config.board
    if not ("ring" in board or "locations" in board) or game.state.board is None:
        return ()
    return tuple(name for name, c in COMMANDS.items() if any(key in board for key in c.needs))


class _Judging:
    """Dice for judging a command: any roll means every check has passed."""

    method, commitment = "judging", None

    class Rolled(Exception):
        pass

    def roll(self, sides, inputs) -> int:
        raise self.Rolled


def judge(game: Game, at: datetime, login: str, name: str, words: list[str]) -> str | None:
    """Why `login` may not give this command now; None if they may."""
    state = game.state
    command = COMMANDS[name]
    token = state.board.token(login) if state.board else None
    if token is not None and token.space == GULAG and name != "rejoin":
        return f"{login} is in the Gulag and takes no turns until they /rejoin " \
               f"({game.config.cite('gulag')})"
    if command.on_turn and state.turn != login:
        return f"only the player whose turn it is may /{name} (it is {state.turn}'s turn)"
    if command.for_turn and state.turn is None:
        return "it is no one's turn"
    if name != "explore" and state.turn == login and frontier.waiting(game) is not None:
        return (f"{login} rolled on the {frontier.NAME} and explores first: /explore (rule "
                f"8's steps follow the roll with no intervening actions, "
                f"{game.config.cite('frontier')})")
    judging = _Judging()
    play = play_for(game, at, judging, state.turn if command.for_turn else login)
    play.state = replace(play.state, dice_secrets=())  # judging rolls no real die
    try:
        return command.run(play, login, words)
    except _Judging.Rolled:
        return None


def carry_out(game: Game, at: datetime, dice: Dice, login: str, text: str,
              comment: int | None) -> tuple[GameState, ActionRecord]:
    """The command done with the game's dice: the state after it and its record."""
    name, *words = text.strip().splitlines()[0].strip()[1:].split()
    name = name.lower()
    play = play_for(game, at, dice, game.state.turn if COMMANDS[name].for_turn else login)
    refused = COMMANDS[name].run(play, login, words)
    assert refused is None, refused  # judged before: nothing it checks has changed since
    if play.state.turn == login:
        gulag.acted(play, login)
    state = play.state
    if play.ends_turn:
        from ..turns import next_player
        state = replace(state, turn=next_player(state, login), turn_started=at)
        play.say(f"{login}'s turn ends; it is {state.turn}'s turn")
    return state, record_of(play, at, login, text.strip().splitlines()[0].strip(), comment,
                            about=play.login)
