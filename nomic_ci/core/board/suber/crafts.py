"""Professions and items (seed 001, rules 307 and 307b): on their turn a player picks one
profession (`/profession Cook`), and may change it only a full round after the last pick;
a player of an item's profession crafts it from resources or other items (`/craft Bread`),
and any holder may use it once on any player (`/use Bread alice bob`), but not in the turn
it was made. What each item costs and does is data in the rule's binding:

- `{extra: d3, in: Jungle}`: the target rolls that much more for resources there (Axe...)
- `swap`: two targets swap locations (Bread); `send`: the target goes to a location (Stew)
- `next-turn`: the target's turn comes next, if they have not had it this round (Fish Oil)
- `cleanse`: the target loses every lasting effect (Potion of Cleansing); `none`: no effect
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any, Mapping

from ...frozen import frozen
from ...mechanics.binding import Binding
from ...mechanics.values import Roll, count, is_mapping, roll
from .locations import location_of, named, relocate
from ..trade import Goods
from .goods import hand_over, lacking, shown

EFFECTS = ("swap", "send", "next-turn", "cleanse", "none")


@frozen
class Item:
    """An item the `professions` binding names: who crafts it, from what, and what using it does."""

    by: str  # the profession that crafts it
    cost: Goods
    effect: str  # one of EFFECTS, or "extra"
    extra_in: tuple[str, Roll] | None = None  # the location and the dice it adds there


@frozen
class Professions:
    """The `professions` binding: how often a player may change profession, and the items."""

    change_after: int  # own turns from one pick to the next
    items: Mapping[str, Item]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(item.by for item in self.items.values()))


SHAPE = ("{change_after: 2, items: {Bread: {by: Cook, cost: {wheat: 8, timber: 1}, "
         "effect: swap}}}")


def parse(value: Any) -> Professions:
    if not is_mapping(value) or set(value) != {"change_after", "items"} \
            or not is_mapping(value["items"]) or not value["items"]:
        raise ValueError(SHAPE)
    items = {}
    for name, spec in value["items"].items():
        if not isinstance(name, str) or not is_mapping(spec) or set(spec) != {
                "by", "cost", "effect"} or not isinstance(spec["by"], str) \
                or not is_mapping(spec["cost"]) or not spec["cost"]:
            raise ValueError(f"{SHAPE}; {name!r} is not like that")
        cost = tuple(sorted((str(k), count(v, minimum=1)) for k, v in spec["cost"].items()))
        effect, extra = spec["effect"], None
        if is_mapping(effect) and set(effect) == {"extra", "in"}:
            effect, extra = "extra", (str(effect["in"]), roll(effect["extra"]))
        elif effect not in EFFECTS:
            raise ValueError(f"{name}'s effect must be {{extra: d3, in: LOCATION}} or one of "
                             f"{', '.join(EFFECTS)}")
        items[name] = Item(spec["by"], cost, effect, extra)
    return Professions(count(value["change_after"], maximum=1000), MappingProxyType(items))


BINDINGS = (
    Binding("professions", parse, SHAPE,
            "on their turn a player may pick one of the professions that craft the items "
            "(/profession NAME), again `change_after` of their turns later; they /craft "
            "their profession's items from what the cost names, and anyone holding one may "
            "/use it, not in the turn it was made"),
)


def rule(view) -> Professions:
    return view.config.board["professions"]


def choose(play, login: str, words: list[str]) -> str | None:
    """`/profession NAME` on the player's turn."""
    names, cite = rule(play).names, play.cite("professions")
    wanted = "".join(words).lower()
    name = next((n for n in names if n.lower().replace(" ", "") in (wanted, wanted.rstrip("s"))),
                None)
    if name is None:
        return f"say which: /profession NAME, one of {', '.join(names)} ({cite})"
    settler = play.board.world.settler(login)
    if settler.profession == name:
        return f"{login} is already {_a(name)}"
    if settler.picked is not None and settler.turns - settler.picked < rule(play).change_after:
        return f"{login} picked a profession {settler.turns - settler.picked} turn(s) ago and " \
               f"must wait a full round past their last pick ({cite})"
    play.settle(replace(settler, profession=name, picked=settler.turns), f"a profession ({cite})",
                f"{login} is {_a(name)} ({cite})")
    return None


def _a(name: str) -> str:
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def item_named(view, words: list[str]) -> tuple[str | None, list[str]]:
    """The item the first words name, whatever their case, and the words after it."""
    lowered = [w.lower() for w in words]
    for name in sorted(rule(view).items, key=lambda n: -len(n.split())):
        size = len(name.split())
        if lowered[:size] == name.lower().split():
            return name, words[size:]
    return None, words


