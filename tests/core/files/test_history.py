"""The history: read from its index a line at a time, or from the records themselves."""

import json
from dataclasses import replace
from types import MappingProxyType

import pytest
from hypothesis import given, strategies as st

from nomic_ci.core.errors import GameError
from nomic_ci.core.files.history import (INDEX, LATEST_CHANGES, History, history_of_records,
                                         read_history, summary_of)
from nomic_ci.core.files.records import Outcome, dump_record

from builders import HOUR, T0
from core.files.test_records import RECORD, REFUSED


def history(n: int) -> History:
    """A history of `n` refusals, one a minute."""
    return History.of(replace(summary_of(REFUSED), key=f"k{i}", path=f"proposals/refused-k{i}-x.yaml",
                              decided=T0 + i * HOUR / 60) for i in range(n))


def test_the_index_reads_back_as_the_records_say():
    files = {r.path: dump_record(r) for r in (RECORD, REFUSED)}
    from_records = history_of_records(files)
    from_index = read_history({**files, **from_records.texts()})
    assert list(from_index) == list(from_records) == [summary_of(RECORD), summary_of(REFUSED)]


def test_an_index_line_leaves_empty_fields_out_and_is_one_json_object():
    texts = history_of_records({REFUSED.path: dump_record(REFUSED)}).texts()
    line = texts[INDEX + "latest/00.jsonl"]
    entry = json.loads(line)
    assert line.count("\n") == 1 and "rolls" not in entry and "points" not in entry
    assert entry["number"] is None and entry["yes"] == 1 and entry["file"] == \
        REFUSED.path.removeprefix("proposals/")


def test_the_index_is_pieces_of_twenty_lines_so_a_decision_rewrites_only_the_last():
    texts = history(2_510).texts()
    pieces = [(path, text.count("\n")) for path, text in texts.items() if path.endswith(".jsonl")]
    assert pieces[:2] == [(INDEX + "0000/00.jsonl", 20), (INDEX + "0000/01.jsonl", 20)]
    assert pieces[49:51] == [(INDEX + "0000/49.jsonl", 20), (INDEX + "0001/00.jsonl", 20)]
    assert pieces[-2:] == [(INDEX + "latest/24.jsonl", 20), (INDEX + "latest/25.jsonl", 10)]
    assert len(pieces) == 126
    read = read_history(texts)
    later = read.added(replace(summary_of(RECORD), decided=T0 + 100 * HOUR))
    assert sorted(later.written()) == [INDEX + "latest/25.jsonl", INDEX + "totals.json"]
    assert {**texts, **later.written()} == later.texts()
    assert later.totals["lines"] == 2_511 and read.totals["lines"] == 2_510
    assert list(read_history(texts)) == list(history(2_510))


def test_a_run_reads_the_last_file_of_the_index_and_its_totals_alone():
    texts = history(2_500).texts()
    asked = []

    class Files(dict):
        def __getitem__(self, path):
            asked.append(path)
            return super().__getitem__(path)

        def get(self, path, default=None):
            return self[path] if path in self else default

    read = read_history(Files(texts))
    later = read.added(replace(summary_of(RECORD), decided=T0 + 100 * HOUR))
    assert (len(read), read[-1].key, later.dice(), read.find("9999")) == (2_500, "k2499", 1,
                                                                          None)
    assert set(later.written()) == {INDEX + "latest/25.jsonl", INDEX + "totals.json"}
    assert set(asked) == {INDEX + "latest/24.jsonl", INDEX + "totals.json"}
    assert read.find("k42").key == "k42"  # a key not known larger: looked for, back to it
    assert INDEX + "0000/02.jsonl" in asked


def test_a_line_is_parsed_only_when_read_and_a_broken_one_names_its_file_and_line():
    texts = history(10_000).texts()
    shard = INDEX + "0004/49.jsonl"
    lines = texts[shard].splitlines()
    lines[19] = '{"number": "five"'
    broken = read_history({**texts, shard: "\n".join(lines) + "\n"})
    assert [r.key for r in broken[-3:]] == ["k9997", "k9998", "k9999"]
    assert broken.find("k42").key == "k42" and next(broken.having("rolls"), None) is None
    with pytest.raises(GameError) as caught:
        list(broken)
    assert (caught.value.path, caught.value.line) == (shard, 20)
    assert "nomic-ci render" in caught.value.hint


def test_a_title_that_looks_like_another_key_does_not_fool_find():
    sly = replace(summary_of(REFUSED), key="9", title='x", "key": "7')
    honest = replace(summary_of(REFUSED), key="7", path="proposals/refused-7-y.yaml",
                     decided=T0 + 9 * HOUR)
    found = History.of([sly, honest])
    assert found.find("7") == honest and found.find("9") == sly and found.find("x") is None


