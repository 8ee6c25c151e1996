"""Infinite Nomic round 7 as it began (seed 000), played by its players' commands on both
forges (`nomic-ci command` locally, comments on the fake GitHub): rule 5's 10 spaces, rule
7's 1d6, rule 8's Fives and rule 9's Unlucky Space. Each expected position and score is
worked out from the seed's text."""

from __future__ import annotations

from nomic_ci.core.verify import verify
import pytest

from tables import GitHubTable, LocalTable

from boardgames import board, points, seed_for, where

MINUTE = 1 / 60


@pytest.fixture(params=["local", "github"])
def table(request):
    """A factory of seed 000's games on one forge: (tmp_path, dice seed)."""
    made = []

    def make(tmp_path, seed: str):
        kind = LocalTable if request.param == "local" else GitHubTable
        made.append(kind(tmp_path / "g", players="alice,bob,carol",
                         ruleset="infinite-nomic-r7-start", dice_seed=seed))
        return made[-1]
    yield make
    for t in made:
        if isinstance(t, GitHubTable):
            t.close()


def test_the_unlucky_space_and_the_rolled_4_each_offer_a_choice(table, tmp_path):
    # the game's dice, in order: alice rolls 3; bob 4; carol 4; alice 6
    t = table(tmp_path, seed_for((6, 3), (6, 4), (6, 4), (6, 6)))
    t.later().command("alice", "/roll")  # 1 + 3 = 4: tile 4 is the Unlucky Space (rule 9)
    assert where(t, "alice") == 4 and board(t).turn.choice == "unlucky-space"
    t.command("alice", "/choose c")
    assert "choose a or b" in t.out
    t.command("alice", "/choose b")  # b: lose 5 points, stay on tile 4
    assert where(t, "alice") == 4 and points(t)["alice"] == -5
    t.command("alice", "/pass")
    t.command("bob", "/roll")  # a 4 counts as landing on an Unlucky Space, wherever bob is
    assert where(t, "bob") == 1 and board(t).turn.choice == "unlucky-roll"
    t.command("bob", "/choose b")
    # b after a rolled 4: lose 5 and move to p + 4 = 5 "with no further effects": no Fives
    assert where(t, "bob") == 5 and points(t)["bob"] == -5
    t.command("bob", "/pass")
    t.command("carol", "/roll")
    t.command("carol", "/choose a")  # a: back to tile 1, a regression (no loop)
    assert where(t, "carol") == 1 and points(t)["carol"] == 0
    t.command("carol", "/pass")
    t.command("alice", "/roll")  # 4 + 6 = 10: divisible by 5, +10 (rule 8)
    assert where(t, "alice") == 10 and points(t)["alice"] == 5
    assert verify(t.files()) == [] and t.cli("render", "--check") == 0


def test_a_choice_not_made_before_the_turn_ends_is_option_a(table, tmp_path):
    t = table(tmp_path, seed_for((6, 3)))
    t.later().command("alice", "/roll")  # onto tile 4
    t.later(6 * MINUTE).tick()  # rule 7: the turn ends five minutes after moving
    assert t.status()["turn"] == "bob"
    assert where(t, "alice") == 1 and points(t)["alice"] == 0
    assert verify(t.files()) == []


def test_no_rule_of_seed_000_says_how_to_win(table, tmp_path):
    t = table(tmp_path, "any")
    readme = t.read("state/README.md")
    assert "Victory: no rule in force says how the game is won." in readme
    assert "\n| # | player | points |\n" in readme and "VP" not in readme
    assert '<g data-space="4" data-features="Unlucky Space">' in t.read("state/board.svg")
