"""Re-adding BoredNomic's counters for `verify` (seed 003): from the start, through the
decisions' experience, the actions' changes and the Admin's recorded corrections."""

import subprocess
from datetime import datetime, timezone

from nomic_ci.core.verify import verify

from tables import LocalTable

MONDAY = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)


def game(tmp_path) -> LocalTable:
    t = LocalTable(tmp_path / "g", players="alice,bob,carol", ruleset="borednomic",
                   admin="the-admin", dice_seed="bored6765")
    t.now = MONDAY  # Sunday's update has put bob on square 4 (see test_borednomic_board)
    return t


def test_the_counters_add_up_through_actions_and_recorded_corrections(tmp_path):
    t = game(tmp_path)
    t.command("bob", "/buy square Four")  # 10,000 − 100
    assert t.cli("adjust", "bob", "-9000", "--counter", "money", "--as", "the-admin",
                 "--reason", "a trade (rule 18)") == 0, t.err
    assert "bob now has 900 money" in t.out
    t.command("bob", "/buy hen")  # 900 − 3,000 would leave him bankrupt: refused (4.3)
    assert t.cli("adjust", "alice", "-100", "--counter", "hit_points", "--as", "the-admin",
                 "--reason", "a ruling") == 0, t.err  # 12.4: 0 hit points: 100, level -1 …
    assert verify(t.files()) == []
    text = t.read("proposals/adjustments.yaml")
    assert "counter: money" in text and "counter: hit_points" in text


def test_a_counter_changed_by_hand_without_a_record_is_named(tmp_path):
    t = game(tmp_path)
    t.command("bob", "/buy square Four")
    path = t.root / "state/players.yaml"
    path.write_text(path.read_text().replace("  - login: bob\n    id: null\n    points: 0\n"
                                             "    stats:\n      money: 9900\n",
                                             "  - login: bob\n    id: null\n    points: 0\n"
                                             "    stats:\n      money: 99900\n"))
    subprocess.run(["git", "commit", "-qam", "rich"], cwd=t.root, check=True)
    assert verify(t.files()) == [
        "state/players.yaml: bob has 99900 money, but the records give 9900; change a "
        "counter by hand with `nomic-ci adjust LOGIN N --counter NAME`, which records who "
        "and why"]
    t.command("bob", "/buy hen")  # the next action starts from the hand-made 99,900
    assert verify(t.files())[0].startswith(
        "actions/000000-000099/000003-bob-buy-hen.json: bob's money was 99900 before this "
        "action, but the records before it leave 9900")


def test_only_a_counter_the_rules_keep_is_adjusted(tmp_path):
    t = game(tmp_path)
    assert t.cli("adjust", "bob", "5", "--counter", "gold", "--as", "the-admin",
                 "--reason", "x") == 2
    assert "the rules keep no counter 'gold' to adjust" in t.err
