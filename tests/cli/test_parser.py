"""The command line itself: start-up, --version, a game found from a subfolder, a closed pipe."""

import argparse
import shlex
import subprocess
import sys

import pytest

from nomic_ci import rulesets
from nomic_ci.cli import parser

from builders import new_rule
from tables import LocalTable

# the modules a command must not import before it runs: PyGithub, and the engine's loop
HEAVY = ("github", "requests", "nomic_ci.reconcile", "nomic_ci.forges.githubforge")


def modules_after(*args, cwd=None, env=None):
    """The modules a command loaded (not those only stood in for until used: lazyimports,
    nor those the interpreter's site loaded before it: a machine's .pth files may import
    certifi, and with it tempfile and shutil), and what it printed."""
    code = ("import sys\nbefore = set(sys.modules)\nfrom nomic_ci.cli import main\ntry:\n"
            "    main(%r)\nexcept SystemExit:\n    pass\n"
            "from nomic_ci.forges.lazyimports import loaded\nprint(' '.join(sorted(m for m in "
            "list(sys.modules) if loaded(m) and m not in before)), file=sys.stderr)"
            % (list(args),))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd,
                          env=env)
    return set(done.stderr.split()), done.stdout


def test_help_version_and_status_import_neither_pygithub_nor_the_engine_loop(tmp_path):
    LocalTable(tmp_path / "g")
    for args in (["--help"], ["--version"], ["status"]):
        loaded, out = modules_after(*args, cwd=tmp_path / "g")
        assert not loaded & set(HEAVY), (args, loaded & set(HEAVY))
        assert out
    assert modules_after("--version")[1].startswith("nomic-ci ")


def test_the_version_of_an_engine_run_from_its_source_is_its_pyproject_s(monkeypatch, capsys):
    """The workflows run the engine from the checkout, not installed."""
    from importlib import metadata

    def not_installed(name):
        raise metadata.PackageNotFoundError(name)
    monkeypatch.setattr(metadata, "version", not_installed)
    with pytest.raises(SystemExit) as done:
        parser.main(["--version"])
    assert done.value.code == 0
    import tomllib
    from pathlib import Path
    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    version = project["project"]["version"]
    assert capsys.readouterr().out == f"nomic-ci {version} (from its source)\n"


@pytest.mark.parametrize("ruleset, admin", [("default", []), ("infinite-nomic-r7", []),
                                            ("borednomic", ["--admin", "dana:9"]),
                                            ("suber-initial-set", [])])
def test_status_reads_a_new_game_without_ruamel_yaml_markdown_it_hashlib_html_or_inspect(tmp_path,
                                                                               ruleset, admin):
    """Their files are all in the quick reader's subset (quickyaml), and their rules of the
    usual shape: importing either library was most of a short command's start-up. Nor does
    it load OpenSSL for dice it does not roll, nor html's entity table for a board it does
    not draw; nor `inspect`, which dataclasses imports to write docstrings none needs."""
    now = ["--now", "2026-05-01T12:00:00Z"]
    assert parser.main(["init", str(tmp_path / "g"), "--ruleset", ruleset, "--players",
                        "alice,bob", *admin, *now]) == 0
    loaded, out = modules_after("status", *now, cwd=tmp_path / "g")
    assert "Scoreboard" in out
    heavy = {"ruamel.yaml", "markdown_it", "hashlib", "html", "inspect"}
    assert not loaded & heavy, loaded & heavy


def test_status_with_a_vote_due_loads_only_what_it_reads_and_tells(tmp_path):
    """A proposal whose vote has closed: `status` counts it and says what the next tick
    would decide, through the engine's whole judging of what is due, and still imports no
    writer, no hashing, and none of the modules a command loads only for the rare case
    that needs it (a temporary index for a commit that removes files, a near command's
    name for a mistyped one, the terminal's width through shutil, textwrap for a --help)."""
    table = LocalTable(tmp_path / "g", players="alice,bob,carol")
    table.later().branch("idea", new_rule(201))
    table.propose("alice", "idea")
    table.later().vote(1, "bob")
    loaded, out = modules_after("status", "--now", table.later(72).now.isoformat(),
                                cwd=tmp_path / "g")
    assert "Due now" in out and "nomic_ci.core.due" in loaded, out
    heavy = {"ruamel.yaml", "markdown_it", "hashlib", "html", "inspect", "tempfile", "difflib",
             "shutil", "textwrap", *HEAVY}
    assert not loaded & heavy, loaded & heavy


