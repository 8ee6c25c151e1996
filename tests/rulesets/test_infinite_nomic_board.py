"""Infinite Nomic round 7's board, played by its players' commands on both forges: through
`nomic-ci command` on the local forge, and as comments on the game issue of the fake GitHub,
answered by `nomic-ci github reconcile`.

Every expected position and score is worked out here from the seed's text (004), citing
its rules; the dice are the game's own, from a seed chosen so that they roll what each
story needs (`seed_for`).
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from nomic_ci.core.game import load_game
from nomic_ci.core.verify import verify
from tables import LocalTable

from boardgames import board, forge_tables, points, roll_of, seed_for, where

MINUTE = 1 / 60


@pytest.fixture(params=["local", "github"])
def table(request):
    """A factory of round 7 games on one forge: (tmp_path, dice seed[, players])."""
    with forge_tables(request.param, "infinite-nomic-r7") as make:
        yield make


def actions(t) -> list[str]:
    return sorted(p for p in t.files() if p.startswith("actions/")
                  and not p.startswith("actions/index/"))


def test_fives_the_cop_car_looping_and_commands_out_of_turn_twice_or_wrong(table, tmp_path):
    # the game's dice, in order: alice's /roll 4, bob's 3, alice's next 6
    t = table(tmp_path, seed_for((6, 4), (6, 3), (6, 6)))
    t.later().command("alice", "/roll")
    # rule 7: 1 + 4 = 5; rule 8 (Fives): 5 is divisible by 5, +10; rule 11: a rolled 4
    # brings the Cop Car from space 4 to alice's space after moving
    assert "alice rolls 4" in t.out and "alice moves 1 → 2 → 3 → 4 → 5" in t.out
    assert where(t, "alice") == 5 and points(t)["alice"] == 10
    assert board(t).cop_car.space == 5
    t.command("bob", "/roll")  # rule 2: it is alice's turn
    assert "only the player whose turn it is may /roll (it is alice's turn)" in t.out
    t.command("alice", "/roll")  # rule 7: once on their turn
    assert "alice has already moved this turn (rule 7: once a turn)" in t.out
    if t.kind == "github":  # not a player: just talk, no answer, nothing changes
        t.command("mallory", "/roll")
    else:  # here, the command line refuses to write it
        assert t.cli("command", "--as", "mallory", "/roll") == 2 and "not a player" in t.err
    assert len(actions(t)) == 1
    t.later(6 * MINUTE).tick()  # rule 7: no /continue within five minutes of moving
    assert t.status()["turn"] == "bob"
    t.command("bob", "/roll 6")  # a player cannot choose their roll
    assert "/roll takes nothing after it" in t.out and where(t, "bob") == 1
    t.command("bob", "/roll")
    assert where(t, "bob") == 4  # 1 + 3; the Cop Car left space 4 for space 5
    assert t.status()["turn"] == "bob"
    t.command("bob", "/continue")  # rule 7: the turn does not end five minutes on
    t.later(10 * MINUTE).tick()
    assert t.status()["turn"] == "bob"
    t.command("bob", "/pass")
    t.command("carol", "/pass")
    t.command("alice", "/roll")
    # rule 7 on a ring of 10 (rule 5): 5 + 6 = 11, which is space 1; rule 13: advancing to
    # or past space 1 gains 5 points and grants a Number 1
    assert "alice moves 5 → 6 → 7 → 8 → 9 → 10 → 1" in t.out
    assert where(t, "alice") == 1 and points(t)["alice"] == 15
    assert board(t).token("alice").numbers == (1,)
    assert len(actions(t)) == 4  # two /roll, /continue, /roll
    assert verify(t.files()) == []
    assert t.cli("render", "--check") == 0


def test_the_cop_car_jail_and_the_paid_escape_after_two_failures(table, tmp_path):
    # alice rolls 3, then fails to escape with 2 and with 1
    t = table(tmp_path, seed_for((6, 3), (6, 2), (6, 1)))
    t.later().command("alice", "/roll")
    # 1 + 3 = 4, where the Cop Car starts (rule 11): alice must choose a, b or c
    assert where(t, "alice") == 4 and board(t).turn.choice == "cop-car"
    t.command("alice", "/choose d")
    assert "choose a, b or c" in t.out
    t.command("alice", "/choose b")  # rule 11's bribe costs 5 points: alice has 0
    assert "option b is not open: a bribe costs 5 points and alice has 0" in t.out
    t.command("alice", "/choose a")  # rule 11, a: admit fault, moving to the Jail
    assert where(t, "alice") == "jail"
    for who in ("alice", "bob", "carol"):
        t.command(who, "/pass")
    t.command("alice", "/roll")  # rule 8: a player in Jail may not move
    assert "alice is in Jail and may not move" in t.out
    t.command("alice", "/escape")  # a 2: not 5 or 6
    t.command("alice", "/escape pay")
    assert "already tried to escape this turn" in t.out
    for who in ("alice", "bob", "carol"):
        t.command(who, "/pass")
    t.command("alice", "/escape")  # a 1: a second failure in a row
    assert board(t).token("alice").jail_failures == 2
    for who in ("alice", "bob", "carol"):
        t.command(who, "/pass")
    t.command("alice", "/escape pay")  # rule 8: after two failures, lose 1 point to escape
    assert where(t, "alice") == 1 and points(t)["alice"] == -1
    assert verify(t.files()) == []


def test_two_missed_turns_send_a_player_to_the_gulag_until_they_rejoin(table, tmp_path):
    t = table(tmp_path, "gulag")
    t.later().command("alice", "/pass")
    t.later(25).tick()  # bob's turn passes after 24 hours (rule 3): one missed turn
    assert board(t).token("bob").missed_turns == 1
    t.later(25).tick()  # carol misses one too
    t.command("alice", "/pass")
    t.later(25).tick()  # bob's second in a row: the Gulag (rule 8)
    assert where(t, "bob") == "gulag"
    assert t.status()["turn"] == "carol"
    t.command("carol", "/pass")
    t.command("alice", "/pass")
    assert t.status()["turn"] == "carol"  # bob takes no turns in the Gulag
    t.command("bob", "/roll")
    assert "bob is in the Gulag" in t.out
    t.command("bob", "/rejoin")  # placed on space 1, at the bottom of the turn order
    assert where(t, "bob") == 1
    assert [p["login"] for p in t.status()["players"]] == ["alice", "carol", "bob"]
    assert verify(t.files()) == []


def test_exploring_the_frontier_adds_spaces_and_a_snake_or_ladder_pair(table, tmp_path):
    # alice: 5 (1 → 6), then 4 (6 → 10, the Frontier, where the Cop Car follows her), then,
    # exploring with a 5, four new spaces and a pair
    t = table(tmp_path, seed_for((6, 5), (6, 4), (6, 5)))
    t.later().command("alice", "/roll")
    for who in ("alice", "bob", "carol"):
        t.command(who, "/pass")
    t.command("alice", "/roll")
    assert where(t, "alice") == 10 and points(t)["alice"] == 10  # Fives (rule 8)
    assert board(t).cop_car.space == 10  # a rolled 4 (rule 11)
    for who in ("alice", "bob", "carol"):
        t.command(who, "/pass")
    seed = board(t) and t.read("state/game.yaml").split("dice_seed: ")[1].split()[0]
    t.command("alice", "/roll")  # rule 8: a movement roll on the Frontier explores
    assert "alice rolls 5" in t.out and "/explore" in t.out
    assert where(t, "alice") == 10 and board(t).added_spaces == 0  # nothing explored yet
    t.command("alice", "/explore now")
    assert "/explore takes nothing after it" in t.out
    t.command("alice", "/buy House")  # rule 8: the steps follow "with no intervening actions"
    assert "alice rolled on the Frontier and explores first: /explore" in t.out
    t.command("bob", "/explore")  # rule 8: another player only after ten minutes
    assert "only alice may explore the Frontier now" in t.out
    t.command("alice", "/explore")
    # rule 8, Frontier: 1. add 5 − 1 = 4 spaces (11 to 14); 2. 4 ≥ 3, so a d2 picks a
    # Snake (1) or Ladder (2), on a random new space (a d4 over 11–14) and a random old space
    # with no features (the Cop Car is on 10; Fives and Master of Your Fate are rule 8's
    # tiles, not rule 11's features: so a d9 over 1–9); 3. advance 5: 11, 12, 13,
    # 14, 1, where rule 13's looping gives 5 points
    kind = "Snake" if roll_of(seed, 4, 2) == 1 else "Ladder"
    new = 10 + roll_of(seed, 5, 4)
    old = roll_of(seed, 6, 9)
    pair = board(t).pairs[0]
    assert (pair.kind, pair.number, pair.lower, pair.upper) == (kind, 1, old, new)
    assert board(t).added_spaces == 4
    assert "alice moves 10 → 11 → 12 → 13 → 14 → 1" in t.out
    assert where(t, "alice") == 1 and points(t)["alice"] == 15
    t.command("bob", "/explore")  # explored already: nothing waits
    assert "no roll on the Frontier waits to be explored" in t.out
    assert verify(t.files()) == []


def test_after_ten_minutes_another_player_explores_the_frontier_for_the_roller(table,
                                                                                tmp_path):
    """Rule 8: "If ten minutes have passed since a movement roll has been made by a player
    on The Frontier but new territory has not been explored, then any other player can
    explore new territory on their behalf and their turn does not end until new territory
    has been explored." Rule 5 amended to 6 spaces puts the Frontier within reach."""
    # the game's dice: bob 5 (1 → 6, the Frontier), then his roll there, a 3
    t = table(tmp_path, seed_for((6, 5), (6, 3)))
    rule = "rules/005-the-game-board.md"
    t.later().branch("small", {rule: t.read(rule).replace("spaces: 10", "spaces: 6")},
                     author="alice")
    t.propose("alice", "small")
    t.vote(1, "bob")
    t.later(24).tick()  # passed (rule 4): alice's turn ran out meanwhile (rule 3): bob's turn
    assert t.status()["turn"] == "bob"
    t.command("bob", "/roll")  # 1 + 5 = 6: the highest space, the Frontier
    assert where(t, "bob") == 6
    for who in ("bob", "carol", "alice"):
        t.command(who, "/pass")
    t.command("bob", "/roll")  # a 3, on the Frontier: he explores next
    rolled_at = t.now
    t.command("bob", "/pass")  # rule 8: the turn does not end until explored
    assert "the turn does not end until new territory is explored" in t.out
    t.later(9 * MINUTE).tick()  # rule 7's five minutes do not end it: bob has not moved
    assert t.status()["turn"] == "bob"
    t.command("carol", "/explore")  # nine minutes: too soon
    assert "only bob may explore the Frontier now" in t.out
    t.later(2 * MINUTE).tick()  # the timer tells the others, stamped with when it was due
    timer = load_game(t.files()).actions.record(-1)
    assert timer.command == "frontier timer"
    assert timer.at == rolled_at + timedelta(minutes=10)
    assert "any other player may now /explore for them (rule 8)" in timer.answer
    if t.kind == "github":  # the game issue tells the other players, once
        told = [c.body for c in t.fake.world.comments_on(t.game_issue())
                if "may now /explore" in c.body]
        assert len(told) == 1 and "@alice" in told[0] and "@carol" in told[0]
    t.later(24).tick()  # rule 3's 24 hours do not end the turn either
    assert t.status()["turn"] == "bob"
    t.command("carol", "/explore")
    # rule 8: 3 − 1 = 2 spaces (7 and 8), fewer than 3: no pair; bob advances 3 from the
    # Frontier: 7, 8, 1; rule 13: to or past space 1, +5 and a Number 1
    assert "carol explores on bob's behalf" in t.out and "bob moves 6 → 7 → 8 → 1" in t.out
    assert board(t).added_spaces == 2 and board(t).pairs == ()
    assert where(t, "bob") == 1 and points(t)["bob"] == 5
    assert board(t).token("bob").numbers == (1,)
    t.command("alice", "/explore")  # carol explored: nothing waits
    assert "no roll on the Frontier waits" in t.out
    t.later(6 * MINUTE).tick()  # bob moved as carol explored: rule 7's five minutes end it
    assert t.status()["turn"] == "carol"
    assert verify(t.files()) == []


