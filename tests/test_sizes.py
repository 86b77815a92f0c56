"""Memory sizes typed on the command line (core/sizes.py), as --memory and --proof-memory read them."""

import pytest

from baker8bit.core.sizes import MIN_BYTES, parse_memory


@pytest.mark.parametrize("text,size", [
    ("512M", 512 * 2**20), ("2G", 2 * 2**30), ("2GB", 2 * 2**30), ("1.5g", 3 * 2**29),
    ("100000K", 100000 * 1024), (" 1048576 ", 2**20), ("1M", MIN_BYTES),
])
def test_sizes_people_type(text, size):
    assert parse_memory(text) == size


@pytest.mark.parametrize("text", ["12", "", "G", "-5G", "0.5M", "nan", "inf", "1e400G", "ten", "5T", "\x00"])
def test_anything_else_is_one_clear_error(text):
    with pytest.raises(ValueError) as e:
        parse_memory(text)
    assert str(e.value).startswith("memory must be at least 1M") and "\n" not in str(e.value)
