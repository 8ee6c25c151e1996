"""Infinite Nomic round 7 (seed 004) where two rules act at once, played through the players'
commands on both forges: the Cop Car on Master of Your Fate's space (rules 8 and 11), a
Number used at any time beside a roll and its offer (rules 8 and 13), and onto the Cop Car
or a Bank outside its holder's turn (rules 8 and 11), and commands that are not moves in a
turn the Gulag counts (rule 8).

Each expected position and score is worked out from the seed's words, quoted where it
decides; the dice are the game's own, from a seed that rolls what each story needs.
"""

from __future__ import annotations

import re

import pytest

from nomic_ci.core.game import load_game
from nomic_ci.core.verify import verify

from boardgames import board, forge_tables, points, seed_for, where
from tables import engine_comments


@pytest.fixture(params=["local", "github"])
def table(request):
    with forge_tables(request.param, "infinite-nomic-r7") as make:
        yield make


def numbers(t, login: str) -> tuple[int, ...]:
    return board(t).token(login).numbers


@pytest.mark.parametrize("chooses", ["a", None])
def test_a_player_landing_on_the_cop_car_on_space_7_faces_it_and_may_buy_the_roll(
        table, tmp_path, chooses):
    """Rule 11: "If a player lands on a space with a Cop Car, they must, before their turn
    ends, choose one of the following options (otherwise the first option is taken"; rule 8:
    "If you land on space 7, you may spend X points to buy this dice roll". Both are effects
    of one landing (rule 11: all the effects of its features, alphabetically): the Cop Car's
    choice stands, and the roll is offered beside it."""
    # the game's dice: alice 4, bob 2, bob 4, alice 2
    t = table(tmp_path, seed_for((6, 4), (6, 2), (6, 4), (6, 2)))
    t.later().command("alice", "/roll")  # 1 + 4 = 5: Fives, 10; a rolled 4 brings the Cop Car
    assert points(t)["alice"] == 10 and board(t).cop_car.space == 5
    t.command("alice", "/pass")
    t.command("bob", "/roll")  # 1 + 2 = 3
    t.command("bob", "/pass")
    t.command("carol", "/pass")
    t.command("alice", "/pass")
    t.command("bob", "/roll")  # 3 + 4 = 7; "after moving" the Cop Car comes to 7 (rule 11)
    assert where(t, "bob") == 7 and board(t).cop_car.space == 7
    assert board(t).turn.fate == 4  # offered; bob, with 0 points, cannot buy it (rule 16)
    t.command("bob", "/pass")
    t.command("carol", "/pass")
    t.command("alice", "/roll")  # 5 + 2 = 7: the Cop Car's space and Master of Your Fate's
    assert where(t, "alice") == 7
    assert "Cop Car on space 7 (rule 11): alice must choose" in t.out
    assert "alice may /choose buy, spending 2 points to keep 2 as a Number" in t.out
    assert board(t).turn.choice == "cop-car" and board(t).turn.fate == 2
    t.command("alice", "/choose buy")  # 10 − 2 = 8, and the Number 2
    assert points(t)["alice"] == 8 and numbers(t, "alice") == (2,)
    assert board(t).turn.choice == "cop-car"  # buying answers nothing of the Cop Car's
    t.command("alice", "/choose buy")  # once
    assert "alice has no roll to buy" in t.out
    if chooses:
        t.command("alice", f"/choose {chooses}")  # a: admit fault, moving to the Jail
        assert where(t, "alice") == "jail" and t.status()["turn"] == "alice"
        t.command("alice", "/pass")
    else:
        t.command("alice", "/pass")  # no choice before the turn ends: option a
        assert "alice's turn ended without a choice for the Cop Car, so option a is taken" \
            in t.out
    assert where(t, "alice") == "jail" and t.status()["turn"] == "bob"
    assert points(t)["alice"] == 8 and numbers(t, "alice") == (2,)
    assert verify(t.files()) == []