def test_a_proposal_that_amends_a_board_binding_changes_the_next_move(table, tmp_path):
    # alice's turn runs out while the vote runs (a missed turn: rule 8's Gulag counts it);
    # bob's roll, the game's first die, is a 4: 1 → 5, Fives
    t = table(tmp_path, seed_for((6, 4)))
    rule = "rules/008-points-and-tiles.md"
    t.later().branch("fives", {rule: t.read(rule).replace("    points: 10", "    points: 20")},
                     author="alice")
    assert t.propose("alice", "fives") == 1
    t.vote(1, "bob")
    t.vote(1, "carol")
    t.later(24).tick()  # rule 4: 24 hours, more 👍 than 👎: passed; rule 3: bob's turn
    assert "points: 20" in t.read(rule)
    t.command("bob", "/roll")
    assert where(t, "bob") == 5 and points(t)["bob"] == 20  # the amended Fives (rule 8)
    assert verify(t.files()) == []


def awaiting_fix(t) -> str:
    """Why the one proposal made is not put to the vote: it awaits a fix (what it changes is
    its author's to mend), and nothing is decided or recorded meanwhile."""
    game = load_game(t.files())
    [held] = game.state.awaiting_fix
    assert not list(game.records) and not game.state.open_proposals
    return held.reason


