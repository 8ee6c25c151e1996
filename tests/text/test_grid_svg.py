"""BoredNomic's board as a picture (seed 003 rule 6)."""

import re

from nomic_ci.core.board.boardfile import Deed, Token
from nomic_ci.text.board_svg import legend, render_board_svg

from boardgames import bored_game


def corner(svg: str, square: int) -> tuple[int, int]:
    found = re.search(rf'<g data-square="{square}"[^>]*>\n<rect x="(\d+)" y="(\d+)"', svg)
    return int(found[1]), int(found[2])


def test_squares_wind_in_rows_of_ten_from_the_bottom_left_in_colours_every_five():
    svg = render_board_svg(bored_game())
    assert "<title>The board: 22 squares</title>" in svg
    (x1, y1), (x10, y10), (x11, y11), (x20, y20), (x21, y21) = (
        corner(svg, s) for s in (1, 10, 11, 20, 21))
    assert y1 == y10 > y11 == y20 > y21  # 6.5: rows upward
    assert x1 < x10 and x11 == x10 and x20 == x1 == x21  # 11 above 10; 21 above 20
    assert '<g data-square="6" data-colour="Red"' in svg  # 6.9
    assert '<g data-square="22" data-colour="Yellow" data-name="The Inquisition">' in svg


def test_owners_names_and_tokens():
    game = bored_game(Token("alice", 4), Token("bob", 4), deeds=(Deed(4, "bob", "<Bistro>", 100),))
    svg = render_board_svg(game)
    assert 'data-name="&lt;Bistro&gt;" data-owner="bob"' in svg  # escaped
    assert '<g data-token="alice" data-at="4">' in svg and '<g data-token="bob" data-at="4">' in svg
    assert '<g data-token="carol" data-at="1">' in svg
    assert "rows of 10" in legend(game) and "(rule 16)" in legend(game)
