"""A pause (seed 003 rule 10): the binding, the Admin's /pause, and who may propose then."""

from dataclasses import replace

import pytest

from nomic_ci.core.mechanics import pausing
from nomic_ci.core.players.comment_commands import handle
from nomic_ci.core.players.proposers import refusal
from nomic_ci.core.transitions import Pause

from builders import HOUR, T0, comment, make_game, proposal

PARSE = {binding.key: binding.parse for binding in pausing.BINDINGS}
MONDAY = T0 + 72 * HOUR  # T0 is a Friday; BoredNomic takes proposals Monday to Wednesday
BORED = make_game(ruleset="borednomic", admin="admin")
RULE = "rules/008-proposals.md"


def test_the_pause_binding_is_the_admins():
    assert PARSE["pause"]("admin") == "admin"
    with pytest.raises(ValueError, match="^'admin'$"):
        PARSE["pause"]("anyone")
    assert BORED.config.pause == "admin" and BORED.config.cite("pause") == "rule 10"


def test_only_the_admin_pauses_and_only_once():
    effect = handle(BORED, comment("admin", "/pause"), T0, {}).effect
    assert isinstance(effect, Pause) and "(rule 10)" in effect.reason
    refused = handle(BORED, comment("alice", "/pause"), T0, {})
    assert refused.effect is None and "only the Admin (admin) may /pause" in refused.answer
    paused = replace(BORED, state=replace(BORED.state, paused_since=T0))
    assert handle(paused, comment("admin", "/pause"), T0, {}).answer == \
        "the game is already paused"


def test_without_the_binding_there_is_no_pause_command():
    game = make_game()
    answer = handle(game, comment("alice", "/pause"), T0, {}).answer
    assert answer == "the rules in force have no /pause command; the commands are /help, /status"


def test_who_may_propose_paused_or_not():
    admins = proposal("admin", paths=[RULE], opened=MONDAY)
    players = proposal("alice", paths=[RULE], opened=MONDAY)
    assert "proposes only during a pause (rule 10)" in refusal(BORED, admins)
    assert refusal(BORED, players) is None
    paused = replace(BORED, state=replace(BORED.state, paused_since=T0))
    assert refusal(paused, admins) is None
    assert "the game is paused (rule 10): players make no proposals" in refusal(paused, players)
