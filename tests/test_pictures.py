"""Every picture the README shows is made again by the command that made it, the command its caption
or list names (`baker8bit shot ... --out docs/X.png`, `baker8bit replay ... --gif docs/X.gif`), and
compared with the shipped file pixel for pixel (and, for the GIF, frame for frame with its times).
The commands write into the test's own folder: the clone is left as it was."""

from __future__ import annotations

import os
import re
import shlex
import struct
import subprocess
import sys
import zlib

import pytest
from figures import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
PICTURES = sorted(set(re.findall(r"!\[[^\]]*\]\((docs/[^)\s]+\.(?:png|gif))\)", README)))
COMMANDS = re.findall(r"`(baker8bit [^`]*)`", README)


def maker(picture: str) -> list[str]:
    """The one command of the README that writes ``picture``."""
    found = [c for c in COMMANDS if re.search(rf"--(?:out|gif) {re.escape(picture)}(?:\s|$)", c)]
    assert len(found) == 1, f"README: say once which command makes {picture} (found {found})"
    return shlex.split(found[0])


def test_every_picture_has_its_command():
    assert len(PICTURES) >= 9 and "docs/demo.gif" in PICTURES
    for picture in PICTURES:
        maker(picture)


def png_pixels(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and RGB bytes of an 8-bit, non-interlaced PNG (truecolour, with or without
    alpha, or palette): what Pyxel writes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, palette = 8, b"", b""
    while at < len(data):
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + size]
        if kind == b"IHDR":
            w, h, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and colour in (2, 3, 6), (depth, colour, interlace)
        elif kind == b"PLTE":
            palette = body
        elif kind == b"IDAT":
            idat += body
        at += 12 + size
    bpp = {2: 3, 3: 1, 6: 4}[colour]
    raw, stride = zlib.decompress(idat), w * bpp
    out, prev = bytearray(), bytearray(stride)
    for y in range(h):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + b) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        prev = line
        if colour == 3:
            out += b"".join(palette[3 * v:3 * v + 3] for v in line)
        elif colour == 6:
            out += b"".join(line[i:i + 3] for i in range(0, stride, 4))
        else:
            out += line
    return w, h, bytes(out)


def gif_frames(data: bytes) -> tuple[int, int, list[int], list[tuple[int, int, bytes]]]:
    """Width, height, colour table and (start cs, end cs, screen of colour indices) of each image of
    a GIF (tests/test_gif.py's decoder)."""
    from test_gif import parse_gif, timeline

    g = parse_gif(data)
    return g.width, g.height, g.table, timeline(g)


def same_gif(a: bytes, b: bytes) -> bool:
    (wa, ha, ta, fa), (wb, hb, tb, fb) = gif_frames(a), gif_frames(b)
    if (wa, ha, [t[:2] for t in fa]) != (wb, hb, [t[:2] for t in fb]):
        return False
    if ta == tb:
        return [t[2] for t in fa] == [t[2] for t in fb]
    return all([ta[i] for i in x[2]] == [tb[i] for i in y[2]] for x, y in zip(fa, fb, strict=True))


@pytest.mark.parametrize("picture", PICTURES)
def test_the_picture_is_what_its_command_makes_now(picture, tmp_path):
    words = maker(picture)
    out = tmp_path / os.path.basename(picture)
    args = [str(out) if w == picture else str(ROOT / w) if w.startswith("docs/") else w for w in words[1:]]
    env = dict(os.environ, BAKER8BIT_DATA_DIR=str(tmp_path / "data"))
    made = subprocess.run([sys.executable, "-m", "baker8bit", *args], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert made.returncode == 0, made.stderr
    shipped, fresh = (ROOT / picture).read_bytes(), out.read_bytes()
    if picture.endswith(".png"):
        assert png_pixels(fresh) == png_pixels(shipped), f"{picture} is stale: run {' '.join(words)}"
    else:
        assert same_gif(fresh, shipped), f"{picture} is stale: run {' '.join(words)}"
