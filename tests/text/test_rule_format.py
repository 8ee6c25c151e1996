"""How a rule file is written, where players first need it: the rules page's last section and
the answer to a proposal awaiting a fix, each with the number the player needs."""

import pytest

from nomic_ci import rulesets
from nomic_ci.core.facts import ChangeKind, FileChange
from nomic_ci.core.files.rulefiles import parse_rule
from nomic_ci.text.readmes import render_rules
from nomic_ci.text.rule_format import example, file_name, fix_advice, next_number

from builders import make_game, proposal


def adding(texts: dict[str, str], title: str = "Singing"):
    return proposal(changes=[FileChange(p, ChangeKind.ADDED) for p in texts],
                    texts=texts.items(), title=title)


def test_the_example_is_a_rule_file_the_engine_reads():
    for title in ("Singing", "A: colon, # and \"quotes\"", "- starts like a list"):
        text = example(109, title).removeprefix("```markdown\n").removesuffix("\n```") + "\n"
        rule = parse_rule(file_name(109, title), text)
        assert (rule.number, rule.title, rule.mutable) == (109, title, True)


NEXT = {"default": 108, "suber-initial-set": 310, "infinite-nomic-r7": 21,
        "infinite-nomic-r7-start": 10, "borednomic": 21}


@pytest.mark.parametrize("name", rulesets.names())
def test_every_rules_page_ends_with_how_to_write_a_rule_and_the_next_number(name):
    game = make_game(ruleset=name, admin="admin" if name == "borednomic" else None)
    assert next_number(game) == NEXT[name]
    section = render_rules(game).split("\n## Writing a rule\n", 1)[1]
    assert f"the next is {NEXT[name]}, in `rules/{NEXT[name]:03d}-your-title.md`" in section
    assert f"number: {NEXT[name]}\ntitle: Your title\nmutable: true\n---" in section
    assert "it stays open" in section and "closed at once" in section
    assert ("rule 104" in section) == (name == "default")  # the layer cake, where there is one


def test_a_file_without_front_matter_is_answered_with_its_line_and_its_own_number():
    game = make_game()
    advice = fix_advice(game, adding({"rules/150-sing.md": "# Sing loud\n\nSing.\n"}))
    assert "What to fix: `rules/150-sing.md`, line 1 (no front matter)" in advice
    assert "---\nnumber: 150\ntitle: Sing loud\nmutable: true\n---" in advice  # its heading
    assert "refused for good (rule 103)" in advice and "as rule 103 says" in advice


def test_a_wrong_number_is_answered_with_the_line_it_is_on():
    text = "---\ntitle: Sing\nmutable: true\nnumber: 15\n---\nSing.\n"
    advice = fix_advice(make_game(), adding({"rules/150-sing.md": text}))
    assert "`rules/150-sing.md`, line 4 (number 15 does not match the file name's 150)" \
        in advice
    assert "number: 150\ntitle: Sing\n" in advice


def test_a_misnamed_file_and_a_taken_number_are_answered_with_the_next_number():
    game = make_game()
    advice = fix_advice(game, adding({"rules/Sing.md": "Sing."}, title="Sing loud!"))
    assert "`rules/Sing.md` is not a rule file's name" in advice
    assert "`rules/108-sing-loud.md`" in advice and "the next number is 108" in advice
    taken = fix_advice(game, adding({"rules/101-sing.md": "---\nnumber: 101\ntitle: Sing\n"
                                                         "mutable: true\n---\nSing.\n"}))
    assert "a number no rule has: the next is 108" in taken


def test_what_the_answer_says_of_the_turn_follows_the_rules_in_force():
    text = {"rules/021-sing.md": "Sing."}
    infinite = fix_advice(make_game(ruleset="infinite-nomic-r7"), adding(text))
    assert "not your turn" not in infinite and "turn does not wait" not in infinite
    bored = fix_advice(make_game(ruleset="borednomic", admin="admin"), adding(text))
    assert "judged on the day it is pushed: proposals are accepted Mon–Wed only (rule 9)" in bored
