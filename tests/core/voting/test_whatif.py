"""What a proposal would change if it passed, and whether it can pass at all."""

import pytest

from nomic_ci.core.facts import ChangeKind, FileChange
from nomic_ci.core.voting.admission import requirement
from nomic_ci.core.voting.whatif import never_passes, what_if

from builders import make_game, new_rule, proposal

NINE = make_game("alice,bob,carol,dave,erin,fred,gina,hal,ivy")
LAYERS, VICTORY = "rules/104-the-layer-cake-rule.md", "rules/101-victory-condition.md"


def amending(game, path, old, new):
    assert old in game.files[path]
    return proposal(changes=[FileChange(path, ChangeKind.MODIFIED)],
                    texts=[(path, game.files[path].replace(old, new))])


def test_a_changed_layer_and_a_changed_victory_are_said_in_words_with_the_counts():
    assert what_if(NINE, amending(NINE, LAYERS, "need: 30%", "need: 50%")) == (
        "proposals involving rules 200–299 will need 50% of the eligible voters (5 of 9) "
        "instead of 30% of the eligible voters (3 of 9)",)
    assert what_if(NINE, amending(NINE, VICTORY, "victory_points: 100", "victory_points: 50")) \
        == ("the points that win: 50 instead of 100",)


def test_a_repealed_rule_names_the_mechanics_it_takes_away_and_a_new_text_changes_none():
    repeal = proposal(changes=[FileChange("rules/107-rule-of-completion.md",
                                          ChangeKind.REMOVED)])
    assert what_if(NINE, repeal) == (
        "the end of the game: none instead of 2026-07-30 00:00 UTC",
        "rule 107 repealed: its mechanics (ends_at) are removed")
    assert what_if(NINE, amending(NINE, VICTORY, "wins the game.", "wins.")) == ()
    path, text = next(iter(new_rule(150).items()))
    assert what_if(NINE, proposal(changes=[FileChange(path, ChangeKind.ADDED)],
                                  texts=[(path, text)])) == ()


@pytest.mark.parametrize("veto, warned", [((), True), (("alice",), True), (("bob",), False)])
def test_a_veto_layer_with_no_veto_holder_but_the_proposer_can_never_pass(veto, warned):
    game = make_game(veto=veto)
    path, text = next(iter(new_rule(350).items()))
    p = proposal("alice", changes=[FileChange(path, ChangeKind.ADDED)], texts=[(path, text)])
    warning = never_passes(game, p, requirement(game, p))
    assert (warning is not None) is warned
    if warned:
        assert "needs the yes of a player with a veto other than its proposer" in warning
    assert never_passes(game, amending(game, VICTORY, "100", "90"),
                        requirement(game, amending(game, VICTORY, "100", "90"))) is None


def test_a_rule_binding_another_way_to_win_under_suber_rule_212_is_said_to_be_void():
    # seed 001 rule 212: "The state of affairs that constitutes winning may not be altered
    # from achieving n points to any other state of affairs"
    suber = make_game(ruleset="suber-initial-set")
    path = "rules/215-the-end.md"
    text = ("---\nnumber: 215\ntitle: The End\nmutable: true\nbindings:\n"
            "  ends_at: 2026-06-01T00:00:00Z\n---\nThe game ends; the highest score wins.\n")
    assert what_if(suber, proposal(changes=[FileChange(path, ChangeKind.ADDED)],
                                   texts=[(path, text)])) == (
        "rule 215's ends_at is void: rule 212 allows no way to win but points, and takes "
        "precedence over it",)


def test_amending_or_repealing_rule_211_says_how_judgment_changes():
    from judging import suber
    game = suber()
    path = "rules/211-judgment.md"
    assert what_if(game, amending(game, path, "overrule: unanimous", "overrule: majority")) == (
        "how Judgment goes: a majority of the other active players may overrule the Judge "
        "instead of all the other active players may overrule the Judge",)
    assert what_if(game, amending(game, path, "    admin_overrule: true\n    nullify: majority\n",
                                  "")) == (
        "how Judgment goes: no longer this: so may the server administrator, unless a majority "
        "of the other active players nullify it",)
    repeal = proposal(changes=[FileChange(path, ChangeKind.REMOVED)])
    changes = what_if(game, repeal)
    assert changes[0].startswith("how Judgment goes: none instead of the active player")
    assert changes[1] == "rule 211 repealed: its mechanics (judgment) are removed"
