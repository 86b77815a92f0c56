"""Memory sizes typed on the command line (core/sizes.py), as --memory and --proof-memory read them."""

import pytest

from baker8bit.core.sizes import MAX_BYTES, MIN_BYTES, parse_memory


@pytest.mark.parametrize("text,size", [
    ("512M", 512 * 2**20), ("2G", 2 * 2**30), ("2GB", 2 * 2**30), ("1.5g", 3 * 2**29),
    ("100000K", 100000 * 1024), (" 1048576 ", 2**20), ("1M", MIN_BYTES), ("1048576G", MAX_BYTES),
])
def test_sizes_people_type(text, size):
    assert parse_memory(text) == size


@pytest.mark.parametrize("text,limit", [
    ("12", "at least 1M"), ("-5G", "at least 1M"), ("0.5M", "at least 1M"),
    ("", "a size from 1M to 1048576G"), ("G", "a size from 1M to 1048576G"), ("nan", "a size from 1M"),
    ("ten", "a size from 1M"), ("5T", "a size from 1M"), ("\x00", "a size from 1M"), ("٥G", "a size from 1M"),
    ("inf", "at most 1048576G"), ("1e400G", "at most 1048576G"), ("99999999999999999999G", "at most 1048576G"),
    ("1048577G", "at most 1048576G"),
])
def test_anything_else_is_one_line_naming_the_limit_it_misses(text, limit):
    with pytest.raises(ValueError) as e:
        parse_memory(text)
    assert str(e.value).startswith(f"memory must be {limit}") and "\n" not in str(e.value)