@pytest.mark.parametrize("spaces", [0, 1])
def test_a_board_of_fewer_than_two_spaces_is_refused_at_proposal_time(table, tmp_path, spaces):
    t = table(tmp_path, "tiny")
    rule = "rules/005-the-game-board.md"
    t.later().branch("tiny", {rule: t.read(rule).replace("spaces: 10", f"spaces: {spaces}")},
                     author="alice")
    t.propose("alice", "tiny")
    assert "{spaces: N} with N from 2" in awaiting_fix(t)


def test_a_board_that_would_shrink_under_a_token_is_refused_at_proposal_time(table, tmp_path):
    t = table(tmp_path, seed_for((6, 6)))
    t.later().command("alice", "/roll")  # 1 + 6 = 7
    rule = "rules/005-the-game-board.md"
    t.branch("small", {rule: t.read(rule).replace("spaces: 10", "spaces: 6")}, author="bob")
    t.propose("bob", "small")
    assert "alice's token is on space 7, but the board has 6 spaces" in awaiting_fix(t)


def test_verify_replays_the_board_and_names_what_disagrees(table, tmp_path):
    t = table(tmp_path, seed_for((6, 4), (6, 3)))
    t.later().command("alice", "/roll")  # 1 → 5, Fives, the Cop Car follows (rolled 4)
    t.command("alice", "/pass")
    t.command("bob", "/roll")  # 1 → 4
    files = t.files()
    assert verify(files) == []
    moved = {**files, "state/board.yaml": files["state/board.yaml"].replace(
        "login: bob\n    space: 4", "login: bob\n    space: 9")}
    assert [p.split(";")[0] for p in verify(moved)] == [
        "state/board.yaml: bob's space is 9, but the actions give 4"]
    first = next(p for p in files if p.startswith("actions/000000-000099/000001"))
    loaded = files[first].replace('"result": 4', '"result": 6')
    problems = verify({**files, first: loaded})
    assert any(p.startswith(f"{first}: movement (rule 7) recorded 6, but its inputs give 4")
               for p in problems), problems
    rerolled = files[first].replace('"roll": 1,', '"roll": 7,')
    assert any("is recorded as the game's roll 7" in p
               for p in verify({**files, first: rerolled}))