def test_a_number_is_used_at_any_time_beside_the_roll_and_its_offer(table, tmp_path):
    """Rule 8: "At any time, You may use a Number in your possession to advance forward
    exactly that many spaces"; buying the roll on 7 is a "may", which asks nothing of a
    player who does not; and a roll that lands on 7 is "the number you just rolled", whatever
    moved the player before it."""
    # the game's dice: alice 5, bob 5, alice 5, bob 5, alice 6, bob 5
    t = table(tmp_path, seed_for((6, 5), (6, 5), (6, 5), (6, 5), (6, 6), (6, 5)),
              players="alice,bob")
    for who in ("alice", "bob", "alice", "bob"):
        t.later().command(who, "/roll")
        t.command(who, "/pass")
    # each: 1 + 5 = 6, then 6 + 5: 7, 8, 9, 10, 1; rule 13: to space 1, +5 and a Number 1
    assert where(t, "alice") == where(t, "bob") == 1
    assert points(t) == {"alice": 5, "bob": 5} and numbers(t, "bob") == (1,)
    t.command("alice", "/roll")  # 1 + 6 = 7: the roll of 6 is offered, for 6 points
    assert "alice may /choose buy, spending 6 points" in t.out
    t.command("alice", "/use 1")  # she does not buy: her Number takes her on, 7 → 8
    assert where(t, "alice") == 8 and numbers(t, "alice") == ()
    t.command("alice", "/choose buy")  # the offer stood until the turn's end; 5 points
    assert "alice has 5 points and may not buy for 6 (rule 16)" in t.out
    t.command("alice", "/pass")
    t.command("bob", "/use 1")  # 1 → 2, before his roll
    t.command("bob", "/roll")  # 2 + 5 = 7, by the roll: it is offered
    assert where(t, "bob") == 7 and "bob may /choose buy, spending 5 points" in t.out
    t.command("bob", "/choose buy")
    assert points(t)["bob"] == 0 and numbers(t, "bob") == (5,)
    t.command("bob", "/pass")
    assert t.status()["turn"] == "alice"
    t.command("bob", "/use 5")  # in alice's turn: 7 → 8, 9, 10, 1, 2; rule 13 at 1
    assert where(t, "bob") == 2 and points(t)["bob"] == 5 and numbers(t, "bob") == (1,)
    assert t.status()["turn"] == "alice"  # his Number moved him; the turn is hers
    assert verify(t.files()) == []


def test_a_number_used_outside_ones_turn_onto_the_cop_car_leaves_its_choice_till_ones_turn_ends(
        table, tmp_path):
    """Rule 11's Cop Car: "they must, before their turn ends, choose"; a player it meets
    outside their turn (a Number is used "at any time", rule 8) chooses until their own turn
    ends, and no one else's turn ends by their bribe."""
    # the game's dice: alice 6, alice 6
    t = table(tmp_path, seed_for((6, 6), (6, 6)), players="alice,bob")
    t.later().command("alice", "/roll")  # 1 + 6 = 7; the roll is offered, and not bought
    t.command("alice", "/pass")
    t.command("bob", "/pass")
    t.command("alice", "/roll")  # 7 + 6: 8, 9, 10, 1, 2, 3; rule 13: +5, a Number 1
    t.command("alice", "/pass")
    assert (where(t, "alice"), points(t)["alice"], numbers(t, "alice")) == (3, 5, (1,))
    t.command("alice", "/use 1")  # in bob's turn: 3 → 4, the Cop Car's space
    assert where(t, "alice") == 4 and "Cop Car on space 4 (rule 11): alice must choose" in t.out
    assert board(t).token("alice").choice == "cop-car"
    t.command("bob", "/choose a")  # the choice is alice's
    assert "bob has no choice to make now" in t.out
    t.command("bob", "/pass")  # bob's turn ends: alice's choice waits for hers
    assert where(t, "alice") == 4 and t.status()["turn"] == "alice"
    t.command("alice", "/roll")
    assert "alice has a choice to make first: /choose (rule 11)" in t.out
    t.command("alice", "/pass")  # her turn ends without a choice: option a, the Jail
    assert "option a is taken" in t.out and where(t, "alice") == "jail"
    assert board(t).token("alice").choice is None and t.status()["turn"] == "bob"
    assert verify(t.files()) == []


