"""A player the Admin removes by hand (seed 003 rule 1.3: "Repeated violations of this rule
will result in the offending player being removed from the game"; in any game, an admin's
commit to `state/players.yaml`) leaves their token on the board, with what it holds: a
Golden Gladius, a House, a trade they offered. The seeds are silent on what becomes of a
removed player's belongings; the engine reads them as out of the game: they earn and pay
nothing, and an offer they made is no longer open to accept. Before, the first command that
reached one (a fight, a landing on the House, the offer accepted) stopped every run after,
as the engine looked the removed login up among the players. Each case plays on the fake
GitHub through the engine's command line, as the workflow runs it."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timezone

from nomic_ci.core.board.boardfile import House, dump_board, read_board
from nomic_ci.core.game import load_game

from boardgames import forge_tables, seed_for
from builders import new_rule
from tables import engine_comments, settle

PLAYERS, BOARD = "state/players.yaml", "state/board.yaml"
ADMIN = "the-admin"
MONDAY = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)  # Sunday's update was at 00:00 May 3


def without(roster: str, login: str) -> str:
    return re.sub(rf"  - login: {login}\n(    .*\n)*", "", roster)


def removed_by_hand(t, login: str, board, admin: str = ADMIN) -> None:
    """The admin's one commit: `login` off the players' list, and the board as given."""
    t.fake.commit("main", {PLAYERS: without(t.read(PLAYERS), login),
                           BOARD: dump_board(board, ("alice", "bob", "carol"))},
                  author=admin, message=f"{login} is removed from the game")


def thread(t) -> int:
    t.later().branch("notes", new_rule(399), author="mallory")
    return t.fake.open_pr("mallory", "notes", "Notes", created_at=t.now)


def said(t, pr: int, login: str, text: str) -> str:
    """`login`'s command on `pr`, the run that sees it, and the engine's answer."""
    t.clock.set(t.now)
    comment = t.fake.add_comment(pr, login, text, created_at=t.now)
    assert t.reconcile() == 0, t.out + t.err
    return next(b for b in engine_comments(t, pr) if f"reply-{comment}" in b)


def player(t, login: str):
    return next(p for p in load_game(t.files()).state.players if p.login == login)


def money(t, login: str) -> int:
    return player(t, login).stat("money", load_game(t.files()).config.starting_stats)


def test_a_fight_in_the_arena_pays_a_removed_gladius_holder_nothing(tmp_path):
    """17.7: the Golden Gladius's owner "will earn $50 whenever a combat takes place in the
    arena"; carol, who holds it, is removed from the game, so no one earns it."""
    with forge_tables("github", "borednomic", admin=ADMIN) as make:
        t = make(tmp_path, "arena")
        pr = thread(t)
        start = read_board(t.read(BOARD))
        removed_by_hand(t, "carol", start.with_token(
            replace(start.token("carol"), items=(("Golden Gladius", 1),))))
        said(t.later(), pr, "bob", "/buy ticket")  # 5.3: at the next turn, the Arena
        t.now = MONDAY  # Sunday's update: bob's Ticket jumps him to square 21 (17.1)
        answer = said(t, pr, "bob", "/fight alice")
        assert "bob fights alice" in answer and "carol" not in answer
        assert money(t, "bob") == 10000 - 100
        assert settle(t)[-1] == 0


def test_landing_on_a_removed_players_house_costs_nothing(tmp_path):
    """Rule 11: "a player landing on a House pays its owner"; bob, its owner, is removed
    from the game, so alice pays no one."""
    with forge_tables("github", "infinite-nomic-r7") as make:
        t = make(tmp_path, seed_for((6, 2)))  # alice's roll: 2, onto space 3
        pr = thread(t)
        start = read_board(t.read(BOARD))
        t.fake.commit("main", {PLAYERS: t.read(PLAYERS).replace("points: 0", "points: 5", 1)},
                      author="alice", message="alice's points as kept before")
        removed_by_hand(t, "bob", replace(start, houses=(House(3, "bob"),)), admin="alice")
        answer = said(t.later(), pr, "alice", "/roll")
        assert "alice moves 1 → 2 → 3" in answer, answer
        assert player(t, "alice").points == 5
        assert settle(t)[-1] == 0


def test_an_offer_its_removed_offerer_made_is_no_longer_open(tmp_path):
    """Rule 16: "The exchange ... takes place immediately after both players consent"; bob,
    who offered, is removed from the game before alice accepts: there is no player to
    consent with, and the offer is refused, naming why."""
    with forge_tables("github", "infinite-nomic-r7") as make:
        t = make(tmp_path, "any")
        pr = thread(t)
        t.fake.commit("main", {PLAYERS: re.sub(
            r"(login: bob\n(?:    .*\n)*?    points: )0", r"\g<1>3", t.read(PLAYERS))},
                      author="alice", message="bob's points as kept before")
        offered = said(t.later(), pr, "bob", "/trade alice 1 point for nothing")
        assert "may /accept" in offered, offered
        number = offered.split("may /accept ", 1)[1].split()[0]
        removed_by_hand(t, "bob", read_board(t.read(BOARD)), admin="alice")
        answer = said(t.later(), pr, "alice", f"/accept {number}")
        assert "bob is no longer a player" in answer, answer
        assert player(t, "alice").points == 0
        assert settle(t)[-1] == 0
