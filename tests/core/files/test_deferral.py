"""Which files a forge reads only when asked for: the records behind the indexes."""

import pytest

from nomic_ci.core.files.deferral import deferred


@pytest.mark.parametrize("path", ["proposals/0007-tea.yaml", "actions/000012-roll.yaml"])
def test_a_decisions_record_and_a_board_actions_record_wait_until_asked_for(path):
    assert deferred(path)


@pytest.mark.parametrize("path", [
    "proposals/index/0000.jsonl", "actions/index/0000.jsonl", "proposals/README.md",
    "proposals/adjustments.yaml", "state/players.yaml", "rules/101-obey.md"])
def test_what_every_run_reads_is_read_at_once(path):
    assert not deferred(path)
