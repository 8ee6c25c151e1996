"""What players read, checked against the rules in force: each shipped ruleset played a
while through the CLI, then its `state/README.md`, board picture and score chart read as a
player reads them, in headless Chromium too.

Each claim is checked against the bindings and the state, not against the engine's own
sentences: every rule the Victory line cites binds a way to win, and every way to win bound
is cited; the scoreboard leads with the quantity the first way reads, each cell as the state
holds it; a legend lists what the picture draws, and the picture draws Jail and the Gulag
only where a rule binds them; the chart follows the scoreboard's first quantity, ends at
each player's value with their label, has every change on the date its record gives, and
is drawn only where there is a change to draw. In the browser, every player's line and
label show, none hidden under another, and every token is where the state puts it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import datetime

import pytest

from nomic_ci.core.files.adjustments import read_adjustments
from nomic_ci.core.game import load_game
from nomic_ci.core.times import hours
from nomic_ci.core.verify import verify
from nomic_ci.text.score_chart import COLOURS

from boardgames import seed_for
from builders import new_rule
from screenshots import needs_browser, screenshot
from tables import LocalTable

SVG = "{http://www.w3.org/2000/svg}"
MINUTE = 1 / 60
# the bindings that make a way to win, or say who may win (core/winning.py reads them)
WAYS = ("victory_points", "ends_at", "wins_by", "money_wins", "last_solvent_wins",
        "max_winners")


def default(tmp_path):
    """Seed 002: two turns, each proposal's d6 added to its proposer as it opens (rule 103)."""
    t = LocalTable(tmp_path / "g", players="alice,bob,carol")
    for n, author in enumerate(("alice", "bob"), start=1):
        t.later(5).branch(f"p{n}", new_rule(200 + n), author=author)
        assert t.propose(author, f"p{n}") == n
        for voter in sorted({"alice", "bob", "carol"} - {author}):
            t.later().vote(n, voter)
    return t


def suber(tmp_path):
    """Seed 001: a proposal passes, and no rule gives points for it (rule 212 leaves the
    means to the players); the Judge's rulings (rule 211) give alice 3 and carol 1, which
    the admin records."""
    t = LocalTable(tmp_path / "g", players="alice,bob,carol", ruleset="suber-initial-set")
    t.later(3).branch("kind", new_rule(215), author="alice")
    assert t.propose("alice", "kind") == 301
    t.later(2).vote(301, "bob")
    t.later(2).vote(301, "carol")
    for login, points in (("alice", "3"), ("carol", "1")):
        assert t.later(5).cli("adjust", login, points, "--as", "the-admin", "--reason",
                              "the Judge's ruling (rule 211)") == 0, t.err
    return t


def round7(tmp_path):
    """Infinite Nomic round 7 (seed 004): alice rolls 4 onto the Fives (+10), bob 3, alice 6
    past space 1 (+5 and a Number): points move, Victory Points (rule 0) do not."""
    t = LocalTable(tmp_path / "g", players="alice,bob,carol", ruleset="infinite-nomic-r7",
                   dice_seed=seed_for((6, 4), (6, 3), (6, 6)))
    t.later().command("alice", "/roll")
    t.later(6 * MINUTE).tick()
    t.later().command("bob", "/roll")
    t.command("bob", "/pass")
    t.later().command("carol", "/pass")
    t.later().command("alice", "/roll")
    return t


def round7_start(tmp_path):
    """Round 7 as it began (seed 000): the Unlucky Space and a rolled 4 cost alice and bob
    5 each, then alice rolls onto 10 (+10); no rule says how to win."""
    t = LocalTable(tmp_path / "g", players="alice,bob,carol",
                   ruleset="infinite-nomic-r7-start",
                   dice_seed=seed_for((6, 3), (6, 4), (6, 4), (6, 6)))
    for login, choice in (("alice", "b"), ("bob", "b"), ("carol", "a")):
        t.later().command(login, "/roll")
        t.command(login, f"/choose {choice}")
        t.command(login, "/pass")
    t.later(3).command("alice", "/roll")
    return t


