"""The board as a reader sees it: `state/README.md` rendered to HTML and opened in headless
Chromium (Debian's `chromium`), whose screenshot must show each token's disc, in its
player's colour, where the state puts it. `.ci/run` installs Chromium, so in CI this test
never skips; on a machine without it, it skips and says why."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from nomic_ci.core.board.boardfile import BOARD, Board, CopCar, Token, dump_board
from nomic_ci.core.game import load_game
from nomic_ci.text.board_svg import BOARD_SVG
from nomic_ci.text.readmes import STATE_README, render_all
from nomic_ci.text.score_chart import COLOURS

from builders import make_files

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and rows of RGB(A) bytes of an 8-bit, non-interlaced PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, {}
    idat = b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IDAT":
            idat += body
        chunks.setdefault(kind, body)
        at += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert depth == 8 and colour in (2, 6) and interlace == 0
    step = 3 if colour == 2 else 4
    raw, rows, previous = zlib.decompress(idat), [], bytes(width * step)
    for y in range(height):
        start = y * (width * step + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + width * step])
        for i in range(len(line)):
            left = line[i - step] if i >= step else 0
            up, corner = previous[i], previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc
                                      else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, [bytes(r[i:i + 3]) for r in rows for i in range(0, len(r), step)]


def centre_of(colour: str, width: int, pixels: list[bytes]) -> tuple[float, float]:
    want = bytes.fromhex(colour.lstrip("#"))
    found = [(i % width, i // width) for i, p in enumerate(pixels) if p == want]
    assert len(found) > 50, f"no disc of {colour} in the screenshot"
    return sum(x for x, _ in found) / len(found), sum(y for _, y in found) / len(found)


def token_centres(svg: str) -> dict[str, tuple[float, float]]:
    import xml.etree.ElementTree as ET
    ns = {"svg": "http://www.w3.org/2000/svg"}
    root = ET.fromstring(svg)
    return {g.get("data-token"): (float(g.find("svg:circle", ns).get("cx")),
                                  float(g.find("svg:circle", ns).get("cy")))
            for g in root.iterfind("svg:g[@data-token]", ns)}


@pytest.mark.skipif(BROWSER is None and not os.environ.get("CI"),
                    reason="no chromium here (apt-get install chromium); CI installs it")
def test_the_readme_shows_the_tokens_where_the_state_puts_them(tmp_path: Path):
    files = make_files(ruleset="infinite-nomic-r7")
    files[BOARD] = dump_board(Board(cop_car=CopCar(4, 200), tokens=(
        Token("alice", 5), Token("bob", 9), Token("carol", "jail"))))
    rendered = render_all(load_game(files))
    (tmp_path / "board.svg").write_text(rendered[BOARD_SVG])
    html = MarkdownIt("commonmark").render(rendered[STATE_README])
    (tmp_path / "README.html").write_text(
        f"<!doctype html><meta charset=utf-8><body style='margin:8px'>{html}</body>")
    shot = tmp_path / "shot.png"
    assert BROWSER is not None, "CI installs chromium (.ci/run)"
    subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu",
                    "--hide-scrollbars", "--force-device-scale-factor=1",
                    f"--screenshot={shot}", "--window-size=900,900",
                    (tmp_path / "README.html").as_uri()],
                   check=True, capture_output=True, timeout=120)
    width, _, pixels = decode_png(shot.read_bytes())
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
