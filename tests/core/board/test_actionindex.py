"""The board actions' index: a line an action, read without the records, checked against
them."""

from nomic_ci.core.board.actionindex import (ActionLog, actions_of_records, check_index,
                                             read_actions)
from nomic_ci.core.board.actionlog import ActionRecord, dump_action
from nomic_ci.core.files.deferral import alone, deferred
from nomic_ci.core.files.gamefiles import GameFiles
from nomic_ci.core.files.records import DieRoll

from builders import T0


def record(number: int, dice: int = 1, points=None) -> ActionRecord:
    rolls = tuple(DieRoll("movement (rule 7)", 6, 3, {"seed": "s", "roll": number, "purpose":
                                                        "board"}, "sha256-v1")
                  for _ in range(dice))
    return ActionRecord(number, T0, "alice", "/roll", None, "done", rolls, (),
                        points or {})


def index_only(files: dict[str, str]):
    """A reader of the files of the index alone: reading a record fails the test."""
    def read(handles):
        assert all(alone(h) for h in handles), handles
        return {h: files[h] for h in handles}
    return read


def written(*records: ActionRecord) -> dict[str, str]:
    files = {r.path: dump_action(r) for r in records}
    return {**files, **ActionLog.of(records).texts()}


def test_a_run_counts_actions_and_dice_and_sums_points_from_the_index_alone():
    records = [record(1), record(2, dice=0), record(3, dice=3, points={"alice": 10})]
    files = written(*records)
    unread = {p: t for p, t in files.items() if not deferred(p)}
    log = read_actions(GameFiles(unread, {p: p for p in files if deferred(p)},
                                 index_only(files), alone=alone))
    assert len(log) == 3 and log.dice() == 4
    assert [dict(a.points) for a in log.having("points")] == [{"alice": 10}]
    assert log[2].command == "/roll" and log[-1].path == records[2].path


def test_the_index_says_which_counters_each_action_moved_and_by_how_much():
    from dataclasses import replace
    moves = ({"stats": "alice", "from": {"money": 100, "level": 2}, "to": {"money": 40,
                                                                         "level": 1}},
             {"stats": "bob", "from": {"money": 0}, "to": {"money": 60}},
             {"stats": "alice", "from": {"level": 1}, "to": {"level": 2}},  # back: no change
             {"moved": "alice"})
    paid = replace(record(1, dice=0), effects=moves)
    assert {k: dict(v) for k, v in paid.stats.items()} == {"alice": {"money": -60},
                                                          "bob": {"money": 60}}
    files = written(paid, record(2, dice=0))
    unread = {p: t for p, t in files.items() if not deferred(p)}
    log = read_actions(GameFiles(unread, {p: p for p in files if deferred(p)},
                                 index_only(files), alone=alone))  # a record read fails
    assert [{k: dict(v) for k, v in a.stats.items()} for a in log.having("stats")] == [
        {"alice": {"money": -60}, "bob": {"money": 60}}]
    assert check_index(files, actions_of_records(files)) == []


def test_an_action_appends_a_line_to_the_last_piece_of_its_index():
    log = ActionLog.of([record(n, dice=0) for n in range(1, 1001)])
    longer = log.added(record(1001))
    assert list(longer.texts())[-3:] == ["actions/index/0000/49.jsonl",
                                         "actions/index/latest/00.jsonl",
                                         "actions/index/totals.json"]
    read = read_actions(log.texts()).added(record(1001))  # as a run adds one to its game's
    assert list(read.written()) == ["actions/index/latest/00.jsonl", "actions/index/totals.json"]
    assert longer.texts()["actions/index/latest/00.jsonl"].count("\n") == 1
    assert longer.record(1000) == record(1001)


def test_a_game_from_before_the_index_reads_its_records():
    files = {r.path: dump_action(r) for r in (record(1), record(2))}
    assert read_actions(files).dice() == 2 == actions_of_records(files).dice()


PIECE = "actions/index/latest/00.jsonl"


def test_verify_names_the_first_index_line_that_disagrees_with_its_record():
    records = [record(1), record(2)]
    files = written(*records)
    truth = ActionLog.of(records)
    assert check_index(files, truth) == []
    edited = {**files, PIECE: files[PIECE].replace(
        '"login": "alice"', '"login": "bob"', 1)}
    assert check_index(edited, truth) == [
        "actions/index/latest/00.jsonl: line 1 gives actions/000000-000099/000001-alice-roll.json "
        "the login 'bob', but the record actions/000000-000099/000001-alice-roll.json says "
        "'alice': see which one was edited ('git log -p -- "
        "actions/000000-000099/000001-alice-roll.json actions/index/latest/00.jsonl'); restore an "
        "edited record from git history, or, where the record is right, run 'nomic-ci render' "
        "and commit the result"]
    short = {**files, PIECE: files[PIECE].splitlines(keepends=True)[0]}
    assert "lists 1 actions, but there are 2" in check_index(short, truth)[0]
    lost = {p: t for p, t in files.items() if not p.startswith("actions/index/")}
    assert check_index(lost, truth) == [
        "actions/index/ is missing: run 'nomic-ci render' and commit the result"]
    assert check_index({}, ActionLog.of([])) == []


def test_a_run_that_does_nothing_reads_no_action_record():
    from dataclasses import replace as replaced

    from nomic_ci.core.board.actions import carry_out
    from nomic_ci.core.board.playing import rolled
    from nomic_ci.core.due import next_transition
    from nomic_ci.core.files.statedump import dump_state
    from nomic_ci.core.game import load_game
    from nomic_ci.core.turns import next_player

    from boardgames import board_game
    from builders import DICE, HOUR, make_files
    game, files = board_game(), make_files(ruleset="infinite-nomic-r7")
    for _ in range(3):
        login = game.state.turn
        state, made = carry_out(game, T0, DICE, login, "/roll", None)
        state = replaced(state, turn=next_player(state, game.config, login),
                         board=replaced(state.board, turn=None))
        game = game.after(state, made)
        files[made.path] = dump_action(made)
    files.update({**dump_state(game.state, files), **game.actions.texts()})
    now = {p: t for p, t in files.items() if not deferred(p)}
    lazy = load_game(GameFiles(now, {p: p for p in files if deferred(p)}, index_only(files),
                               alone=alone))
    assert len(lazy.actions) == 3 and rolled(lazy) == rolled(game) == 3
    assert next_transition(lazy, [], T0 + HOUR) is None  # reading a record would fail