def test_a_proposal_that_states_an_event_changes_the_points_and_the_board(table, tmp_path):
    # rule 4: "the events stated in the proposal take effect": alice gains 5 points and
    # her token goes to space 7; alice's roll afterwards is a 3: 7 + 3 = 10
    t = table(tmp_path, seed_for((6, 3)))
    players = t.read("state/players.yaml").replace("points: 0", "points: 5", 1)
    board_text = t.read("state/board.yaml").replace("login: alice\n    space: 1",
                                                    "login: alice\n    space: 7")
    t.later().branch("events", {"state/players.yaml": players, "state/board.yaml": board_text},
                     author="alice")
    assert t.propose("alice", "events") == 1
    t.vote(1, "bob")
    t.command("alice", "/pass")
    # passed, 1 👍 (bob) − 0 👎: +1 point as well (rule 4); meanwhile bob's turn ran out
    # (rule 3), which the engine wrote into bob's token: the two changes merge
    t.later(24).tick()
    record = load_game(t.files()).records[0]
    assert record.outcome.value == "passed" and dict(record.points_stated) == {"alice": 5}
    assert where(t, "alice") == 7 and points(t)["alice"] == 6
    assert board(t).token("bob").missed_turns == 1
    assert verify(t.files()) == []
    t.command("carol", "/pass")
    t.command("alice", "/roll")  # from where the event put her: 7 + 3 = 10, Fives
    assert where(t, "alice") == 10 and points(t)["alice"] == 16
    assert verify(t.files()) == []


def test_a_stated_event_that_leaves_an_impossible_board_is_refused_before_the_vote(table, tmp_path):
    t = table(tmp_path, "events")
    board_text = t.read("state/board.yaml").replace("login: alice\n    space: 1",
                                                    "login: alice\n    space: 11")
    t.later().branch("off", {"state/board.yaml": board_text}, author="alice")
    t.propose("alice", "off")
    assert "alice's token is on space 11, but the board has 10 spaces" in awaiting_fix(t)


