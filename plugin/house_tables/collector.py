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


# Whether freeze_start_up freezes: only in the console script (cli.main), whose process ends with its one run. A
# process that runs the command line more than once (a test, an embedding program) keeps collecting its garbage.
FREEZE_BEFORE_FORK = False


def freeze_start_up() -> None:
    """Every object made so far (the modules, the site's configuration, the parser instances) out of the cycle
    collector's reach for the rest of the process, before a pool of processes forks from it.

    Why: the forked workers inherit those objects, and so does the main process while it waits for their results. Its
    collector went over all of them again as results piled up (70 M instructions of the 414 M it spent while 2,000
    pages were checked) and once more at exit (50 M); a worker's collection would write into each one's header,
    copying the memory pages fork shares (Python's documentation advises gc.freeze() before fork for this). They
    stay frozen: the process ends when its pool has done (unfreezing them costs that last collection again). Nothing
    is freed or kept differently but the garbage cycles made before the pool, which stay until the process ends.
    Only where FREEZE_BEFORE_FORK is set.
    """
    if FREEZE_BEFORE_FORK:
        gc.freeze()


# Whether the console script left the cycle collector off for the command's start-up (pause_start_up).
_START_UP_PAUSED: list[bool] = []


def pause_start_up() -> None:
    """The cycle collector off (it is, during the replay's attempt) until resume_after_start_up: through the command
    line's start-up, which builds the modules, the configurations and the tasks and few garbage cycles (its
    collections cost ≈ 35 M instructions before a pool of 2,000 pages forks, one core idle meanwhile). Only in the
    console script (replay.main) for check and fix, whose process ends with its one run; pausing frees nothing in
    use, so results do not change, and the start-up's garbage cycles stay (they stayed anyway: freeze_start_up)."""
    gc.disable()
    _START_UP_PAUSED[:] = [True]


def resume_after_start_up() -> None:
    """The cycle collector on again if pause_start_up turned it off (before the files are processed here, or once
    the objects a pool's workers inherit are frozen)."""
    if _START_UP_PAUSED:
        _START_UP_PAUSED.clear()
        gc.enable()
