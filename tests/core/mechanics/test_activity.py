"""Who is active (seed 001 rule 206): how long a silent player stays an active one."""

from datetime import timedelta

import pytest

from nomic_ci.core.mechanics import activity

PARSE = {binding.key: binding.parse for binding in activity.BINDINGS}


def test_activity_binds_only_the_inactivity_window():
    assert list(PARSE) == ["inactive_after"]


@pytest.mark.parametrize("text, expected", [("36h", timedelta(hours=36)), ("2d", timedelta(2))])
def test_the_inactivity_window_is_a_duration_as_rule_206_writes_it(text, expected):
    assert PARSE["inactive_after"](text) == expected


@pytest.mark.parametrize("bad", ["36", "0h", "36 hours", 36, ["36h"]])
def test_an_inactivity_window_that_is_not_a_positive_duration_is_refused(bad):
    with pytest.raises(ValueError, match="a duration from 1m to 3650d"):
        PARSE["inactive_after"](bad)
