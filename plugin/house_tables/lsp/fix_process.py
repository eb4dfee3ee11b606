"""fix's conversions for the language server, in a process of their own.

A conversion renders and verifies the whole page (seconds for a large one) and the scanner's Markdown instances
are shared by every scan of a process: it cannot run beside a check in a thread. In a process it runs beside the
checks, and it can be stopped: when a newer version of the document arrives, the process is ended (and started
again for the next conversion) instead of finishing work nobody will use.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from multiprocessing.pool import Pool

from ..cli import Task
from .analysis import plan_fix


class Stopped(Exception):
    """The conversion was stopped: its document changed."""


class FixProcess:
    """One process for conversions, started when first needed; `stop` ends it and what runs in it."""

    def __init__(self):
        self._pool: Pool | None = None
        self._waiting: set[asyncio.Future] = set()

    def convert(self, task: Task, text: str) -> asyncio.Future:
        """fix's plan for a text, as a future of the running event loop (Stopped if `stop` comes first)."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._waiting.add(future)
        future.add_done_callback(self._waiting.discard)

        def settle(outcome, failed: bool = False) -> None:
            if future.done():  # stopped meanwhile
                return
            if failed:
                future.set_exception(outcome)
            else:
                future.set_result(outcome)

        self._started().apply_async(plan_fix, (task, text),
                                    callback=lambda plan: loop.call_soon_threadsafe(settle, plan),
                                    error_callback=lambda error: loop.call_soon_threadsafe(settle, error, True))
        return future

    def stop(self) -> None:
        """End the process and every conversion in it (their futures fail with Stopped)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None
        for future in list(self._waiting):
            if not future.done():
                future.set_exception(Stopped())

    def _started(self) -> Pool:
        """The process, started if need be (spawned: the server has threads, which a fork would copy mid-work)."""
        if self._pool is None:
            self._pool = multiprocessing.get_context("spawn").Pool(1)
        return self._pool
