"""The board's state, `state/board.yaml`: where each token is, the features the game has
placed (the Cop Car, houses, snakes and ladders), what each player carries, and what the
player whose turn it is has done in it.

Only what play changes is stored: features fixed by a rule (Fives, Banks, Shops) are
computed from the rules in force, and the number of spaces is rule 5's n plus the spaces
the Frontier added, so a proposal that amends a binding changes the board at once.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from datetime import datetime
from typing import Any, Mapping

from ..errors import GameError
from ..files import fields as typed, yamlio
from ..files import BOARD
from ..frozen import frozen
from ..times import iso, moment
from .ring import MAX_SPACES
from .trade import Offer
from .worldfile import World, dump_world, read_world

JAIL, GULAG = "jail", "gulag"  # the non-primary spaces (rule 8)
# the comment a board file starts with: each ruleset's own, which the engine keeps as it
# writes the file again (`header_of`); these where a file has none
HEADER = ("# The board (rules 5, 8, 11, 13, 20). Written only by nomic-ci as players act; "
          "see state/README.md\n# and state/board.svg. A player with no token here is on "
          "space 1.\n")
WORLD_HEADER = ("# The world (seed 001, rules 302-308): where each player is, what they hold, "
                "what the world\n# counts. Written only by nomic-ci as players act; see "
                "state/README.md.\n")


@frozen
class Token:
    """A player's token and what they carry."""

    login: str
    space: int | str = 1  # a primary space's number, JAIL or GULAG, or a location (seed 001)
    items: tuple[tuple[str, int], ...] = ()  # item name -> how many (rule 11's shop, houses)
    numbers: tuple[int, ...] = ()  # Numbers in their possession (rules 8 and 13)
    account: int = 0  # points in the bank (rule 11)
    jail_failures: int = 0  # escapes failed in a row (rule 8)
    missed_turns: int = 0  # own turns missed in a row (rule 8's Gulag)
    # a choice a landing offered outside the player's turn (a Number used at any time, rule
    # 8): it waits for /choose until their own turn ends, as one offered in it does (Turn)
    choice: str | None = None
    # the square landed on in BoredNomic's latest turn, until left (seed 003); the Bank
    # landed on outside one's turn in Infinite Nomic's round 7, until one's own turn ends
    landed: int | None = None
    # BoredNomic (seed 003, core/board/bored/): what the latest turn allows, and the record
    fought: bool = False  # fought in the Arena since that landing (17.2: one fight a landing)
    question: str | None = None  # the Inquisition's category, until the Admin judges (20.3)
    beaten: tuple[str, ...] = ()  # the players beaten in the Arena (17.5)
    healed: int = 0  # hit points bought since the latest turn (12.7: at most level a turn)

    def item(self, name: str) -> int:
        return dict(self.items).get(name, 0)

    def with_item(self, name: str, count: int) -> "Token":
        held = {**dict(self.items), name: count}
        return replace(self, items=tuple(sorted((k, v) for k, v in held.items() if v)))

    @property
    def on_ring(self) -> bool:
        return isinstance(self.space, int)


@frozen
class CopCar:
    """The Cop Car on the board (rule 11): the space it is on, and the health it has left."""

    space: int
    health: int


@frozen
class House:
    """A House built on a space (rule 11), and the player who owns it and takes its toll."""

    space: int
    owner: str


@frozen
class Deed:
    """A square a player owns (seed 003 rule 16): its name and what it cost, for the sale
    back at a third (rule 4.5). `name` is None while the Admin has rejected it (16.3)."""

    square: int
    owner: str
    name: str | None
    price: int


@frozen
class Pair:
    """A Snake or Ladder pair (rule 20): `number` counts the pairs of its kind in order of
    creation, so this is 'Snake 1' with 'Snake 1L' on `lower` and 'Snake 1U' on `upper`."""

    kind: str  # "Snake" or "Ladder"
    number: int
    lower: int
    upper: int

    def name(self, end: str) -> str:
        return f"{self.kind} {self.number}{end}"


