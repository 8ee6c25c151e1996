"""`state/board.svg`: parsed back, it shows the ring, its spaces' features, the pairs and
each token where `state/board.yaml` puts it."""

import xml.etree.ElementTree as ET

from nomic_ci.core.board.boardfile import BOARD, Board, CopCar, House, Pair, Token, dump_board
from nomic_ci.core.game import load_game
from nomic_ci.text.board_svg import BOARD_SVG, render_board_svg
from nomic_ci.text.readmes import STATE_README, render_all

from builders import make_files

NS = {"svg": "http://www.w3.org/2000/svg"}


def drawn(board: Board):
    files = make_files(ruleset="infinite-nomic-r7")
    files[BOARD] = dump_board(board)
    game = load_game(files)
    return game, ET.fromstring(render_board_svg(game))


def test_the_board_shows_every_space_its_features_the_pairs_and_the_tokens():
    board = Board(added_spaces=4, cop_car=CopCar(10, 190),
                  houses=(House(3, "bob"),), pairs=(Pair("Ladder", 1, 2, 12),),
                  tokens=(Token("alice", 5), Token("bob", "jail"), Token("carol", 12)))
    _, svg = drawn(board)
    spaces = {g.get("data-space"): g.get("data-features").split(",")
              for g in svg.iterfind("svg:g[@data-space]", NS)}
    assert list(spaces) == [str(n) for n in range(1, 15)]  # rule 5's 10, and 4 explored
    assert spaces["5"] == ["Fives"]  # rule 8
    assert spaces["7"] == ["Master of Your Fate"]
    assert spaces["10"] == ["Cop Car", "Fives"]  # rule 11: alphabetical
    assert spaces["11"] == ["Shop"] and spaces["13"] == ["Shop"]  # primes above 10
    assert spaces["14"] == ["Bank"]  # a multiple of 7 above 7
    assert spaces["3"] == ["House"] and spaces["2"] == ["Ladder"] and spaces["12"] == ["Ladder"]
    marks = ET.tostring(svg.find("svg:g[@data-space='10']", NS), encoding="unicode")
    assert "C190" in marks  # the Cop Car's health
    assert "H:bob" in ET.tostring(svg.find("svg:g[@data-space='3']", NS), encoding="unicode")
    assert [line.get("data-pair") for line in svg.iterfind("svg:line", NS)] == ["Ladder 1"]
    tokens = {g.get("data-token"): g.get("data-at") for g in svg.iterfind("svg:g[@data-token]",
                                                                          NS)}
    assert tokens == {"alice": "5", "bob": "jail", "carol": "12"}


def test_a_token_is_drawn_on_its_space():
    game, svg = drawn(Board(cop_car=CopCar(4, 200), tokens=(Token("alice", 6),)))
    space = svg.find("svg:g[@data-space='6']/svg:circle", NS)
    token = svg.find("svg:g[@data-token='alice']/svg:circle", NS)
    centre = float(svg.get("width")) / 2
    # the token sits on the line from the ring's centre through its space, inside the ring
    sx, sy = float(space.get("cx")) - centre, float(space.get("cy")) - centre
    tx, ty = float(token.get("cx")) - centre, float(token.get("cy")) - centre
    assert abs(sx * ty - sy * tx) < 1e-6 * (sx * sx + sy * sy) ** 0.5 * 100
    assert 0 < (tx * tx + ty * ty) < (sx * sx + sy * sy)


def test_the_state_readme_opens_with_the_board_and_its_legend():
    files = make_files(ruleset="infinite-nomic-r7")
    rendered = render_all(load_game(files))
    assert BOARD_SVG in rendered
    top = rendered[STATE_README].split("## Scoreboard")[0]
    assert "![The board, with every player's token](board.svg)" in top and "Cop Car" in top
    assert BOARD_SVG not in render_all(load_game(make_files()))  # a game with no board


def test_the_legend_lists_what_the_picture_draws_and_nothing_else():
    from nomic_ci.text.board_svg import legend
    # a new round 7 board: 10 spaces, so no Shop (above 10) and no Bank (above 7, a
    # multiple of 7); no House built, no Snake or Ladder yet
    game, svg = drawn(Board(cop_car=CopCar(4, 200)))
    text = legend(game)
    assert "C200: the Cop Car and its health (rule 11)" in text
    for absent in ("Bank", "Shop", "House", "Ladder", "Snake"):
        assert absent not in text, absent
    # once they are on the board, each is listed, with its rule
    game, svg = drawn(Board(added_spaces=4, cop_car=CopCar(10, 190), houses=(House(3, "bob"),),
                            pairs=(Pair("Snake", 1, 2, 12),)))
    text = legend(game)
    assert "B: a Bank (rule 11)" in text and "S: a Shop (rule 11)" in text
    assert "H:bob: a House and its owner (rule 11)" in text
    assert "red dashed line: a Snake" in text and "Ladder" not in text
    assert "boxes in the middle: Jail (rule 8) and the Gulag (rule 8)" in text


def test_jail_and_the_gulag_are_drawn_only_where_a_rule_has_them():
    files = make_files(ruleset="infinite-nomic-r7-start")  # seed 000: no jail, no Gulag
    game = load_game(files)
    svg = ET.fromstring(render_board_svg(game))
    assert not svg.findall("svg:rect[@data-space]", NS)
    from nomic_ci.text.board_svg import legend
    assert "Jail" not in legend(game) and "Gulag" not in legend(game)
    # a token an admin put in Jail where no rule has one is still drawn where it is
    files[BOARD] = dump_board(Board(tokens=(Token("alice", "jail"),)))
    game = load_game(files)
    svg = ET.fromstring(render_board_svg(game))
    assert [r.get("data-space") for r in svg.findall("svg:rect[@data-space]", NS)] == ["jail"]
    assert legend(game).endswith("; the box in the middle: Jail.")
