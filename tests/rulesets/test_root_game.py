"""The repository root is itself a ready game of the default ruleset."""

from pathlib import Path

from nomic_ci import rulesets
from nomic_ci.cli.gamedir import working_files
from nomic_ci.core.game import load_game
from nomic_ci.text.readmes import stale_readmes
from nomic_ci.core.verify import verify

ROOT = Path(__file__).resolve().parents[2]


def test_the_root_game_began_as_a_shipped_ruleset_with_its_own_players():
    """Whatever game an admin puts here (`nomic-ci init`, then its files copied in), with
    whatever players: until a proposal passes, its rules are a shipped ruleset's."""
    files = working_files(ROOT)
    game = load_game(files)
    assert game.state.players and (game.state.turn is None or game.state.turn in
                                   {p.login for p in game.state.players})
    if any(r.outcome.value == "passed" for r in game.records):
        return  # the players have changed the rules since: that is the game
    rules = {p: t for p, t in files.items() if p.startswith("rules/") and p != "rules/README.md"}
    shipped = []
    for name in rulesets.names():
        made = rulesets.game_files(name, players=None, start=game.state.last_change,
                                   ends=game.config.ends_at, dice_seed=game.state.dice_seed,
                                   admin=game.state.admin)
        shipped.append({p: t for p, t in made.items() if p.startswith("rules/")})
    assert rules in shipped


def test_the_root_game_is_rendered_and_verifies():
    files = working_files(ROOT)
    assert stale_readmes(files) == []
    assert verify(files) == []


def test_the_readme_documents_every_binding():
    from nomic_ci.core.mechanics.registry import BINDINGS
    readme = (ROOT / "nomic_ci/docs/bindings.md").read_text()
    missing = [key for key in BINDINGS if f"| `{key}` |" not in readme]
    assert missing == []
