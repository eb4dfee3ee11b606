"""Pausing Python's cyclic garbage collector around work that builds many objects and no garbage cycles."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def cycle_collector_paused() -> Iterator[None]:
    """The cycle collector off while the block runs, then as it was before.

    Why: a big table means hundreds of thousands of live objects (the scanner's cells, spans and positions;
    converting builds the page's trees several times: Python-Markdown's, the simple HTML trees, bs4's), and the
    collector would scan them all again each time they pile up — about as long as the scan itself, a quarter to a
    third of fix's time on a 5,000-row table. Pausing frees nothing in use, so results do not change; memory holds
    one page's garbage at most (+33 MB on that table) until the collector runs again.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
