"""What a run writes on GitHub stays within GitHub's limit on a text, 65,536 characters for an
issue's or a comment's body (a longer one is refused with a 422, and the run that wrote it
stopped, at every run after it too), whatever players and strangers make long: many proposals
in their vote, long titles. Played on the fake GitHub, which refuses such a body as GitHub
does."""

from __future__ import annotations

from datetime import timedelta

from nomic_ci.core.game import load_game
from nomic_ci.forges.githubforge import CUT, TEXT_MOST, fitted
from nomic_ci.text.game_issue import BODY_MOST, TITLE_MOST

from builders import T0
from tables import GitHubTable, settle

LONG_TITLE = ("A proposal whose title says everything it does, at the most length a title "
              "takes on GitHub, which is two hundred and fifty-six characters, and then some "
              "more words to reach that length exactly as a hostile player would write it")


def request_to_join(hub, login: str) -> int:
    """A stranger's request to join: the players' file with them added."""
    hub.fake.add_user(login, id=7000 + len(hub.fake.world.users))
    text = hub.fake.file_at("state/players.yaml", "main")
    user = hub.fake.world.user_by_login(login)
    text += f"  - login: {login}\n    id: {user.id}\n    points: 0\n"
    hub.fake.create_branch(f"join-{login}", {"state/players.yaml": text}, author=login)
    return hub.fake.open_pr(login, f"join-{login}", f"{LONG_TITLE} {login}"[:256],
                            created_at=hub.now)


def test_two_hundred_strangers_asking_to_join_halt_no_run(tmp_path):
    """The Suber set puts a request to join to the players' objections for a while: each is
    in its vote until then, a row of the game issue's table. Before, the text grew past
    GitHub's limit, GitHub refused it, and every run stopped there."""
    hub = GitHubTable(tmp_path / "g", players="alice,bob,carol", ruleset="suber-initial-set")
    try:
        hub.later()
        asked = [request_to_join(hub, f"stranger{n:03d}") for n in range(200)]
        assert hub.reconcile() == 0, hub.out + hub.err
        assert settle(hub)[-1] == 0  # every run after it too, until one writes nothing
        game = load_game(hub.files())
        assert len(game.state.open_proposals) == 200
        body = hub.fake.world.issues[hub.game_issue()].body
        assert len(body) <= BODY_MOST
        shown = body.count("| The request to join by stranger")
        assert 0 < shown < 200 and f"…and {200 - shown} more proposals in their vote: every " \
            "one is on [state/README.md](../blob/HEAD/state/README.md)." in body
        rows = [line for line in body.splitlines() if line.startswith("| The request")]
        assert [row.rsplit("(#", 1)[1].split(")")[0] for row in rows] == \
            [str(n) for n in asked[:shown]]  # the first asked first: #2 before #10
        page = hub.files()["state/README.md"]
        assert all(f"/pull/{n})" in page for n in asked)  # the page lists them all
    finally:
        hub.close()


def test_a_text_too_long_for_github_is_cut_at_a_line_and_says_so():
    lines = [f"line {n}: " + "x" * 90 for n in range(1000)]  # 100,000 characters
    text = "<!-- mark -->\n" + "\n".join(lines)
    cut = fitted(text)
    assert len(cut) <= TEXT_MOST and cut.endswith(CUT) and cut.startswith("<!-- mark -->\n")
    kept = cut.removesuffix(CUT).split("\n")[1:]
    assert kept == lines[:len(kept)] and len(kept) > 600  # whole lines, in order
    assert fitted("short\n") == "short\n" and fitted("y" * TEXT_MOST) == "y" * TEXT_MOST
    assert len(fitted("z" * 70_000)) <= TEXT_MOST  # one line: cut within it


def test_a_game_ending_with_more_winners_than_a_title_names_halts_no_run(tmp_path):
    """The game issue's title names the winners, and GitHub refuses a title past 256
    characters (422): a game whose end date found a dozen players tied (or a proposal that
    made every player win) made every run after stop at rewriting it."""
    logins = [f"a-player-whose-login-is-long-{n:02d}" for n in range(12)]
    hub = GitHubTable(tmp_path / "g", players=",".join(logins),
                      ends=(T0 + timedelta(days=3)).isoformat())
    try:
        hub.later(24 * 3)  # the end: everyone tied at 0 points
        assert hub.reconcile() == 0, hub.out + hub.err
        assert load_game(hub.files()).state.winners == tuple(logins)
        [issue] = [i for i in hub.fake.world.issues.values() if "nomic: game" in i.labels]
        assert len(issue.title) <= TITLE_MOST
        assert issue.title.startswith(f"The game is over: {logins[0]}, {logins[1]}, ")
        named = issue.title.count("a-player-whose-login")
        assert issue.title.endswith(f", {logins[named - 1]} and {12 - named} more won")
        assert settle(hub)[-1] == 0
    finally:
        hub.close()
