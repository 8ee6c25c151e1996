"""Writing the state files: round-trips byte for byte, keeps comments, rewrites only what changed."""

from dataclasses import replace
from datetime import timedelta
from types import MappingProxyType

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from nomic_ci.core.errors import GameError
from nomic_ci.core.files import yamlio
from nomic_ci.core.facts import Account
from nomic_ci.core.files import GAME
from nomic_ci.core.files.records import DieRoll
from nomic_ci.core.files.state import (AwaitingFix, DiceSecret, OpenProposal, Standing, Tell,
                                      WriteLevel)
from nomic_ci.core.files.statedump import dump_state
from nomic_ci.core.files.statefile import read_state

from builders import HOUR, T0, make_files


def test_loading_and_dumping_an_unchanged_state_is_byte_identical(files):
    state = read_state(files)
    assert dump_state(state, files) == {p: files[p] for p in ("state/players.yaml",
                                                             "state/game.yaml")}


def test_a_change_keeps_comments_and_touches_only_what_changed(files):
    files["state/players.yaml"] = files["state/players.yaml"].replace(
        "  - login: bob\n", "  # bob joined late\n  - login: bob\n")
    state = read_state(files)
    state = state.with_player(replace(state.players[1], points=4))
    out = dump_state(state, files)
    assert "# bob joined late" in out["state/players.yaml"]
    assert out["state/players.yaml"].count("points: 4") == 1
    assert out["state/game.yaml"] == files["state/game.yaml"]


def test_unquoted_and_quoted_times_are_the_same_time(files):
    files["state/game.yaml"] = files["state/game.yaml"].replace(
        "turn_started: 2026-05-01T12:00:00Z", "turn_started: '2026-05-01T12:00:00Z'")
    state = read_state(files)
    assert dump_state(state, files)["state/game.yaml"] == files["state/game.yaml"]


def test_dumping_leaves_the_files_it_was_given_and_the_cached_state_as_they_were(files):
    before = dict(files)
    state = read_state(files)
    dump_state(state.with_player(replace(state.players[0], points=9)), files)
    assert files == before and read_state(files) == state


def test_the_versions_a_proposal_had_round_trip_and_a_rewrite_of_them_changes_nothing(files):
    state = read_state(files)
    open_ = OpenProposal(1, "1", "A", Account("alice"), T0, "head1", T0 + 2 * HOUR, restarts=2,
                         replaced=(("head1", T0 + HOUR), ("head2", T0 + 2 * HOUR)))
    written = {**files, **dump_state(replace(state, open_proposals=(open_,)), files)}
    assert read_state(written).open_proposals == (open_,)
    assert dump_state(read_state(written), written) == {
        p: written[p] for p in ("state/players.yaml", "state/game.yaml")}


def test_the_engines_write_level_and_a_refused_merges_tries_round_trip(files):
    state = read_state(files)
    open_ = OpenProposal(1, "1", "A", Account("alice"), T0, "h1", T0, merge_refused=2)
    counted = replace(state, open_proposals=(open_,), writes=WriteLevel(37, T0 + HOUR))
    written = {**files, **dump_state(counted, files)}
    assert "writes: {level: 37, at: '2026-05-01T13:00:00Z'}\n" in written["state/game.yaml"]
    assert "    merge_refused: 2\n" in written["state/game.yaml"]
    assert read_state(written) == counted
    drained = {**written, **dump_state(replace(counted, writes=None), written)}
    assert "writes:" not in drained["state/game.yaml"]


def test_a_votes_standing_round_trips_and_a_new_count_rewrites_only_it(files):
    state = read_state(files)
    counted = Standing(1, 1, ("carol",), needs="2 of 3", closes=T0 + HOUR)
    open_ = OpenProposal(1, "1", "A", Account("alice"), T0, "h1", T0, standing=counted)
    written = {**files, **dump_state(replace(state, open_proposals=(open_,)), files)}
    assert read_state(written).open_proposals == (open_,)
    assert ("    standing:\n      yes_votes: 1\n      no_votes: 1\n      not_voted: [carol]\n"
            in written["state/game.yaml"])
    recount = replace(open_, standing=replace(counted, yes_votes=2, not_voted=()))
    again = dump_state(replace(state, open_proposals=(recount,)), written)
    assert read_state({**written, **again}).open_proposals == (recount,)


