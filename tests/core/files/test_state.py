"""The state's values: players found by id or login, the Admin, the proposals' names."""

from dataclasses import replace

from hypothesis import given, strategies as st

from nomic_ci.core.facts import Account
from nomic_ci.core.files.state import GameState, OpenProposal, Player
from nomic_ci.core.files.statefile import read_state

from builders import T0


def test_the_admin_is_matched_by_numeric_id_where_both_have_one(files):
    state = replace(read_state(files), admin="the-admin", admin_id=42)
    assert state.is_admin(Account("the-admin-renamed", 42))
    assert not state.is_admin(Account("the-admin", 7))  # someone who took the old name
    assert replace(state, admin_id=None).is_admin(Account("The-Admin", 7))
    assert not replace(state, admin=None).is_admin(Account("the-admin", 42))


def test_a_proposal_is_named_by_its_number_or_as_a_request_to_join():
    open_ = OpenProposal(7, "7", "A", Account("alice"), T0, "h", T0)
    assert open_.name == "proposal 7" and open_.capitalized_name == "Proposal 7"
    join = replace(open_, number=None, join=True)
    assert join.capitalized_name == "The request to join by alice"


@given(st.lists(st.tuples(st.sampled_from(["ann", "Ann", "bob", "cy"]),
                          st.one_of(st.none(), st.integers(1, 4))), max_size=6),
       st.sampled_from(["ann", "ANN", "bob", "dee"]), st.one_of(st.none(), st.integers(1, 5)))
def test_finding_a_player_gives_the_first_in_turn_order_that_matches(seats, login, number):
    players = tuple(Player(name, id_, 0) for name, id_ in seats)
    state = GameState(players, None, None, 1, (), (), None, T0, "5eed")

    def walked(account):  # the rule, as a walk down the list
        for p in players:
            if p.id is not None and account.id is not None:
                if p.id == account.id:
                    return p
            elif p.login.lower() == account.login.lower():
                return p
        return None
    account = Account(login, number)
    assert state.player(account) == walked(account)
