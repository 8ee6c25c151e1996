"""Counters besides points, and experience and levels (seed 003 rules 4.2 and 12)."""

from types import MappingProxyType

import pytest

from nomic_ci.core.files.yamlio import read_only
from nomic_ci.core.mechanics import progress
from nomic_ci.core.mechanics.progress import level_up

PARSE = {binding.key: binding.parse for binding in progress.BINDINGS}
STATS = {"money": 10000, "level": 1, "experience": 0, "hit_points": 100}  # borednomic rule 4


@pytest.mark.parametrize("form", [dict, read_only], ids=["plain", "read-only"])
def test_starting_stats_and_experience_parse_as_borednomic_writes_them(form):
    stats = PARSE["starting_stats"](form(STATS))
    assert dict(stats) == STATS and isinstance(stats, MappingProxyType)
    assert dict(PARSE["experience"](form({"proposer": 10, "yes_voter": 1}))) == {
        "proposer": 10, "yes_voter": 1}


@pytest.mark.parametrize("bad, message", [
    ({}, "a mapping such as"), ([("money", 1)], "a mapping such as"), (10000, "a mapping such as"),
    ({"money": -1}, "a whole number from 0 to"), ({"money": "lots"}, "a whole number"),
])
def test_starting_stats_must_be_a_mapping_of_whole_numbers(bad, message):
    with pytest.raises(ValueError, match=message):
        PARSE["starting_stats"](bad)


@pytest.mark.parametrize("bad, message", [
    ({"proposer": 10}, "^{proposer: N, yes_voter: N}$"),
    ({"proposer": 10, "yes_voter": 1, "no_voter": 1}, "^{proposer: N, yes_voter: N}$"),
    ((10, 1), "^{proposer: N, yes_voter: N}$"),
    ({"proposer": 10, "yes_voter": -1}, "a whole number from 0 to"),
])
def test_experience_names_exactly_the_proposer_and_the_yes_voter(bad, message):
    with pytest.raises(ValueError, match=message):
        PARSE["experience"](bad)


@pytest.mark.parametrize("level, experience, after", [
    (4, 47, (5, 7)),  # rule 12.3's own example
    (1, 9, (1, 9)), (1, 10, (2, 0)), (2, 19, (2, 19)), (2, 20, (3, 0)),
    (1, 35, (3, 5)), (1, 60, (4, 0)), (3, -5, (3, -5)),
])
def test_experience_of_at_least_ten_times_the_level_buys_a_level_repeatedly(level, experience,
                                                                            after):
    assert level_up(level, experience) == after