def bored(tmp_path):
    """BoredNomic (seed 003): Sunday's update, Monday's purchases (a square, hens, a
    Ticket), Thursday's update and a Golden Egg sold (the dice of its week on its board)."""
    t = LocalTable(tmp_path / "g", players="alice,bob,carol", ruleset="borednomic",
                   admin="the-admin", dice_seed="bored6765")
    t.now = datetime.fromisoformat("2026-05-04T09:00:00+00:00")
    t.branch("p1", new_rule(21), author="alice")
    assert t.propose("alice", "p1") == 1
    for login, text in (("bob", "/buy square Bob's Bistro"), ("alice", "/buy hen"),
                        ("bob", "/buy ticket"), ("carol", "/buy hen")):
        t.later().command(login, text)
    t.later(24 * 3).command("alice", "/exchange egg")
    return t


GAMES = {"default": default, "suber-initial-set": suber, "infinite-nomic-r7": round7,
         "infinite-nomic-r7-start": round7_start, "borednomic": bored}


@pytest.fixture(params=list(GAMES))
def played(request, tmp_path):
    """A game of each ruleset after its script, with what it wrote."""
    t = GAMES[request.param](tmp_path)
    files = t.files()
    assert verify(files) == [] and t.cli("render", "--check") == 0, t.err
    return t, load_game(files), files


def section(readme: str, heading: str) -> list[str]:
    lines = readme.splitlines()
    start = lines.index(heading)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
               len(lines))
    return lines[start + 1:end]


def scoreboard(readme: str) -> tuple[list[str], dict[str, list[str]]]:
    """The scoreboard's column names, and each player's cells by login."""
    rows = [line for line in section(readme, "## Scoreboard") if line.startswith("|")]
    cells = [[c.strip() for c in re.split(r"(?<!\\)\|", row)[1:-1]] for row in rows]
    return cells[0], {row[1].split()[0]: row for row in cells[2:]}


def shown(amount: int, dollars: bool) -> str:
    return (f"-${-amount:,}" if amount < 0 else f"${amount:,}") if dollars else str(amount)


def what_wins_first(config) -> tuple[str, bool] | None:
    """The quantity the first way to win reads, from the bindings: (its name, money)."""
    money = config.board.get("money")
    if config.victory_points is not None:
        name = config.victory_quantity
    elif config.wins_by or config.ends_at:
        name = "points"
    elif "money_wins" in config.board or "last_solvent_wins" in config.board:
        name = money.counter
    else:
        return None
    return name, money is not None and money.counter == name


def test_the_pages_claim_only_what_the_rules_in_force_make_true(played):
    t, game, files = played
    config, state = game.config, game.state
    readme = files["state/README.md"]
    # --- what wins: each rule cited binds a way to win, and each way bound is cited
    victory = next(line for line in readme.splitlines() if line.startswith("Victory: "))
    binds = {r.number: set(r.bindings) for r in game.rules}
    ways = {key: config.sources[key] for key in WAYS if key in config.sources}
    for number in map(int, re.findall(r"\brule (\d+)", victory)):
        assert binds[number] & {*WAYS, "victory_quantity", "bankrupt_below"}, (number, victory)
    for key, number in ways.items():
        assert f"rule {number})" in victory, (key, victory)
    if not ways:
        assert victory == "Victory: no rule in force says how the game is won."
    if config.victory_points is not None:
        assert f"{config.victory_points} " in victory
    if "money_wins" in config.board:
        assert f"${config.board['money_wins']:,}" in victory
    # --- the scoreboard leads with what wins, each cell as the state holds it
    columns, rows = scoreboard(readme)
    assert set(rows) == {p.login for p in state.players}
    first = what_wins_first(config)
    name, dollars = first or ("points", False)
    label = name.upper() if len(name) <= 2 else name.replace("_", " ")
    assert columns[2] == label
    for player in state.players:
        value = player.points if name == "points" else player.stat(name, config.starting_stats)
        assert rows[player.login][2] == shown(value, dollars), player.login
    points_given = any(k in config.sources for k in ("starting_points", "turn_roll",
                                                     "proposer_gains"))
    assert ("points" in columns) == (points_given or name == "points")
    if "points" in columns:
        at = columns.index("points")
        assert all(rows[p.login][at] == str(p.points) for p in state.players)
    board = state.board
    if "items" in columns:
        at = columns.index("items")
        for p in state.players:
            held = ", ".join(f"{n} {item}" for item, n in board.token(p.login).items) or "—"
            assert rows[p.login][at] == held, p.login
    if "squares owned" in columns:
        at = columns.index("squares owned")
        for p in state.players:
            owned = [d.square for d in board.deeds if d.owner == p.login]
            assert [int(s) for s in re.findall(r"(?:^|, )(\d+)", rows[p.login][at])] == owned
    assert ("squares owned" in columns) == ("property" in config.board)
    # --- the pictures: what the legend lists is what the board draws
    if "board.svg" in readme:
        check_board(game, files["state/board.svg"], readme)
    # --- the chart: what wins, ending at the scoreboard, each change on its record's date
    check_chart(game, files, readme, label, rows)