def craft(play, login: str, words: list[str]) -> str | None:
    """`/craft ITEM`: a player of its profession pays its cost for one."""
    cite = play.cite("professions")
    name, rest = item_named(play, words)
    if name is None or rest:
        return f"say which item: /craft ITEM, one of {', '.join(rule(play).items)} ({cite})"
    item, settler = rule(play).items[name], play.board.world.settler(login)
    if settler.profession != item.by:
        return f"{_a(name)} is crafted by {_a(item.by)}, and {login} is " \
               f"{_a(settler.profession) if settler.profession else 'of no profession'} " \
               f"({cite})"
    refused = lacking(play, login, item.cost)
    if refused:
        return f"{refused}: {_a(name)} costs {shown(item.cost)} ({cite})"
    for part, n in item.cost:
        hand_over(play, login, part, -n, f"crafting {_a(name)} ({cite})")
    hand_over(play, login, name, 1, f"crafting {_a(name)} ({cite})")
    fresh = dict(play.board.world.settler(login).fresh)
    play.settle(replace(play.board.world.settler(login),
                        fresh=tuple(sorted({**fresh, name: fresh.get(name, 0) + 1}.items()))),
                f"crafting {_a(name)} ({cite})", f"{login} crafts {_a(name)}: it may be used from "
                                               f"the next turn on ({cite})")
    return None


def use(play, login: str, words: list[str]) -> str | None:
    """`/use ITEM [TARGET...]`: the item's effect, and the item is gone."""
    cite = play.cite("professions")
    name, targets = item_named(play, words)
    if name is None:
        return f"say which item: /use ITEM [LOGIN...], one of {', '.join(rule(play).items)}"
    item, settler = rule(play).items[name], play.board.world.settler(login)
    held = play.token(login).item(name)
    if held < 1:
        return f"{login} has no {name}"
    if held - settler.count("fresh", name) < 1:
        return f"{login}'s {name} was made this turn and may be used from the next ({cite})"
    players = {p.login.lower(): p.login for p in play.state.players}
    wanted = {"swap": 2, "send": 2}.get(item.effect, 0 if item.effect == "none" else 1)
    if len(targets) != wanted:
        return {"swap": f"say which two players swap: /use {name} LOGIN LOGIN",
                "send": f"say whom and where: /use {name} LOGIN LOCATION",
                "none": f"/use {name} takes nothing after it"}.get(
            item.effect, f"say whom: /use {name} LOGIN")
    who = [players.get(t.lower()) for t in targets[:1 if item.effect == "send" else 2]]
    if None in who:
        return f"{targets[who.index(None)]} is not a player"
    if item.effect == "swap" and who[0] == who[1]:
        return f"{name}: two different players swap locations"
    place = named(play, targets[1]) if item.effect == "send" else None
    if item.effect == "send" and place is None:
        return f"{targets[1]} is not a location"
    hand_over(play, login, name, -1, f"using {_a(name)} ({cite})")
    why = f"{login}'s {name} ({cite})"
    match item.effect:
        case "extra":
            target = play.board.world.settler(who[0])
            effects = dict(target.effects)
            play.settle(replace(target, effects=tuple(sorted(
                {**effects, name: effects.get(name, 0) + 1}.items()))), why,
                f"{why}: {who[0]} rolls {item.extra_in[1]} more for resources in the "
                f"{item.extra_in[0]}")
        case "swap":
            first, second = (location_of(play, w) for w in who)
            relocate(play, who[0], second, why)
            relocate(play, who[1], first, why)
        case "send":
            relocate(play, who[0], place, why)
        case "cleanse":
            play.settle(replace(play.board.world.settler(who[0]), effects=()), why,
                        f"{why}: every effect is removed from {who[0]}")
        case "next-turn":
            _next_turn(play, who[0], why)
        case _:
            play.say(f"{why}: no effect")
    return None


def _next_turn(play, target: str, why: str) -> None:
    """The target's turn comes after this one, unless they have had it this round (the turn
    order from the top of the players' list); then the effect is void."""
    order = [p.login for p in play.state.players]
    current = play.state.turn
    if current is None or current == target or order.index(target) < order.index(current):
        play.say(f"{why}: {target} has had their turn this round, so the effect is void")
        return
    players = [p for p in play.state.players if p.login != target]
    at = next(i for i, p in enumerate(players) if p.login == current) + 1
    players.insert(at, next(p for p in play.state.players if p.login == target))
    play.state = replace(play.state, players=tuple(players))
    play.effect({"turn_order": target, "to": f"after {current}"},
                f"{why}: {target}'s turn comes after {current}'s")
