"""`house-tables fix --jobs 1 --diff` of the same inputs with two checkouts, alternated: the least process CPU
(user + sys) of each, and whether their outputs are byte-identical. CPU time moves less than wall time on a machine
other processes share; for instruction counts run the same command under callgrind.

Usage: python bench/fix_cpu_ab.py BEFORE/plugin AFTER/plugin PATH... [--runs N]
(`git archive main plugin | tar -x -C /tmp/main` gives a BEFORE checkout.)
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
from pathlib import Path


def fix_run(plugin: Path, path: Path) -> tuple[float, bytes]:
    """One `fix --diff` of path with the package at plugin: its CPU seconds and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "house_tables", "fix", "--jobs", "1", "--diff", str(path)],
                          env=dict(os.environ, PYTHONPATH=str(plugin)), capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, done.stdout + done.stderr


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    for path in args.paths:
        least = {args.before: float("inf"), args.after: float("inf")}
        outputs = {}
        for _ in range(args.runs):
            for plugin in (args.before, args.after):
                seconds, outputs[plugin] = fix_run(plugin, path)
                least[plugin] = min(least[plugin], seconds)
        same = "identical" if outputs[args.before] == outputs[args.after] else "DIFFERENT"
        print(f"{path.name}: before {least[args.before]:.2f} s, after {least[args.after]:.2f} s CPU"
              f" ({least[args.before] / max(least[args.after], 1e-9):.1f}x); output {same}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