def test_a_record_decided_last_is_appended_and_an_earlier_one_put_in_its_place():
    base = history(3)
    last = replace(summary_of(RECORD), decided=T0 + 10 * HOUR)
    shard = INDEX + "latest/00.jsonl"
    assert base.added(last).texts()[shard] == base.texts()[shard] + History.of([last]).texts()[
        shard]
    first = replace(last, decided=T0 - HOUR)
    assert [r.key for r in base.added(first)] == ["17", "k0", "k1", "k2"]


def test_records_come_in_the_order_decided_at_one_moment_by_number_then_the_refusals():
    later = replace(RECORD, number=1, decided=T0 + 5 * HOUR)  # decided after a higher number
    files = {r.path: dump_record(r) for r in (later, RECORD, REFUSED,
                                              replace(REFUSED, key="pr-1", number=2))}
    files["proposals/README.md"] = "# generated"
    assert [(r.number, r.key) for r in read_history(files)] == [
        (2, "pr-1"), (3, "17"), (None, "pr-9"), (1, "17")]


def test_two_records_with_one_number_is_an_error():
    files = {RECORD.path: dump_record(RECORD),
             "proposals/0000-0099/0003-tea.yaml": dump_record(replace(RECORD, title="Tea"))}
    with pytest.raises(GameError) as caught:
        read_history(files)
    # the later of the two by name
    assert caught.value.path == "proposals/0000-0099/0003-tea.yaml"
    assert f"proposal 3 is also recorded in {RECORD.path}" in str(caught.value)


def test_two_records_with_one_number_is_an_error_naming_both_files():
    files = {"proposals/0000-0099/0003-a.yaml": dump_record(RECORD),
             "proposals/0000-0099/0003-b.yaml": dump_record(RECORD)}
    with pytest.raises(GameError) as caught:
        read_history(files)
    assert caught.value.path == "proposals/0000-0099/0003-b.yaml"
    assert "proposals/0000-0099/0003-a.yaml" in str(caught.value)


@pytest.mark.parametrize("path", [
    "proposals/3-tea.yaml", "proposals/0003-Tea.yaml", "proposals/notes.md",
    "proposals/0003-tea.yml", "proposals/0000-0099/0003-Tea.yaml", "proposals/0000-0099/notes.md",
    "proposals/old/0003-tea.yaml", "proposals/0000-0099/0000-0099/0003-tea.yaml",
    "proposals/0-99/0003-tea.yaml"])
def test_a_file_in_proposals_with_a_name_nomic_ci_does_not_write_is_an_error(path):
    with pytest.raises(GameError, match="not a proposal record file name") as caught:
        read_history({path: dump_record(RECORD)})
    assert caught.value.path == path and "0100-0199/0123-slug.yaml" in caught.value.hint




TRICKY = ["t", '"rolls": 1', 'a "points": b', "rolls", '"outcome": "passed", "rules": [7]',
          "a\u2028line\u2029separator\x85"]
ROWS = st.lists(st.tuples(st.booleans(), st.sampled_from(["alice", "rules", "rolls"]),
                          st.sampled_from(TRICKY), st.sampled_from([(), (7,), (3, 12)]),
                          st.sampled_from(list(Outcome))), max_size=30)


def history_of(rows) -> History:
    """As read from its index: records rolling dice or not, giving a point to a player
    whose login may be a field's name, titled like a field, changing rules or not."""
    summaries = [replace(summary_of(RECORD), number=i + 1, key=f"k{i}", title=title,
                         path=f"proposals/{i + 1:04d}-x.yaml", decided=T0 + i * HOUR,
                         rolls=(3,) if rolled else (), points=MappingProxyType({login: 2}),
                         rules=rules, outcome=outcome)
                 for i, (rolled, login, title, rules, outcome) in enumerate(rows)]
    return read_history(History.of(summaries).texts())


@given(ROWS, st.sampled_from([("rolls",), ("points",), ("points", "rolls"), ("rules",)]),
       st.booleans())
def test_the_records_having_a_field_are_those_a_scan_of_every_line_finds(rows, names, newest):
    """Found in the joined index; a title or a login that reads like a field is not one,
    and a record with both fields is listed once."""
    history = history_of(rows)
    scanned = [s.key for s in history if any(getattr(s, name) for name in names)]
    found = [s.key for s in history.having(*names, newest_first=newest)]
    assert found == (scanned[::-1] if newest else scanned)


@given(ROWS)
def test_each_rule_s_changes_are_the_passed_records_listing_it(rows):
    history = history_of(rows)
    scanned: dict[int, list[tuple[int, str]]] = {}
    for s in history:
        for number in s.rules if s.outcome is Outcome.PASSED else ():
            scanned.setdefault(number, []).append((s.number, f"{s.decided:%Y-%m-%d}"))
    assert history.rule_changes() == {rule: (len(changes), changes[-LATEST_CHANGES:])
                                      for rule, changes in scanned.items()}
    read = read_history(history.texts())
    assert read.rule_changes() == history.rule_changes() and not read._read  # none parsed
