"""Which files a forge reads only when asked for: the records behind the indexes, and the
indexes' own files, each by itself."""

import pytest
from hypothesis import example, given, strategies as st

from nomic_ci.core.files.deferral import KEPT, alone, deferred


@pytest.mark.parametrize("path", ["proposals/0000-0099/0007-tea.yaml", "proposals/0007-tea.yaml",
                                  "actions/000000-000099/000012-roll.json",
                                  "actions/000012-roll.json"])
def test_a_decisions_record_and_a_board_actions_record_wait_until_asked_for(path):
    assert deferred(path) and not alone(path)


@pytest.mark.parametrize("path", ["proposals/index/0000.jsonl", "actions/index/0009.jsonl",
                                  "proposals/index/totals.json", "actions/index/totals.json"])
def test_an_index_s_files_wait_until_asked_for_and_are_read_each_by_itself(path):
    """A run reads the last file of an index and its totals: not the ten before them."""
    assert deferred(path) and alone(path)


def test_a_judgment_s_record_waits_until_asked_for_and_is_read_by_itself():
    """A run reads the latest Judgment, or none: not every one the game has had."""
    assert deferred("judgments/0003-who-moves.yaml") and alone("judgments/0003-who-moves.yaml")


@pytest.mark.parametrize("path", ["proposals/README.md", "proposals/adjustments.yaml",
                                  "state/players.yaml", "rules/101-obey.md",
                                  "judgments/README.md"])
def test_what_every_run_reads_is_read_at_once(path):
    assert not deferred(path)


@given(st.sampled_from(sorted(KEPT)), st.lists(st.text(st.characters(blacklist_characters="/"),
                                                       min_size=1, max_size=12),
                                               min_size=1, max_size=3))
@example("proposals/", ["index", "notes.txt"])
def test_every_path_in_a_folder_of_records_but_under_its_kept_names_is_a_record(folder, names):
    """A forge lists such a folder only when a record is asked for: every other path in it
    must be one, or it would go unseen until then."""
    path = folder + "/".join(names)
    if names[0] not in KEPT[folder]:
        assert deferred(path)


def test_the_names_a_folder_of_records_keeps_are_what_a_run_reads():
    kept = {folder + name for folder, names in KEPT.items() for name in names}
    assert kept == {"proposals/README.md", "proposals/adjustments.yaml", "proposals/index",
                    "actions/index"}
    assert not any(deferred(path) for path in kept if not path.endswith("index"))
