"""The game as a value: loaded from its files, with its voters and its history."""

from dataclasses import FrozenInstanceError, replace

import pytest

from nomic_ci.core.errors import GameError
from nomic_ci.core.files.history import summary_of
from nomic_ci.core.files.records import dump_record
from nomic_ci.core.game import load_game

from builders import HOUR, T0, make_files, make_game, opened, review, step


def with_inactive(game, login):
    player = next(p for p in game.state.players if p.login == login)
    return replace(game, state=game.state.with_player(replace(player, inactive_since=T0)))


@pytest.mark.parametrize("binding, voters", [
    ("active-players", ["alice", "carol"]),
    ("all-players", ["alice", "bob", "carol"]),
    (None, []),
    ("someone-new", []),  # a value the engine does not know gives no one a vote
])
def test_the_eligible_voters_are_who_the_binding_names(binding, voters):
    game = with_inactive(make_game(), "bob")
    game = replace(game, config=replace(game.config, eligible_voters=binding))
    assert [p.login for p in game.eligible_voters] == voters


def test_the_shipped_rulesets_bind_their_voters():
    assert len(make_game().eligible_voters) == 3  # rule 106: all players
    suber = with_inactive(make_game(ruleset="suber-initial-set"), "carol")
    assert [p.login for p in suber.eligible_voters] == ["alice", "bob"]  # rule 205


def test_a_new_game_has_its_rules_config_state_and_no_history():
    game = make_game()
    assert [r.number for r in game.rules] == [101, 102, 103, 104, 105, 106, 107]
    assert game.config.victory_points == 100 and game.state.turn == "alice"
    assert not game.records and game.record_for("1") is None


def test_the_record_for_a_key_is_the_decided_proposal_with_that_forge_key():
    game, p = opened()
    p = replace(p, reviews=(review("bob", at=T0 + HOUR), review("carol", at=T0 + HOUR)))
    _, game, record = step(game, [p], T0 + HOUR)
    files = {**make_files(), record.path: dump_record(record)}
    loaded = load_game(files)
    assert loaded.record_for("1") == summary_of(record) == game.record_for("1")
    assert loaded.full_record(loaded.record_for("1")) == record
    assert loaded.record_for("2") is None


@pytest.mark.parametrize("path, old, new", [
    ("state/game.yaml", "next_proposal: 1", "next_proposal: x"),
    ("rules/102-points.md", "starting_points: 0", "starting_points: lots"),
])
def test_a_problem_in_any_file_is_an_error_naming_it(path, old, new):
    files = make_files()
    files[path] = files[path].replace(old, new, 1)
    with pytest.raises(GameError) as caught:
        load_game(files)
    assert caught.value.path == path


def test_a_game_cannot_be_changed_in_place():
    with pytest.raises(FrozenInstanceError):
        make_game().state = None