def test_stated_events_that_change_a_seat_or_the_turn_order_are_refused_before_the_vote(
        table, tmp_path):
    """Rule 4's stated events are the points and the board: the players' seats (accounts,
    order, vetoes) change only through the rules' own procedures."""
    t = table(tmp_path, "events")
    players = t.read("state/players.yaml")
    bob = players[players.index("  - login: bob"):].split("  - login: carol")[0]
    seized = players.replace(bob, "  - login: bob\n    id: 666\n" + bob.split("\n", 2)[2])
    t.later().branch("seize", {"state/players.yaml": seized}, author="alice")
    t.propose("alice", "seize")
    reason = awaiting_fix(t)
    assert "its stated events change who holds a seat (bob (" in reason
    assert "they may change the points and the board alone (rule 4)" in reason
    assert t.read("state/players.yaml") == players  # bob keeps his seat


def test_a_bigger_board_by_proposal_then_a_shop_a_flute_a_bank_and_a_house(table, tmp_path):
    """Rule 5 amended to 30 spaces (so rule 11's Shops, on primes above 10, and Banks, on
    multiples of 7 above 7, are on the board); then alice shops, banks and builds."""
    # alice's rolls, the game's dice in order: 4, 6, 3, 6, 1 and 1
    t = table(tmp_path, players="alice,bob", seed=seed_for((6, 4), (6, 6), (6, 3), (6, 6), (6, 1),
                                      (6, 1)))
    rule = "rules/005-the-game-board.md"
    t.later().branch("big", {rule: t.read(rule).replace("spaces: 10", "spaces: 30")},
                     author="alice")
    t.propose("alice", "big")
    t.vote(1, "bob")
    t.later(24).tick()  # passed: alice +1 (rule 4); it is bob's turn (rule 3)
    t.command("bob", "/pass")

    def cycle():
        t.command("alice", "/pass")
        t.command("bob", "/pass")

    t.command("alice", "/roll")  # 1 + 4 = 5: Fives, +10 (rule 8): 11
    cycle()
    t.command("alice", "/roll")  # 5 + 6 = 11, prime and above 10: a Shop (rule 11)
    assert "Shop on space 11 (rule 11): alice may /buy Flute for 3" in t.out
    t.command("alice", "/buy Flute")  # 11 − 3 = 8
    assert board(t).token("alice").item("Flute") == 1 and points(t)["alice"] == 8
    t.command("alice", "/use Flute Snake 1U up")
    assert "there is no Snake 1" in t.out  # rule 20: no Snake yet
    t.command("alice", "/pass")
    t.command("bob", "/buy House")  # rule 16: bob has 0 points
    assert "bob has 0 points and may not buy for 5 (rule 16)" in t.out
    t.command("bob", "/pass")
    t.command("alice", "/roll")  # 11 + 3 = 14, a multiple of 7 above 7: a Bank
    t.command("alice", "/deposit 7")
    assert "deposits are positive multiples of 5 (rule 11)" in t.out
    t.command("alice", "/deposit 5")  # 8 − 5 = 3, account 5
    assert board(t).token("alice").account == 5 and points(t)["alice"] == 3
    cycle()
    t.command("alice", "/roll")  # 14 + 6 = 20: Fives, 13; no Bank passed (15 to 20)
    t.command("alice", "/withdraw 1")
    assert "alice has not landed on a Bank this turn" in t.out
    cycle()
    t.command("alice", "/roll")  # 20 + 1 = 21, a Bank: 1 point per 5 in the account
    assert board(t).token("alice").account == 6
    t.command("alice", "/withdraw 6")  # 13 + 6 = 19
    t.command("alice", "/buy House")  # 19 − 5 = 14 (rule 11: at any time)
    t.command("alice", "/house")  # 21 has a Bank: a House needs a space with no feature
    assert "space 21 has Bank" in t.out
    cycle()
    t.command("alice", "/roll")  # 21 + 1 = 22: no feature
    t.command("alice", "/house")
    assert [(h.space, h.owner) for h in board(t).houses] == [(22, "alice")]
    assert points(t)["alice"] == 14 and board(t).token("alice").item("House") == 0
    assert verify(t.files()) == [] and t.cli("render", "--check") == 0
    assert 'data-features="House"' in t.read("state/board.svg")