def test_status_on_a_game_without_a_board_never_loads_the_boards_mechanics(tmp_path):
    """Only its own action log's reader (empty) and the table of the board's keys: the
    board's modules were a third of the start-up."""
    LocalTable(tmp_path / "g")
    allowed = {"nomic_ci.core.board", "nomic_ci.core.board.games",
               "nomic_ci.core.board.actionindex", "nomic_ci.core.board.actionlog"}
    loaded, out = modules_after("status", "--now", "2026-05-02T12:00:00Z", cwd=tmp_path / "g")
    board = {m for m in loaded if m.startswith(("nomic_ci.core.board", "nomic_ci.text.board",
                                                "nomic_ci.text.world"))}
    assert "Scoreboard" in out
    assert board <= allowed, board - allowed


# each shipped ruleset, and the board game whose room it plays in (core/board/games.py)
ROOMS = {"default": None, "infinite-nomic-r7": "infinite", "infinite-nomic-r7-start": "infinite",
         "suber-initial-set": "suber", "borednomic": "bored"}


@pytest.mark.parametrize("ruleset", sorted(ROOMS))
def test_a_game_loads_the_room_of_its_own_board_game_alone(tmp_path, ruleset):
    """`status`, and a `tick` that plays what is due, import a game's modules only where a
    rule in force binds one of its keys: no room at all without a board."""
    from nomic_ci.core.board.games import GAMES
    admin = ["--admin", "dana:9"] if ruleset == "borednomic" else []
    assert parser.main(["init", str(tmp_path / "g"), "--ruleset", ruleset, "--players",
                        "alice,bob", *admin, "--now", "2026-05-01T12:00:00Z"]) == 0
    every = {f"nomic_ci.core.board.{game.room}" for game in GAMES}
    for command in (["status"], ["tick"]):
        loaded, out = modules_after(*command, "--now", "2026-05-09T12:00:00Z",
                                    cwd=tmp_path / "g")
        assert out or command == ["tick"]
        rooms = {m for m in loaded if m in every}
        assert rooms == ({f"nomic_ci.core.board.{ROOMS[ruleset]}"} if ROOMS[ruleset] else
                         set()), (command, rooms)
        assert not any(m.startswith(room + ".") for room in every - rooms for m in loaded)


@pytest.mark.parametrize("columns", [None, "57", "0", "wide"])
def test_help_is_as_wide_as_argparse_makes_it(monkeypatch, columns):
    """The width is read without shutil (`parser.columns`), as shutil reads it."""
    import shutil
    monkeypatch.delenv("COLUMNS", raising=False)
    if columns is not None:
        monkeypatch.setenv("COLUMNS", columns)
    assert parser.columns() == shutil.get_terminal_size().columns
    for ours in (parser.Formatter, parser.CommandFormatter):
        made, theirs = ours("nomic-ci"), argparse.HelpFormatter("nomic-ci")
        assert (made._width, made._max_help_position) == \
            (theirs._width, theirs._max_help_position)


def test_the_parsers_rulesets_are_the_shipped_ones():
    assert sorted(parser.RULESETS) == sorted(rulesets.names())
    assert parser.RULESETS[0] == rulesets.DEFAULT


def test_a_command_run_in_a_subfolder_finds_its_game(tmp_path, monkeypatch):
    LocalTable(tmp_path / "g")
    inside = tmp_path / "g" / "rules" / "drafts"
    inside.mkdir()
    assert parser.game_root(inside) == tmp_path / "g"
    assert parser.game_root(tmp_path) == tmp_path  # no game above: the folder itself
    monkeypatch.chdir(inside)
    assert parser.main(["verify"]) == 0