@frozen
class Turn:
    """What the player whose turn began at `started` has done in it."""

    login: str
    started: datetime
    moved_at: datetime | None = None  # the movement roll (rule 7): once a turn
    landed: int | None = None  # where that move ended, for what landing allows (bank, shop)
    roll: int | None = None  # the movement roll, for Master of Your Fate
    continued: bool = False  # declared they continue their turn (rule 7)
    escape_tried: bool = False  # rolled to escape Jail (rule 8): once a turn
    choice: str | None = None  # a choice the rules offer and wait for: "cop-car", "unlucky-…"
    explore: int | None = None  # a roll on the Frontier waiting to be explored (rule 8)
    explore_open: bool = False  # the Frontier's timer told the others they may explore
    fate: int | None = None  # the roll Master of Your Fate offers to keep (rule 8), until
    # bought or the turn ends: an offer, which waits for nothing


@frozen
class Board:
    """A game's board (`GameState.board`), read from and written to `state/board.yaml`."""

    added_spaces: int = 0  # by exploring the Frontier (rule 8)
    cop_car: CopCar | None = None
    houses: tuple[House, ...] = ()
    pairs: tuple[Pair, ...] = ()
    tokens: tuple[Token, ...] = ()
    turn: Turn | None = None
    world: World = World()  # the Suber world's counts (seed 001, worldfile.py)
    offers: tuple[Offer, ...] = ()  # trades offered by number, not yet accepted or declined
    deeds: tuple[Deed, ...] = ()  # seed 003's property (rule 16), by square

    def deed(self, square: int) -> Deed | None:
        return next((d for d in self.deeds if d.square == square), None)

    def token(self, login: str) -> Token:
        return self._placed.get(login) or Token(login)

    @functools.cached_property
    def _placed(self) -> dict[str, Token]:
        """Each login's token, the first where there are two (`read_board` refuses that): a
        board is asked for each player's, and a thousand players' board is long."""
        return {t.login: t for t in reversed(self.tokens)}

    def in_gulag(self, login: str, rules: Mapping[str, Any]) -> bool:
        """Whether a Gulag holds `login` under the rules in force (`rules`: their board's
        bindings, `GameConfig.board`), where they neither gain nor lose points, propose nor
        take turns (seed 004 rule 8). A Gulag no rule keeps holds no one: a passed proposal
        repealing it frees whoever is in it (`without_gulag`), and a token left there (a
        board written before that) shuts its player out of nothing."""
        return "gulag" in rules and self.token(login).space == GULAG

    def without_gulag(self) -> "Board":
        """The board once no rule in force keeps a Gulag: whoever was in it placed on space
        1, as a player leaving it is (rule 8), and no one's missed turns counted, as no rule
        counts them; so a Gulag enacted again holds only whom it puts there itself."""
        tokens = tuple(replace(t, space=1 if t.space == GULAG else t.space, missed_turns=0)
                       for t in self.tokens)
        return self if tokens == self.tokens else replace(self, tokens=tokens)

    def with_token(self, token: Token) -> "Board":
        others = tuple(t for t in self.tokens if t.login != token.login)
        return replace(self, tokens=tuple(sorted(others + (token,), key=lambda t: t.login)))

    def turn_of(self, login: str, started: datetime | None) -> Turn:
        """What `login` has done in the turn that began at `started` (nothing, if the marks
        are of another turn)."""
        if self.turn is not None and self.turn.login == login and self.turn.started == started:
            return self.turn
        return Turn(login, started or datetime.min)


def _space(value: Any) -> int | str:
    if value in (JAIL, GULAG):
        return value
    if isinstance(value, str) and value.isalpha() and value[:1].isupper():
        return value  # a location (seed 001): one no rule names is the City (rule 302)
    number = typed.whole(value)
    if number < 1:
        raise ValueError
    return number


def _numbers(value: Any) -> tuple[int, ...]:
    return tuple(typed.whole(v) for v in typed.items(value))


def read_board(text: str) -> Board:
    """The board in a `state/board.yaml` text, validated (cached: a run reads it often)."""
    return _read(text)


