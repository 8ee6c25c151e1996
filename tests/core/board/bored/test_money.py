"""Money (seed 003 rules 4, 11.3, 19): paying, bankruptcy, the sale back, winning by money."""

from dataclasses import replace

import pytest

from nomic_ci.core.board.bored import money
from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.mechanics.registry import BINDINGS

from boardgames import bored_game, counters, play_on


def test_the_bindings():
    assert money.parse_money({"counter": "money", "sell_back_divisor": 3}) == \
        money.Money("money", 3)
    for bad in ({"counter": "", "sell_back_divisor": 3}, {"counter": "money"},
                {"counter": "money", "sell_back_divisor": 0}, "money"):
        with pytest.raises(ValueError):
            BINDINGS["money"].parse(bad)
    with pytest.raises(ValueError):
        BINDINGS["money_wins"].parse(0)


def test_no_one_pays_into_bankruptcy_and_a_bankrupt_player_pays_nothing():
    # 4.3: "No player may take any voluntary action that directly causes him to become
    # bankrupt. Additionally, any player that is bankrupt may not take any voluntary action
    # that directly results in a loss of money."
    play = play_on(bored_game(Token("alice"), stats={"alice": {"money": 100},
                                                     "bob": {"money": 0}}))
    assert money.pay_refusal(play, "alice", 99) is None  # $1 left is not bankrupt
    assert money.pay_refusal(play, "alice", 100) == (
        "alice has $100 and paying $100 would leave $0: no one may make themselves bankrupt "
        "(rule 4)")
    assert money.pay_refusal(play, "bob", 0).startswith(
        "bob is bankrupt (0 money, under 1), and a bankrupt player may take no action")
    assert "makes no choices" in money.choice_refusal(play, "bob")
    assert money.choice_refusal(play, "alice") is None


def test_the_sale_back_is_a_third_rounded_up():
    game = bored_game()
    assert [money.sell_back(play_on(game), price) for price in (100, 3000, 300, 1)] == \
        [34, 1000, 100, 1]


def test_paying_and_receiving_change_the_counter():
    play = play_on(bored_game(Token("alice")))
    money.pay(play, "alice", 250, "a purchase")
    money.receive(play, "alice", 1000, "an egg")
    assert counters(play, "alice")["money"] == 10750


def test_a_million_wins_and_so_does_the_last_player_not_bankrupt():
    game = bored_game(stats={"bob": {"money": 1_000_000}})
    assert money.winners(game) == (("bob",), "bob has at least $1,000,000 (rule 19)")
    game = bored_game(stats={"alice": {"money": 0}, "carol": {"money": 0}})
    assert money.winners(game) == (("bob",), "bob is the only player not bankrupt (rule 11)")
    assert money.winners(bored_game(stats={"alice": {"money": 0}})) is None
    over = bored_game(stats={"bob": {"money": 1_000_000}})
    assert money.winners(replace(over, state=replace(over.state, ended_at=over.state.last_change))) \
        is None
