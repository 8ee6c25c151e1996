"""The repository root is itself a ready game of the default ruleset."""

from pathlib import Path

from nomic_ci import rulesets
from nomic_ci.cli.gamedir import working_files
from nomic_ci.core.game import load_game
from nomic_ci.text.readmes import stale_readmes
from nomic_ci.core.verify import verify

ROOT = Path(__file__).resolve().parents[2]


def test_the_root_rules_are_the_shipped_default_ruleset():
    files = working_files(ROOT)
    game = load_game(files)
    shipped = rulesets.game_files("default", players=None, start=game.state.last_change,
                                  ends=game.config.ends_at, dice_seed=game.state.dice_seed)
    rules = {p: t for p, t in files.items() if p.startswith("rules/") and p != "rules/README.md"}
    assert rules == {p: t for p, t in shipped.items() if p.startswith("rules/")}
    assert [p.login for p in game.state.players] == [
        "robee", "stolksdorf", "DukeKataron", "JMTyler", "Meggeroni", "lpellow", "wcarss",
        "mimosacb", "McCsocks"]


def test_the_root_game_is_rendered_and_verifies():
    files = working_files(ROOT)
    assert stale_readmes(files) == []
    assert verify(files) == []


def test_the_readme_documents_every_binding():
    from nomic_ci.core.mechanics.registry import BINDINGS
    readme = (ROOT / "README.md").read_text()
    missing = [key for key in BINDINGS if f"| `{key}` |" not in readme]
    assert missing == []
