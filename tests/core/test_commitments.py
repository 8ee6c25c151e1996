"""Commit, then reveal: the engine commits to its dice secret before the first roll under it,
reveals it when the game ends or when it is replaced, and refuses to roll with any other."""

from dataclasses import replace
from hashlib import sha256

import pytest

from nomic_ci.core.commitments import commit, reveal, reveal_at_end, settle_dice
from nomic_ci.core.dice import SecretDice, SeededDice, commitment_of
from nomic_ci.core.errors import GameError

from builders import T0, make_game

OLD, NEW = sha256(b"old").hexdigest(), sha256(b"new").hexdigest()
STATE = make_game().state


def committed(secret=OLD, from_roll=1, state=STATE):
    return commit(state, commitment_of(secret), from_roll)


def test_the_first_secret_is_committed_to_from_the_next_roll():
    state, said = settle_dice(STATE, SecretDice(OLD), next_roll=lambda: 4)
    assert [(s.commitment, s.from_roll, s.revealed) for s in state.dice_secrets] == [
        (commitment_of(OLD), 4, None)]
    assert state.dice_secret == state.dice_secrets[0]
    assert "from roll 4 on" in said and OLD not in said


@pytest.mark.parametrize("state, dice", [(STATE, SeededDice()), (committed(), SecretDice(OLD))])
def test_dice_that_are_the_games_already_change_nothing(state, dice):
    assert settle_dice(state, dice, lambda: 1) == (state, "")


def test_a_committed_game_given_no_secret_stops_before_any_roll():
    with pytest.raises(GameError, match="committed to a secret .* but the engine was given "
                                        "none") as caught:
        settle_dice(committed(), SeededDice(), lambda: 3)
    assert "NOMIC_DICE_SECRET" in caught.value.hint


def test_another_secret_is_refused_unless_the_old_one_comes_with_it():
    with pytest.raises(GameError, match="not the one this game is committed to"):
        settle_dice(committed(), SecretDice(NEW), lambda: 3)
    with pytest.raises(GameError):
        settle_dice(committed(), SecretDice(NEW, previous=sha256(b"other").hexdigest()),
                    lambda: 3)


def test_replacing_the_secret_reveals_the_old_one_and_commits_to_the_new():
    state, said = settle_dice(committed(), SecretDice(NEW, previous=OLD), next_roll=lambda: 3)
    assert [(s.from_roll, s.revealed) for s in state.dice_secrets] == [(1, OLD), (3, None)]
    assert state.dice_secret.commitment == commitment_of(NEW)
    assert "replaced" in said and NEW not in said


def test_a_revealed_secret_is_never_rolled_from_again():
    revealed = reveal(committed(), OLD)
    assert revealed.dice_secret is None
    with pytest.raises(GameError, match="has been revealed"):
        settle_dice(revealed, SecretDice(OLD), lambda: 3)
    over = replace(revealed, ended_at=T0)
    assert settle_dice(over, SecretDice(OLD), lambda: 3) == (over, "")


def test_only_the_committed_secret_can_be_revealed():
    with pytest.raises(GameError, match="not the one"):
        reveal(committed(), NEW)


def test_the_secret_is_revealed_once_the_game_is_over_and_not_before():
    state = committed()
    assert reveal_at_end(state, SecretDice(OLD)) == (state, "")
    over, said = reveal_at_end(replace(state, ended_at=T0), SecretDice(OLD))
    assert over.dice_secrets[0].revealed == OLD and "revealed" in said
    assert reveal_at_end(over, SecretDice(OLD)) == (over, "")  # once
