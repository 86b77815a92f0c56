"""GIF writer: the files decode (with our own small decoder below) to the frames given,
at the right times, with the total time exact, no image under 2 cs, only changed
rectangles stored, and atomic writes that leave nothing behind on failure."""

from __future__ import annotations

import errno
import random
import shutil
import struct
import subprocess
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baker8bit.sessions import gif
from baker8bit.sessions.gif import GifWriteError, GifWriter, lzw_encode

PAL5 = [0x000000, 0xFF0000, 0x00FF00, 0x0000FF, 0xFFFFFF]


# -- a small GIF decoder of our own -----------------------------------------


def lzw_decode(data: bytes, min_code_size: int) -> tuple[bytes, int]:
    """Decode a GIF LZW stream; return (pixels, number of clear codes seen)."""
    clear, eoi = 1 << min_code_size, (1 << min_code_size) + 1
    roots = [bytes((i,)) for i in range(clear)] + [b"", b""]
    table = list(roots)
    width = min_code_size + 1
    buf = nbits = pos = clears = 0
    prev = None
    out = bytearray()
    while True:
        while nbits < width:
            if pos >= len(data):
                raise ValueError("LZW data ends without an end code")
            buf |= data[pos] << nbits
            pos += 1
            nbits += 8
        code = buf & ((1 << width) - 1)
        buf >>= width
        nbits -= width
        if code == clear:
            table, width, prev = list(roots), min_code_size + 1, None
            clears += 1
            continue
        if code == eoi:
            break
        if prev is None:
            if code >= clear:
                raise ValueError(f"first code after a clear is {code}, not a root")
            entry = table[code]
        else:
            if code < len(table):
                entry = table[code]
                new = prev + entry[:1]
            elif code == len(table):
                entry = new = prev + prev[:1]
            else:
                raise ValueError(f"code {code} beyond table size {len(table)}")
            if len(table) < 4096:
                table.append(new)
                if len(table) == 1 << width and width < 12:
                    width += 1
        out += entry
        prev = entry
    assert pos == len(data), "bytes left after the end code"
    assert buf == 0, "nonzero padding after the end code"
    return bytes(out), clears


@dataclass
class Image:
    left: int
    top: int
    width: int
    height: int
    delay: int
    disposal: int
    pixels: bytes
    min_code_size: int


@dataclass
class Gif:
    width: int
    height: int
    table: list[int]
    loop: int | None
    images: list[Image] = field(default_factory=list)
    clears: int = 0


def sub_blocks(blob: bytes, pos: int) -> tuple[list[bytes], int]:
    blocks = []
    while blob[pos]:
        n = blob[pos]
        blocks.append(blob[pos + 1 : pos + 1 + n])
        assert len(blocks[-1]) == n, "truncated sub-block"
        pos += 1 + n
    return blocks, pos + 1


def parse_gif(blob: bytes) -> Gif:
    assert blob[:6] == b"GIF89a"
    w, h, packed, _bg, _aspect = struct.unpack_from("<HHBBB", blob, 6)
    assert packed & 0x80, "no global colour table"
    size = 2 << (packed & 7)
    pos = 13
    table = [int.from_bytes(blob[pos + 3 * i : pos + 3 * i + 3], "big") for i in range(size)]
    pos += 3 * size
    g = Gif(w, h, table, None)
    gce = None
    while True:
        kind = blob[pos]
        pos += 1
        if kind == 0x3B:
            break
        if kind == 0x21:
            label = blob[pos]
            blocks, pos = sub_blocks(blob, pos + 1)
            if label == 0xF9:
                assert gce is None, "two graphic control extensions for one image"
                assert len(blocks) == 1 and len(blocks[0]) == 4
                flags, delay, _transparent = struct.unpack("<BHB", blocks[0])
                assert not flags & 1, "unexpected transparency"
                gce = (delay, (flags >> 2) & 7)
            elif label == 0xFF and blocks[0] == b"NETSCAPE2.0":
                assert blocks[1][0] == 1
                g.loop = struct.unpack("<H", blocks[1][1:3])[0]
        elif kind == 0x2C:
            left, top, iw, ih, flags = struct.unpack_from("<HHHHB", blob, pos)
            assert flags == 0, "local table or interlace not expected"
            mcs = blob[pos + 9]
            blocks, pos = sub_blocks(blob, pos + 10)
            assert all(len(b) == 255 for b in blocks[:-1])
            pixels, clears = lzw_decode(b"".join(blocks), mcs)
            assert len(pixels) == iw * ih
            assert left + iw <= w and top + ih <= h
            assert gce is not None, "image without a graphic control extension"
            g.images.append(Image(left, top, iw, ih, gce[0], gce[1], pixels, mcs))
            g.clears += clears
            gce = None
        else:
            raise AssertionError(f"unknown block 0x{kind:02x} at {pos - 1}")
    assert pos == len(blob), "bytes after the trailer"
    return g