def test_a_number_used_outside_ones_turn_onto_a_bank_opens_it_till_ones_turn_ends(table,
                                                                                   tmp_path):
    """Rule 11's Bank: "When a player lands on a space with a 'Bank' feature, they may
    deposit points"; a Number lands its holder "at any time" (rule 8), so the Bank is open to
    them until their own turn ends, as a choice landing offers waits for it (rule 11). Rule 5
    amended to 30 spaces puts a Bank (a multiple of 7 above 7) on space 14."""
    # the game's dice: alice 4, 2 and 5
    t = table(tmp_path, seed_for((6, 4), (6, 2), (6, 5)), players="alice,bob")
    rule = "rules/005-the-game-board.md"
    t.later().branch("big", {rule: t.read(rule).replace("spaces: 10", "spaces: 30")},
                     author="alice")
    t.propose("alice", "big")
    t.vote(1, "bob")
    t.later(24).tick()  # passed: alice gains 1 (rule 4); her turn ran out: bob's
    t.command("bob", "/pass")
    t.command("alice", "/roll")  # 1 + 4 = 5: Fives, 11
    for who in ("alice", "bob"):
        t.command(who, "/pass")
    t.command("alice", "/roll")  # 5 + 2 = 7: Master of Your Fate
    t.command("alice", "/choose buy")  # 11 − 2 = 9, and the Number 2
    for who in ("alice", "bob"):
        t.command(who, "/pass")
    t.command("alice", "/roll")  # 7 + 5 = 12
    t.command("alice", "/pass")
    assert (where(t, "alice"), points(t)["alice"], numbers(t, "alice")) == (12, 9, (2,))
    t.command("alice", "/use 2")  # in bob's turn: 12 → 13, 14, a Bank
    assert "alice may /deposit or /withdraw points until their own turn ends" in t.out
    t.command("alice", "/deposit 5")  # 9 − 5 = 4
    assert points(t)["alice"] == 4 and board(t).token("alice").account == 5
    t.command("bob", "/pass")
    t.command("alice", "/withdraw 5")  # her own turn: still open
    assert points(t)["alice"] == 9 and board(t).token("alice").account == 0
    t.command("alice", "/pass")  # her turn ends, and with it what the landing allowed
    t.command("bob", "/pass")
    t.command("alice", "/deposit 5")
    assert "alice has not landed on a Bank this turn" in t.out
    assert verify(t.files()) == []


@pytest.mark.parametrize("command", ["/buy House", "/trade carol 1 point for nothing"])
def test_a_turn_in_which_its_player_gave_a_command_is_not_a_missed_turn(table, tmp_path,
                                                                         command):
    """Rule 8: "If a player misses two of their own turns in a row, they are removed from
    the turn order and placed into the Gulag". A turn in which the player acted (bought, offered
    a trade) is one they took, not one they missed."""
    t = table(tmp_path, seed_for((6, 4)))  # bob's roll: 4
    t.later().command("alice", "/pass")
    t.command("bob", "/roll")  # 1 + 4 = 5: Fives, 10 points
    assert points(t)["bob"] == 10
    for who in ("bob", "carol", "alice"):
        t.command(who, "/pass")
    t.command("bob", command)  # all bob does in his second turn
    t.later(25).tick()  # it runs out (rule 3)
    assert board(t).token("bob").missed_turns == 0
    for who in ("carol", "alice"):
        t.command(who, "/pass")
    t.later(25).tick()  # bob's third turn passes idle: one missed
    assert board(t).token("bob").missed_turns == 1 and where(t, "bob") == 5
    for who in ("carol", "alice"):
        t.command(who, "/pass")
    t.later(25).tick()  # and his fourth: two in a row, the Gulag
    assert where(t, "bob") == "gulag"
    assert verify(t.files()) == []


def repeal_in_its_vote(t, rule: str, key: str) -> None:
    """alice's proposal taking `key`'s binding out of `rule`, with bob's and carol's votes
    in (it passes at its window's end, rule 4), and her turn passed: bob's turn."""
    repealed = re.sub(rf"  {key}:\n(    .*\n)*", "", t.read(rule))
    assert f"{key}:" not in repealed
    t.later().branch(f"no-{key}", {rule: repealed}, author="alice")
    assert t.propose("alice", f"no-{key}") == 1
    t.vote(1, "bob")
    t.vote(1, "carol")
    t.later(20).command("alice", "/pass")


