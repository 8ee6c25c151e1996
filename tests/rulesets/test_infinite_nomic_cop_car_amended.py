"""Infinite Nomic round 7 (seed 004) where a passed proposal changes the Cop Car's rule (rule
11) in the middle of a game: repealed, its start or its health changed, then enacted again.

Rule 11: "Cop Car is a space feature. Initially, space 4 has this feature. The Cop Car has a
health value, that initially starts at 200." What is initially so was so when the game
began: a later change of the start or the health leaves the Cop Car where the game put it,
with the health it has (a proposal that means to move it says so in `state/board.yaml`, rule
4's stated events). A repeal leaves no rule that makes it a feature, so it leaves the board;
a rule that makes it one again puts it where that rule says it initially is. Each game is
played through the players' commands and checked by `nomic-ci verify`, which replays the
board from the Cop Car the game began with; a hand edit of the Cop Car is still caught.
"""

from __future__ import annotations

import re

import pytest

from nomic_ci.core.game import load_game
from nomic_ci.core.verify import verify

from boardgames import board, forge_tables, points, seed_for, where

RULE = "rules/011-features.md"


@pytest.fixture(params=["local", "github"])
def table(request):
    with forge_tables(request.param, "infinite-nomic-r7") as make:
        yield make


def amended(t, edit) -> str:
    """Rule 11 as `edit` leaves its `cop_car` binding: the repeal (None) takes it out."""
    text = t.read(RULE)
    if edit is None:
        changed = re.sub(r"  cop_car:\n(    .*\n)*", "", text)
    else:
        changed = text.replace(*edit)
    assert changed != text
    return changed


def passes(t, text: str, author: str, name: str) -> None:
    """`author`'s proposal making rule 11 `text`, voted for by the other two, passed at its
    window's end (rule 4)."""
    t.later().branch(name, {RULE: text}, author=author)
    number = t.propose(author, name)
    for voter in sorted({"alice", "bob", "carol"} - {author}):
        t.vote(number, voter)
    t.later(24).tick()
    assert next(r for r in load_game(t.files()).records
                if r.number == number).outcome.value == "passed"


def verified(t) -> None:
    assert t.cli("verify") == 0, t.err + t.out


def tampered(t, old: str, new: str) -> list[str]:
    files = t.files()
    assert old in files["state/board.yaml"]
    return verify({**files, "state/board.yaml": files["state/board.yaml"].replace(old, new)})


@pytest.mark.parametrize("first", [4, 2])
def test_a_repeal_of_the_cop_car_takes_it_off_the_board_and_the_game_verifies(
        table, tmp_path, first):
    """alice's first roll brings the Cop Car to her space (a 4: rule 11), or leaves it on 4;
    then bob's proposal taking the Cop Car out of rule 11 passes. No rule makes it a feature
    any more: it leaves the board. Before, it stayed in state/board.yaml, and verify, which
    began the board from the rules in force at its end, said the board was tampered with."""
    t = table(tmp_path, seed_for((6, first)))
    t.later().command("alice", "/roll")
    car = 1 + first if first == 4 else 4
    assert board(t).cop_car.space == car
    t.command("alice", "/pass")
    passes(t, amended(t, None), "bob", "no-cop-car")
    assert "The Cop Car leaves the board: no rule in force makes it a feature now." in t.out
    assert board(t).cop_car is None
    verified(t)
    # the Cop Car put back by hand is no part of the game
    assert tampered(t, "cop_car: null", "cop_car:\n  space: 4\n  health: 200") == [
        "state/board.yaml: cop car is CopCar(space=4, health=200), but the actions give None; "
        "an admin corrects the board with `nomic-ci adjust --board FILE`, which records who "
        "and why"]


@pytest.mark.parametrize("first", [4, 2])
@pytest.mark.parametrize("edit", [("    start: 4\n", "    start: 9\n"),
                                  ("    health: 200\n", "    health: 150\n")],
                         ids=["start", "health"])