@functools.lru_cache(maxsize=16)
def _read(text: str) -> Board:
    doc = yamlio.read(text, BOARD)
    fields = typed.Fields(doc, BOARD)
    cop = fields.get("cop_car", lambda v: v, "{space: N, health: N}, or null", optional=True)
    cop_car = None
    if cop is not None:
        item = typed.Fields(cop, BOARD, "cop_car: ")
        cop_car = CopCar(item.get("space", _positive, "a primary space's number"),
                         item.get("health", typed.whole, "a whole number"))
    houses = tuple(House(h.get("space", _positive, "a primary space's number"),
                         h.get("owner", typed.login, "the owner's login"))
                   for h in _entries(fields, "houses"))
    pairs = tuple(Pair(p.get("kind", _kind, "Snake or Ladder"),
                       p.get("number", _positive, "the pair's number"),
                       p.get("lower", _positive, "the lower space's number"),
                       p.get("upper", _positive, "the upper space's number"))
                  for p in _entries(fields, "pairs"))
    tokens = []
    seen: set[str] = set()
    for index, item in enumerate(_entries(fields, "tokens")):
        token = Token(
            login=item.get("login", typed.login, "a player's login"),
            space=item.get("space", _space, "a primary space's number, a location, jail or gulag",
                           optional=True, default=1),
            items=item.get("items", typed.counters, "a mapping of item names to counts",
                           optional=True, default=()),
            numbers=item.get("numbers", _numbers, "a list of whole numbers", optional=True,
                             default=()),
            account=item.get("account", typed.whole, "a whole number", optional=True,
                             default=0),
            jail_failures=item.get("jail_failures", typed.whole, "a whole number",
                                   optional=True, default=0),
            missed_turns=item.get("missed_turns", typed.whole, "a whole number",
                                  optional=True, default=0),
            choice=item.get("choice", typed.text, "the choice offered, or null", optional=True),
            landed=item.get("landed", _positive, "a square's number or null", optional=True),
            fought=item.get("fought", typed.flag, "true or false", optional=True,
                            default=False),
            question=item.get("question", typed.text, "a category or null", optional=True),
            beaten=item.get("beaten", typed.logins, "a list of logins", optional=True, default=()),
            healed=item.get("healed", typed.natural, "a whole number of 0 or more", optional=True,
                            default=0))
        if token.login.lower() in seen:
            raise GameError(f"token {index + 1}: {token.login} has two tokens", path=BOARD,
                            line=yamlio.line_of(doc["tokens"], index),
                            hint="each player has one token; keep one entry")
        seen.add(token.login.lower())
        tokens.append(token)
    turn = None
    marks = fields.get("turn", lambda v: v, "what the current turn's player did, or null",
                       optional=True)
    if marks is not None:
        item = typed.Fields(marks, BOARD, "turn: ")
        turn = Turn(item.get("login", typed.login, "a login"),
                    item.get("started", moment, "a time"),
                    item.get("moved_at", moment, "a time or null", optional=True),
                    item.get("landed", _positive, "a space's number or null", optional=True),
                    item.get("roll", _positive, "a whole number or null", optional=True),
                    item.get("continued", typed.flag, "true or false", optional=True,
                             default=False),
                    item.get("escape_tried", typed.flag, "true or false", optional=True,
                             default=False),
                    item.get("choice", typed.text, "the choice offered, or null",
                             optional=True),
                    item.get("explore", _positive, "the roll waiting to be explored, or null",
                             optional=True),
                    item.get("explore_open", typed.flag, "true or false", optional=True,
                             default=False),
                    item.get("fate", _positive, "the roll that may be kept, or null",
                             optional=True))
    offers = tuple(Offer(o.get("number", _positive, "the action that offered it"),
                         o.get("from", typed.login, "the offerer's login"),
                         o.get("to", typed.login, "the login it is offered to"),
                         o.get("give", typed.counters, "a mapping of what is given to counts"),
                         o.get("get", typed.counters, "a mapping of what is got to counts"))
                   for o in _entries(fields, "offers"))
    deeds = tuple(sorted((Deed(d.get("square", _positive, "a square's number"),
                               d.get("owner", typed.login, "the owner's login"),
                               d.get("name", typed.text, "the square's name, or null",
                                     optional=True),
                               d.get("price", typed.natural, "what it cost, in dollars"))
                          for d in _entries(fields, "deeds")), key=lambda d: d.square))
    for first, second in zip(deeds, deeds[1:]):
        if first.square == second.square:
            raise GameError(f"square {first.square} has two owners, {first.owner} and "
                            f"{second.owner}", path=BOARD,
                            hint="a square has at most one owner (seed 003 rule 16.1): keep one")
    return Board(fields.get("added_spaces", typed.natural, "a whole number of 0 or more",
                            optional=True, default=0),
                 cop_car, houses, pairs, tuple(sorted(tokens, key=lambda t: t.login)), turn,
                 world=read_world(doc.get("world")), offers=offers, deeds=deeds)