@pytest.mark.parametrize("then", ["/pass", "/choose b", "/roll"])
def test_a_cop_car_choice_waiting_when_a_proposal_repealing_the_cop_car_passes_is_no_ones(
        table, tmp_path, then):
    """Rule 11: "If a player lands on a space with a Cop Car, they must, before their turn
    ends, choose"; rule 4: a passed proposal takes effect. Bob lands on the Cop Car; before
    his turn ends, alice's proposal removing the Cop Car from rule 11 passes. The seed is
    silent on a choice whose rule is repealed while it waits: no rule in force asks it any
    more, so it is no one's, and bob plays on as if it were never offered. Before, the first
    command or turn's end to reach it stopped every run after (KeyError: 'cop_car')."""
    t = table(tmp_path, seed_for((6, 3)))  # the game's die: bob's 3
    repeal_in_its_vote(t, "rules/011-features.md", "cop_car")
    t.command("bob", "/roll")  # 1 + 3 = 4: the Cop Car's space
    assert "Cop Car on space 4 (rule 11): bob must choose" in t.out
    t.command("bob", "/continue")
    t.later(4).tick()  # alice's proposal passes (rule 4) in bob's turn
    assert load_game(t.files()).records[0].outcome.value == "passed"
    assert t.status()["turn"] == "bob"
    t.command("bob", then)
    if then == "/choose b":
        assert "bob has no choice to make now" in t.out
    if then == "/roll":
        assert "bob has already moved this turn" in t.out
    t.later(24).tick()  # his turn ends, by /pass or by running out (rule 3)
    assert t.status()["turn"] != "bob" and where(t, "bob") == 4  # no Jail: option a is gone
    assert board(t).turn is None and board(t).token("bob").choice is None
    assert board(t).cop_car is None  # no rule makes it a feature: it left the board
    assert t.cli("verify") == 0, t.err  # replayed from the Cop Car the game began with


def test_a_repeal_of_the_cop_car_on_master_of_your_fates_space_leaves_the_roll_to_buy(
        table, tmp_path):
    """Rules 8 and 11 on space 7: the Cop Car, brought there by alice's roll of 4, and Master
    of Your Fate. Bob lands there, faces the Cop Car and is offered his roll; then alice's
    proposal taking the Cop Car out of rule 11 passes in his turn. The Cop Car leaves the
    board and its choice is no one's; Master of Your Fate, still in force, still offers the
    roll while the turn lasts."""
    # the game's dice: alice 2, alice 4, bob 6
    t = table(tmp_path, seed_for((6, 2), (6, 4), (6, 6)))
    t.later().command("alice", "/roll")  # 1 + 2 = 3
    for who in ("alice", "bob", "carol"):
        t.command(who, "/pass")
    t.command("alice", "/roll")  # 3 + 4 = 7; "after moving" the Cop Car comes to 7
    assert where(t, "alice") == 7 and board(t).cop_car.space == 7
    t.command("alice", "/continue")  # her turn goes on while she proposes (rule 7)
    repeal_in_its_vote(t, "rules/011-features.md", "cop_car")
    t.command("bob", "/roll")  # 1 + 6 = 7: the Cop Car's space and Master of Your Fate's
    assert "Cop Car on space 7 (rule 11): bob must choose" in t.out
    assert board(t).turn.choice == "cop-car" and board(t).turn.fate == 6
    t.command("bob", "/continue")
    t.later(4).tick()  # alice's proposal passes (rule 4) in bob's turn
    assert load_game(t.files()).records[0].outcome.value == "passed"
    assert board(t).cop_car is None and board(t).turn.fate == 6
    t.command("bob", "/choose a")
    assert "bob has no choice to make now" in t.out
    t.command("bob", "/choose buy")  # bob has no points to buy it with (rule 8)
    assert where(t, "bob") == 7 and board(t).turn.fate == 6
    t.command("bob", "/pass")
    assert t.status()["turn"] == "carol" and where(t, "bob") == 7  # no Jail: option a is gone
    assert t.cli("verify") == 0, t.err


