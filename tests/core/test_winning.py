"""What wins, read from the bindings of the rules in force in each shipped ruleset, and what
changes when a proposal amends or repeals them: never from the ruleset's name."""

from __future__ import annotations

import pytest

from nomic_ci.core.game import load_game
from nomic_ci.core.winning import Quantity, charted, counted, goals, limits

from builders import make_files, with_rule

BORED = dict(ruleset="borednomic", admin="the-admin")


def game_of(ruleset: str, **edits):
    """A new game of `ruleset`, each rule file named in `edits` passed through its edit
    (None: repealed)."""
    files = make_files("alice,bob", ruleset=ruleset,
                       admin="the-admin" if ruleset == "borednomic" else None)
    for path, edit in edits.items():
        path = f"rules/{path}.md"
        files = {k: v for k, v in files.items() if k != path} if edit is None \
            else with_rule(files, path, edit)
    return load_game(files)


@pytest.mark.parametrize("ruleset, says, shown, chart", [
    ("default", ["the first to 100 points wins (rule 101)",
                 "the game ends on 2026-07-30 00:00 UTC and the most points win (rule 107)"],
     ["points"], "points"),
    ("suber-initial-set", ["only points can win (rule 212), and no rule in force says how "
                           "many yet"], ["points"], "points"),
    ("infinite-nomic-r7", ["the first to 100 VP wins (rule 0)"], ["VP", "points"], "vp"),
    ("infinite-nomic-r7-start", [], ["points"], "points"),
    ("borednomic", ["a player with at least $1,000,000 wins (rule 19)",
                    "when only one player has at least $1 (the others bankrupt, rule 4), that "
                    "player wins (rule 11)"], ["money", "level", "experience", "hit points"],
     "money"),
])
def test_each_ruleset_s_ways_to_win_and_scoreboard_come_from_its_bindings(ruleset, says, shown,
                                                                          chart):
    game = game_of(ruleset)
    assert [g.says for g in goals(game)] == says
    assert [q.label for q in counted(game)] == shown
    assert charted(game).name == chart


def test_the_suber_set_says_how_many_may_win():
    assert limits(game_of("suber-initial-set").config) == [
        "no more than 3 players win (rule 301)"]
    assert limits(game_of("default").config) == []


def test_amending_the_winning_rule_changes_what_wins_and_what_is_charted():
    # round 7's rule 0 amended to count points: VP are gone from the scoreboard
    game = game_of("infinite-nomic-r7",
                   **{"000-winning": lambda t: t.replace("  victory_quantity: vp\n", "")
                      .replace("victory_points: 100", "victory_points: 50")})
    assert [g.says for g in goals(game)] == ["the first to 50 points wins (rule 0)"]
    assert [q.name for q in counted(game)] == ["points"] and charted(game).name == "points"


def test_repealing_borednomic_s_winning_rule_leaves_the_last_solvent_player():
    game = game_of("borednomic", **{"019-winning-the-game": None})
    assert [(g.quantity, g.target) for g in goals(game)] == [(Quantity("money", True), None)]
    game = game_of("borednomic", **{"019-winning-the-game": None,
                                    "011-ending-the-game": None})
    assert goals(game) == () and charted(game) is None  # no points either: nothing to chart


def test_a_counter_a_decision_changes_is_not_charted():
    # a rule making level what wins: decisions' experience raises levels (seed 003 rule
    # 12.5), which no step of the chart records, so the chart would be wrong
    game = game_of("borednomic", **{"019-winning-the-game": lambda t: t.replace(
        "  money_wins: 1000000", "  victory_points: 5\n  victory_quantity: level")})
    assert goals(game)[0].says == "the first to 5 level wins (rule 19)"
    assert charted(game) is None


def test_money_is_shown_in_dollars_and_other_quantities_as_numbers():
    assert Quantity("money", dollars=True).shown(-1500) == "-$1,500"
    assert Quantity("money", dollars=True).amount(1_000_000) == "$1,000,000"
    assert Quantity("points").amount(1) == "1 point" and Quantity("vp").amount(3) == "3 VP"
    assert Quantity("hit_points").label == "hit points"
