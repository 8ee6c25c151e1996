"""Verify: every roll re-derived from its inputs, every score re-added from the records."""

from dataclasses import replace

import pytest

from nomic_ci.core.files.history import INDEX
from nomic_ci.core.files.statedump import dump_state
from nomic_ci.core.files.statefile import read_state
from nomic_ci.core.commitments import commit, reveal
from nomic_ci.core.dice import SecretDice, commitment_of, derive_secret_roll, roll_inputs
from nomic_ci.core.verify import awaiting_reveal, read_whole, verify

from builders import DICE, HOUR, T0, make_files, make_game, proposal, review, roll, step


def files_of(game, **kwargs) -> dict[str, str]:
    """The files of a game the core stepped, as the engine writes them."""
    files = make_files(**kwargs)
    return {**files, **dump_state(game.state, files), **game.records.texts(),
            **{r.path: game.files[r.path] for r in game.records}}


def voted(p, at, *voters):
    return replace(p, reviews=tuple(review(v, at=at) for v in voters))


def played(game=None, dice=DICE) -> dict[str, str]:
    """The files after alice's and bob's proposals were decided, one die each (rolled as
    each opened)."""
    game = game or make_game()
    for n, (author, at) in enumerate([("alice", T0), ("bob", T0 + 2 * HOUR)], start=1):
        p = proposal(author, key=str(n), opened=at)
        _, game, _ = step(game, [p], at, dice)
        others = [v for v in ("alice", "bob", "carol") if v != author]
        _, game, _ = step(game, [voted(p, at + HOUR, *others)], at + HOUR, dice)
    return files_of(game)


FILES = played()
FIRST, SECOND = ("proposals/0000-0099/0001-a-proposal.yaml",
                 "proposals/0000-0099/0002-a-proposal.yaml")


def edited(path, old, new):
    """FILES with one edit, made as a careful cheater would: the index says it too."""
    assert old in FILES[path], old
    return indexed({**FILES, path: FILES[path].replace(old, new, 1)})


def indexed(files):
    return {**files, **read_whole(files)[0].records.texts()}


def test_a_record_edited_without_its_index_is_named_with_what_to_do():
    files = {**FILES, FIRST: FILES[FIRST].replace("title: A proposal", "title: Another")}
    assert verify(files) == [
        f"{INDEX}latest/00.jsonl: line 1 gives {FIRST} the title 'A proposal', but the record {FIRST} says "
        "'Another': see which one was edited ('git log -p -- "
        f"{FIRST} {INDEX}latest/00.jsonl'); restore an edited record from git history, or, where "
        "the record is right, run 'nomic-ci render' and commit the result"]
    assert verify(indexed(files)) == []


def test_a_game_played_by_the_engine_verifies():
    assert f"result: {roll(2)}" in FILES[SECOND]
    assert verify(FILES) == [] and verify(make_files()) == []


def test_a_hand_edited_score_is_named_with_the_file_and_the_player():
    files = edited("state/players.yaml", f"points: {roll(2)}", "points: 99")
    assert verify(files) == [
        f"state/players.yaml: bob has 99 points, but the records give {roll(2)} (0 to start + "
        f"{roll(2)} from dice and votes + 0 set by proposals + 0 from the admin's adjustments); "
        "correct a score with `nomic-ci adjust`, which records who and why"]


def test_a_recorded_die_its_inputs_do_not_give_is_named_with_its_record():
    wrong = roll(1) % 6 + 1
    found = verify(edited(FIRST, f"result: {roll(1)}", f"result: {wrong}"))
    assert f"{FIRST}: rule 103: 1d6 added to the proposer's score recorded {wrong}, but its " \
           f"inputs give {roll(1)}" in found
    assert any(line.startswith(f"{FIRST}: points") for line in found)  # no longer adds up


@pytest.mark.parametrize("old, new, words", [
    ("roll: 2", "roll: 1", "the game's roll 1 was also used in"),  # a roll used again
    ("seed: 5eed", "seed: beef", "was rolled from"),
    ("method: sha256-v1", "method: by-hand", "a die rolled by 'by-hand' cannot be re-rolled"),
])
def test_a_die_from_other_inputs_or_another_method_is_named(old, new, words):
    found = verify(edited(SECOND, old, new))
    assert any(line.startswith(SECOND) and words in line for line in found), found


def test_recorded_points_that_are_not_the_dice_are_named():
    found = verify(edited(FIRST, f"alice: {roll(1)}", "alice: 50"))
    assert found[0] == f"{FIRST}: points {{'alice': 50}} do not match the dice and votes " \
                       f"({roll(1)})"


@pytest.mark.parametrize("number, used", [(1, True), (2, True), (3, False), (9, False)])
def test_a_next_proposal_number_already_used_is_caught(number, used):
    found = verify(edited("state/game.yaml", "next_proposal: 3", f"next_proposal: {number}"))
    assert found == [f"state/game.yaml: next_proposal is {number}, but proposal 2 exists"] * used


