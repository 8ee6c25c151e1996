"""Helpers for scripted board games: a dice seed that rolls what a test needs, and reading
the board back. Every roll comes from the game's own dice (the public seed); a test names
the rolls its story needs and this finds a seed that makes them."""

from __future__ import annotations

import contextlib
import functools
import itertools

from nomic_ci.core.board.primitives import action_roll_inputs
from nomic_ci.core.board.boardfile import read_board
from nomic_ci.core.dice import derive_roll


@functools.cache  # a story of six rolls takes a second to find; each forge plays it
def seed_for(*rolls: tuple[int, int]) -> str:
    """A dice seed whose rolls are these, each (sides, result), in the order the game rolls
    them (its 1st, 2nd… die)."""
    for n in itertools.count():
        seed = f"board{n}"
        if all(derive_roll(sides, action_roll_inputs(seed, index)) == result
               for index, (sides, result) in enumerate(rolls, start=1)):
            return seed
    raise AssertionError("unreachable")


@contextlib.contextmanager
def forge_tables(kind: str, ruleset: str, admin: str | None = None):
    """A factory of games of `ruleset` (with seed 003's `admin`) on one forge ("local" or
    "github"), each made as make(tmp_path, dice seed[, players]); the fake GitHubs it started
    are stopped after."""
    from tables import GitHubTable, LocalTable
    made = []

    def make(tmp_path, seed: str, players: str = "alice,bob,carol"):
        if kind == "local":
            return LocalTable(tmp_path / "g", players=players, ruleset=ruleset, dice_seed=seed,
                              **({"admin": admin} if admin else {}))
        made.append(GitHubTable(tmp_path / "g", players=players, ruleset=ruleset,
                                dice_seed=seed, admin=admin))
        return made[-1]
    try:
        yield make
    finally:
        for t in made:
            t.close()


def by_hand(t, admin: str, login: str, counter: str, amount: int, reason: str) -> None:
    """Seed 003's Admin changes a player's counter by hand, recorded with `nomic-ci adjust`:
    in the game itself locally; on GitHub in a clone, whose commit they push."""
    import subprocess

    from tables import run_cli
    argv = ["adjust", login, str(amount), "--counter", counter, "--as", admin, "--reason",
            reason]
    if t.kind == "local":
        assert t.cli(*argv) == 0, t.err
        return
    clone = t.root / "admin-clone"
    if not clone.exists():
        subprocess.run(["git", "clone", "-q", str(t.fake.git.path), str(clone)], check=True,
                       capture_output=True)
    for step in (["fetch", "-q", "origin", "main"], ["reset", "-q", "--hard", "FETCH_HEAD"]):
        subprocess.run(["git", *step], cwd=clone, check=True, capture_output=True)
    code, _, err = run_cli("--repo", str(clone), "--now", t.now.isoformat(), *argv)
    assert code == 0, err
    changed = subprocess.run(["git", "diff", "--name-only", "HEAD~1", "HEAD"], cwd=clone,
                             check=True, capture_output=True, text=True).stdout.split()
    t.fake.commit("main", {path: (clone / path).read_text() for path in changed}, author=admin)


def roll_of(seed: str, number: int, sides: int = 6) -> int:
    """The game's `number`-th die: what the engine must roll."""
    return derive_roll(sides, action_roll_inputs(seed, number))


def board(t):
    return read_board(t.read("state/board.yaml"))


def where(t, login: str):
    return board(t).token(login).space


def points(t) -> dict[str, int]:
    return {p["login"]: p["points"] for p in t.status()["players"]}


# --- the pure core: a game of round 7 in a given position, and one action's Play on it

def board_game(*tokens, points=None, turn: str = "alice", rules=None, **board_fields):
    """A game of round 7 (alice, bob, carol) whose board holds these tokens (and fields),
    with these points, where it is `turn`'s turn; `rules` edits rule files first."""
    from dataclasses import replace

    from nomic_ci.core.board.boardfile import Board, CopCar
    from nomic_ci.core.game import load_game

    from builders import T0, make_files
    files = make_files(ruleset="infinite-nomic-r7")
    for path, edit in (rules or {}).items():
        files[path] = edit(files[path])
    game = load_game(files)
    state = game.state
    players = tuple(replace(p, points=(points or {}).get(p.login, p.points))
                    for p in state.players)
    fields = {"cop_car": CopCar(4, 200), **board_fields}
    board = Board(tokens=tuple(sorted(tokens, key=lambda t: t.login)), **fields)
    return replace(game, state=replace(state, players=players, board=board, turn=turn,
                                       turn_started=T0))


def play_on(game, login: str = "alice", *rolls: int):
    """A Play of `login`'s, rolling these results in order (ScriptedDice)."""
    from nomic_ci.core.board.primitives import Play

    from builders import T0, ScriptedDice
    return Play(game, T0, ScriptedDice(*rolls), 1, 1, login)


def scores(play) -> dict[str, int]:
    return {p.login: p.points for p in play.state.players}


# --- BoredNomic (seed 003): a game in a given position, and one action's Play on it

def bored_game(*tokens, stats=None, deeds=(), added_spaces: int = 2, rules=None):
    """A game of BoredNomic (alice, bob, carol; the Admin `the-admin`) whose board holds these
    tokens and deeds (squares 21 and 22 added, as the first update adds them), and whose
    players have these counters (`stats`: login -> {money: ...}); `rules` edits rule files."""
    from dataclasses import replace

    from nomic_ci.core.board.boardfile import Board
    from nomic_ci.core.game import load_game

    from builders import T0, make_files
    files = make_files(ruleset="borednomic", admin="the-admin")
    for path, edit in (rules or {}).items():
        files[path] = edit(files[path])
    game = load_game(files)
    players = tuple(p.with_stats(**(stats or {}).get(p.login, {})) for p in game.state.players)
    board = Board(added_spaces=added_spaces, tokens=tuple(sorted(tokens, key=lambda t: t.login)),
                  deeds=tuple(deeds))
    return replace(game, state=replace(game.state, players=players, board=board,
                                       last_change=T0))


def counters(play, login: str) -> dict[str, int]:
    """A player's money, level, experience and hit points as the Play left them."""
    player = next(p for p in play.state.players if p.login == login)
    start = play.config.starting_stats
    return {name: player.stat(name, start)
            for name in ("money", "level", "experience", "hit_points")}
