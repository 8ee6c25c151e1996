"""Typed fields: each value read with its bounds, errors naming file, field and line."""

import pytest

from nomic_ci.core.errors import GameError
from nomic_ci.core.files import fields as typed, yamlio


def field(text, key, parse, optional=False):
    return typed.Fields(yamlio.load(text, "state/x.yaml"), "state/x.yaml", "player 2: ").get(
        key, parse, "what it should be", optional=optional)


@pytest.mark.parametrize("parse, good, bad", [
    (typed.whole, "7", ["true", "1.5", "'7'", "1000000000000000"]),
    (typed.natural, "0", ["-1", "true"]),
    (typed.flag, "false", ["0", "'no'"]),
    (typed.login, "bob-2", ["-bob", "bob smith", "7"]),
    (typed.wholes, "[1, 2]", ["[1, x]", "3"]),
])
def test_a_value_out_of_its_kind_or_bounds_names_file_field_and_line(parse, good, bad):
    assert field(f"name: x\nn: {good}\n", "n", parse) is not None
    for value in bad:
        with pytest.raises(GameError) as error:
            field(f"name: x\nn: {value}\n", "n", parse)
        assert (error.value.path, error.value.line) == ("state/x.yaml", 2)
        assert error.value.message == f"player 2: field 'n' must be what it should be, not " \
                                      f"{error.value.message.rsplit('not ', 1)[1]}"


def test_a_missing_field_says_what_to_add_and_an_optional_one_is_none():
    with pytest.raises(GameError) as error:
        field("name: x\n", "points", typed.whole)
    assert "missing field 'points'" in error.value.message
    assert "add 'points:'" in error.value.hint
    assert field("name: x\n", "points", typed.whole, optional=True) is None


def test_a_file_that_is_no_mapping_is_an_error():
    with pytest.raises(GameError, match="must be a mapping of fields"):
        typed.Fields(["a"], "state/x.yaml")