def _entries(fields: typed.Fields, key: str) -> list[typed.Fields]:
    nodes = fields.get(key, typed.items, "a list", optional=True, default=[])
    return [typed.Fields(node, BOARD, f"{key} {index + 1}: ") for index, node in enumerate(nodes)]


def _positive(value: Any) -> int:
    number = typed.whole(value)
    if number < 1:
        raise ValueError
    return number


def _kind(value: Any) -> str:
    if value not in ("Snake", "Ladder"):
        raise ValueError
    return value


def check_board(bindings: Mapping[str, Any], board: Board | None) -> None:
    """Everything on the board is on one of its spaces (rule 5): a rule that shrank the
    board under a token or a feature would leave an impossible game."""
    if board is None:
        return
    _check_places(bindings, board)
    ring = bindings.get("ring")
    if ring is None:
        return
    total = ring.spaces + board.added_spaces
    if total > MAX_SPACES:
        raise GameError(f"the board would have {total:,} spaces (rule 5's {ring.spaces} and "
                        f"{board.added_spaces:,} explored), more than the {MAX_SPACES:,} a "
                        "board can hold", path=BOARD, hint="keep added_spaces smaller")
    where = [(f"{t.login}'s token", t.space) for t in board.tokens if t.on_ring]
    where += [("the Cop Car", board.cop_car.space)] if board.cop_car else []
    where += [(f"{h.owner}'s House", h.space) for h in board.houses]
    where += [(f"{d.owner}'s square", d.square) for d in board.deeds]
    where += [(p.name(end), space) for p in board.pairs
              for end, space in (("L", p.lower), ("U", p.upper))]
    for what, space in where:
        if space > total:
            raise GameError(f"{what} is on space {space}, but the board has {total} spaces "
                            f"(rule 5's {ring.spaces} and {board.added_spaces} explored)",
                            path=BOARD, hint="a board may not shrink under what stands on it: "
                                             "keep at least that many spaces")
    cop_car = bindings.get("cop_car")  # a rule that makes it a feature again puts it there
    if cop_car is not None and cop_car.start > total:
        raise GameError(f"the Cop Car's rule starts it on space {cop_car.start}, but the board "
                        f"has {total} spaces (rule 5's {ring.spaces} and {board.added_spaces} "
                        "explored)", path=BOARD,
                        hint="start it on a space of the board, or keep the board that large")


def _check_places(bindings: Mapping[str, Any], board: Board) -> None:
    """A token in a named place is in one the rules name (seed 001 rule 302's locations):
    a misspelt place, or a name in a game of numbered spaces, is an error, not the City."""
    places = bindings.get("locations")
    named = places.places if places is not None else ()
    for token in board.tokens:
        if isinstance(token.space, str) and token.space not in (JAIL, GULAG, *named):
            raise GameError(
                f"{token.login}'s token is in {token.space!r}, a place no rule names", path=BOARD,
                hint=f"the places are {', '.join(named)}" if named else
                     "the rules in force name no places: a token is on a numbered space")


