"""The shipped rules' own texts say how the engine plays them: every board command a rule's
bindings give is named in that rule's text ("How this game plays it"), so a player reading
the rule learns the command, and a text left behind by the engine (rule 8's Frontier once
said it was explored at the roll itself) shows here."""

from __future__ import annotations

import pytest

from nomic_ci import rulesets
from nomic_ci.core.board import rooms
from nomic_ci.core.game import load_game

from builders import make_files


@pytest.mark.parametrize("name", rulesets.names())
def test_each_rule_names_the_commands_its_bindings_give(name):
    game = load_game(make_files(ruleset=name, admin="the-admin" if name == "borednomic"
                                else None))
    commands = rooms.commands(game) if game.state.board is not None else {}
    unnamed = [(rule.number, f"/{command}") for rule in game.rules
               for command, given in commands.items()
               if set(rule.bindings) & set(given.needs) and f"/{command}" not in rule.text]
    assert unnamed == []


def test_rule_8_says_the_frontier_waits_for_explore():
    game = load_game(make_files(ruleset="infinite-nomic-r7"))
    text = next(r.text for r in game.rules if r.number == 8)
    played = text.split("*How this game plays it:*", 1)[1]
    assert "waits for `/explore`" in played and "at the roll itself" not in played