def test_master_of_your_fate_a_number_a_bribe_and_a_fight_with_the_cop_car(table, tmp_path):
    # the game's dice, in order: alice 4, alice 2, bob 4, alice 6, then her fight: the
    # officer 2, alice 5
    t = table(tmp_path, players="alice,bob", seed=seed_for((6, 4), (6, 2), (6, 4), (6, 6), (6, 2),
                                      (6, 5)))
    t.later().command("alice", "/roll")  # 1 + 4 = 5: Fives, 10; the Cop Car comes to 5
    t.command("alice", "/pass")
    t.command("bob", "/pass")
    t.command("alice", "/roll")  # 5 + 2 = 7: Master of Your Fate (rule 8)
    assert "may /choose buy, spending 2 points to keep 2 as a Number" in t.out
    t.command("alice", "/choose buy")  # 10 − 2 = 8, and the Number 2
    assert board(t).token("alice").numbers == (2,) and points(t)["alice"] == 8
    t.command("alice", "/pass")
    t.command("bob", "/pass")
    t.command("alice", "/use 3")
    assert "alice has no Number 3 (their Numbers: 2)" in t.out
    t.command("alice", "/use 2")  # 7 + 2 = 9; the Number is used up
    assert where(t, "alice") == 9 and board(t).token("alice").numbers == ()
    t.command("alice", "/pass")
    t.command("bob", "/roll")  # 1 + 4 = 5: the Cop Car's space (rule 11), and Fives: 10
    assert board(t).turn.choice == "cop-car" and points(t)["bob"] == 10
    t.command("bob", "/choose b")  # the bribe: 5 points, 5 health, and the turn ends
    assert points(t)["bob"] == 5 and board(t).cop_car.health == 205
    assert t.status()["turn"] == "alice"
    t.command("alice", "/roll")
    # 9 + 6: 10, 1, 2, 3, 4, 5. Rule 13: past space 1, +5, and a Number 1; on 5, the Cop
    # Car's choice and Fives, +10: 8 + 5 + 10 = 23
    assert where(t, "alice") == 5 and points(t)["alice"] == 23
    assert board(t).token("alice").numbers == (1,)
    t.command("alice", "/choose c")  # the officer rolls 2, alice 5: +10, and 10 health off
    assert "the officer rolls 2, alice rolls 5" in t.out
    assert points(t)["alice"] == 33 and board(t).cop_car.health == 195
    assert verify(t.files()) == []


def test_a_stated_setup_then_a_rolled_escape_interest_passing_a_bank_a_toll_and_a_flute(
        table, tmp_path):
    """A proposal (rule 4: its stated events take effect) makes the board 30 spaces (rule 5)
    and sets a position: bob in Jail, alice on 12 with 10 points in the bank and a Flute,
    bob's House on 15, Snake 1 from 2 to 16. Then the seed's rules play it out."""
    from dataclasses import replace as replaced

    from nomic_ci.core.board.boardfile import House, Pair, dump_board, read_board

    # the game's dice: bob's escape 5, alice's rolls 3 and 2
    t = table(tmp_path, players="alice,bob", seed=seed_for((6, 5), (6, 3), (6, 2)))
    start = read_board(t.read("state/board.yaml"))
    setup = replaced(start, houses=(House(15, "bob"),), pairs=(Pair("Snake", 1, 2, 16),))
    setup = setup.with_token(replaced(setup.token("alice"), space=12, account=10,
                                      items=(("Flute", 1),)))
    setup = setup.with_token(replaced(setup.token("bob"), space="jail"))
    rule = "rules/005-the-game-board.md"
    t.later().branch("setup", {rule: t.read(rule).replace("spaces: 10", "spaces: 30"),
                               "state/board.yaml": dump_board(setup, ("alice", "bob")),
                               "state/players.yaml": t.read("state/players.yaml").replace(
                                   "points: 0", "points: 10", 1)}, author="alice")
    assert t.propose("alice", "setup") == 1
    t.command("alice", "/pass")  # the proposal's tokens merge only with untouched ones
    t.vote(1, "bob")
    t.command("bob", "/pass")
    t.later(24).tick()  # passed: 1 👍 − 0 👎, alice 10 + 1 = 11 (rule 4)
    assert load_game(t.files()).records[0].outcome.value == "passed"
    assert points(t) == {"alice": 11, "bob": 0} and where(t, "bob") == "jail"
    while t.status()["turn"] != "bob":
        t.command(t.status()["turn"], "/pass")
    t.command("bob", "/escape")  # rule 8: a 5 or a 6 frees him onto space 1
    assert "bob rolls 5 and escapes" in t.out and where(t, "bob") == 1
    t.command("bob", "/pass")
    t.command("alice", "/roll")
    # 12 + 3: 13, 14, 15. Rule 11's Bank on 14 (a multiple of 7 above 7), passed: 1 point
    # per 5 in the account, 10 → 12. On 15, in rule 11's alphabetical order: Fives (rule 8,
    # +10: 21), then bob's House: alice has a point, so she loses one and bob gains it
    assert "alice moves 12 → 13 → 14 → 15" in t.out
    assert board(t).token("alice").account == 12
    assert points(t) == {"alice": 20, "bob": 1}
    t.command("bob", "/use Flute Snake 1U up")  # bob has no Flute
    assert "bob has no Flute" in t.out
    t.command("alice", "/use Flute Snake 1U up")  # rule 11: a Snake to an adjacent tile
    assert (board(t).pairs[0].lower, board(t).pairs[0].upper) == (2, 17)
    assert board(t).token("alice").item("Flute") == 0  # used, it disappears (rule 11)
    t.command("alice", "/pass")
    t.command("bob", "/pass")
    t.command("alice", "/roll")
    # 15 + 2 = 17, Snake 1U since the Flute moved it: rule 20, down to Snake 1L on 2
    assert where(t, "alice") == 2 and points(t) == {"alice": 20, "bob": 1}
    assert verify(t.files()) == [] and t.cli("render", "--check") == 0


