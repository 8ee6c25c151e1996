"""The board as a reader sees it: `state/README.md` rendered to HTML and opened in headless
Chromium (Debian's `chromium`), whose screenshot must show each token's disc, in its
player's colour, where the state puts it. `.ci/run` installs Chromium, so in CI this test
never skips; on a machine without it, it skips and says why."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from markdown_it import MarkdownIt

from nomic_ci.core.board.boardfile import BOARD, Board, CopCar, Token, dump_board
from nomic_ci.core.game import load_game
from nomic_ci.text.board_svg import BOARD_SVG
from nomic_ci.text.readmes import STATE_README, render_all
from nomic_ci.text.score_chart import COLOURS

from builders import make_files
from screenshots import centre_of, decode_png, needs_browser, screenshot


def token_centres(svg: str) -> dict[str, tuple[float, float]]:
    import xml.etree.ElementTree as ET
    ns = {"svg": "http://www.w3.org/2000/svg"}
    root = ET.fromstring(svg)
    return {g.get("data-token"): (float(g.find("svg:circle", ns).get("cx")),
                                  float(g.find("svg:circle", ns).get("cy")))
            for g in root.iterfind("svg:g[@data-token]", ns)}


@needs_browser
def test_the_readme_shows_the_tokens_where_the_state_puts_them(tmp_path: Path):
    files = make_files(ruleset="infinite-nomic-r7")
    files[BOARD] = dump_board(Board(cop_car=CopCar(4, 200), tokens=(
        Token("alice", 5), Token("bob", 9), Token("carol", "jail"))))
    rendered = render_all(load_game(files))
    (tmp_path / "board.svg").write_text(rendered[BOARD_SVG])
    html = MarkdownIt("commonmark").render(rendered[STATE_README])
    (tmp_path / "README.html").write_text(
        f"<!doctype html><meta charset=utf-8><body style='margin:8px'>{html}</body>")
    width, pixels = screenshot(tmp_path / "README.html", 900, 900)
    drawn = token_centres(rendered[BOARD_SVG])
    seen = {login: centre_of(COLOURS[i], width, pixels)
            for i, login in enumerate(("alice", "bob", "carol"))}
    # one offset (where the picture sits in the page) takes every token to its place
    dx, dy = (seen["alice"][0] - drawn["alice"][0], seen["alice"][1] - drawn["alice"][1])
    assert dx >= 0 and dy > 30  # below the page's heading
    for login in ("bob", "carol"):
        assert abs(seen[login][0] - drawn[login][0] - dx) < 2.5, login
        assert abs(seen[login][1] - drawn[login][1] - dy) < 2.5, login


def test_the_png_reader_reads_what_it_is_given():
    rows = [b"\x00" + bytes([255, 0, 0, 0, 0, 255]), b"\x02" + bytes([0, 255, 0, 0, 0, 0])]
    data = zlib.compress(b"".join(rows))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", data) + chunk(b"IEND", b""))
    assert decode_png(png) == (2, 2, [b"\xff\x00\x00", b"\x00\x00\xff", b"\xff\xff\x00",
                                      b"\x00\x00\xff"])
