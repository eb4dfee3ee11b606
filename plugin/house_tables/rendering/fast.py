"""The renderers' fast paths (plain text without a parser, one render for many cells) give exactly what the slow
paths give; switching them off lets the tests compare the two on the same inputs (tests/test_fix_fast_paths.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

ENABLED = [True]


def enabled() -> bool:
    """Whether the fast paths are on (they are, except inside slow_paths())."""
    return ENABLED[0]


@contextmanager
def slow_paths() -> Iterator[None]:
    """Every renderer takes its slow, general path inside this block (and nothing a scan found is kept)."""
    from ..parsing import LAST_MDX_SCAN

    ENABLED[0], LAST_MDX_SCAN[0] = False, False
    try:
        yield
    finally:
        ENABLED[0], LAST_MDX_SCAN[0] = True, None
