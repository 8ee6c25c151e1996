"""Games as play makes them, for the benchmarks: a game of the default ruleset played
through the command line, grown to any length by writing each further decision as play
wrote one like it.

`play` plays a round: each of nine players, in turn, makes a branch that adds a rule and
proposes it (`nomic-ci propose`), and the eight others vote (`nomic-ci vote`), each a
minute after the last; the last vote decides it (the turn's die, nine ballots, a third of
them failing, whose reason is long enough to fold). `grow` repeats the round's records,
each proposal `n` as its model in the round with the number, title, times and die of the
`n`-th: written by the engine's own writer (`dump_record`), which is checked to give back
the round's bytes for the round's own numbers, and told on the local forge through its own
calls (the proposal, its votes, the decision, the next turn's notice), as play tells them.
"""

from __future__ import annotations

import contextlib
import io
from collections import Counter
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from types import MappingProxyType

from nomic_ci.cli import main
from nomic_ci.cli.gamedir import working_files
from nomic_ci.core.dice import derive_roll, roll_inputs
from nomic_ci.core.files.gamefiles import under
from nomic_ci.core.files.history import INDEX, History, summary_of
from nomic_ci.core.files.records import Record, dump_record, load_record
from nomic_ci.core.files.state import GAME_ISSUE, Tell
from nomic_ci.core.files.statedump import dump_state
from nomic_ci.core.game import load_game
from nomic_ci.core.times import iso
from nomic_ci.forges.gitplumbing import Git
from nomic_ci.forges.localforge import LocalForge
from nomic_ci.text.readmes import render_all

T0 = datetime(2026, 5, 1, 12, 0, tzinfo=timezone.utc)
PLAYERS = [f"p{i}" for i in range(9)]
STEP = timedelta(minutes=10)  # from one proposal to the next: nine votes a minute apart
SEED = "bench"
PHRASES = [  # titles of every length players give
    "A long game: victory at a million points, and an end in 2031 so that we can all play",
    "Shorter turns",
    "A rule about the color of the scoreboard, which nobody asked for but everyone will "
    "argue about anyway",
    "Veto for the last player",
    "Points for proposals that fail by exactly one vote, to make losing interesting",
    "Repeal the last rule",
    "Rename rule 201",
    "Every tenth proposal doubles its die, as long as nobody is ahead by more than twenty "
    "points",
    "Tie-breaks by coin toss",
]
# yes votes among the eight others: a third fail (the proposer's yes is counted; 3 of 9 pass)
YES = [8, 3, 0, 8, 1, 5, 0, 8, 2]


def title(n: int) -> str:
    return f"{PHRASES[(n - 1) % 9]} (proposal {n})"


def opened(n: int) -> datetime:
    return T0 + (n - 1) * STEP


