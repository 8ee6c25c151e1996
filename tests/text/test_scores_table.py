"""The scores as the game issue shows them: a row a player, quantities named in words."""

from dataclasses import replace

from nomic_ci.text.scores_table import scores_table, stat_words, victory

from builders import make_game


def test_each_quantity_is_named_in_words_and_the_turn_marked():
    game = make_game("alice,bob", ruleset="borednomic", admin="boss:9")
    rows = scores_table(game)
    assert rows[0] == "| player | points | money | level | experience | hit points |"
    assert rows[2].startswith("| alice | 0 | 10,000 |")
    assert "_" not in "\n".join(rows)  # no field name of the state's YAML
    assert stat_words("propositions_in_reserve") == "proposals in reserve"


def test_the_winner_is_marked_and_what_wins_said():
    game = make_game("alice,bob")
    over = replace(game, state=replace(game.state, winners=("bob",)))
    assert "| bob 🏆 | 0 |" in scores_table(over)
    assert victory(game).startswith("The first to 100 points wins")