def test_a_player_in_jail_when_a_proposal_repealing_the_jail_passes_goes_free_and_moves_on(
        table, tmp_path):
    """Rule 8: "There is a non-primary space named Jail. A player who is in Jail may not move
    on their turn", and "Once a player escapes jail, they are immediately placed on the
    primary space with the lowest number". Bob admits fault to the Cop Car (rule 11: option
    a, the Jail); then alice's proposal taking the Jail out of rule 8 passes. The seed is
    silent on a player in a Jail no rule keeps: nothing holds him there, so his next roll
    places him as an escaped player is, on space 1, and moves him on. Before, he could never
    move again: /roll said "/escape instead", and no rule in force gave /escape."""
    # the game's dice: bob's 3, then his 2
    t = table(tmp_path, seed_for((6, 3), (6, 2)))
    repeal_in_its_vote(t, "rules/008-points-and-tiles.md", "jail")
    t.command("bob", "/roll")  # 1 + 3 = 4: the Cop Car's space
    t.command("bob", "/choose a")  # admit fault: the Jail
    assert where(t, "bob") == "jail"
    t.later(5).tick()  # alice's proposal passes (rule 4); bob's turn ran out (rule 7)
    assert load_game(t.files()).records[0].outcome.value == "passed"
    for who in ("carol", "alice"):
        t.command(who, "/pass")
    t.command("bob", "/roll")
    assert "bob is out of Jail" in t.out, t.out
    assert where(t, "bob") == 3  # placed on 1, and 1 + 2 = 3
    assert verify(t.files()) == []


def to_the_gulag(t) -> None:
    """bob misses two of his turns in a row (rule 8): the Gulag; then it is carol's turn."""
    t.later().command("alice", "/pass")
    t.later(25).tick()  # bob's turn runs out: one missed
    for who in ("carol", "alice"):
        t.command(who, "/pass")
    t.later(25).tick()  # and his second: two in a row
    assert where(t, "bob") == "gulag" and t.status()["turn"] == "carol"


def gulag_amended(t, branch: str, text: str | None) -> None:
    """carol's proposal giving rule 8's Gulag `text` (None: taking it out), passed with
    alice's vote at its window's end (rule 4); carol's turn passed, and alice's."""
    rule = "rules/008-points-and-tiles.md"
    now = t.read(rule)
    amended = re.sub(r"  gulag:\n(    .*\n)*", text or "", now) if "  gulag:" in now \
        else now.replace("  master_of_your_fate:", f"{text}  master_of_your_fate:")
    assert amended != now
    carol_passes(t, branch, {rule: amended})


def carol_passes(t, branch: str, files: dict[str, str]) -> int:
    """carol's proposal of `files`, in her turn, passed with alice's vote at its window's
    end (rule 4); carol's turn passed, and alice's. Its number."""
    t.later().branch(branch, files, author="carol")
    number = t.propose("carol", branch)
    assert number is not None, t.out
    t.vote(number, "alice")
    t.later(20).command("carol", "/pass")
    t.command("alice", "/pass")
    t.later(5).tick()
    assert load_game(t.files()).records[-1].outcome.value == "passed"
    return number


def decision_told(t, number: int) -> str:
    """What the engine told of proposal `number`'s decision: on its pull request on GitHub,
    as `tick` prints it locally."""
    return "\n".join(engine_comments(t, t.pr_of(number))) if hasattr(t, "fake") else t.out