def header_of(text: str | None) -> str | None:
    """The comment lines `text` (a board file) starts with, if any: what its ruleset says the
    file is (BoredNomic's names its rules, not Infinite Nomic's)."""
    lines = (text or "").splitlines(keepends=True)
    count = next((i for i, line in enumerate(lines) if not line.startswith("#")), len(lines))
    return "".join(lines[:count]) or None


def dump_board(board: Board, logins: tuple[str, ...] = (), header: str | None = None) -> str:
    """The board as `state/board.yaml` holds it: a token for each of `logins` (and any other
    on the board), by login, each on lines of its own, so that a proposal stating an event
    for one player merges with the engine's changes to another's (rule 4); under `header`,
    the comment the file had (else one of the engine's)."""
    if _LAST_DUMP and _LAST_DUMP[0] == (board, logins, header):
        return _LAST_DUMP[1]
    text = _dump_board(board, logins, header)
    _LAST_DUMP[:] = [(board, logins, header), text]
    return text


# the latest board dumped and its text: a run writes the state a few times, the board often
# unchanged since the last time, and ruamel.yaml takes milliseconds to dump it
_LAST_DUMP: list = []


def _dump_board(board: Board, logins: tuple[str, ...], header: str | None) -> str:
    placed = board._placed
    data: dict[str, Any] = {"added_spaces": board.added_spaces}
    data["cop_car"] = ({"space": board.cop_car.space, "health": board.cop_car.health}
                       if board.cop_car else None)
    data["houses"] = [{"space": h.space, "owner": h.owner} for h in board.houses]
    data["pairs"] = [{"kind": p.kind, "number": p.number, "lower": p.lower, "upper": p.upper}
                     for p in board.pairs]
    data["tokens"] = [{"login": t.login, "space": t.space,
                       **({"items": dict(t.items)} if t.items else {}),
                       **({"numbers": list(t.numbers)} if t.numbers else {}),
                       **({"account": t.account} if t.account else {}),
                       **({"jail_failures": t.jail_failures} if t.jail_failures else {}),
                       **({"missed_turns": t.missed_turns} if t.missed_turns else {}),
                       **({"choice": t.choice} if t.choice else {}),
                       **({"landed": t.landed} if t.landed is not None else {}),
                       **({"fought": True} if t.fought else {}),
                       **({"question": t.question} if t.question is not None else {}),
                       **({"beaten": list(t.beaten)} if t.beaten else {}),
                       **({"healed": t.healed} if t.healed else {})}
                      for t in (placed.get(login) or Token(login)
                                for login in sorted({*logins, *placed}))]
    if board.offers:  # only while there are some, so boards without trades read the same
        data["offers"] = [{"number": o.number, "from": o.offerer, "to": o.to,
                           "give": dict(o.give), "get": dict(o.get)} for o in board.offers]
    if board.deeds:  # only in a game with property (seed 003 rule 16)
        data["deeds"] = [{"square": d.square, "owner": d.owner, "name": d.name,
                          "price": d.price} for d in board.deeds]
    turn = board.turn
    data["turn"] = None if turn is None else {
        "login": turn.login, "started": iso(turn.started), "moved_at": iso(turn.moved_at),
        "landed": turn.landed, "roll": turn.roll, "continued": turn.continued,
        "escape_tried": turn.escape_tried, "choice": turn.choice,
        # the Frontier's marks only while they matter, so older boards read the same
        **({"explore": turn.explore} if turn.explore is not None else {}),
        **({"explore_open": True} if turn.explore_open else {}),
        **({"fate": turn.fate} if turn.fate is not None else {})}
    if board.world != World():
        data["world"] = dump_world(board.world)
    return (header or (WORLD_HEADER if "world" in data else HEADER)) + yamlio.dump(data)


def board_files(board: Board | None, logins: tuple[str, ...],
                current: str | None = None) -> Mapping[str, str]:
    """`state/board.yaml` for `board`, keeping the comment the `current` file starts with."""
    return {} if board is None else {BOARD: dump_board(board, logins, header_of(current))}
