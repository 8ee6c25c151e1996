"""Claims (seed 001, rule 308)."""

from dataclasses import replace

from nomic_ci.core.board.suber import claims
from nomic_ci.core.board.boardfile import Token
from nomic_ci.core.board.worldfile import Settler

from suberworld import holding, play, suber_game


def test_a_claim_after_three_turns_in_a_row_one_each():
    p = play(suber_game(Token("alice", "Marsh"), settlers=(Settler("alice", stay=2),)))
    assert "ended 2 turn(s) in a row in the Marsh, and a claim needs 3" in claims.claim(
        p, "alice", [])
    p = play(suber_game(Token("alice", "Marsh"), settlers=(Settler("alice", stay=3),)))
    assert claims.claim(p, "alice", []) is None
    assert p.board.world.settler("alice").claim == "Marsh"
    assert "already has a claim, in the Marsh" in claims.claim(p, "alice", [])


def test_a_location_takes_at_most_its_claims():
    one_a_location = {"rules/308-claims.md": lambda t: t.replace("per_location: 5",
                                                                 "per_location: 1")}
    game = suber_game(Token("alice", "Marsh"), Token("bob", "Marsh"),
                      settlers=(Settler("alice", stay=3), Settler("bob", stay=3, claim="Marsh")),
                      rules=one_a_location)
    assert "the Marsh has 1 claims (bob), the most a location may have (rule 308)" == \
        claims.claim(play(game), "alice", [])


def test_upgrades_cost_the_previous_cost_plus_the_rules():
    game = suber_game(holding("alice", "Marsh", timber=60, iron=45, wheat=45),
                      settlers=(Settler("alice", claim="Marsh"),))
    p = play(game)
    assert claims.upgrade(p, "alice", []) is None  # 20 timber, 15 iron, 15 wheat
    assert claims.upgrade(p, "alice", []) is None  # 40, 30 and 30
    assert dict(p.token("alice").items) == {}
    assert "upgrade 3 costs 45 iron, 60 timber, 45 wheat" in claims.upgrade(p, "alice", [])
    p = play(suber_game(settlers=(Settler("alice", claim="Marsh", upgrades=8),)))
    assert "upgraded 8 times, the most" in claims.upgrade(p, "alice", [])
    assert "no claim to upgrade" in claims.upgrade(play(suber_game()), "alice", [])


def test_a_claim_yields_a_die_and_one_per_upgrade_where_it_is():
    game = suber_game(Token("alice", "Marsh"),
                      settlers=(Settler("alice", claim="Marsh", upgrades=2),))
    assert claims.claim_yield(play(game, "alice", 1, 2, 3), "alice", "Marsh") == 6
    assert claims.claim_yield(play(game, "alice", 1), "alice", "Jungle") == 0


def test_a_claim_is_lost_after_two_turns_away_unless_four_were_spent_there():
    away = suber_game(Token("alice", "Jungle"),
                      settlers=(Settler("alice", claim="Marsh", held=3, away=1),))
    p = play(away)
    claims.turn_ended(p, "alice")
    assert p.board.world.settler("alice").claim is None
    rooted = replace(away.state.board.world.settler("alice"), held=4)
    game = suber_game(Token("alice", "Jungle"), settlers=(rooted,))
    p = play(game)
    claims.turn_ended(p, "alice")
    assert p.board.world.settler("alice").claim == "Marsh"
    assert p.board.world.settler("alice").away == 2
