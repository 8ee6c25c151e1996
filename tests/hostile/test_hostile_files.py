"""Hostile input: what a player who wants to stop or break the game would put in a rule file,
a state file or a proposal. Each case ends in a GameError that names the file (and the line
where there is one) and says what to do, at proposal time, and never in a traceback."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from nomic_ci.core.errors import GameError
from nomic_ci.core.facts import Account, ChangeKind, FileChange
from nomic_ci.core.files.changes import text_needed
from nomic_ci.core.files.records import Outcome, Record, dump_record
from nomic_ci.core.files import yamlio
from nomic_ci.core.game import load_game
from nomic_ci.core.mechanics.registry import BINDINGS
from nomic_ci.core.players.proposers import refusal
from nomic_ci.core.voting.admission import problems, requirement

from builders import HOUR, T0, make_files, opened, proposal, review, step

FILES = make_files()
GAME = load_game(FILES)
RULE = "rules/150-hostile.md"


def rule(front: str, body: str = "A rule.") -> str:
    return f"---\n{front}\n---\n{body}\n"


def bound(binding: str) -> str:
    return rule(f"number: 150\ntitle: Hostile\nmutable: true\nbindings:\n  {binding}")


RULE_CASES = {
    "a number of thousands of digits": rule(f"number: {'9' * 5000}\ntitle: X\nmutable: true"),
    "a huge points target": bound(f"victory_points: {10 ** 40}"),
    "a window of 9999999999 days": bound("voting_window: 9999999999d"),
    "a window of a million digits": bound(f"voting_window: {'9' * 10000}h"),
    "an end at the calendar's edge": bound("ends_at: 9999-12-31T23:59:59Z"),
    "an end before the calendar": bound("ends_at: 0001-01-01T00:00:00+14:00"),
    "a hundred thousand dice": bound("turn_roll: 100000d6"),
    "a die of a billion sides": bound("turn_roll: d1000000000"),
    "a percentage of many digits": bound(f"threshold: '{'1' * 400}%'"),
    "a layer of huge rule numbers": bound(f"layers: [{{numbers: '0-{'9' * 50}', need: majority}}]"),
    "an inverted guard": bound("guard: {rules: '9-1', quiet: 24h, until: 7d, ratio: 3}"),
    "nesting thousands deep": bound("commands: " + "[" * 3000 + "]" * 3000),
    "nesting forty deep": bound("starting_stats: " + "{a: " * 40 + "1" + "}" * 40),
    "an alias bomb": rule("number: 150\ntitle: &t X\nmutable: true\nbindings:\n"
                          "  commands: &a [pass]\n  experience: {proposer: *a}"),
    "an unknown binding": bound("take_over: true"),
    "bindings as a list": rule("number: 150\ntitle: X\nmutable: true\nbindings: [1, 2]"),
    "a title that is a list": rule("number: 150\ntitle: [1]\nmutable: true"),
    "no front matter": "Just prose, pretending to be a rule.\n",
    "front matter that is not YAML": rule("number: 150\ntitle: 'X\nmutable: true"),
    "a file of two megabytes": rule("number: 150\ntitle: X\nmutable: true", "x" * 2_000_000),
    "a stats mapping of a huge count": bound(f"starting_stats: {{money: {10 ** 30}}}"),
    "half a surrogate pair in a title": rule('number: 150\ntitle: "X\\ud800"\nmutable: true'),
    "a schedule with a made-up zone": bound("schedule: {timezone: Mars/Olympus, propose: [mon],"
                                            " vote: [fri], results: sun}"),
}


@pytest.mark.parametrize("case", sorted(RULE_CASES))
def test_a_hostile_rule_file_is_an_error_naming_the_file(case):
    with pytest.raises(GameError) as caught:
        load_game({**FILES, RULE: RULE_CASES[case]})
    assert str(caught.value).startswith(RULE) and caught.value.hint or caught.value.line
    assert len(str(caught.value)) < 600  # says what is wrong, without echoing the attack


@pytest.mark.parametrize("case", sorted(RULE_CASES))
def test_a_proposal_adding_a_hostile_rule_file_is_refused_before_anyone_votes(case):
    found = problems(GAME, proposal(changes=[FileChange(RULE, ChangeKind.ADDED)],
                                    texts=[(RULE, RULE_CASES[case])]))
    assert any(RULE in reason for reason in found), found


STATE_CASES = {
    "a score of thousands of digits": ("state/players.yaml", "points: 0", f"points: {'9' * 5000}"),
    "a score past fifteen digits": ("state/players.yaml", "points: 0", f"points: {10 ** 20}"),
    "an id that is text": ("state/players.yaml", "id: null", "id: '@everyone'"),
    "a login that mentions everyone": ("state/players.yaml", "login: alice", "login: '@everyone'"),
    "a turn at the calendar's start": ("state/game.yaml", "turn_started: 2026-05-01T12:00:00Z",
                                       "turn_started: 0001-01-01T00:00:00Z"),
    "a last change far in the future": ("state/game.yaml", "last_change: 2026-05-01T12:00:00Z",
                                        "last_change: 9999-12-31T23:59:59Z"),
    "a next number of thousands of digits": ("state/game.yaml", "next_proposal: 1",
                                             f"next_proposal: {'1' * 5000}"),
    "open proposals as a mapping": ("state/game.yaml", "open_proposals: []",
                                    "open_proposals: {a: 1}"),
    "nested thousands deep": ("state/game.yaml", "winners: []",
                              "winners: " + "[" * 3000 + "]" * 3000),
    "a commitment that is no hash": ("state/game.yaml", "dice_seed: 5eed",
                                     "dice_seed: 5eed\ndice_secrets: [{commitment: x, "
                                     "from_roll: 1}]"),
}


@pytest.mark.parametrize("case", sorted(STATE_CASES))
def test_a_hostile_state_file_is_an_error_naming_the_file(case):
    path, old, new = STATE_CASES[case]
    assert old in FILES[path]
    with pytest.raises(GameError) as caught:
        load_game({**FILES, path: FILES[path].replace(old, new, 1)})
    assert str(caught.value).startswith(path)


# --- generated cases: anything YAML can say, where the engine reads it ---------------------

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(min_value=-10 ** 30, max_value=10 ** 30),
                    st.text(max_size=20), st.sampled_from(["48h", "0d", "9999999d", "d6",
                                                          "100000d6", "majority", "30%",
                                                          "2026-05-01T00:00:00Z", "9999-12-31"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)
KEYS = st.sampled_from(sorted(BINDINGS) + ["number", "title", "mutable", "extra"])


def yaml_text(value) -> str:
    return yamlio.dump(value) if value is not None else "null\n"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bindings=st.dictionaries(KEYS, VALUES, max_size=4))
def test_generated_bindings_are_a_game_or_a_game_error_naming_the_rule(bindings):
    front = {"number": 150, "title": "Generated", "mutable": True, "bindings": bindings}
    text = f"---\n{yaml_text(front)}---\nA rule.\n"
    try:
        load_game({**FILES, RULE: text})
    except GameError as error:
        assert str(error).startswith(RULE)


@settings(max_examples=100, deadline=None)
@given(field=st.sampled_from(["points", "id", "veto", "inactive_since", "stats", "login"]),
       value=VALUES)
def test_generated_player_fields_are_a_game_or_a_game_error_naming_the_file(field, value):
    players = FILES["state/players.yaml"].replace(
        "  - login: alice\n", f"  - login: alice\n    {field}: {yaml_text(value).strip()}\n"
        if field != "login" else f"  - login: {yaml_text(value).strip()}\n", 1)
    try:
        load_game({**FILES, "state/players.yaml": players})
    except GameError as error:
        # renaming alice to another valid login leaves her turn in state/game.yaml behind,
        # and that error rightly names state/game.yaml
        renamed = field == "login" and str(error).startswith(
            "state/game.yaml:2: the turn belongs to alice")
        assert str(error).startswith("state/players.yaml") or renamed


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(list(ChangeKind)),
                          st.sampled_from(["rules/101-victory-condition.md", "rules/999999-x.md",
                                           "rules/1234567-x.md", "rules/x.md", "rules/README.md",
                                           "state/players.yaml", "state/game.yaml", "../etc/x",
                                           "nomic_ci/core/dice.py", "rules/050-.md", ""]),
                          st.one_of(st.none(), st.text(max_size=30))), max_size=6))
def test_generated_proposal_shapes_are_judged_never_crash(changes):
    facts = [FileChange(path, kind, "rules/102-x.md" if kind is ChangeKind.RENAMED else None)
             for kind, path, _ in changes]
    texts = [(path, text) for kind, path, text in changes if text is not None]
    p = proposal(changes=facts, texts=texts)
    requirement(GAME, p)
    assert isinstance(problems(GAME, p), list)


def test_a_proposal_pushed_back_to_no_change_at_all_fails_at_its_decision_and_says_why():
    game, p = opened()
    emptied = replace(p, head="head2", changes=())
    _, game, _ = step(game, [emptied], T0 + HOUR)
    voted = replace(emptied, reviews=(review("bob", commit="head2", at=T0 + 2 * HOUR),
                                      review("carol", commit="head2", at=T0 + 2 * HOUR)))
    t, _, _ = step(game, [voted], T0 + 3 * HOUR)
    assert not t.passed and "it changes nothing" in t.reason


@pytest.mark.parametrize("path, edit, words", [
    ("state/players.yaml", lambda text: text + "  - login: mallory\n    id: null\n",
     "missing field 'points'"),
    ("state/game.yaml", lambda text: text.replace("next_proposal: 1", "next_proposal: many"),
     "'next_proposal' must be"),
    ("proposals/0000-0099/0001-forged.yaml", lambda text: "number: 1\ntitle: [\n",
     "not valid YAML"),
    # read quickly, but written back by ruamel.yaml, which would refuse them at every run
    ("state/game.yaml", lambda text: text + "extra:\n" + "".join(
        "  " * i + "- k:\n" for i in range(500)) + "  " * 500 + "- x\n",
     "nested more than 32 levels deep"),
    ("state/game.yaml", lambda text: text + "extra:\n" + "".join(
        "  " * i + "- k:\n" for i in range(17)) + "  " * 17 + "- x\n",
     "nested more than 32 levels deep"),
    ("state/game.yaml", lambda text: text + "# a note \uffff\n", "unacceptable character"),
    ("state/board.yaml", lambda text: "tokens: []\nextra: '\ufffe'\n",
     "unacceptable character"),
])
def test_a_proposal_is_judged_by_the_game_it_would_leave_behind(path, edit, words):
    text = edit(FILES.get(path, ""))
    p = proposal(changes=[FileChange(path, ChangeKind.MODIFIED)], texts=[(path, text)])
    found = problems(GAME, p)
    assert any(f"it would leave the game broken: {path}" in reason and words in reason
               for reason in found), found


def test_a_proposal_deleting_a_state_file_is_refused():
    p = proposal(changes=[FileChange("state/game.yaml", ChangeKind.REMOVED)])
    assert any("state/game.yaml: missing" in reason for reason in problems(GAME, p))


def test_a_request_to_join_that_would_break_the_players_file_is_refused():
    suber = load_game(make_files(ruleset="suber-initial-set"))
    players = suber.files["state/players.yaml"] + "  - login: dave\n    id: null\n    points: 0\n"
    join = proposal("dave", changes=[FileChange("state/players.yaml", ChangeKind.MODIFIED)],
                    texts=[("state/players.yaml", players)])
    assert refusal(suber, join) is None
    broken = players.replace("points: 0\n", "points: 0\n    stats: {a: []}\n")
    assert "dave is not a player" in refusal(suber, replace(
        join, texts=(("state/players.yaml", broken),)))


def test_a_proposal_may_not_change_where_the_dice_come_from():
    game_yaml = FILES["state/game.yaml"].replace("dice_seed: 5eed", "dice_seed: 5eee")
    p = proposal(changes=[FileChange("state/game.yaml", ChangeKind.MODIFIED)],
                 texts=[("state/game.yaml", game_yaml)])
    assert any("only the engine writes" in reason for reason in problems(GAME, p))


def test_a_proposal_may_not_make_the_engine_tell_or_close_anything():
    forged = ("\nto_tell:\n  - on: '7'\n    id: decision\n    message: Proposal 7 failed.\n"
              "    outcome: failed\n    close: true\n")
    p = proposal(changes=[FileChange("state/game.yaml", ChangeKind.MODIFIED)],
                 texts=[("state/game.yaml", FILES["state/game.yaml"] + forged)])
    assert any("what the engine is to tell players (to_tell" in reason
               for reason in problems(GAME, p))


@pytest.mark.parametrize("path", ["proposals/0000-0099/0009-forged.yaml",
                                  "proposals/0009-forged.yaml", "proposals/adjustments.yaml",
                                  "actions/junk.txt",
                                  "actions/000000-000099/000001-bob-roll.json"])
def test_a_proposal_may_not_write_the_games_history(path):
    """Neither the decisions' records nor the board's actions: a stray file in actions/
    that merged would fail `verify` for everyone."""
    text = "adjustments:\n  - {at: 2026-05-01T12:00:00Z, login: bob, points: 50, reason: x, " \
           "by: bob}\n" if path.endswith("adjustments.yaml") else dump_record(Record(
               9, "99", "forged", Account("bob"), Outcome.PASSED, "", T0, T0,
               points={"bob": 0}))
    read = text_needed(path)  # a forge reads no action's text: the core never needs it
    p = proposal(changes=[FileChange(path, ChangeKind.ADDED)], texts=[(path, text)] * read)
    assert any(f"it changes the game's history ({path})" in reason
               for reason in problems(GAME, p))


def test_a_state_file_the_engine_could_not_write_back_is_refused_whatever_its_reader_says(
        monkeypatch):
    """The state is read by the quick reader and written back through ruamel.yaml: a text the
    one reads and the other refuses would stop every run after it merged. Shown with a quick
    reader that misses a character YAML may not hold."""
    from nomic_ci.core.files import quickyaml
    real = quickyaml.quick_load
    monkeypatch.setattr(yamlio, "quick_load", lambda text: real(text.replace("\uffff", "")))
    text = FILES["state/game.yaml"] + "# a note \uffff\n"
    p = proposal(changes=[FileChange("state/game.yaml", ChangeKind.MODIFIED)],
                 texts=[("state/game.yaml", text)])
    assert any("state/game.yaml" in reason and "unacceptable character" in reason
               for reason in problems(GAME, p)), problems(GAME, p)
