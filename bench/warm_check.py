"""Warm `house-tables check` (a second run, nothing changed: every result from the cache) beside a cold run and the
read-and-split floor, in instructions (valgrind callgrind: machine load does not move them) and, with --rounds,
in alternated wall-clock runs.

Usage: python bench/warm_check.py [--pages 200 2000] [--out DIR] [--rounds N] [--mdx] [--cold-up-to PAGES]

Every command runs once unmeasured first, with bytecode written (as an installed package has it), so neither
side pays for compiling Python. The cold run is `check --no-cache --jobs 1` (one process: callgrind counts one
process); the warm run is `check` after a run that filled the cache (and more than 3 s after the corpus was
written, so that each entry holds a trusted stat: see house_tables/cache.py).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
COLLECTED = re.compile(r"Collected : (\d+)")


def environment(cache: Path) -> dict:
    """The commands' environment: bytecode written, house-tables from this tree, its cache in `cache`."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT / "plugin")
    env["HOUSE_TABLES_CACHE_DIR"] = str(cache)
    return env


COLD = "check, cold (--no-cache -j1)"


def sides(corpus: Path, cold: bool) -> dict[str, list[str]]:
    """The commands compared (the cold run only when asked: under callgrind it takes minutes per 1,000 pages)."""
    check = [sys.executable, "-m", "house_tables", "check"]
    found = {"read and split (floor)": [sys.executable, str(BENCH / "floor.py"), str(corpus)]}
    if cold:
        found[COLD] = [*check, "--no-cache", "--jobs", "1", str(corpus)]
    found["check, warm (cached)"] = [*check, str(corpus)]
    return found


def instructions(command: list[str], env: dict) -> int:
    """The instructions one run of a command executes (callgrind's `Collected`)."""
    with tempfile.TemporaryDirectory() as scratch:
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/cg.%p", *command],
                             env=env, capture_output=True, text=True, check=False)
    found = COLLECTED.search(run.stderr)
    if found is None:
        raise SystemExit(f"no instruction count from {command}: {run.stderr[-500:]}")
    return int(found.group(1))


def wall(commands: dict[str, list[str]], env: dict, rounds: int) -> dict[str, float]:
    """Median wall seconds of each command, the commands alternated round by round."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, env=env, capture_output=True, check=False)
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def measure(pages: int, out: Path, rounds: int, mdx: bool, cold: bool) -> None:
    """One corpus size: print instructions (and wall times) of every side and their ratios to the floor."""
    corpus = out / f"{'mdx' if mdx else 'md'}-{pages}"
    cache = out / f"cache-{corpus.name}"
    shutil.rmtree(cache, ignore_errors=True)
    if not corpus.exists():
        subprocess.run([sys.executable, str(BENCH / "corpus.py"), str(corpus), "--pages", str(pages),
                        *(["--mdx"] if mdx else [])], check=True, capture_output=True)
        time.sleep(3.5)  # past the racy window of the files just written
    env = environment(cache)
    commands = sides(corpus, cold)
    for command in commands.values():  # bytecode compiled, cache filled
        subprocess.run(command, env=env, capture_output=True, check=False)
    counted = {name: instructions(command, env) for name, command in commands.items()}
    floor = counted["read and split (floor)"]
    print(f"\n{corpus.name}: {pages} pages")
    print(f"| {'side':32} | {'instructions':>14} | {'x floor':>8} |" + (" wall (median) |" if rounds else ""))
    medians = wall(commands, env, rounds) if rounds else {}
    for name, count in counted.items():
        line = f"| {name:32} | {count:14,} | {count / floor:8.2f} |"
        if rounds:
            line += f" {medians[name] * 1000:10.0f} ms |"
        print(line)
    if cold:
        slow, warm = counted[COLD], counted["check, warm (cached)"]
        print(f"warm / cold: {warm / slow:.3f} ({slow / warm:.1f}x fewer instructions)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, nargs="+", default=[200, 2000])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "house-tables-warm-check")
    parser.add_argument("--rounds", type=int, default=0, help="also time N alternated wall-clock rounds")
    parser.add_argument("--mdx", action="store_true", help="an .mdx corpus")
    parser.add_argument("--cold-up-to", type=int, default=500, metavar="PAGES",
                        help="count the cold run's instructions only for corpora up to this size (default 500)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed (apt-get install valgrind)")
    args.out.mkdir(parents=True, exist_ok=True)
    for pages in args.pages:
        measure(pages, args.out, args.rounds, args.mdx, pages <= args.cold_up_to)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
