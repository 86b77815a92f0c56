"""Atomic writes: a failed write (disk full, crash before the rename) leaves the old file
byte-identical and no temporary file behind; damaged files are set aside, never deleted."""

from __future__ import annotations

import errno
import os

import pytest

from baker8bit.core import files
from baker8bit.core.files import AtomicWriteError, set_aside, write_bytes, write_text

OLD = b"old contents\n\x00\xff binary too\n"


def listing(d):
    return sorted(p.name for p in d.iterdir())


def test_write_text_creates_and_replaces(tmp_path):
    f = tmp_path / "a.txt"
    write_text(f, "first\n")
    assert f.read_bytes() == b"first\n"
    write_text(f, "second \u2605\n")
    assert f.read_text("utf-8") == "second \u2605\n"
    assert listing(tmp_path) == ["a.txt"]


def test_write_bytes_keeps_bytes_exactly(tmp_path):
    f = tmp_path / "b.bin"
    write_bytes(f, OLD)
    assert f.read_bytes() == OLD


def _disk_full(*args, **kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_disk_full_while_writing_keeps_the_old_file(tmp_path, monkeypatch):
    f = tmp_path / "save.txt"
    f.write_bytes(OLD)
    monkeypatch.setattr(files.os, "fsync", _disk_full)  # the data does not reach the disk
    with pytest.raises(AtomicWriteError) as info:
        write_text(f, "new contents that do not fit\n" * 1000)
    assert f.read_bytes() == OLD
    assert listing(tmp_path) == ["save.txt"]
    msg = str(info.value)
    assert str(f) in msg and os.strerror(errno.ENOSPC) in msg and "unchanged" in msg
    assert info.value.reason.errno == errno.ENOSPC and info.value.path == f


def test_crash_at_the_rename_keeps_the_old_file(tmp_path, monkeypatch):
    f = tmp_path / "save.txt"
    f.write_bytes(OLD)
    monkeypatch.setattr(files.os, "replace", _disk_full)
    with pytest.raises(AtomicWriteError):
        write_bytes(f, b"new")
    assert f.read_bytes() == OLD
    assert listing(tmp_path) == ["save.txt"]


def test_an_interrupted_write_removes_the_temporary_file_and_reraises(tmp_path, monkeypatch):
    f = tmp_path / "save.txt"
    f.write_bytes(OLD)

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_bytes(f, b"new")
    assert f.read_bytes() == OLD
    assert listing(tmp_path) == ["save.txt"]


def test_a_missing_directory_is_a_clear_error(tmp_path):
    f = tmp_path / "nowhere" / "save.txt"
    with pytest.raises(AtomicWriteError, match="nowhere"):
        write_text(f, "x")
    assert not (tmp_path / "nowhere").exists()


def test_a_stale_temporary_file_is_not_overwritten(tmp_path):
    f = tmp_path / "s.txt"
    stale = tmp_path / f".s.txt.{os.getpid()}.tmp"
    stale.write_bytes(b"left by a crash")
    write_text(f, "new\n")
    assert f.read_text() == "new\n" and stale.read_bytes() == b"left by a crash"
    assert listing(tmp_path) == [stale.name, "s.txt"]


def test_set_aside_numbers_copies_and_keeps_bytes(tmp_path):
    f = tmp_path / "stats.json"
    f.write_bytes(b"damaged 1")
    assert set_aside(f) == tmp_path / "stats.json.damaged-1"
    f.write_bytes(b"damaged 2")
    assert set_aside(f) == tmp_path / "stats.json.damaged-2"
    assert not f.exists()
    assert (tmp_path / "stats.json.damaged-1").read_bytes() == b"damaged 1"
    assert (tmp_path / "stats.json.damaged-2").read_bytes() == b"damaged 2"
