"""The rules are the configuration: precedence, amendment and repeal."""

from datetime import timedelta

from nomic_ci.core.mechanics.config import derive_config
from nomic_ci.core.files.rulefiles import parse_rules


def rule(number: int, bindings: str) -> tuple[str, str]:
    return (f"rules/{number}-r.md",
            f"---\nnumber: {number}\ntitle: R{number}\nmutable: true\nbindings:\n{bindings}---\nText.\n")


def config_of(*rules):
    return derive_config(parse_rules(dict(rules)))


def test_the_lowest_numbered_rule_wins_a_conflict():
    config = config_of(rule(250, "  turn_timeout: 24h\n"), rule(103, "  turn_timeout: 72h\n"),
                       rule(105, "  precedence: lowest-number\n"))
    assert config.turn_timeout == timedelta(hours=72)
    assert config.sources["turn_timeout"] == 103


def test_a_binding_of_a_higher_rule_applies_when_no_lower_rule_sets_it():
    config = config_of(rule(250, "  turn_timeout: 24h\n"), rule(103, "  voting_window: 48h\n"))
    assert config.turn_timeout == timedelta(hours=24)
    assert config.cite("turn_timeout") == "rule 250"


def test_repealing_a_rule_removes_its_mechanics(files):
    before = derive_config(parse_rules(files))
    assert before.victory_points == 100
    del files["rules/101-victory-condition.md"]
    after = derive_config(parse_rules(files))
    assert after.victory_points is None
    assert after.ends_at == before.ends_at


def test_a_schedule_whose_results_day_is_a_voting_day_is_an_error():
    import pytest

    from nomic_ci.core.errors import GameError
    with pytest.raises(GameError, match="a results day that is not a vote day"):
        config_of(rule(109, "  schedule:\n    timezone: UTC\n    propose: [mon]\n"
                          "    vote: [sat, sun]\n    results: sun\n"))