def test_a_state_too_large_to_read_back_is_never_written(files):
    state = read_state(files)
    huge = replace(state, to_tell=(Tell("1", "x", "y" * yamlio.MAX_BYTES),))
    with pytest.raises(GameError, match="the state would grow to") as caught:
        dump_state(huge, files)
    assert caught.value.path == GAME


def test_what_is_still_to_tell_round_trips_readably_and_is_gone_once_told(files):
    tells = (Tell("3", "decision", "Proposal 3 failed.\nNext: bob's turn.", "failed", close=True),
             Tell("9", "reply-41", "it is not your turn", reply_to=41, mentions=("bob",)))
    out = dump_state(replace(read_state(files), to_tell=tells), files)
    assert "message: |-\n      Proposal 3 failed.\n      Next: bob's turn." in out[GAME]
    assert read_state({**files, **out}).to_tell == tells
    cleared = dump_state(replace(read_state(files), to_tell=()), {**files, **out})
    assert cleared[GAME] == files[GAME]


def test_proposals_awaiting_a_fix_round_trip_whatever_their_reason_and_title(files):
    """The reason quotes a player's file name and the engine's error, over several lines."""
    held = (AwaitingFix("7", "Sing: loud\t# now", Account("alice", 501), "a" * 40, T0 + HOUR,
                        "it would leave the rules broken: rules/108-sing.md:1: no front matter"
                        "\n  what to do: start the file with a line '---'"),
            AwaitingFix("9", "x\x07y", Account("bob", None), "b" * 40, T0, "é\u2028\x1b[31m"))
    out = dump_state(replace(read_state(files), awaiting_fix=held), files)
    assert read_state({**files, **out}).awaiting_fix == held
    cleared = dump_state(replace(read_state(files), awaiting_fix=()), {**files, **out})
    assert cleared[GAME] == files[GAME]


NOTE = "        # a note, as deep as a message's lines\n"


@pytest.mark.parametrize("was, kept", [
    ("to_tell: []\n" + NOTE, True),  # written key by key
    ("to_tell: []\n          \n", True),  # a line of spaces alone
    ("to_tell:\n  - on: '1'\n    id: decision\n    message: x\n" + NOTE, True),
    ("to_tell: []  # none yet\n" + NOTE, True),
    ("to_tell:  # none yet\n  []\n" + NOTE, False)])  # ruamel.yaml would keep it: dropped
def test_a_note_indented_after_what_is_to_tell_never_joins_its_message(files, was, kept):
    """A message to tell is written as a block (`|`): a comment or a line of spaces after
    the key, indented as deep as its lines, would be read as more of it. A proposal may put
    one there, and players would be told another message. The comment stays where the key
    is written into the text; ruamel.yaml, which would put it back where it was, drops it."""
    files[GAME] = files[GAME].replace("winners: []\n", "winners: []\n" + was)
    tells = (Tell("3", "decision", "Proposal 3 failed.\n", "failed", final="Failed.\n"),
             Tell("9", "reply-41", "It is not your turn.\nWait.\n"))  # their blocks last
    out = dump_state(replace(read_state(files), to_tell=tells), files)
    assert read_state({**files, **out}).to_tell == tells
    assert ("# a note" in out[GAME]) == (kept and "#" in was)


def test_a_game_file_with_messages_to_tell_is_written_again_without_ruamel(files, monkeypatch):
    """Every run that tells players something writes `to_tell`, blocks with blank lines and
    # lines in them: the next writes change a key or two of that text, not the document."""
    from nomic_ci.core.files import statedump
    tells = (Tell("game", "status", "", final="### Where the game stands\n\nalice's turn.\n"),)
    told = {**files, **dump_state(replace(read_state(files), to_tell=tells), files)}
    statedump._WRITTEN.clear()
    monkeypatch.setattr(yamlio, "load", lambda *a, **k: pytest.fail("read by ruamel.yaml"))
    monkeypatch.setattr(yamlio, "dump_with_ruamel", lambda *a: pytest.fail("ruamel.yaml"))
    out = dump_state(replace(read_state(told), turn="bob"), told)
    assert out[GAME] == told[GAME].replace("turn: alice", "turn: bob")
    more = tells + (Tell("3", "decision", "Proposal 3 passed.\n\n# 2 for\n", "passed"),)
    out = dump_state(replace(read_state(told), to_tell=more), told)  # the blocks rewritten
    assert read_state({**told, **out}).to_tell == more