FEATURES = {"Fives": "a space divisible by 5", "Master of Your Fate": "Master of Your Fate",
            "Unlucky Space": "the Unlucky Space", "Bank": "a Bank", "Shop": "a Shop",
            "Cop Car": "the Cop Car", "House": "a House", "Ladder": "a Ladder",
            "Snake": "a Snake", "jail": "Jail", "gulag": "the Gulag"}


def check_board(game, svg_text: str, readme: str) -> None:
    svg = ET.fromstring(svg_text)
    legend = next(line for line in readme.splitlines() if line.startswith("The board: "))
    if "grid" in game.config.board:  # BoredNomic: the owned squares, as the deeds have them
        owners = {int(g.get("data-square")): g.get("data-owner")
                  for g in svg.iter(f"{SVG}g") if g.get("data-square")}
        assert {s: o for s, o in owners.items() if o} == \
            {d.square: d.owner for d in game.state.board.deeds}
        assert ("its owner" in legend) == ("property" in game.config.board)
        return
    drawn = {name for g in svg.iter(f"{SVG}g") if g.get("data-features")
             for name in g.get("data-features").split(",")}
    boxes = {r.get("data-space") for r in svg.iter(f"{SVG}rect") if r.get("data-space")}
    drawn |= boxes
    for name, words in FEATURES.items():
        assert (words in legend) == (name in drawn), (name, legend)
    occupied = {t.space for t in game.state.board.tokens}
    for box in ("jail", "gulag"):
        assert (box in boxes) == (box in game.config.board or box in occupied), box


def check_chart(game, files, readme: str, label: str, rows: dict[str, list[str]]) -> None:
    svg = ET.fromstring(files["state/scores.svg"])
    lines = {e.get("data-player"): e for e in svg.iter(f"{SVG}polyline")}
    image = f"![Each player's {label} over time](scores.svg)"
    if not lines:  # nothing to draw: said in words, never an empty frame
        assert image not in readme
        assert f"The chart of {label} over time starts with the first change: there has " \
               "been none yet." in readme
        return
    assert image in readme
    assert set(lines) == set(rows)
    labels = {g.get("data-label"): g.find(f"{SVG}text").text
              for g in svg.iter(f"{SVG}g") if g.get("data-label")}
    assert labels == {login: f"{login} {cells[2]}" for login, cells in rows.items()}
    for login, line in lines.items():
        points = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
        assert all(a[0] == b[0] or a[1] == b[1] for a, b in zip(points, points[1:])), login
    # each change on its record's date, in time order, placed in proportion to its time
    marks = [(datetime.fromisoformat(e.get("data-at").replace("Z", "+00:00")),
              float(e.get("x1"))) for e in svg.iter(f"{SVG}line") if e.get("data-change")]
    recorded = {r.decided for r in game.records} | {a.at for a in game.actions} | \
        {a.at for a in read_adjustments(game.files)} | \
        {o.opened for o in game.state.open_proposals}
    assert marks and {at for at, _ in marks} <= recorded
    assert marks == sorted(marks)
    (t0, x0), (t1, x1) = marks[0], marks[-1]
    for at, x in marks:
        if t1 > t0:
            assert abs(x - (x0 + (x1 - x0) * (at - t0) / (t1 - t0))) < 0.2


