"""Timing helpers: sides measured in one run, alternated round by round, summarised by medians and ratios."""

from __future__ import annotations

import resource
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

Action = Callable[[], object]


@dataclass
class Side:
    """One thing being timed: what to run, and what to do (untimed) before each run.

    Each run records wall time and CPU time (user + system, of this process and of the processes it waited for:
    a command, its process pool). CPU time hardly moves when other work shares the machine; wall time does.
    """

    name: str
    action: Action
    setup: Action | None = None
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def run(self) -> float:
        """Set up, then time one run of the action."""
        if self.setup is not None:
            self.setup()
        cpu, start = cpu_seconds(), time.perf_counter()
        self.action()
        elapsed = time.perf_counter() - start
        self.times.append(elapsed)
        self.cpu.append(cpu_seconds() - cpu)
        return elapsed

    @property
    def median(self) -> float:
        """Median wall seconds over the rounds."""
        return statistics.median(self.times)

    @property
    def cpu_median(self) -> float:
        """Median CPU seconds over the rounds."""
        return statistics.median(self.cpu)


def cpu_seconds() -> float:
    """User + system CPU seconds of this process and of its waited-for descendants so far."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def rounds(sides: Sequence[Side], count: int, warmup: bool = False, log: Callable[[str], None] | None = None) -> None:
    """Run every side `count` times, rotating the order each round (A B C, B C A, ...; two sides: AB, BA).

    With warmup, a first untimed round warms caches (imports, page cache, compiled bytecode).
    """
    if warmup:
        for side in sides:
            side.run()
            side.times.clear()
            side.cpu.clear()
    for index in range(count):
        shift = index % len(sides)
        for side in [*sides[shift:], *sides[:shift]]:
            side.run()
        if log:
            log(f"  round {index + 1}/{count}: " + ", ".join(f"{s.name} {s.times[-1]:.3f}s" for s in sides))


def ratio(numerator: Side, denominator: Side, cpu: bool = False) -> float:
    """Median of the per-round ratios of wall (or CPU) times; each round's times were measured next to each other."""
    pairs = zip(numerator.cpu, denominator.cpu, strict=True) if cpu else zip(numerator.times, denominator.times,
                                                                              strict=True)
    return statistics.median(a / b for a, b in pairs)


def command(args: Sequence[str | Path], cwd: Path | None = None, ok: tuple[int, ...] = (0, 1),
            timeout: float | None = None) -> Action:
    """An action running a command with its output discarded; any exit code outside `ok` is an error.

    Past `timeout` seconds the command is killed and subprocess.TimeoutExpired raised.
    """
    argv = [str(a) for a in args]

    def run() -> None:
        done = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout)
        if done.returncode not in ok:
            tail = done.stderr.decode(errors="replace")[-2000:]
            raise RuntimeError(f"{' '.join(argv)} exited {done.returncode}:\n{tail}")

    return run
