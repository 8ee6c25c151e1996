"""A binding: a key a rule may enact, the parser of its value, and what it expects and does."""

import dataclasses

import pytest

from nomic_ci.core.mechanics.binding import Binding
from nomic_ci.core.mechanics.registry import BINDINGS

KEYS = sorted(BINDINGS)


@pytest.mark.parametrize("key", KEYS)
def test_every_binding_says_what_it_expects_and_what_it_does(key):
    binding = BINDINGS[key]
    assert binding.key == key
    assert binding.expects.strip() and binding.doc.strip()


@pytest.mark.parametrize("bad", [None, object()], ids=["None", "object"])
@pytest.mark.parametrize("key", KEYS)
def test_every_parser_refuses_a_value_of_no_kind_with_a_value_error(key, bad):
    with pytest.raises(ValueError) as refused:
        BINDINGS[key].parse(bad)
    assert str(refused.value).strip()


def test_a_binding_cannot_be_changed_once_made():
    binding = Binding("k", int, "a number", "does nothing")
    with pytest.raises(dataclasses.FrozenInstanceError):
        binding.key = "other"  # type: ignore[misc]
