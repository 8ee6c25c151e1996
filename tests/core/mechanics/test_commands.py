"""Which comment commands the rules allow (`/pass`, `/active`, `/inactive`, `/veto`)."""

import pytest

from nomic_ci.core.mechanics import commands
from nomic_ci.core.mechanics.commands import parse_commands


def test_commands_bind_one_key_parsed_by_parse_commands():
    assert [(b.key, b.parse) for b in commands.BINDINGS] == [("commands", parse_commands)]


@pytest.mark.parametrize("form", [list, tuple], ids=["plain", "frozen"])
@pytest.mark.parametrize("value", [["pass"], ["active", "inactive"], ["veto"],
                                   ["pass", "active", "inactive", "veto"]])
def test_a_list_of_known_commands_is_kept_in_order_as_a_tuple(value, form):
    assert parse_commands(form(value)) == tuple(value)


@pytest.mark.parametrize("bad", ["pass", ["pass", "fly"], ["Pass"], ["/pass"], [None],
                                 {"pass": True}, 1])
def test_a_command_the_engine_does_not_know_or_a_non_list_is_refused(bad):
    with pytest.raises(ValueError, match="^a list of commands from pass, active, inactive, veto$"):
        parse_commands(bad)