def cli(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    if code not in (0, 1):
        raise SystemExit(f"nomic-ci {' '.join(argv)} failed:\n{err.getvalue()}")
    return out.getvalue()


def new_game(root: Path) -> None:
    cli("--now", T0.isoformat(), "init", str(root), "--players", ",".join(PLAYERS),
        "--public-dice", "--dice-seed", SEED)


def propose(root: Path, n: int, at: datetime, author: str) -> None:
    """`author` proposes proposal `n`: the first lets the game go on for years (a victory
    at a million points, an end in 2031), as players of a long game make it; the others
    each add a rule."""
    if n == 1:
        changes = {"rules/101-victory-condition.md": (
            "---\nnumber: 101\ntitle: Victory Condition\nmutable: true\nbindings:\n"
            "  victory_points: 1000000\n---\nThe first player to reach a million points wins "
            "the game.\n"), "rules/107-rule-of-completion.md": (
            "---\nnumber: 107\ntitle: Rule of Completion\nmutable: true\nbindings:\n"
            "  ends_at: 2031-01-01T00:00:00Z\n---\nThis game ends on January 1, 2031, "
            "midnight.\n\nThe player with the highest point value at this time wins the "
            "game.\n")}
    else:
        number = 200 + (n - 1) % 9
        changes = {f"rules/{number}-idea.md": (
            f"---\nnumber: {number}\ntitle: Idea {number}\nmutable: true\n---\n"
            f"{PHRASES[(n - 1) % 9]}, as proposal {n} says.\n")}
    Git(root).commit_files(f"idea{n}", changes, f"Idea {n}", at, author)
    cli("--repo", str(root), "--now", at.isoformat(), "propose", "--as", author, "--branch",
        f"idea{n}", "--title", title(n))


def vote(root: Path, n: int, at: datetime, login: str, yes: bool) -> None:
    cli("--repo", str(root), "--now", at.isoformat(), "vote", str(n), "--as", login,
        "--yes" if yes else "--no")


def play(root: Path) -> None:
    """A new game and one round of it, played through the command line."""
    new_game(root)
    for k in range(9):
        n, author = k + 1, PLAYERS[k]
        propose(root, n, opened(n), author)
        others = [p for p in PLAYERS if p != author]
        for i, login in enumerate(others):
            vote(root, n, opened(n) + timedelta(minutes=i + 1), login, i < YES[k])


def like(model: Record, n: int, seed: str) -> Record:
    """Proposal `n` decided as `model` was, with its own number, title, times and die."""
    shift = opened(n) - opened(model.number)
    die = model.dice[0]
    inputs = roll_inputs(seed, n, n)
    result = derive_roll(die.sides, inputs)
    def text(value: object) -> str | None:  # a plain str, as play made it (not ruamel.yaml's)
        return None if value is None else str(value)
    return replace(model, number=n, key=str(n), title=title(n), opened=model.opened + shift,
                   decided=model.decided + shift, head=text(model.head),
                   threshold=text(model.threshold), turn_to=text(model.turn_to),
                   reason=str(model.reason), counted=tuple(
                       replace(b, at=b.at + shift, commit=text(b.commit), login=str(b.login))
                       for b in model.counted),
                   dice=(replace(die, result=result, inputs=MappingProxyType(inputs)),),
                   points=MappingProxyType({model.author.login: result}))


def grow(root: Path, total: int) -> None:
    """The played game (`play`) with `total` decided proposals: the round's, then more like
    them, committed as the engine commits a decision, and told on the local forge."""
    files = working_files(root)
    game = load_game(files)
    round_ = [load_record(s.path, files[s.path]) for s in game.records]
    for n, model in enumerate(round_, start=1):
        if dump_record(like(model, n, SEED)) != files[model.path]:
            raise SystemExit(f"the engine no longer writes {model.path} as play wrote it")
    records = [like(round_[(n - 1) % 9], n, SEED) for n in range(len(round_) + 1, total + 1)]
    written = {r.path: dump_record(r) for r in records}
    history = History.of([*(summary_of(r) for r in round_), *(summary_of(r) for r in records)])
    earned: Counter[str] = Counter()
    for r in records:
        earned.update(r.points)
    state = game.state
    for player in state.players:
        state = state.with_player(replace(player, points=player.points + earned[player.login]))
    last = records[-1] if records else round_[-1]
    state = replace(state, next_proposal=total + 1, turn=last.turn_to,
                    turn_started=last.decided, last_change=last.decided)
    written.update(dump_state(state, files))
    written.update({path: None for path in under(files, INDEX)})  # the round's, in pieces
    written.update(history.texts())
    written.update(render_all(load_game(files.changed(written))))
    for path, text in written.items():
        if text is None:
            (root / path).unlink()
            continue
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    git = Git(root)
    git.run("add", "-A")
    git.run("-c", "user.name=nomic-ci", "-c", "user.email=nomic-ci@example.org", "commit",
            "-qm", f"nomic-ci: {len(records)} more decisions", env={
                "GIT_AUTHOR_DATE": f"{int(last.decided.timestamp())} +0000",
                "GIT_COMMITTER_DATE": f"{int(last.decided.timestamp())} +0000"})
    heads = {r.number: r.head for r in round_}
    git.run("update-ref", "--stdin", input="".join(
        f"create refs/heads/idea{r.number} {heads[(r.number - 1) % 9 + 1]}\n"
        for r in records).encode())
    tell(root, records)


def tell(root: Path, records: list[Record]) -> None:
    """What play tells of each decision on the local forge, through its own calls."""
    forge = LocalForge(root, records[0].opened if records else T0)
    for r in records:
        forge.now = r.opened
        key = forge.open_proposal(f"idea{r.number}", r.author.login, r.title)
        for ballot in r.counted:
            if ballot.login != r.author.login:
                forge.now = ballot.at
                forge.add_review(key, ballot.login, ballot.yes)
        forge.now = r.decided
        forge.tell(Tell(key, "decision", f"Proposal {r.number} ('{r.title}') "
                        f"{r.outcome.value}: {r.reason}. Next: {r.turn_to}'s turn",
                        r.outcome.value, close=True))
        forge.tell(Tell(GAME_ISSUE, f"turn-{iso(r.decided)}-{r.turn_to}",
                        f"it is your turn, since {iso(r.decided)}; it passes to the next "
                        f"player at {iso(r.decided + timedelta(days=3))} unless you propose "
                        "before", mentions=(r.turn_to,)))
    forge.finish()


def in_its_vote(root: Path, yes: int = 4) -> datetime:
    """The next player's proposal, put to the vote, and `yes` votes on it; when the last
    was cast."""
    game = load_game(working_files(root))
    n, author = game.state.next_proposal, game.state.turn
    at = opened(n)
    propose(root, n, at, author)
    for i, login in enumerate([p for p in PLAYERS if p != author][:yes]):
        at = opened(n) + timedelta(minutes=i + 1)
        vote(root, n, at, login, True)
    return at
