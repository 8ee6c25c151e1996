"""Shared builders for tests: games from the shipped ruleset and proposals as facts."""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta, timezone
from typing import Iterable

import pytest

from nomic_ci import rulesets
from nomic_ci.game import Game, load_game
from nomic_ci.model import Account, ChangeKind, FileChange, Proposal, Review, ReviewState
from nomic_ci.render import render_all

T0 = datetime(2026, 5, 1, 12, 0, tzinfo=timezone.utc)
HOUR = timedelta(hours=1)
_review_ids = itertools.count(1)


def make_files(players: str = "alice,bob,carol", *, veto: Iterable[str] = (),
               start: datetime = T0, ends: datetime | None = None) -> dict[str, str]:
    seats = [rulesets.Seat.parse(p) for p in players.split(",")]
    seats = [rulesets.Seat(s.login, s.id, s.login in set(veto)) for s in seats]
    files = rulesets.game_files("default", players=seats, start=start, ends=ends,
                                dice_seed="5eed")
    files.update(render_all(load_game(files)))
    return files


def make_game(players: str = "alice,bob,carol", **kwargs) -> Game:
    return load_game(make_files(players, **kwargs))


def review(login: str, state: str = "APPROVED", *, commit: str = "head1", at: datetime = T0,
           user_id: int | None = None, review_id: int | None = None) -> Review:
    return Review(review_id or next(_review_ids), Account(login, user_id),
                  ReviewState.parse(state), commit, at)


def proposal(author: str = "alice", *, key: str = "1", head: str = "head1",
             paths: Iterable[str] = ("rules/101-victory-condition.md",),
             changes: Iterable[FileChange] | None = None, reviews: Iterable[Review] = (),
             opened: datetime = T0,
             texts: Iterable[tuple[str, str]] = (), author_id: int | None = None,
             title: str = "A proposal") -> Proposal:
    changes = tuple(changes) if changes is not None else tuple(
        FileChange(p, ChangeKind.MODIFIED) for p in paths)
    return Proposal(key=key, title=title, author=Account(author, author_id), head=head,
                    opened_at=opened, changes=changes,
                    reviews=tuple(reviews), texts=tuple(texts))


@pytest.fixture
def files() -> dict[str, str]:
    return make_files()