def test_a_player_in_the_gulag_when_a_proposal_repealing_the_gulag_passes_is_freed_at_once(
        table, tmp_path):
    """Rule 8: "If a player misses two of their own turns in a row, they are removed from
    the turn order and placed into the Gulag. As long as a player is in the Gulag they are
    unable to gain or lose points, take turns, or make proposals", until they rejoin "at
    which point they are placed on space 1". Bob goes to the Gulag; carol's proposal taking
    the Gulag out of rule 8 passes. The seed is silent on a player in a Gulag no rule keeps:
    no rule in force holds him, so the merge frees him at once, on space 1 as a rejoining
    player is, his seat in the players' list kept (only the Gulag skipped it), and his
    missed turns counted from none. Freed at once, not at his next action: the board shows
    no one held by a rule that is gone, and a Gulag enacted again later holds no one it did
    not put there itself. Before, he was held for good: skipped in the turn order, his
    proposals refused, every command but /rejoin refused, and /rejoin gone with the rule:
    a lock a rival could put on him on purpose."""
    t = table(tmp_path, seed_for((6, 2)))  # bob's roll: 2
    to_the_gulag(t)
    gulag_amended(t, "no-gulag", None)
    assert where(t, "bob") == 1 and board(t).token("bob").missed_turns == 0
    assert "No rule in force keeps a Gulag now (rule 8 did): bob is freed, on space 1." in \
        decision_told(t, 1)
    assert t.status()["turn"] == "carol"
    for who in ("carol", "alice"):
        t.command(who, "/pass")
    assert t.status()["turn"] == "bob"  # after alice: his seat, no longer skipped
    t.later().command("bob", "/roll")
    assert where(t, "bob") == 3, t.out  # 1 + 2
    t.branch("bobs", {"rules/100-bob.md": "---\nnumber: 100\ntitle: Bob\nmutable: true\n"
                      "---\nBob was here.\n"}, author="bob")
    assert t.propose("bob", "bobs") is not None, t.out
    assert [o.author.login for o in load_game(t.files()).state.open_proposals] == ["bob"]
    assert verify(t.files()) == []


def test_a_gulag_enacted_again_after_its_repeal_holds_no_one_it_did_not_put_there(
        table, tmp_path):
    """Rule 8's Gulag taken out, then put back by a later proposal: the player it held
    before its repeal was freed then, and the Gulag enacted again counts his missed turns
    from none; missing two more in a row puts him there again, and he may /rejoin."""
    t = table(tmp_path, seed_for())
    to_the_gulag(t)
    gulag_amended(t, "no-gulag", None)
    assert where(t, "bob") == 1
    for who in ("carol", "alice", "bob"):
        t.command(who, "/pass")
    gulag_amended(t, "gulag-again", "  gulag:\n    missed_turns: 2\n")
    assert where(t, "bob") == 1 and board(t).token("bob").missed_turns == 0
    assert t.status()["turn"] == "bob"
    t.later(25).tick()  # his turn runs out: one missed, counted from none
    assert board(t).token("bob").missed_turns == 1 and where(t, "bob") == 1
    for who in ("carol", "alice"):
        t.command(who, "/pass")
    t.later(25).tick()  # and his next: two in a row
    assert where(t, "bob") == "gulag"
    t.command("bob", "/rejoin")
    assert where(t, "bob") == 1, t.out
    assert verify(t.files()) == []


def test_a_player_in_the_gulag_when_its_rule_is_amended_but_kept_stays_and_may_rejoin(
        table, tmp_path):
    """Rule 8's Gulag amended (three missed turns, not two) while bob is in it: a Gulag is
    still kept by a rule in force, so he stays in it, out of the turn order, and leaves it
    as the rule says, by /rejoin."""
    t = table(tmp_path, seed_for())
    to_the_gulag(t)
    gulag_amended(t, "three", "  gulag:\n    missed_turns: 3\n")
    assert where(t, "bob") == "gulag" and t.status()["turn"] == "carol"
    t.command("bob", "/roll")
    assert "bob is in the Gulag and takes no turns until they /rejoin" in t.out
    t.command("bob", "/rejoin")
    assert where(t, "bob") == 1, t.out
    assert verify(t.files()) == []