def test_where_a_proposer_gains_the_net_votes_those_points_add_up_too():
    game, p = make_game(ruleset="infinite-nomic-r7"), proposal(paths=["rules/000-winning.md"])
    _, game, _ = step(game, [p], T0)  # rule 4: yes votes less no votes, and no dice
    _, game, record = step(game, [voted(p, T0 + HOUR, "bob", "carol")], T0 + 30 * HOUR)
    files = files_of(game, ruleset="infinite-nomic-r7")
    assert dict(record.points) == {"alice": 2} and verify(files) == []
    files = indexed({**files, record.path: files[record.path].replace("alice: 2", "alice: 3")})
    assert f"{record.path}: points {{'alice': 3}} do not match the dice and votes (2)" in \
        verify(files)


def test_the_rolls_of_proposals_decided_out_of_number_order_verify():
    game = make_game()  # as if a rule had let every player have a proposal in its vote
    game = replace(game, config=replace(game.config, proposing="one-open-each"))
    a, b = proposal("alice", key="a"), proposal("bob", key="b", opened=T0 + HOUR)
    for at in (T0, T0 + HOUR):
        _, game, _ = step(game, [a, b], at)
    _, game, _ = step(game, [a, voted(b, T0 + 2 * HOUR, "alice", "carol")], T0 + 2 * HOUR)
    _, game, _ = step(game, [a], T0 + 60 * HOUR)
    assert [r.number for r in sorted(game.records, key=lambda r: r.decided)] == [2, 1]
    assert verify(files_of(game)) == []


SECRET = "c0ffee1234abcdef" * 4


def secret_game(from_roll=1) -> dict[str, str]:
    """The same game with its dice drawn, from roll `from_roll`, from a secret not revealed."""
    game = make_game()
    game = replace(game, state=commit(game.state, commitment_of(SECRET), from_roll))
    return played(game, SecretDice(SECRET))


def revealed(files, secret=SECRET):
    return {**files, **dump_state(reveal(read_state(files), secret), files)}


def test_rolls_under_a_secret_wait_for_its_reveal_then_are_re_checked():
    files = secret_game()
    assert f"result: {derive_secret_roll(SECRET, 6, roll_inputs('5eed', 2, 2))}" in files[SECOND]
    assert verify(files) == [] and awaiting_reveal(files) == {commitment_of(SECRET): 2}
    assert verify(revealed(files)) == [] and awaiting_reveal(revealed(files)) == {}


def test_a_tampered_roll_under_a_secret_is_caught_once_it_is_revealed():
    files = secret_game()
    honest = derive_secret_roll(SECRET, 6, roll_inputs("5eed", 1, 1))
    forged = honest % 6 + 1
    files = indexed({**files, FIRST: files[FIRST].replace(f"result: {honest}", f"result: {forged}")
                     .replace(f"alice: {honest}", f"alice: {forged}")})
    files = {**files, "state/players.yaml": files["state/players.yaml"].replace(
        f"points: {honest}", f"points: {forged}", 1)}
    assert verify(files) == []  # nobody can tell before the reveal...
    assert verify(revealed(files)) == [f"{FIRST}: rule 103: 1d6 added to the proposer's score "
                                       f"recorded {forged}, but its inputs give {honest}"]


def test_a_wrong_reveal_is_caught():
    files = secret_game()
    wrong = files["state/game.yaml"].replace("revealed: null", f"revealed: {'f' * 64}")
    found = verify({**files, "state/game.yaml": wrong})
    assert len(found) == 1 and "is not the one committed to" in found[0]


def test_a_die_from_the_public_seed_after_the_commitment_is_caught():
    # roll 1 from the public seed; then the engine commits to a secret, from roll 2 on
    game = make_game()
    p = proposal("alice", key="1")
    _, game, _ = step(game, [p], T0)
    _, game, _ = step(game, [voted(p, T0 + HOUR, "bob", "carol")], T0 + HOUR)
    game = replace(game, state=commit(game.state, commitment_of(SECRET), 2))
    p = proposal("bob", key="2", opened=T0 + 2 * HOUR)
    _, game, _ = step(game, [p], T0 + 2 * HOUR, SecretDice(SECRET))
    _, game, _ = step(game, [voted(p, T0 + 3 * HOUR, "alice", "carol")], T0 + 3 * HOUR)
    files = files_of(game)
    assert verify(files) == [] and awaiting_reveal(files) == {commitment_of(SECRET): 1}
    forged = "".join(line for line in files[SECOND].splitlines(keepends=True)
                     if "commitment:" not in line).replace("hmac-sha256-v1", "sha256-v1")
    public = {**files, SECOND: forged}
    assert any("was to be drawn from the secret" in line for line in verify(public))


def test_a_roll_number_written_as_a_fraction_is_no_way_around_the_secret():
    files = revealed(secret_game())
    forged = files[SECOND].replace("roll: 2\n", "roll: 2.0\n")
    assert forged != files[SECOND]
    found = verify({**files, SECOND: forged})
    assert any("which is no roll number" in line or "was rolled from" in line for line in found)