def test_output_to_a_reader_that_went_away_ends_without_a_traceback(tmp_path):
    LocalTable(tmp_path / "g")
    reader = subprocess.Popen([sys.executable, "-m", "nomic_ci", "status"], cwd=tmp_path / "g",
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    reader.stdout.close()  # as `| head -0` does
    _, err = reader.communicate()
    assert err == b"", err  # no traceback, and no "internal error" either


def subcommands_of(top):
    return next(a for a in top._actions if isinstance(a, argparse._SubParsersAction)).choices


def subcommands():
    return sorted(subcommands_of(parser.parser()).items())


@pytest.mark.parametrize("name, sub", subcommands())
def test_every_subcommands_help_explains_its_options_with_an_example_that_parses(name, sub):
    text = sub.format_help()
    assert "\nexample:\n  " in text, text
    example = text.split("\nexample:\n  ", 1)[1].strip()
    words = shlex.split(example)
    words = words[next(i for i, w in enumerate(words) if w == "nomic-ci") + 1:]
    assert name in words  # the example uses the command it documents
    parsed = parser.parser().parse_args(words)  # and is a command line the parser accepts
    assert parsed.command == name
    unexplained = [a.option_strings or a.dest for a in sub._actions
                   if not a.help or a.help == argparse.SUPPRESS]
    assert unexplained == [], f"{name}: options without help: {unexplained}"
    assert sub.description and len(sub.description) > 20


@pytest.mark.parametrize("argv, asked", [
    (["status"], "status"), (["--now", "2026-05-03T12:00:00Z", "tick"], "tick"),
    (["--repo=g", "--now", "x", "vote", "3"], "vote"), (["--repo", "status", "verify"], "verify"),
    (["--help", "status"], None), (["--version"], None), (["--re", "g", "status"], None),
    (["statu"], None), ([], None), (["--now"], None),
])
def test_only_the_command_named_after_the_global_options_is_built(argv, asked):
    assert parser.asked_command(argv) == asked


@pytest.mark.parametrize("name, sub", subcommands())
def test_a_command_parses_alike_with_its_parser_alone(name, sub):
    """`main` builds only the command asked for: its own parser reads a line as the whole
    parser does, and --help lists every command only when the whole parser is built."""
    example = sub.format_help().split("\nexample:\n  ", 1)[1].strip()
    words = shlex.split(example)
    words = words[words.index("nomic-ci") + 1:]
    assert parser.asked_command(words) == name
    alone, whole = parser.parser(name).parse_args(words), parser.parser().parse_args(words)
    assert {k: v for k, v in vars(alone).items() if k not in ("run", "parsed_by")} == \
        {k: v for k, v in vars(whole).items() if k not in ("run", "parsed_by")}
    assert list(subcommands_of(parser.parser(name))) == [name]
    assert list(subcommands_of(parser.parser())) == list(parser.COMMANDS)


@pytest.mark.parametrize("argv, says", [
    (["stauts"], "there is no command 'stauts': did you mean 'status'?"),
    (["propse", "--as", "alice"], "did you mean 'propose'?"),
    (["--now", "2026-05-01T12:00:00Z", "tikc"], "did you mean 'tick'?"),
    (["--repo=g", "Status"], "did you mean 'status'?"),
    (["xyzzy"], "the commands are init, propose, vote, command,"),
])
def test_a_mistyped_command_is_answered_with_the_one_meant_and_run_by_no_one(argv, says,
                                                                            capsys):
    """A suggestion, never a guess: `stauts` runs nothing, and says what to type."""
    with pytest.raises(SystemExit) as done:
        parser.main(argv)
    err = capsys.readouterr().err
    assert done.value.code == 2 and "nomic-ci: error: there is no command '" in err
    assert says in err and err.startswith("usage: nomic-ci "), err


@pytest.mark.parametrize("argv", [["vote", "3", "--as", "bob", "--yes", "--yse"],
                                  ["--repo", "g", "status", "--jsno"]])
def test_an_option_a_command_does_not_know_is_said_with_that_command_s_usage(argv, capsys):
    """Not the top parser's usage, which lists no option of the command."""
    with pytest.raises(SystemExit) as done:
        parser.main(argv)
    err = capsys.readouterr().err
    command = "vote" if "vote" in argv else "status"
    assert done.value.code == 2 and err.startswith(f"usage: nomic-ci {command} "), err
    assert f"nomic-ci {command}: error: unrecognized arguments: {argv[-1]}" in err
