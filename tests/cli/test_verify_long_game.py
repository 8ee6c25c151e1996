"""`verify` in a long game: a record a player edits deep in a thousand, one ballot or one
word of a reason, is named, whether the edit leaves the record in the quick reader's
plainest texts (read a line at a time) or not (read by the whole subset, or ruamel.yaml)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from types import MappingProxyType

import pytest

from builders import T0
from tables import run_cli

from nomic_ci.cli.gamedir import working_files
from nomic_ci.core.dice import METHOD, derive_roll, roll_inputs
from nomic_ci.core.facts import Account
from nomic_ci.core.files.history import History, summary_of
from nomic_ci.core.files.quickyaml import _plainest
from nomic_ci.core.files.records import Ballot, DieRoll, Outcome, Record, dump_record
from nomic_ci.core.files.statedump import dump_state
from nomic_ci.core.game import load_game

PLAYERS = [f"p{i}" for i in range(9)]
SEED = "long"
YES = [8, 3, 0, 8, 1, 5, 0, 8, 2]  # of the eight others, as a played round's: a third fail
RECORDS = 1000


def decided(n: int) -> Record:
    """Proposal `n` as the engine records one: nine ballots, the turn's die from the game's
    seed, and where it failed a reason long enough to fold onto a second line."""
    author = PLAYERS[(n - 1) % 9]
    yes = YES[(n - 1) % 9] + 1  # the proposer's own
    passed = yes >= 3
    head = f"{n:040x}"
    opened = T0 + timedelta(minutes=10 * n)
    others = [p for p in PLAYERS if p != author]
    ballots = [Ballot(author, True, head, opened)] + [
        Ballot(login, i < yes - 1, head, opened + timedelta(minutes=i + 1))
        for i, login in enumerate(others)]
    inputs = roll_inputs(SEED, n, n)
    die = DieRoll("rule 103: 1d6 added to the proposer's score", 6, derive_roll(6, inputs),
                  MappingProxyType(inputs), METHOD)
    return Record(n, str(n), f"Idea {n}: a rule about the color of the scoreboard, which "
                  "nobody asked for", Account(author), Outcome.PASSED if passed
                  else Outcome.FAILED, f"every eligible voter voted: {yes} yes, {9 - yes} no "
                  f"of 9 eligible; 30% of the eligible voters: 3 of 9 — "
                  f"{'met' if passed else 'not met'}", opened, opened + timedelta(minutes=8),
                  head=head, rules=(200 + n % 9,),
                  threshold="rule 104, rules 200–299: 30% of the eligible voters",
                  counted=tuple(sorted(ballots, key=lambda b: b.login)), dice=(die,),
                  points=MappingProxyType({author: die.result}),
                  turn_to=PLAYERS[n % 9])


@pytest.fixture(scope="module")
def long_game(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("long") / "game"
    code, _, err = run_cli("--now", T0.isoformat(), "init", str(root), "--players",
                           ",".join(PLAYERS), "--public-dice", "--dice-seed", SEED)
    assert code == 0, err
    files = working_files(root)
    records = [decided(n) for n in range(1, RECORDS + 1)]
    written = {r.path: dump_record(r) for r in records}
    state = load_game(files).state
    for player in state.players:
        state = state.with_player(replace(player, points=sum(
            r.points.get(player.login, 0) for r in records)))
    state = replace(state, next_proposal=RECORDS + 1, turn=records[-1].turn_to,
                    turn_started=records[-1].decided, last_change=records[-1].decided)
    written.update(dump_state(state, files))
    written.update(History.of(summary_of(r) for r in records).texts())
    for path, text in written.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    code, out, err = run_cli("--repo", str(root), "verify")
    assert code == 0 and f"Verified {RECORDS} proposal records" in out, err
    return root


def named(path: Path) -> str:
    """A record's path in the game, as verify names it."""
    return "proposals/" + path.relative_to(path.parent.parent).as_posix()


def tampered(root: Path, number: int, edit) -> tuple[Path, str, str]:
    """Record `number` edited by `edit` (its text to the new text), verify's errors, and the
    record as it was (put back after)."""
    path = next(root.glob(f"proposals/*/{number:04d}-*.yaml"))
    text = path.read_text()
    assert _plainest(text) is not None  # as written, read a line at a time
    path.write_text(edit(text))
    try:
        code, _, err = run_cli("--repo", str(root), "verify")
    finally:
        path.write_text(text)
    assert code == 1
    return path, err, text


def plainly_tampered(long_game, number: int, old: str, new: str):
    """Record `number` with `old` made `new`, still a text the quick reader's plainest path
    reads, through verify: as `tampered`."""
    def edit(text: str) -> str:
        assert old in text
        return text.replace(old, new)
    path, err, text = tampered(long_game, number, edit)
    assert _plainest(edit(text)) is not None
    return path, err


def test_a_ballot_changed_deep_in_a_long_game_names_its_record(long_game):
    # proposal 617 failed 2 to 7: one no made a yes, on its line, as plain as before
    path, err = plainly_tampered(long_game, 617, "  - login: p8\n    vote: no\n",
                                 "  - login: p8\n    vote: yes\n")
    assert f"the record {named(path)} says 3" in err, err


def test_a_word_of_a_folded_reason_changed_names_its_record(long_game):
    # proposal 619 failed: its reason folds onto a second line, which a player edits
    path, err = plainly_tampered(long_game, 619, "— not\n  met'", "— not\n  met, by a mile'")
    assert f"the record {named(path)} says" in err and "by a mile" in err, err


def test_an_edit_out_of_the_plainest_texts_is_named_all_the_same(long_game):
    # a comment makes the record one the whole subset reads: the ballot is found changed
    def edit(text: str) -> str:
        return "# fixed a typo\n" + text.replace("    vote: no\n", "    vote: yes\n", 1)
    path, err, text = tampered(long_game, 803, edit)
    assert _plainest(edit(text)) is None
    assert f"the record {named(path)} says" in err, err


def test_a_die_changed_deep_in_a_long_game_names_its_record(long_game):
    def edit(text: str) -> str:
        result = next(line for line in text.split("\n") if line.startswith("    result: "))
        other = 1 if result.endswith(" 6") else 6
        return text.replace(result, f"    result: {other}")
    path, err, _ = tampered(long_game, 999, edit)
    assert f"{named(path)}: rule 103: 1d6 added to the proposer's score recorded" in err, \
        err
