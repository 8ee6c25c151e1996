"""A board game as play makes it, for the benchmarks: round 7's board (infinite-nomic-r7)
played through the command line for a round, then grown to any number of actions by the
engine's own core.

`play` plays a round: each of nine players, in turn, writes `/roll` (`/escape` from Jail,
and `/explore` on the Frontier) and then `/pass`, each through `nomic-ci command`. `grow` goes on
in the same way, each comment stepped through the transitions a run makes
(`next_transition`, then `apply`), as the command line steps it, without a commit or a
process each; it first steps the round's own comments from the game's first commit, and
stops if that does not give back, byte for byte, every action record, the index and the
state files the command line wrote. The comments are told on the local forge with their
answers, as play tells them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path

from nomic_ci.cli.gamedir import working_files
from nomic_ci.core.apply import apply
from nomic_ci.core.board.boardfile import JAIL
from nomic_ci.core.dice import SeededDice
from nomic_ci.core.due import next_transition
from nomic_ci.core.facts import Account, Comment
from nomic_ci.core.files import GAME_DIRS
from nomic_ci.core.files.gamefiles import GameFiles, Moved
from nomic_ci.core.files.state import Tell
from nomic_ci.core.files.statedump import dump_state
from nomic_ci.core.game import Game, load_game
from nomic_ci.core.players.comment_commands import listed_since
from nomic_ci.forges.gitplumbing import Git
from nomic_ci.forges.localforge import LocalForge
from nomic_ci.text.readmes import render_all

from playedgames import PLAYERS, SEED, T0, cli

RULESET = "infinite-nomic-r7"
# a busy game's pace: a minute from one command to the next in a turn, twenty from a turn
# to the next (a game of ten thousand actions is five months old; the state keeps the
# comments of the last day handled, core/players/comment_commands.py)
WITHIN, BETWEEN = timedelta(minutes=1), timedelta(minutes=20)


@dataclass
class Said:
    """A comment a player wrote, by the id the local forge gave it."""

    id: int
    login: str
    body: str
    at: datetime

    def comment(self) -> Comment:
        return Comment(self.id, Account(self.login), self.body, self.at)


def new_game(root: Path) -> None:
    cli("--now", T0.isoformat(), "init", str(root), "--ruleset", RULESET, "--players",
        ",".join(PLAYERS), "--public-dice", "--dice-seed", SEED)


def on_the_frontier(game: Game) -> bool:
    turn = game.state.board.turn
    return turn is not None and turn.explore is not None


def turn(game: Game, done: list[str]) -> str | None:
    """What the player whose turn it is writes next, having written `done` this turn: a
    roll (an escape, from Jail), an exploration where the roll ended on the Frontier, then
    /pass; None once they passed."""
    if not done:
        return "/escape" if game.state.board.token(game.state.turn).space == JAIL else "/roll"
    if on_the_frontier(game):
        return "/explore"
    return "/pass" if done[-1] != "/pass" else None


def play(root: Path) -> list[Said]:
    """A new game and one round of its board, played through the command line; what each
    player wrote."""
    new_game(root)
    said: list[Said] = []
    at = T0 + BETWEEN
    for login in PLAYERS:
        done: list[str] = []
        while (body := turn(load_game(working_files(root)), done)) is not None:
            cli("--repo", str(root), "--now", at.isoformat(), "command", body, "--as", login)
            said.append(Said(len(said) + 1, login, body, at))
            done.append(body)
            at += WITHIN
        at += BETWEEN
    return said


def stepped(game: Game, said: Said) -> tuple[Game, str]:
    """The game after a run that finds `said`: each transition due, applied as a run
    applies it, and what it had to tell told (the state keeps none); and its answer."""
    answers = []
    comments, since = [said.comment()], listed_since(game)  # as a run lists them
    while (transition := next_transition(game, [], said.at, comments, since)) is not None:
        state, record = apply(game, transition, SeededDice())
        game = game.after(state, record)
        answers.append(getattr(record, "answer", None) or getattr(transition, "answer", ""))
    return replace(game, state=replace(game.state, to_tell=())), " ".join(filter(None, answers))


def written(game: Game, files: GameFiles) -> dict[str, str]:
    """What the engine writes of the game's data: the state files, the new action records
    and the actions' index."""
    out = dump_state(game.state, files)
    out.update((path, game.files[path]) for path in game.files if path.startswith("actions/")
               and path not in files)
    out.update(game.actions.written())
    return out


def data(files: GameFiles) -> list[str]:
    """The paths of the game's data, which the check compares: the action records, their
    index and the state files (the pages are rendered from them)."""
    return [path for path in files if path.startswith("actions/")
            or path.startswith("state/") and path.endswith(".yaml")]


def grow(root: Path, said: list[Said], total: int) -> datetime:
    """The played round (`play`, whose comments are `said`) grown to `total` board actions,
    committed as one, and every comment told on the local forge with its answer; when the
    last comment was written."""
    git = Git(root)
    start = git.read_files(git.out("rev-list", "--max-parents=0", "HEAD"), GAME_DIRS)
    game = load_game(start)
    for one in said:
        game, _ = stepped(game, one)
    played, mine = working_files(root), start.changed(written(game, start))
    for path in sorted({*data(played), *data(mine)}):
        if played.get(path) != mine.get(path):
            raise SystemExit(f"the engine's core no longer writes {path} as play wrote it")
    files = played
    game = load_game(files)
    answers: dict[int, str] = {}
    at = said[-1].at + BETWEEN
    more: list[Said] = []
    while len(game.actions) < total:
        login, done = game.state.turn, []
        while (body := turn(game, done)) is not None:
            one = Said(len(said) + len(more) + 1, login, body, at)
            game, answers[one.id] = stepped(game, one)
            more.append(one)
            done.append(body)
            at += WITHIN
        at += BETWEEN
        if game.state.turn == login:
            raise SystemExit(f"{login}'s turn did not pass: {answers[more[-1].id]}")
    if not more:
        return said[-1].at
    out = written(game, files)
    out.update(render_all(load_game(files.changed(out))))
    moved = {path: (root / change.path).read_text() for path, change in out.items()
             if isinstance(change, Moved)}  # an index's full thousand, to its folder
    for path, text in {**out, **moved}.items():
        if text is None:
            (root / path).unlink(missing_ok=True)
        else:
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text)
    git.run("add", "-A")
    git.run("-c", "user.name=nomic-ci", "-c", "user.email=nomic-ci@example.org", "commit",
            "-qm", f"nomic-ci: {len(more)} more commands", env={
                "GIT_AUTHOR_DATE": f"{int(at.timestamp())} +0000",
                "GIT_COMMITTER_DATE": f"{int(at.timestamp())} +0000"})
    forge = LocalForge(root, at)
    for one in more:
        forge.now = one.at
        comment = forge.add_comment(one.login, one.body)
        assert comment == one.id, (comment, one.id)
        forge.tell(Tell("", f"reply-{comment}", answers[one.id], reply_to=comment,
                        mentions=(one.login,)))
    forge.finish()
    return more[-1].at
