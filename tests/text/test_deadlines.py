"""When votes close and turns end, as the pages say it, from the bindings of each ruleset."""

from datetime import timedelta

import pytest

from nomic_ci.text.deadlines import turn_passes, turns_end, vote_closes

from builders import make_game


@pytest.mark.parametrize("ruleset, closes, ends", [
    ("default", "A vote closes 48 hours after the proposal opened or last changed, or as soon "
                "as every eligible voter has voted (rule 103).",
     "A turn ends in these ways: it passes 72 hours after it began if its player has not "
     "proposed (rule 103); a turn's proposal ends it when it is decided."),
    ("suber-initial-set", "A vote closes as soon as every active player has voted: a player "
                          "who has not voted 36 hours after it started becomes inactive "
                          "(rule 206).",
     "A turn ends in these ways: a player who has not proposed 36 hours into their turn "
     "becomes inactive and their turn ends (rule 206); a turn's proposal ends it when it is "
     "decided."),
    ("infinite-nomic-r7-start", "A vote closes 24 hours after the proposal opened or last "
                                "changed (rule 4).",
     "A turn ends in these ways: it passes 24 hours after it began, whatever its player did "
     "(rule 3); it ends 5 minutes after its player moved, unless they /continue (rule 7); its "
     "player may end it with /pass (rule 3)."),
    ("borednomic", "Votes count on the voting days (Fri–Sat); the results come at the start of "
                   "the results day (rule 9).", None),
])
def test_each_ruleset_says_when_votes_close_and_turns_end(ruleset, closes, ends):
    game = make_game("alice,bob,carol", ruleset=ruleset)
    assert vote_closes(game.config) == closes
    assert turns_end(game) == ends


def test_a_guarded_rule_is_named_with_its_terms():
    game = make_game("alice,bob", ruleset="infinite-nomic-r7")
    assert vote_closes(game.config).endswith(
        "A proposal involving rule 000 passes on the terms of rule 0.")


def test_the_turn_in_progress_ends_as_the_rules_say():
    game = make_game("alice,bob,carol")
    assert turn_passes(game) == \
        "; it passes at 2026-05-04 12:00 UTC if alice has not proposed by then (rule 103)"
    suber = make_game("alice,bob,carol", ruleset="suber-initial-set")
    assert turn_passes(suber) == ("; if alice has not proposed by 2026-05-03 00:00 UTC, they "
                                  "become inactive and their turn ends (rule 206)")
    infinite = make_game("alice,bob,carol", ruleset="infinite-nomic-r7")
    started = infinite.state.turn_started
    assert turn_passes(infinite) == \
        f"; it passes at {started + timedelta(hours=24):%Y-%m-%d %H:%M} UTC (rule 3)"
