"""BoredNomic's update on the game issue: a table, no field name of the state's YAML."""

from dataclasses import replace
from datetime import datetime, timezone

from nomic_ci.core.board.actionlog import ActionRecord
from nomic_ci.core.files.records import DieRoll
from nomic_ci.text.update_table import update_message

from builders import make_game

AT = datetime(2026, 5, 3, tzinfo=timezone.utc)


def test_an_update_is_a_table_of_turns_in_the_order_drawn():
    game = make_game("alice,bob", ruleset="borednomic", admin="boss:9")
    players = tuple(p.with_stats(propositions_in_reserve=1) if p.login == "bob" else p
                    for p in game.state.players)
    after = replace(game.state, players=players)
    dice = (DieRoll("bob's movement (rule 7)", 6, 2, {}, "m"),
            DieRoll("bob's movement (rule 7)", 6, 3, {}, "m"),
            DieRoll("alice's movement (rule 7)", 6, 6, {}, "m"))
    record = ActionRecord(1, AT, "boss", "update", None,
                          "bob rolls 5. square 6 is unowned: bob may /buy square NAME for "
                          "$150 (rule 16). alice rolls 6.", dice,
                          ({"move": "bob", "from": 1, "to": 6}, {"move": "alice"}))
    text = update_message(game, after, record, "rule 7")
    table = [line for line in text.splitlines() if line.startswith("|")]
    assert table[0] == "| turn | player | rolled | square | proposals in reserve |"
    assert table[2:] == ["| 1 | bob | 5 | 1 | 0 → 1 |", "| 2 | alice | 6 | 1 | 0 |"]
    assert "propositions_in_reserve" not in text
    assert "- square 6 is unowned: bob may /buy square NAME for $150 \\(rule 16\\)" in text
    record = "actions/000000-000099/000001-boss-update.json"
    assert f"[{record}](../blob/HEAD/{record})" in text
