"""A game's front page, for its players: how to play under the rules it starts with."""

import pytest

from nomic_ci import rulesets
from nomic_ci.text.front_page import front_page

from builders import make_game


def page(name):
    game = make_game(ruleset=name, admin="admin" if name == "borednomic" else None)
    return front_page(game, rulesets.describe(name)["title"], rulesets.about(name))


@pytest.mark.parametrize("name", rulesets.names())
def test_the_front_page_links_the_game_and_carries_the_rulesets_notes(name):
    text = page(name)
    assert text.startswith(f"# {rulesets.describe(name)['title']}\n")
    for link in ("](rules/README.md)", "](state/README.md)", "](proposals/README.md)"):
        assert link in text
    assert "## How to play" in text and "## About this ruleset" in text
    assert "\n### What the engine enforces" in text  # the ruleset's headings, one level down
    assert "\n# " not in text.split("\n", 1)[1]  # one title


def test_the_front_page_says_how_to_play_under_the_rules_it_starts_with():
    default, infinite, bored = page("default"), page("infinite-nomic-r7"), page("borednomic")
    assert "when it is your turn" in default and "48 hours" in default and "👍" not in default
    assert "**Commands.**" not in default
    assert "👍 (yes)" in infinite and "withdraws it" in infinite and "`/pass`" in infinite
    assert "whenever you have no other proposal in its vote" in infinite
    assert "voting days" in bored


@pytest.mark.parametrize("name", rulesets.names())
def test_every_ruleset_says_how_a_newcomer_joins_and_where_the_engine_is(name):
    text = page(name)
    join = text.split("**To join**, ", 1)[1].split("\n", 1)[0]
    assert "state/players.yaml" in join and "numeric GitHub id" in join
    if name == "suber-initial-set":  # rule 214: the newcomer's own request to join
        assert join.startswith("open a pull request that only adds you") and "rule 214" in join
    else:  # a player's proposal that adds them
        assert join.startswith("ask a player to propose adding you")
    assert "## The engine" in text and "](nomic_ci/docs/setup.md)" in text


@pytest.mark.parametrize("name", rulesets.names())
def test_the_front_page_says_how_a_rule_file_begins_where_a_player_proposes(name):
    propose = page(name).split("1. **Propose** ", 1)[1].split("\n", 1)[0]
    assert "`number`, `title` and `mutable` between two `---` lines" in propose
    assert "](rules/README.md#writing-a-rule)" in propose and "stays open" in propose