def test_a_new_start_or_health_leaves_the_cop_car_as_the_game_left_it(table, tmp_path, first,
                                                                       edit):
    """The Cop Car's start and health are where and how it begins ("Initially"): bob's
    proposal changing either, once the game has begun, leaves it where it is, with the health
    it has. Verify begins the board from the rules in force when the game began, so it
    still passes; a hand edit of the Cop Car's space or health is still caught."""
    t = table(tmp_path, seed_for((6, first)))
    t.later().command("alice", "/roll")
    car = 1 + first if first == 4 else 4
    t.command("alice", "/pass")
    passes(t, amended(t, edit), "bob", "cop-car-rule")
    assert "Cop Car" not in t.out
    assert (board(t).cop_car.space, board(t).cop_car.health) == (car, 200)
    verified(t)
    for old, new, what in [(f"space: {car}\n  health: 200", "space: 9\n  health: 200",
                            f"space=9, health=200), but the actions give CopCar(space={car}"),
                           (f"space: {car}\n  health: 200", f"space: {car}\n  health: 150",
                            f"space={car}, health=150), but the actions give CopCar(space="
                            f"{car}, health=200)")]:
        found = tampered(t, old, new)
        assert len(found) == 1 and what in found[0], found


def test_the_cop_car_enacted_again_starts_afresh_and_plays(table, tmp_path):
    """The Cop Car moves to 5; bob's proposal repeals it (it leaves the board); carol's puts
    rule 11's Cop Car back, starting on 6 with 150 health: it is a feature again, where and as
    the rule says it initially is, and plays on: alice lands on it and bribes the officer
    (5 health more). Verify replays the whole story."""
    t = table(tmp_path, seed_for((6, 4), (6, 1)))  # the game's dice: alice 4, then alice 1
    t.later().command("alice", "/roll")  # 1 + 4 = 5: Fives, 10; the Cop Car comes to 5
    assert board(t).cop_car.space == 5 and points(t)["alice"] == 10
    t.command("alice", "/pass")
    original = t.read(RULE)
    passes(t, amended(t, None), "bob", "no-cop-car")
    assert board(t).cop_car is None
    verified(t)
    back = original.replace("    start: 4\n", "    start: 6\n").replace(
        "    health: 200\n", "    health: 150\n")
    while t.status()["turn"] != "carol":
        t.command(t.status()["turn"], "/pass")
    # a start off the board would put it nowhere, and stop every run after: refused
    t.later().branch("cop-car-off", {RULE: back.replace("    start: 6\n", "    start: 99\n")},
                     author="carol")
    t.propose("carol", "cop-car-off")
    assert "the Cop Car's rule starts it on space 99, but the board has 10 spaces" in t.out, t.out
    passes(t, back, "carol", "cop-car-again")
    assert "The Cop Car is on space 6 with 150 health: rule 11 makes it a feature, " \
        "and says it is there initially." in t.out
    assert (board(t).cop_car.space, board(t).cop_car.health) == (6, 150)
    verified(t)
    while t.status()["turn"] != "alice":
        t.command(t.status()["turn"], "/pass")
    t.command("alice", "/roll")  # 5 + 1 = 6: the Cop Car's space
    assert "Cop Car on space 6 (rule 11): alice must choose" in t.out
    t.command("alice", "/choose b")  # the bribe: 5 points, 5 health
    assert board(t).cop_car.health == 155 and points(t)["alice"] == 5
    verified(t)


def test_a_repeal_an_admin_merged_by_hand_takes_the_cop_car_off_and_the_game_verifies(
        tmp_path):
    """On GitHub an admin may merge a pull request before its vote ends, or a run may stop
    between its merge and its record: the next run finds it merged, its rules already in the
    files it read. The rules it replaced are those of the commit it was merged onto, so the
    Cop Car leaves the board and the record keeps its opening as at the engine's own merge.
    Before, verify said the game was tampered with, and the Cop Car stayed on the board."""
    with forge_tables("github", "infinite-nomic-r7") as make:
        t = make(tmp_path, seed_for((6, 4)))
        t.later().command("alice", "/roll")  # 1 + 4 = 5: the Cop Car comes to 5
        assert board(t).cop_car.space == 5
        t.command("alice", "/pass")
        t.later().branch("no-cop-car", {RULE: amended(t, None)}, author="bob")
        number = t.propose("bob", "no-cop-car")
        t.vote(number, "alice")
        t.later().fake.backend.merge(t.fake.pull(t.prs["no-cop-car"]), None, "merge", None,
                                     None)  # by hand, as GitHub's merge button does
        t.tick()
        assert "merged on the forge by someone other than the engine" in t.out
        assert "The Cop Car leaves the board: no rule in force makes it a feature now." in t.out
        assert board(t).cop_car is None
        verified(t)
        assert tampered(t, "cop_car: null", "cop_car:\n  space: 5\n  health: 200") != []