def test_a_roll_of_a_proposal_still_in_its_vote_verifies_and_a_forged_one_is_caught():
    # seed 002 rule 103: the die is rolled as the proposal opens; it is in the state until
    # the proposal's record takes it
    game = make_game()
    _, game, _ = step(game, [proposal("alice", key="1")], T0)
    files = files_of(game)
    assert f"points: {roll(1)}" in files["state/players.yaml"]
    assert verify(files) == []
    forged = roll(1) % 6 + 1
    files = {**files, "state/game.yaml": files["state/game.yaml"].replace(
        f"result: {roll(1)}", f"result: {forged}"), "state/players.yaml": files[
        "state/players.yaml"].replace(f"points: {roll(1)}", f"points: {forged}", 1)}
    assert verify(files) == [f"state/game.yaml (proposal 1, in its vote): rule 103: 1d6 added "
                             f"to the proposer's score recorded {forged}, but its inputs give "
                             f"{roll(1)}"]


# --- Judgments (seed 001 rule 211): each replayed, step by step

def judged_files(*steps, pending=(), adjustments=""):
    """A Suber game with Judgment 1 ended after `steps`, Judgment 2 pending after `pending`
    (if given), and these adjustments."""
    from nomic_ci.core.files.judgments import dump_judgment
    from judging import invoked, suber
    game = suber()
    ended = invoked(game, *steps).state.judgment
    files = make_files("alice,bob,carol,dave", ruleset="suber-initial-set")
    files[ended.path] = dump_judgment(ended)
    if pending is not None and pending != ():
        second = replace(invoked(game, *pending).state.judgment, number=2)
        files.update(dump_state(replace(read_state(files), judgment=second), files))
    if adjustments:
        files["proposals/adjustments.yaml"] = adjustments
    return files


def test_a_judgment_played_as_the_procedure_says_verifies():
    from nomic_ci.core.files.judgments import CONSENT, OVERRULE, OVERRULED, RULING, TURN_BEGAN, Step
    from judging import at
    everyone = ("alice", "bob", "carol", "dave")
    files = judged_files(Step(at(2), RULING, by="dave", text="No."),
                         *(Step(at(3), OVERRULE, by=p) for p in ("alice", "bob", "carol")),
                         Step(at(3), OVERRULED, judge="carol", active=everyone,
                              needs="unanimous"),
                         Step(at(4), CONSENT, by="alice"), Step(at(4), CONSENT, by="carol"),
                         Step(at(4), TURN_BEGAN, by="bob", active=everyone, needs="majority"),
                         pending=(Step(at(5), CONSENT, by="carol"),))
    assert verify(files) == []


def test_a_judgment_that_broke_the_procedure_does_not_verify():
    from nomic_ci.core.files.judgments import OVERRULE, OVERRULED, RULING, TURN_BEGAN, Step
    from judging import at
    everyone = ("alice", "bob", "carol", "dave")
    files = judged_files(Step(at(2), RULING, by="dave", text="No."),
                         Step(at(3), OVERRULE, by="alice"),  # one vote: no unanimity
                         Step(at(3), OVERRULED, judge="carol", active=everyone,
                              needs="unanimous"),
                         Step(at(4), TURN_BEGAN, by="bob", active=everyone, needs="majority"))
    found = verify(files)
    path = next(p for p in files if p.startswith("judgments/"))
    assert f"{path}: Judgment 1, step 3 (overruled): 1 of the 3 other active players voted to " \
           "overrule, short of unanimous" in found
    assert f"{path}: Judgment 1, step 4 (next turn by bob): 0 of the 3 other active players " \
           "consented, short of majority" in found
    # a first Judge who is not the player beside the one moving
    files[path] = files[path].replace("judge: dave", "judge: bob", 1)
    assert any("its first Judge, bob, is not the active player preceding alice" in line
               for line in verify(files))


def test_an_adjustment_that_cites_a_judgment_cites_a_ruling_made():
    from nomic_ci.core.files.judgments import RULING, TURN_BEGAN, Step
    from judging import at
    adjustment = ("adjustments:\n  - at: '{at}'\n    login: bob\n    points: 2\n"
                  "    reason: the ruling\n    by: judy\n    judgment: {n}\n")
    steps = (Step(at(2), RULING, by="dave", text="Bob gets 2."),
             Step(at(3), TURN_BEGAN, by="bob"))
    bob = "state/players.yaml"

    def with_points(files):
        files[bob] = files[bob].replace("login: bob\n    id: null\n    points: 0",
                                        "login: bob\n    id: null\n    points: 2")
        return files
    good = with_points(judged_files(*steps, adjustments=adjustment.format(
        at="2026-05-01T16:00:00Z", n=1)))
    assert verify(good) == []
    early = with_points(judged_files(*steps, adjustments=adjustment.format(
        at="2026-05-01T12:30:00Z", n=1)))
    assert "proposals/adjustments.yaml: the adjustment of 2026-05-01T12:30:00Z carries out " \
           "Judgment 1, which had no ruling then" in verify(early)
    missing = with_points(judged_files(*steps, adjustments=adjustment.format(
        at="2026-05-01T16:00:00Z", n=5)))
    assert any("carries out Judgment 5, which there is not" in line for line in verify(missing))