def timeline(g: Gif) -> list[tuple[int, int, bytes]]:
    """(start cs, end cs, whole screen) for each image, drawn over the previous ones."""
    first = g.images[0]
    assert (first.left, first.top, first.width, first.height) == (0, 0, g.width, g.height)
    screen = bytearray(g.width * g.height)
    out, t = [], 0
    for im in g.images:
        assert im.disposal == 1
        for y in range(im.height):
            o = (im.top + y) * g.width + im.left
            screen[o : o + im.width] = im.pixels[y * im.width : (y + 1) * im.width]
        out.append((t, t + im.delay, bytes(screen)))
        t += im.delay
    return out


def upscale(pixels: bytes, w: int, h: int, k: int) -> bytes:
    return bytes(pixels[(y // k) * w + x // k] for y in range(h * k) for x in range(w * k))


def cs(i: int, fps: float) -> int:
    return round(i * 100 / fps)


def write(path, frames, w, h, palette=PAL5, **kw) -> GifWriter:
    with GifWriter(path, w, h, palette, **kw) as g:
        for f in frames:
            g.add_frame(f)
    return g


def solid(w, h, c):
    return bytes([c]) * (w * h)


def shown(g: Gif) -> list[tuple[int, bytes]]:
    return [(im.delay, scr) for (_s, _e, scr), im in zip(timeline(g), g.images, strict=True)]


# -- file layout ------------------------------------------------------------


@pytest.mark.parametrize(
    "ncolours, table_size, mcs",
    [(1, 2, 2), (2, 2, 2), (3, 4, 2), (5, 8, 3), (16, 16, 4), (17, 32, 5), (128, 128, 7), (256, 256, 8)],
)
def test_header_screen_and_padded_palette(tmp_path, ncolours, table_size, mcs):
    pal = [(i * 0x010203) & 0xFFFFFF for i in range(ncolours)]
    f = tmp_path / "p.gif"
    write(f, [solid(6, 4, ncolours - 1)], 6, 4, pal, scale=3)
    g = parse_gif(f.read_bytes())
    assert (g.width, g.height) == (18, 12)
    assert g.table == pal + [0] * (table_size - ncolours)
    assert g.images[0].min_code_size == mcs
    assert timeline(g)[0][2] == solid(18, 12, ncolours - 1)


def test_loop_extension_only_when_looping(tmp_path):
    write(tmp_path / "a.gif", [solid(2, 2, 1)], 2, 2)
    write(tmp_path / "b.gif", [solid(2, 2, 1)], 2, 2, loop=False)
    assert parse_gif((tmp_path / "a.gif").read_bytes()).loop == 0
    assert parse_gif((tmp_path / "b.gif").read_bytes()).loop is None
    assert b"NETSCAPE2.0" not in (tmp_path / "b.gif").read_bytes()


# -- merging and timing ------------------------------------------------------


def test_identical_frames_merge_with_cumulative_delays(tmp_path):
    a, b, c = solid(4, 3, 1), solid(4, 3, 2), solid(4, 3, 3)
    f = tmp_path / "m.gif"
    w = write(f, [a] * 10 + [b] * 20 + [c] * 5, 4, 3)
    assert (w.frames_seen, w.frames_written) == (35, 3)
    # 10/60 s = 16.67 -> 17 cs; 30/60 s = 50 cs; 35/60 s = 58.33 -> 58 cs.
    assert shown(parse_gif(f.read_bytes())) == [(17, a), (33, b), (8, c)]


def test_two_minutes_of_blinking_total_exactly_12000_cs(tmp_path):
    w, h = 16, 8
    off = solid(w, h, 0)
    on = bytearray(off)
    on[3 * w + 5 : 3 * w + 9] = b"\x04" * 4
    on = bytes(on)
    frames = [on if (i // 8) % 2 else off for i in range(7200)]
    f = tmp_path / "blink.gif"
    wr = write(f, frames, w, h, fps=60)
    g = parse_gif(f.read_bytes())
    assert wr.frames_seen == 7200
    assert wr.frames_written == len(g.images) == 900
    assert sum(im.delay for im in g.images) == 12000
    assert {im.delay for im in g.images} == {13, 14}
    for k, (start, _end, screen) in enumerate(timeline(g)):
        assert start == cs(8 * k, 60)
        assert screen == (on if k % 2 else off)
    # After the first, each image is just the 4x1 blinking strip.
    assert {(im.left, im.top, im.width, im.height) for im in g.images[1:]} == {(5, 3, 4, 1)}


def test_change_under_2cs_is_dropped_and_next_takes_its_start(tmp_path):
    a, b, c = solid(3, 2, 1), solid(3, 2, 2), solid(3, 2, 3)
    # At 60 fps frame 10 spans 17..18 cs: 1 cs, too short to store.
    assert cs(11, 60) - cs(10, 60) == 1
    f = tmp_path / "d.gif"
    wr = write(f, [a] * 10 + [b] + [c] * 10, 3, 2)
    assert wr.frames_written == 2
    assert shown(parse_gif(f.read_bytes())) == [(17, a), (cs(21, 60) - 17, c)]


def test_dropped_change_back_to_stored_image_extends_it(tmp_path):
    a, b = solid(3, 2, 1), solid(3, 2, 2)
    f = tmp_path / "back.gif"
    wr = write(f, [a] * 10 + [b] + [a] * 10, 3, 2)
    assert wr.frames_written == 1
    assert shown(parse_gif(f.read_bytes())) == [(cs(21, 60), a)]
    # And the writer still stores the next real change against the right image.
    wr = write(f, [a] * 10 + [b] + [a] * 10 + [b] * 6, 3, 2)
    assert shown(parse_gif(f.read_bytes())) == [(35, a), (cs(27, 60) - 35, b)]


def test_change_right_after_a_merge_back_is_kept(tmp_path):
    # 200 fps: A for 4 cs, B for 0.5 cs (dropped, back to A), A 0.5 cs, then C.
    a, b, c = solid(2, 2, 1), solid(2, 2, 2), solid(2, 2, 3)
    f = tmp_path / "mb.gif"
    write(f, [a] * 8 + [b] + [a] + [c] * 8, 2, 2, fps=200)
    assert shown(parse_gif(f.read_bytes())) == [(cs(10, 200), a), (cs(18, 200) - cs(10, 200), c)]


def test_last_change_under_2cs_is_dropped(tmp_path):
    a, b = solid(3, 2, 1), solid(3, 2, 2)
    f = tmp_path / "tail.gif"
    wr = write(f, [a] * 10 + [b], 3, 2)
    assert (wr.frames_seen, wr.frames_written) == (11, 1)
    assert shown(parse_gif(f.read_bytes())) == [(cs(11, 60), a)]


def test_fast_fps_never_stores_short_images(tmp_path):
    # At 200 fps a frame is 0.5 cs: alternating frames are all too short, so only
    # the runs of 8 frames (4 cs) survive, and the time still adds up.
    frames = []
    for r in range(30):
        frames += [solid(2, 2, r % 5)] * (8 if r % 3 == 0 else 1)
    f = tmp_path / "fast.gif"
    write(f, frames, 2, 2, fps=200)
    g = parse_gif(f.read_bytes())
    assert all(im.delay >= 2 for im in g.images)
    assert sum(im.delay for im in g.images) == cs(len(frames), 200)


def test_a_recording_shorter_than_2cs_still_has_one_image(tmp_path):
    f = tmp_path / "one.gif"
    wr = write(f, [solid(2, 2, 3)], 2, 2, fps=100)
    assert wr.frames_written == 1
    assert shown(parse_gif(f.read_bytes())) == [(2, solid(2, 2, 3))]


@pytest.mark.parametrize(
    "frames, delays",
    [(65535, [65535]), (65536, [65534, 2]), (65537, [65535, 2]), (140000, [65535, 65535, 8930])],
)
def test_delays_longer_than_the_field_are_split(tmp_path, frames, delays):
    a, b = solid(2, 2, 1), solid(2, 2, 2)
    f = tmp_path / "long.gif"
    wr = write(f, [a] * frames + [b] * 5, 2, 2, fps=100)
    g = parse_gif(f.read_bytes())
    assert [im.delay for im in g.images] == delays + [5]
    assert wr.frames_written == len(delays) + 1
    screens = [scr for _s, _e, scr in timeline(g)]
    assert screens == [a] * len(delays) + [b]


# -- changed rectangles and scaling -------------------------------------------


def test_only_the_changed_rectangle_is_stored_scaled(tmp_path):
    w, h = 336, 224
    rng = random.Random(5)
    base = bytes(rng.choice((0, 0, 0, 7, 12)) for _ in range(w * h))
    moved = bytearray(base)
    for y in range(40, 48):  # a 16x8 card-sized block
        moved[y * w + 100 : y * w + 116] = bytes([99]) * 16
    moved[200 * w + 300] = 127  # and one far pixel
    moved = bytes(moved)
    f = tmp_path / "rect.gif"
    write(f, [base] * 30 + [moved] * 30, w, h, list(range(128)), scale=2)
    g = parse_gif(f.read_bytes())
    assert (g.width, g.height) == (672, 448)
    assert len(g.images) == 2
    im = g.images[1]
    assert (im.left, im.top, im.width, im.height) == (200, 80, (301 - 100) * 2, (201 - 40) * 2)
    assert [scr for _s, _e, scr in timeline(g)] == [upscale(base, w, h, 2), upscale(moved, w, h, 2)]


def changes_are_tight(g: Gif) -> None:
    """Every stored rectangle touches a changed pixel on each of its four edges."""
    prev = None
    for im, (_s, _e, scr) in zip(g.images, timeline(g), strict=True):
        if prev is not None and prev != scr:
            diff = [(i % g.width, i // g.width) for i in range(len(scr)) if scr[i] != prev[i]]
            xs, ys = [x for x, _ in diff], [y for _, y in diff]
            assert (im.left, im.top) == (min(xs), min(ys))
            assert (im.left + im.width - 1, im.top + im.height - 1) == (max(xs), max(ys))
        prev = scr


@st.composite
def sessions(draw):
    w = draw(st.integers(1, 9))
    h = draw(st.integers(1, 7))
    ncol = draw(st.integers(1, 20))
    pics = draw(st.lists(st.binary(min_size=w * h, max_size=w * h), min_size=1, max_size=4))
    pics = [bytes(b % ncol for b in p) for p in pics]
    runs = draw(st.lists(st.tuples(st.integers(0, len(pics) - 1), st.integers(1, 12)), min_size=1, max_size=25))
    fps = draw(st.sampled_from([60.0, 50.0, 30.0, 100.0, 200.0, 7.0]))
    scale = draw(st.integers(1, 3))
    return w, h, ncol, pics, runs, fps, scale


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sessions())
def test_random_sessions_show_every_lasting_frame_at_its_time(tmp_path, session):
    w, h, ncol, pics, runs, fps, scale = session
    frames = [pics[p] for p, n in runs for _ in range(n)]
    f = tmp_path / "s.gif"
    wr = write(f, frames, w, h, [0x102030 * i & 0xFFFFFF for i in range(ncol)], scale=scale, fps=fps)
    g = parse_gif(f.read_bytes())
    tl = timeline(g)
    n = len(frames)
    assert wr.frames_seen == n and wr.frames_written == len(g.images)
    assert sum(im.delay for im in g.images) == max(2, cs(n, fps))
    assert all(im.delay >= 2 for im in g.images)
    changes_are_tight(g)
    # Each run of equal frames that lasts 2 cs or more is on screen for all of its time.
    i = 0
    while i < n:
        j = i
        while j < n and frames[j] == frames[i]:
            j += 1
        t0, t1 = cs(i, fps), cs(j, fps)
        if t1 - t0 >= 2:
            want = upscale(frames[i], w, h, scale)
            covering = [scr for s, e, scr in tl if s < t1 and e > t0]
            assert covering and all(scr == want for scr in covering)
        i = j
    # Whatever is shown at any time is one of the frames given.
    given_frames = {upscale(p, w, h, scale) for p in set(frames)}
    assert all(scr in given_frames for _s, _e, scr in tl)


# -- LZW -------------------------------------------------------------------------


def test_lzw_round_trip_past_4096_codes():
    rng = random.Random(1)
    data = bytes(rng.randrange(256) for _ in range(40000))
    packed = lzw_encode(data, 8)
    out, clears = lzw_decode(packed, 8)
    assert out == data
    assert clears >= 3  # the opening clear plus table resets


@pytest.mark.parametrize("mcs", [2, 3, 7, 8])
def test_lzw_round_trip_long_runs_and_patterns(mcs):
    top = 1 << mcs
    rng = random.Random(mcs)
    samples = [
        b"",
        b"\x00",
        bytes(100000),
        bytes([top - 1]) * 5000,
        bytes(i % top for i in range(30000)),
        bytes(rng.randrange(min(top, 3)) for _ in range(60000)),
    ]
    for data in samples:
        assert lzw_decode(lzw_encode(data, mcs), mcs)[0] == data


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 8).flatmap(
    lambda m: st.tuples(st.just(m), st.lists(st.integers(0, (1 << m) - 1), max_size=3000))
))
def test_lzw_round_trip_random(case):
    mcs, values = case
    data = bytes(values)
    assert lzw_decode(lzw_encode(data, mcs), mcs)[0] == data


def test_lzw_rejects_bad_code_size():
    with pytest.raises(ValueError):
        lzw_encode(b"\x00", 1)
    with pytest.raises(ValueError):
        lzw_encode(b"\x00", 9)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(1, 40), st.integers(1, 30), st.integers(1, 4), st.randoms(use_true_random=False))
def test_random_images_round_trip_exactly(tmp_path, w, h, scale, rnd):
    colours = rnd.choice([2, 4, 100, 128, 256])
    frames = [bytes(rnd.randrange(colours) for _ in range(w * h)) for _ in range(3)]
    f = tmp_path / "r.gif"
    write(f, [fr for fr in frames for _ in range(4)], w, h, list(range(colours)), scale=scale)
    g = parse_gif(f.read_bytes())
    screens = [scr for _s, _e, scr in timeline(g)]
    want = [upscale(fr, w, h, scale) for fr in frames]
    # Consecutive equal random frames (possible when tiny) merge into one image.
    dedup = [x for k, x in enumerate(want) if k == 0 or x != want[k - 1]]
    assert screens == dedup


# -- atomic writing and errors ------------------------------------------------------


def listing(d):
    return sorted(p.name for p in d.iterdir())


def test_replace_failure_keeps_old_file_and_leaves_no_temp(tmp_path, monkeypatch):
    f = tmp_path / "old.gif"
    f.write_bytes(b"old bytes")

    def broken(src, dst):
        raise OSError(errno.EIO, "simulated I/O error")

    monkeypatch.setattr(gif.os, "replace", broken)
    w = GifWriter(f, 2, 2, PAL5)
    w.add_frame(solid(2, 2, 1))
    with pytest.raises(GifWriteError) as e:
        w.close()
    assert isinstance(e.value, OSError) and e.value.errno == errno.EIO
    assert str(f) in str(e.value)
    assert f.read_bytes() == b"old bytes"
    assert listing(tmp_path) == ["old.gif"]


def test_full_disk_at_finish_keeps_old_file(tmp_path, monkeypatch):
    f = tmp_path / "old.gif"
    f.write_bytes(b"old bytes")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(gif.os, "fsync", full)
    with pytest.raises(OSError, match="No space left") as e:
        write(f, [solid(2, 2, 1), solid(2, 2, 2)], 2, 2)
    assert isinstance(e.value, GifWriteError) and str(f) in str(e.value)
    assert f.read_bytes() == b"old bytes"
    assert listing(tmp_path) == ["old.gif"]


def test_exception_inside_with_writes_nothing(tmp_path):
    f = tmp_path / "x.gif"
    with pytest.raises(RuntimeError):
        with GifWriter(f, 2, 2, PAL5) as w:
            w.add_frame(solid(2, 2, 1))
            assert len(listing(tmp_path)) == 1  # the temporary file, while recording
            raise RuntimeError("game crashed")
    assert listing(tmp_path) == []
    f.write_bytes(b"old")
    with pytest.raises(ValueError):
        with GifWriter(f, 2, 2, PAL5) as w:
            w.add_frame(solid(2, 2, 1))
            w.add_frame(solid(2, 2, 9))  # index 9 of 5 colours
    assert listing(tmp_path) == ["x.gif"] and f.read_bytes() == b"old"


def test_missing_directory_names_the_path(tmp_path):
    f = tmp_path / "no" / "such" / "dir.gif"
    with pytest.raises(GifWriteError) as e:
        GifWriter(f, 2, 2, PAL5)
    assert isinstance(e.value, OSError)
    assert e.value.errno == errno.ENOENT
    assert str(f) in str(e.value)
    assert listing(tmp_path) == []


def test_close_without_frames_writes_nothing(tmp_path):
    f = tmp_path / "empty.gif"
    w = GifWriter(f, 2, 2, PAL5)
    with pytest.raises(ValueError, match="no frames"):
        w.close()
    assert listing(tmp_path) == []


def test_close_is_idempotent_and_adding_after_close_fails(tmp_path):
    f = tmp_path / "c.gif"
    w = write(f, [solid(2, 2, 1)], 2, 2)
    data = f.read_bytes()
    w.close()
    assert f.read_bytes() == data
    with pytest.raises(ValueError, match="closed"):
        w.add_frame(solid(2, 2, 1))


def test_bad_frames_raise(tmp_path):
    with GifWriter(tmp_path / "b.gif", 4, 3, PAL5) as w:
        with pytest.raises(ValueError, match="expected 12 bytes.*got 11"):
            w.add_frame(bytes(11))
        with pytest.raises(ValueError, match="palette index 5 .*5 colours"):
            w.add_frame(bytes([0] * 11 + [5]))
        w.add_frame(bytes(12))
        with pytest.raises(ValueError, match="palette index 200"):
            w.add_frame(bytes([200] + [0] * 11))
        w.add_frame(bytearray(12))  # any bytes-like frame is fine
        assert w.frames_seen == 2  # rejected frames are not counted
    # 256 colours: every byte value is a valid index.
    write(tmp_path / "full.gif", [bytes([255] * 12)], 4, 3, list(range(256)))


@pytest.mark.parametrize(
    "kw",
    [
        dict(width=0),
        dict(height=-1),
        dict(width=2.5),
        dict(scale=0),
        dict(fps=0),
        dict(fps=float("nan")),
        dict(palette=[]),
        dict(palette=list(range(257))),
        dict(palette=[0x1000000]),
        dict(palette=[-1]),
        dict(width=30000, scale=3),
    ],
)
def test_bad_arguments_raise(tmp_path, kw):
    args = dict(path=tmp_path / "a.gif", width=4, height=3, palette=PAL5) | kw
    with pytest.raises(ValueError):
        GifWriter(**args)
    assert listing(tmp_path) == []


def test_the_frame_buffer_may_be_reused_by_the_caller(tmp_path):
    buf = bytearray(4)
    f = tmp_path / "reuse.gif"
    with GifWriter(f, 2, 2, PAL5) as w:
        for c in (1, 1, 1, 2, 2, 2):
            buf[:] = bytes([c]) * 4
            w.add_frame(buf)
    assert [scr for _s, _e, scr in timeline(parse_gif(f.read_bytes()))] == [solid(2, 2, 1), solid(2, 2, 2)]


# -- a second opinion from another decoder, where one is installed -------------------


def _imagemagick() -> bool:
    """A real ImageMagick ``convert`` (some machines have a stand-in that only converts PNGs)."""
    if shutil.which("convert") is None:
        return False
    out = subprocess.run(["convert", "-version"], capture_output=True, text=True)
    return out.returncode == 0 and "ImageMagick" in out.stdout and "not installed" not in out.stdout


@pytest.mark.skipif(not _imagemagick(), reason="ImageMagick convert not installed")
def test_imagemagick_reads_the_same_frames(tmp_path):
    w, h, k = 24, 10, 2
    rng = random.Random(3)
    pal = [rng.randrange(1 << 24) for _ in range(16)]
    screen = bytearray(w * h)
    frames = []
    for i in range(120):
        if i % 10 == 0:
            x, y = rng.randrange(w - 4), rng.randrange(h - 2)
            c = rng.randrange(16)
            for yy in range(y, y + 2):
                screen[yy * w + x : yy * w + x + 4] = bytes([c]) * 4
        frames.append(bytes(screen))
    f = tmp_path / "im.gif"
    write(f, frames, w, h, pal, scale=k)
    g = parse_gif(f.read_bytes())
    ours = [scr for _s, _e, scr in timeline(g)]
    raw = subprocess.run(["convert", str(f), "-coalesce", "rgb:-"], capture_output=True, check=True).stdout
    size = w * k * h * k * 3
    theirs = [raw[i : i + size] for i in range(0, len(raw), size)]
    assert len(theirs) == len(ours)
    for mine, their in zip(ours, theirs, strict=True):
        assert b"".join(pal[p].to_bytes(3, "big") for p in mine) == their
