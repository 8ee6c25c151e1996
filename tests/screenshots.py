"""Pictures as a reader sees them: a page opened in headless Chromium (Debian's
`chromium`), its screenshot decoded to pixels. `.ci/run` installs Chromium, so in CI the
tests that use it never skip; on a machine without it, they skip and say why."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

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


needs_browser = pytest.mark.skipif(
    BROWSER is None and not os.environ.get("CI"),
    reason="no chromium here (apt-get install chromium); CI installs it")


def screenshot(page: Path, width: int, height: int) -> tuple[int, list[bytes]]:
    """The page as Chromium draws it in a window of this size: its width, and its pixels
    (RGB, row by row)."""
    assert BROWSER is not None, "CI installs chromium (.ci/run)"
    shot = page.with_suffix(".png")
    subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu",
                    "--hide-scrollbars", "--force-device-scale-factor=1",
                    f"--screenshot={shot}", f"--window-size={width},{height}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)
    shot_width, _, pixels = decode_png(shot.read_bytes())
    return shot_width, pixels