@needs_browser
def test_in_the_browser_every_line_label_and_token_shows(played, tmp_path):
    t, game, files = played
    svg = files["state/scores.svg"]
    chart = ET.fromstring(svg)
    board = files.get("state/board.svg")
    (tmp_path / "scores.svg").write_text(svg)
    chart_height = int(chart.get("height"))
    page = ("<!doctype html><meta charset=utf-8><body style='margin:0'>"
            "<img src='scores.svg' style='position:absolute;left:0;top:0'>")
    size = [int(chart.get("width")), chart_height]
    if board is not None:
        (tmp_path / "board.svg").write_text(board)
        root = ET.fromstring(board)
        page += f"<img src='board.svg' style='position:absolute;left:0;top:{chart_height}px'>"
        size = [max(size[0], int(root.get("width"))), chart_height + int(root.get("height"))]
    (tmp_path / "page.html").write_text(page)
    width, pixels = screenshot(tmp_path / "page.html", size[0] + 10, size[1] + 10)

    def colour_at(x: float, y: float) -> bytes:
        return pixels[int(y) * width + int(x)]

    logins = [p.login for p in game.state.players]
    for index, line in enumerate(chart.iter(f"{SVG}polyline")):
        colour = bytes.fromhex(COLOURS[index % len(COLOURS)].lstrip("#"))
        points = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
        level = [(a, b) for a, b in zip(points, points[1:]) if a[1] == b[1]]
        # along every level stretch, the line is its player's colour: nothing hides it
        for (xa, y), (xb, _) in level:
            xs = [x for x in range(int(xa) + 2, int(xb) - 1)]
            seen = sum(colour in (colour_at(x, y), colour_at(x, y - 1), colour_at(x, y + 1))
                       for x in xs)
            assert seen >= 0.9 * len(xs), (line.get("data-player"), seen, len(xs))
    for index, g in enumerate(g for g in chart.iter(f"{SVG}g") if g.get("data-label")):
        swatch = g.find(f"{SVG}rect")
        x, y = float(swatch.get("x")) + 5, float(swatch.get("y")) + 5
        assert colour_at(x, y) == bytes.fromhex(COLOURS[index % len(COLOURS)].lstrip("#"))
    if board is None:
        return
    for g in ET.fromstring(board).iter(f"{SVG}g"):
        if g.get("data-token"):
            disc = g.find(f"{SVG}circle")
            colour = bytes.fromhex(disc.get("fill").lstrip("#"))
            cx, cy = float(disc.get("cx")), float(disc.get("cy")) + chart_height
            around = [colour_at(cx + dx, cy + dy) for dx in range(-6, 7) for dy in (-5, 5)]
            assert around.count(colour) >= 10, g.get("data-token")
            assert g.get("data-token") in logins


def test_the_times_the_pages_give_are_the_bindings(played):
    """The turn line and the timing line say what the bindings say, citing them: a window or
    the schedule's days or rule 206's timers, never 'none' where a rule ends votes or turns."""
    t, game, files = played
    config, state = game.config, game.state
    readme = files["state/README.md"]
    timing = next(line for line in readme.splitlines() if line.startswith("Next proposal"))
    assert "none" not in timing.lower()
    if config.voting_window:
        assert f"A vote closes {hours(config.voting_window)} after" in timing
        assert config.cite("voting_window") in timing
    elif config.schedule:
        assert config.schedule.describe(config.schedule.vote) in timing
    elif config.inactive_after:
        assert f"not voted {hours(config.inactive_after)} after it started becomes inactive " \
               f"({config.cite('inactive_after')})" in timing
    if config.guard:
        assert f"on the terms of {config.cite('guard')}" in timing
    if config.turn_timeout:
        assert f"passes {hours(config.turn_timeout)} after it began" in timing
        assert ("if its player has not proposed" in timing) == \
            (config.proposing == "one-a-turn")
    if config.inactive_after and config.turn_order:
        assert f"not proposed {hours(config.inactive_after)} into their turn" in timing
    assert ("/pass" in timing) == ("pass" in config.commands)
    if config.schedule:  # BoredNomic: its updates, when every player takes a turn
        assert f"({config.cite('update_turns')})" in timing
        assert "propose on the proposal days (" \
               f"{config.schedule.describe(config.schedule.propose)}" in readme
    turn = next((line for line in readme.splitlines() if line.startswith("It is **")), None)
    assert (turn is not None) == (state.turn is not None)
    if turn is None:
        return
    assert "if no proposal is made" not in turn
    if "; it passes at" in turn:
        cited = re.findall(r"\((rule \d+)\)\.$", turn)
        assert cited and cited[0] in {config.cite("turn_timeout"), config.cite("movement")}
    if config.inactive_after and not state.open_proposals:
        assert f"they become inactive and their turn ends ({config.cite('inactive_after')})" \
            in turn


