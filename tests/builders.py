"""Shared builders for tests: games from the shipped rulesets, proposals and votes as facts,
and stepping the pure core. Test modules import what they need from here."""

from __future__ import annotations

import itertools
import re
from datetime import datetime, timedelta, timezone
from typing import Iterable

from nomic_ci import rulesets
from nomic_ci.core.apply import apply
from nomic_ci.core.dice import SeededDice, derive_roll, roll_inputs
from nomic_ci.core.due import next_transition
from nomic_ci.core.facts import (Account, ChangeKind, Comment, FileChange, Proposal, Reaction,
                                 Review, ReviewState)
from nomic_ci.core.game import Game, load_game
from nomic_ci.core.transitions import Open, Update
from nomic_ci.text.readmes import render_all

T0 = datetime(2026, 5, 1, 12, 0, tzinfo=timezone.utc)
HOUR = timedelta(hours=1)
SEED = "5eed"
DICE = SeededDice()
_ids = itertools.count(1)


def make_files(players: str = "alice,bob,carol", *, veto: Iterable[str] = (),
               start: datetime = T0, ends: datetime | None = None,
               ruleset: str = "default", admin: str | None = None) -> dict[str, str]:
    """A new game's files, rendered, as `nomic-ci init` makes them."""
    seats = [rulesets.Seat.parse(p) for p in players.split(",")]
    seats = [rulesets.Seat(s.login, s.id, s.login in set(veto)) for s in seats]
    files = rulesets.game_files(ruleset, players=seats, start=start, ends=ends,
                                dice_seed=SEED, admin=admin)
    files.update(render_all(load_game(files)))
    return files


def make_game(players: str = "alice,bob,carol", **kwargs) -> Game:
    return load_game(make_files(players, **kwargs))


def with_rule(files: dict[str, str], path: str, edit) -> dict[str, str]:
    """The files with one rule file's text passed through `edit` (a function of the text)."""
    return {**files, path: edit(files[path])}


def review(login: str, state: str = "APPROVED", *, commit: str = "head1", at: datetime = T0,
           user_id: int | None = None, review_id: int | None = None) -> Review:
    return Review(review_id or next(_ids), Account(login, user_id), ReviewState.parse(state),
                  commit, at)


def reaction(login: str, content: str = "+1", *, at: datetime = T0,
             user_id: int | None = None) -> Reaction:
    return Reaction(next(_ids), Account(login, user_id), content, at)


def comment(login: str, body: str, *, at: datetime = T0, edited: bool = False,
            on: str | None = None) -> Comment:
    return Comment(next(_ids), Account(login), body, at, edited=edited, on=on)


def proposal(author: str = "alice", *, key: str = "1", head: str = "head1",
             paths: Iterable[str] = ("rules/101-victory-condition.md",),
             changes: Iterable[FileChange] | None = None, reviews: Iterable[Review] = (),
             reactions: Iterable[Reaction] = (), opened: datetime = T0,
             texts: Iterable[tuple[str, str]] = (), author_id: int | None = None,
             title: str = "A proposal") -> Proposal:
    changes = tuple(changes) if changes is not None else tuple(
        FileChange(p, ChangeKind.MODIFIED) for p in paths)
    return Proposal(key=key, title=title, author=Account(author, author_id), head=head,
                    opened_at=opened, changes=changes, reviews=tuple(reviews),
                    reactions=tuple(reactions), texts=tuple(texts))


def by_name(path: str) -> str:
    """A record's path without its folder of a hundred (`proposals/0001-x.yaml`), to find
    a record by the name it has wherever it is kept."""
    return re.sub(r"^(proposals|actions)/[0-9]+-[0-9]+/", r"\1/", path)


def new_rule(number: int, text: str = "A rule.") -> dict[str, str]:
    """A rule file that adds rule `number`, as a proposal's branch would hold it."""
    return {f"rules/{number:03d}-rule-{number}.md":
            f"---\nnumber: {number}\ntitle: Rule {number}\nmutable: true\n---\n{text}\n"}


def roll(number: int) -> int:
    """The die of the game's `number`-th roll (one per decided proposal, in order)."""
    return derive_roll(6, roll_inputs(SEED, number, number))


class ScriptedDice:
    """Dice that give the results a test names, in order."""

    method = "scripted"
    commitment = None

    def __init__(self, *results: int) -> None:
        self.results = list(results)

    def roll(self, sides, inputs) -> int:
        return self.results.pop(0)


def step(game: Game, proposals, now: datetime, dice=DICE, comments=()):
    """Apply the next transition; returns (transition, game after, record)."""
    transition = next_transition(game, proposals, now, comments)
    assert transition is not None
    state, record = apply(game, transition, dice)
    return transition, game.after(state, record), record


def opened(game: Game | None = None, dice=DICE, **kwargs) -> tuple[Game, Proposal]:
    """A game with one proposal (built from `kwargs`) opened for its vote (and its turn's
    die rolled, where the rules roll)."""
    game = game or make_game()
    p = proposal(**kwargs)
    t, game, _ = step(game, [p], p.opened_at, dice)
    while isinstance(t, Update):  # BoredNomic's turns due before it (seed 003 rule 9.1)
        t, game, _ = step(game, [p], p.opened_at, dice)
    assert isinstance(t, Open), t
    return game, p