def test_trades_need_both_players_consent_and_goods_they_have(table, tmp_path):
    """Rule 16: "Players may buy, sell, and trade items and currencies with other players.
    The exchange ... takes place immediately after both players consent to the trade"; and
    no one buys with 0 or fewer points, or into debt."""
    t = table(tmp_path, seed_for((6, 4)))
    t.later().command("alice", "/roll")  # 1 + 4 = 5: Fives, +10 (rule 8)
    assert points(t)["alice"] == 10
    for text, why in [
            ("/trade alice 1 point for nothing", "alice cannot trade with themselves"),
            ("/trade bob -3 points for nothing", "'-3 points' is not an amount"),
            ("/trade bob 0 points for 1 House", "'0 points': an amount is 1 or more"),
            ("/trade bob 11 points for nothing",
             "alice has 10 points, not 11: no one trades what they do not have (rule 16)"),
            ("/trade mallory 1 point for nothing", "mallory is not a player"),
            ("/trade bob 2 VP for nothing", "'VP' cannot be traded"),  # rule 0: no currency
            ("/trade bob nothing for nothing", "both sides are nothing"),
            ("/trade bob 5 points", "say whom and what: /trade LOGIN")]:
        t.command("alice", text)
        assert why in t.out, (text, t.out)
    t.command("alice", "/trade bob 5 points for nothing")  # a gift: action 2, offer 2
    assert "Trade 2 (rule 16): alice offers bob 5 points for nothing" in t.out
    assert points(t) == {"alice": 10, "bob": 0, "carol": 0}  # not before bob consents
    t.command("alice", "/accept 2")
    assert "only bob may accept it" in t.out
    t.command("carol", "/decline 2")
    assert "Trade 2 (rule 16) is between alice and bob" in t.out
    t.command("bob", "/accept 2")  # out of turn: trades are not turn actions
    assert points(t) == {"alice": 5, "bob": 5, "carol": 0}
    t.command("bob", "/accept 2")  # twice
    assert "there is no open offer 2" in t.out
    t.command("bob", "/buy House")  # rule 11: at any time, for 5 points: bob 0
    t.command("bob", "/trade alice 1 House for 3 points")  # action 5
    t.command("carol", "/trade alice 1 point for 1 House")  # carol has no point
    assert "carol has 0 points, not 1" in t.out
    t.command("alice", "/accept 5")
    assert points(t) == {"alice": 2, "bob": 3, "carol": 0}
    assert board(t).token("alice").item("House") == 1 and board(t).token("bob").items == ()
    t.command("bob", "/trade alice 1 point for 1 House")  # action 7
    t.command("bob", "/decline 7")  # the offerer withdraws it
    assert "bob withdraws it" in t.out and board(t).offers == ()
    t.command("alice", "/trade bob 2 points for 3 points")  # action 9, kept open
    t.command("bob", "/trade carol 3 points for nothing")  # action 10
    t.command("carol", "/accept 10")  # bob gives his 3 points away meanwhile
    t.command("bob", "/accept 9")  # what he would give is gone
    assert "bob has 0 points, not 3: no one trades what they do not have" in t.out
    assert [o.number for o in board(t).offers] == [9]
    assert points(t) == {"alice": 2, "bob": 0, "carol": 3}
    assert verify(t.files()) == []