def test_the_commands_on_the_front_page_are_those_in_force_and_whose_they_are(played):
    """`nomic-ci init`'s front page lists each command in force as its player writes it,
    and the Admin's apart: BoredNomic's /veto N is not offered to the players."""
    t, game, files = played
    from nomic_ci.core.players.comment_commands import ADMINS, USAGE, commands_in_force
    from nomic_ci.text.front_page import FRONT_PAGE
    page = (t.root / FRONT_PAGE).read_text()
    line = next((l for l in page.splitlines() if l.startswith("4. **Commands.**")), "")
    players, _, admins = line.partition("the Admin's alone:")
    board = {}
    if game.config.board:
        from nomic_ci.core.board.rooms import commands
        board = commands(game)
    for name in commands_in_force(game):
        if name in ("help", "status"):
            continue
        usage = board[name].usage if name in board else USAGE[name]
        admin = board[name].admin if name in board else name in ADMINS
        assert f"`{usage}`" in (admins if admin else players), (name, line)
        assert f"`{usage}`" not in (players if admin else admins), (name, line)
    written = set(re.findall(r"`/(\w+)", line)) - {"help", "status"}
    assert written <= set(commands_in_force(game)), line
    # the turns, the vote's end and rule 206's warning, where the rules have them
    config = game.config
    issue = next(l for l in page.splitlines() if l.startswith("The engine's pinned"))
    assert ("whose turn it is" in issue) == ("when your turn begins" in issue) == \
        bool(config.turn_order)
    assert ("is about to make you inactive" in issue) == bool(config.inactive_after)
    decision = next(l for l in page.splitlines() if l.startswith("3. **The decision.**"))
    assert ("hours after the proposal opened" in decision) == bool(config.voting_window)
    if config.voting_window:
        assert f"{hours(config.voting_window)} after" in decision
    assert ("voting days" in decision) == bool(config.schedule)


def test_the_rules_page_shows_no_image_the_game_lacks(played):
    t, game, files = played
    for target in re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", files["rules/README.md"]):
        assert "://" in target or f"rules/{target}" in files, target


def test_a_vote_on_a_guarded_rule_says_it_passes_on_that_rules_terms(tmp_path):
    """Infinite Nomic's rule 0 sets its own passing conditions: the vote comment, the page
    and `status` say so, not rule 4's 'more yes votes than no votes'."""
    t = LocalTable(tmp_path / "g", players="alice,bob,carol", ruleset="infinite-nomic-r7")
    t.later().branch("vp", {"rules/000-winning.md": t.read("rules/000-winning.md").replace(
        "victory_points: 100", "victory_points: 90")}, author="alice")
    assert t.propose("alice", "vp") == 1
    t.vote(1, "bob")
    t.later().tick()
    game = load_game(t.files())
    terms = f"the terms of rule 0: {game.config.guard.terms()}"
    assert terms == ("the terms of rule 0: no vote against once it has been open 24 hours, "
                     "or at least 3 votes for each against when it has been open 7 days")
    readme = t.read("state/README.md")
    row = next(line for line in readme.splitlines() if line.startswith("| 1: "))
    assert terms in row and "more yes" not in row
    assert t.cli("status") == 0, t.err
    assert terms in t.out and "more yes" not in t.out
    assert "more yes" not in str(t.status())
