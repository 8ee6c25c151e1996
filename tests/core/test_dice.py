"""Dice: derived from the game's seed and the roll's number, reproducible, uniform."""

import hashlib
from collections import Counter

import pytest

from nomic_ci.core import dice
from nomic_ci.core.dice import (METHOD, SecretDice, SeededDice, commitment_of, derive_roll,
                                derive_secret_roll, roll_inputs)


def rolls(sides, seed="5eed", first=1, count=3000):
    return [derive_roll(sides, roll_inputs(seed, n, n)) for n in range(first, first + count)]


def test_the_same_inputs_always_give_the_same_roll():
    inputs = roll_inputs("5eed", 4, 2)
    assert {derive_roll(6, dict(inputs)) for _ in range(20)} == {derive_roll(6, inputs)}
    assert SeededDice().roll(6, inputs) == derive_roll(6, inputs)


def test_the_first_rolls_of_a_game_stay_what_records_already_hold():
    # records keep results computed by sha256-v1: changing the derivation breaks `verify`
    assert rolls(6, count=10) == [2, 3, 3, 4, 6, 5, 2, 3, 5, 3]
    assert SeededDice.method == METHOD == "sha256-v1"


@pytest.mark.parametrize("sides", [2, 6, 20])
def test_every_face_comes_up_about_equally_often(sides):
    counts = Counter(rolls(sides, count=300 * sides))
    assert sorted(counts) == list(range(1, sides + 1))
    assert all(240 <= n <= 360 for n in counts.values()), counts


@pytest.mark.parametrize("other", [dict(seed="5eee"), dict(first=2)])
def test_another_seed_or_roll_number_gives_another_sequence(other):
    assert rolls(6, count=20) != rolls(6, **{"count": 20, **other})


def test_inputs_are_the_seed_the_rolls_before_and_the_proposal_for_a_turn():
    assert roll_inputs("ab", 3, 7) == {"seed": "ab", "roll": 3, "proposal": 7, "purpose": "turn"}


def test_a_die_never_shows_less_than_one_or_more_than_its_sides():
    inputs = roll_inputs("5eed", 1, 1)
    assert all(1 <= derive_roll(s, inputs) <= s for s in range(1, 50))
    assert derive_roll(1, inputs) == 1


def test_a_value_in_the_uneven_top_range_is_rejected_and_hashed_again():
    top = b"\xff" * 32  # 2**256 - 1: beyond the last whole multiple of 6
    hashed = []

    def digest(data):
        hashed.append(data)
        return top if len(hashed) == 1 else hashlib.sha256(data).digest()

    again = int.from_bytes(hashlib.sha256(top + (1).to_bytes(4, "big")).digest(), "big")
    assert dice._uniform(6, digest, b"inputs") == again % 6 + 1
    assert hashed == [b"inputs", top + (1).to_bytes(4, "big")]
    # a public roll hashes its inputs with its number of sides, in one canonical form
    assert derive_roll(6, {"seed": "x"}) == dice._uniform(
        6, lambda data: hashlib.sha256(data).digest(), b'{"seed":"x","sides":6}')


SECRET = hashlib.sha256(b"the secret").hexdigest()


def test_secret_dice_roll_from_the_secret_and_not_from_the_inputs_alone():
    inputs = roll_inputs("5eed", 1, 1)
    dice = SecretDice(SECRET)
    faces = [dice.roll(6, roll_inputs("5eed", n, n)) for n in range(1, 200)]
    public = [derive_roll(6, roll_inputs("5eed", n, n)) for n in range(1, 200)]
    assert faces != public and set(faces) == set(range(1, 7))
    assert dice.roll(6, inputs) == derive_secret_roll(SECRET, 6, inputs)
    assert [SecretDice(hashlib.sha256(b"another").hexdigest()).roll(6, roll_inputs("5eed", n, n)) for n in range(1, 200)] \
        != faces


def test_a_secret_dice_shows_its_commitment_and_never_its_secret():
    dice = SecretDice(SECRET)
    assert dice.commitment == hashlib.sha256(SECRET.encode()).hexdigest() == commitment_of(SECRET)
    assert SECRET not in repr(dice) and SECRET not in str(dice)
    assert dice.method == "hmac-sha256-v1" and SeededDice.commitment is None


def test_a_short_secret_is_refused():
    with pytest.raises(ValueError, match="at least 32 characters"):
        SecretDice("s3cret")