def test_an_admins_correction_of_the_board_says_why_and_verify_replays_from_it(tmp_path):
    """Not a rule of the seed's: the admin's ruling, kept by `nomic-ci adjust --board` beside
    who and why (proposals/adjustments.yaml), as every change of the state must be."""
    t = LocalTable(tmp_path / "g", players="alice,bob", ruleset="infinite-nomic-r7",
                   dice_seed=seed_for((6, 2), (6, 3)))
    t.later().command("alice", "/roll")  # 1 + 2 = 3
    t.command("alice", "/pass")
    fixed = tmp_path / "board.yaml"
    fixed.write_text(t.read("state/board.yaml").replace("login: alice\n    space: 3",
                                                        "login: alice\n    space: 2"))
    assert t.cli("adjust", "--board", str(fixed), "--as", "admin", "--reason", "") == 2
    assert t.cli("adjust", "--board", str(fixed), "--as", "admin", "--reason",
                 "alice's roll was read as 2 at the table") == 0, t.err
    assert "the board is corrected (state/board.yaml)" in t.out
    assert where(t, "alice") == 2
    assert "reason: alice's roll was read as 2" in t.read("proposals/adjustments.yaml")
    assert t.cli("verify") == 0, t.err
    t.command("bob", "/roll")  # 1 + 3 = 4, the Cop Car's space (rule 11)
    assert where(t, "bob") == 4 and t.cli("verify") == 0, t.err
    before = t.files()
    for text, why in [
            (fixed.read_text().replace("login: bob", "login: mallory"),
             "mallory has a token but is no player"),
            (fixed.read_text().replace("space: 2", "space: 11"),
             "alice's token is on space 11, but the board has 10 spaces"),
            (t.read("state/board.yaml"), "there is nothing to correct"),
            ("tokens: [", str(fixed))]:
        fixed.write_text(text)
        assert t.cli("adjust", "--board", str(fixed), "--as", "admin", "--reason", "x") == 2
        assert why in t.err, t.err
    assert t.cli("adjust", "--board", str(tmp_path / "none.yaml"), "--as", "admin",
                 "--reason", "x") == 2 and "cannot read" in t.err
    assert t.files() == before  # refused: nothing changed
    moved = {**before, "state/board.yaml": before["state/board.yaml"].replace(
        "login: bob\n    space: 4", "login: bob\n    space: 9")}  # by hand, unrecorded
    assert verify(moved) == ["state/board.yaml: bob's space is 9, but the actions give 4; "
                             "an admin corrects the board with `nomic-ci adjust --board FILE`, "
                             "which records who and why"]


def test_the_actions_index_lost_or_edited_is_caught_and_render_rebuilds_it(tmp_path):
    """The index is the actions' fast path; their records are the truth."""
    t = LocalTable(tmp_path / "g", players="alice,bob", ruleset="infinite-nomic-r7",
                   dice_seed=seed_for((6, 2)))
    t.later().command("alice", "/roll")
    index = t.root / "actions" / "index" / "latest" / "00.jsonl"
    written = index.read_text()
    assert '"command": "/roll"' in written and t.cli("render", "--check") == 0
    index.write_text(written.replace('"login": "alice"', '"login": "bob"'))
    record = "actions/000000-000099/000001-alice-roll.json"
    assert t.cli("verify") == 1 and f"latest/00.jsonl: line 1 gives {record} the login 'bob', " \
        f"but the record {record} says 'alice'" in t.err
    index.unlink()
    assert t.cli("render", "--check") == 1 and "actions/index/ is out of date" in t.err
    assert t.cli("render") == 0 and "wrote actions/index/latest/00.jsonl" in t.out
    assert index.read_text() == written and t.cli("verify") == 0, t.err


def test_a_cop_car_choice_not_made_before_the_turn_ends_is_option_a(table, tmp_path):
    # rule 11: "they must, before their turn ends, choose one of the following options
    # (otherwise the first option is taken": a, admit fault, moving to the Jail
    t = table(tmp_path, seed_for((6, 3)))
    t.later().command("alice", "/roll")  # 1 + 3 = 4, the Cop Car's space
    assert board(t).turn.choice == "cop-car"
    t.command("bob", "/choose c")  # not bob's choice
    assert "only the player whose turn it is may /choose" in t.out
    t.later(6 * MINUTE).tick()  # rule 7: no /continue within five minutes: the turn ends
    assert t.status()["turn"] == "bob" and where(t, "alice") == "jail"
    assert points(t)["alice"] == 0 and verify(t.files()) == []