def test_handled_commands_are_written_with_when_each_was_written(files):
    state = read_state(files)
    handled = ((7, T0), (9, T0 + HOUR))
    written = {**files, **dump_state(replace(state, handled_comments=handled), files)}
    assert "handled_comments:\n  - {id: 7, at: '2026-05-01T12:00:00Z'}\n" in written[GAME]
    assert read_state(written).handled_comments == handled
    assert dump_state(read_state(written), written)[GAME] == written[GAME]


def test_writing_over_what_was_just_written_is_the_same_as_over_a_fresh_read(files):
    """A run writes its state a few times, each over the documents it wrote last instead of
    parsing its own text again: the result must be byte for byte the same."""
    from nomic_ci.core.files import statedump
    state = read_state(files)
    opened = OpenProposal(1, "1", "A", Account("alice"), T0, "h1", T0,
                          standing=Standing(1, 0, ("bob",), needs="2 of 3", closes=T0 + HOUR))
    steps = [replace(state, open_proposals=(opened,), handled_comments=((7, T0),)),
             replace(state, players=(replace(state.players[0], points=5),) + state.players[1:],
                     to_tell=(Tell("1", "decision", "passed\nwell"),)),
             replace(state, turn=state.players[1].login, last_change=T0 + HOUR)]
    reused = dict(files)
    for step in steps:
        reused.update(dump_state(step, reused))
    fresh = dict(files)
    for step in steps:
        statedump._WRITTEN.clear()
        fresh.update(dump_state(step, fresh))
    assert reused == fresh


def test_a_file_whose_values_did_not_change_since_the_last_dump_keeps_its_text_undumped(
        files, monkeypatch):
    """What this module wrote from equal values is kept as it is, unwritten, and is what a
    fresh dump would write."""
    from nomic_ci.core.files import statedump
    statedump._WRITTEN.clear()  # what an earlier test in this process dumped
    state = read_state(files)
    richer = replace(state, players=(replace(state.players[0], points=5),) + state.players[1:])
    later = replace(richer, last_change=T0 + HOUR)
    steps = [richer, richer, later, later]
    dumped = []
    real = statedump._game_written
    monkeypatch.setattr(statedump, "_game_written",
                        lambda *args: dumped.append(args) or real(*args))
    reused = dict(files)
    counts = []
    for step in steps:
        reused.update(dump_state(step, reused))
        counts.append(len(dumped))
    # the game's (the players' points are written in place); neither; the game's; neither
    assert counts == [1, 1, 2, 2]
    statedump._WRITTEN.clear()
    assert dump_state(later, files) == dump_state(later, reused)


@pytest.mark.parametrize("change, in_place", [
    ("points", True), ("login", False), ("order", False), ("odd line", False)])
def test_points_alone_are_written_in_place_and_anything_else_by_ruamel(files, monkeypatch,
                                                                      change, in_place):
    """A decision changes a point or two: those lines are rewritten where they are, comments
    and all, as ruamel.yaml would write them; any other change, or a points line of another
    shape, is ruamel.yaml's to write."""
    from nomic_ci.core.files import statedump
    statedump._WRITTEN.clear()
    players = files["state/players.yaml"] + "# a note at the end\n"
    if change == "odd line":
        players = players.replace("points: 0", "points: 0  # start", 1).replace(
            "points: 0", "points: !!int 0", 1)
    files = {**files, "state/players.yaml": players}
    state = read_state(files)
    first, second, *rest = state.players
    new = {"points": (replace(first, points=5), second, *rest),
           "login": (replace(first, points=5), replace(second, login="bobby"), *rest),
           "order": (second, replace(first, points=5), *rest),
           "odd line": (replace(first, points=5), replace(second, points=3), *rest)}[change]
    dumped = []
    real = yamlio.dump
    monkeypatch.setattr(yamlio, "dump", lambda doc: dumped.append(doc) or real(doc))
    text = dump_state(replace(state, players=new), files)["state/players.yaml"]
    written_by_ruamel = any("players" in doc for doc in dumped)
    assert written_by_ruamel != in_place
    assert read_state({**files, "state/players.yaml": text}).players == new
    assert text.endswith("# a note at the end\n")
    if in_place:
        statedump._WRITTEN.clear()
        monkeypatch.setattr(statedump, "_points_written", lambda *a: None)
        assert dump_state(replace(state, players=new), files)["state/players.yaml"] == text


