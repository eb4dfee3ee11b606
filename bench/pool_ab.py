"""Cold `check --no-cache` of a corpus, alternated A/B: the code of a given commit (its plugin/ exported to a
temporary directory) against this checkout, whole processes, wall and CPU (parent + workers). The machine may be
shared: read the medians and the per-pair spread, and prefer instruction counts where they differ little.

Usage: python bench/pool_ab.py CORPUS [CORPUS...] [--before 6e57aa1] [--pairs 5] [--jobs N] [--floor]
--floor: the read-and-split floor (bench/floor.py) alternated with both, and each side's median ratio to it.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from timing import Side, command, ratio, rounds

ROOT = Path(__file__).resolve().parents[1]


def exported(commit: str, into: Path) -> Path:
    """plugin/ as it was at a commit, byte-compiled (as an installed package is)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "plugin"], check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(into / "plugin")], check=True)
    return into / "plugin"


def side(name: str, plugin: Path, corpus: Path, jobs: str | None) -> Side:
    """`python -m house_tables check --no-cache CORPUS` with the package from plugin/."""
    env = {**os.environ, "PYTHONPATH": str(plugin)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    args = [sys.executable, "-m", "house_tables", "check", "--no-cache", *(["--jobs", jobs] if jobs else []),
            str(corpus)]

    def run() -> None:
        done = subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if done.returncode not in (0, 1):
            raise RuntimeError(f"{' '.join(args)} exited {done.returncode}: {done.stderr[-2000:]!r}")

    return Side(name, run)


def main() -> int:
    options = argparse.ArgumentParser()
    options.add_argument("corpora", nargs="+", type=Path)
    options.add_argument("--before", default="6e57aa1")
    options.add_argument("--pairs", type=int, default=5)
    options.add_argument("--jobs")
    options.add_argument("--floor", action="store_true", help="alternate the read-and-split floor too")
    given = options.parse_args()
    with tempfile.TemporaryDirectory(prefix="pool-ab-") as temp:
        before = exported(given.before, Path(temp))
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "plugin")], check=True,
                       env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"})
        for corpus in given.corpora:
            sides = [side(f"before ({given.before})", before, corpus, given.jobs),
                     side("after (this checkout)", ROOT / "plugin", corpus, given.jobs)]
            reading = command([sys.executable, ROOT / "bench" / "floor.py", corpus])
            floor = [Side("floor", reading)] if given.floor else []
            rounds([*floor, *sides], given.pairs, warmup=True)
            a, b = sides
            if floor:
                least = floor[0]
                print(f"{corpus}: floor {least.median:.3f} s; check / floor (median of rounds): before "
                      f"{ratio(a, least):.1f}x, after {ratio(b, least):.1f}x wall; CPU "
                      f"{ratio(a, least, cpu=True):.1f}x, {ratio(b, least, cpu=True):.1f}x", flush=True)
            print(f"{corpus}: before {a.median:.3f} s wall / {a.cpu_median:.3f} s CPU; after {b.median:.3f} s / "
                  f"{b.cpu_median:.3f} s; after/before (median of pairs) {ratio(b, a):.3f} wall, "
                  f"{ratio(b, a, cpu=True):.3f} CPU; wall {[round(x, 2) for x in a.times]} vs "
                  f"{[round(x, 2) for x in b.times]}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