def test_a_player_left_in_a_gulag_no_rule_keeps_is_held_out_of_nothing(tmp_path):
    """A game whose Gulag was repealed with bob in it before the merge freed him (an older
    engine's board, kept here by the admin's correction): no rule in force keeps a Gulag, so
    it holds no one. Bob takes his turn in his seat, his roll places him on space 1 first, as
    a player leaving the Gulag is (rule 8), and he may propose."""
    from tables import LocalTable
    t = LocalTable(tmp_path / "g", players="alice,bob,carol", ruleset="infinite-nomic-r7",
                   dice_seed=seed_for((6, 2)))
    t.later().command("alice", "/pass")
    t.command("bob", "/pass")
    gulag_amended(t, "no-gulag", None)  # carol's, passed in her turn; alice passed
    assert t.status()["turn"] == "bob"
    left = tmp_path / "board.yaml"
    left.write_text(t.read("state/board.yaml").replace("login: bob\n    space: 1",
                                                       "login: bob\n    space: gulag"))
    assert t.cli("adjust", "--board", str(left), "--as", "alice", "--reason",
                 "bob was left in the Gulag its repeal found him in") == 0, t.err
    assert where(t, "bob") == "gulag"
    for who in ("bob", "carol", "alice"):
        t.command(who, "/pass")
    assert t.status()["turn"] == "bob"  # not skipped
    t.command("bob", "/roll")
    assert where(t, "bob") == 3, t.out  # placed on 1, and 1 + 2 = 3
    assert "no rule in force keeps one, so bob is placed on space 1" in t.out
    t.branch("bobs", {"rules/100-bob.md": "---\nnumber: 100\ntitle: Bob\nmutable: true\n"
                      "---\nBob was here.\n"}, author="bob")
    t.propose("bob", "bobs")
    assert [o.author.login for o in load_game(t.files()).state.open_proposals] == ["bob"]
    assert t.cli("verify") == 0, t.err


def test_a_player_left_in_a_gulag_no_rule_keeps_is_freed_by_the_gulag_enacted_again(tmp_path):
    """As above, bob left in a Gulag no rule keeps (an older engine's board); the next
    proposal to pass is the one putting the Gulag back. It holds no one it did not put there
    itself: bob, held by no rule before it, is freed at its merge, told so, and keeps his
    seat in the turn order. Before, the Gulag enacted again found him in it and held him:
    out of the turn order and his proposals refused until he wrote /rejoin."""
    from tables import LocalTable
    t = LocalTable(tmp_path / "g", players="alice,bob,carol", ruleset="infinite-nomic-r7",
                   dice_seed=seed_for())
    t.later().command("alice", "/pass")
    t.command("bob", "/pass")
    gulag_amended(t, "no-gulag", None)  # carol's, passed in her turn; alice passed
    left = tmp_path / "board.yaml"
    left.write_text(t.read("state/board.yaml").replace("login: bob\n    space: 1",
                                                       "login: bob\n    space: gulag"))
    assert t.cli("adjust", "--board", str(left), "--as", "alice", "--reason",
                 "bob was left in the Gulag its repeal found him in") == 0, t.err
    t.command("bob", "/pass")
    gulag_amended(t, "gulag-again", "  gulag:\n    missed_turns: 2\n")
    assert "bob is freed from the Gulag, on space 1: no rule kept one before, and rule 8 " \
        "holds only those it sends there." in t.out
    assert where(t, "bob") == 1 and t.status()["turn"] == "bob"
    assert t.cli("verify") == 0, t.err


def test_offers_open_when_trading_is_repealed_are_withdrawn_at_its_merge(table, tmp_path):
    """Rule 16's trades: alice offers bob 5 points for nothing; carol's proposal taking
    `trades` out of rule 16 passes before he accepts. No rule in force lets anyone trade, so
    /accept and /decline are gone with it: the offer could never be taken up nor taken back,
    and stayed in state/board.yaml for good. Now the merge withdraws it, says so, and the
    record keeps the board it leaves, for `verify`."""
    t = table(tmp_path, seed_for((6, 4)))
    t.later().command("alice", "/roll")  # 1 + 4 = 5: Fives, +10 (rule 8)
    t.command("alice", "/trade bob 5 points for nothing")  # action 2, offer 2
    assert [o.number for o in board(t).offers] == [2]
    t.command("alice", "/pass")
    t.command("bob", "/pass")  # carol's turn
    rule = "rules/016-commerce.md"
    number = carol_passes(t, "no-trades", {rule: t.read(rule).replace("  trades: consent\n",
                                                                       "")})
    told = decision_told(t, number)
    assert "No rule in force lets players trade now (rule 16 did): the offer open is " \
        "withdrawn (2: alice to bob)." in told, told
    assert board(t).offers == () and points(t)["alice"] == 10
    t.command("bob", "/accept 2")
    assert "the rules in force have no /accept command" in t.out
    assert verify(t.files()) == []