logins = st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True)
moments = st.integers(0, 10**6).map(lambda s: T0 + timedelta(seconds=s))
titles = st.one_of(st.text(max_size=40), st.sampled_from(
    ["Tea: for everyone", "x" * 120, "word " * 30, "it's", "#1", "2026-05-01T12:00:00Z"]))
standings = st.builds(Standing, st.integers(0, 9), st.integers(0, 9),
                      st.lists(logins, max_size=10).map(tuple), st.integers(0, 300),
                      titles, st.one_of(st.none(), moments))
dice = st.builds(DieRoll, titles, st.integers(2, 20), st.integers(1, 20),
                 st.dictionaries(logins, st.one_of(logins, st.integers(0, 99)),
                                 max_size=3).map(MappingProxyType), st.just("sha256-v1"))
opened = st.builds(
    OpenProposal, st.one_of(st.none(), st.integers(1, 999)), st.integers(1, 999).map(str),
    titles, st.builds(Account, logins, st.one_of(st.none(), st.integers(1, 10**6))), moments,
    st.from_regex(r"[0-9a-f]{40}", fullmatch=True), moments, st.integers(0, 3),
    st.booleans(), st.one_of(st.none(), st.from_regex(r"[0-9a-f]{16}", fullmatch=True)),
    st.lists(st.tuples(st.from_regex(r"[0-9a-f]{40}", fullmatch=True), moments),
             max_size=2).map(tuple), st.one_of(st.none(), moments),
    st.lists(dice, max_size=2).map(tuple), st.one_of(st.none(), standings), st.integers(0, 3))
tells = st.builds(Tell, st.integers(1, 99).map(str), st.sampled_from(["decision", "turn-1"]),
                  st.one_of(titles, st.text(max_size=60)), st.sampled_from([None, "passed"]),
                  st.booleans(), st.one_of(st.none(), st.integers(1, 99)),
                  st.lists(logins, max_size=3).map(tuple), st.one_of(st.none(), titles))
awaiting = st.builds(
    AwaitingFix, st.integers(1, 999).map(str), titles,
    st.builds(Account, logins, st.one_of(st.none(), st.integers(1, 10**6))),
    st.from_regex(r"[0-9a-f]{40}", fullmatch=True), moments,
    st.one_of(titles, st.text(max_size=80)))
changes = st.fixed_dictionaries({}, optional={
    "awaiting_fix": st.lists(awaiting, max_size=2).map(tuple),
    "turn": st.one_of(st.none(), logins), "turn_started": st.one_of(st.none(), moments),
    "next_proposal": st.integers(1, 999), "open_proposals": st.lists(opened, max_size=3).map(
        tuple), "winners": st.lists(logins, max_size=2).map(tuple),
    "ended_at": st.one_of(st.none(), moments), "admin_id": st.one_of(st.none(), st.integers()),
    "handled_comments": st.lists(st.tuples(st.integers(1, 10**9), moments), max_size=3).map(
        tuple), "dice_secrets": st.lists(st.builds(
            DiceSecret, st.from_regex(r"[0-9a-f]{64}", fullmatch=True), st.integers(0, 99),
            st.one_of(st.none(), st.from_regex(r"[0-9a-f]{32}", fullmatch=True))),
            max_size=2).map(tuple),
    "to_tell": st.lists(tells, max_size=2).map(tuple),
    "paused_since": st.one_of(st.none(), moments),
    "writes": st.one_of(st.none(), st.builds(WriteLevel, st.integers(1, 500), moments))})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(changes, min_size=1, max_size=4))
def test_the_game_file_written_key_by_key_is_what_ruamel_writes(steps):
    """`state/game.yaml` has its changed keys written again into its text; ruamel.yaml,
    loading the whole document and dumping it, writes the same text, step after step."""
    from nomic_ci.core.files import statedump
    files = make_files()
    state = read_state(files)
    quick, slow = dict(files), dict(files)
    for change in steps:
        state = replace(state, **change, last_change=max(state.last_change,
                                                          change.get("ended_at") or T0))
        statedump._WRITTEN.clear()
        quick.update(dump_state(state, quick))
        statedump._WRITTEN.clear()
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(statedump, "rewritten", lambda *args: None)
            slow.update(dump_state(state, slow))
        assert quick[GAME] == slow[GAME]
