"""Whole-process A/B of `mkdocs build` with and without the plugin, with an A/A control.

Three sides, rotated round by round (A B A', B A' A, A' A B, ...): the build without the plugin (A), with it (B),
and the build without it again under another name and site directory (A'). A'/A shows what the machine and the
method alone make of two identical builds; B/A is the plugin's overhead. Each side's configuration comes from
bench/plugin_overhead.site_config. The builds run with bytecode cached under WORK/pycache (PYTHONDONTWRITEBYTECODE
unset, as bench/run_all.py does), after one untimed round of every side.

With --before PLUGIN_DIR a fourth side builds with the plugin imported from PLUGIN_DIR (another checkout's `plugin`
directory, e.g. `git worktree add --detach /tmp/old REV`), first on PYTHONPATH: the change between two versions,
measured in the same rounds.

Usage: python bench/plugin_ab.py DOCS_DIR WORK_DIR [--theme mkdocs] [--rounds 12] [--before PLUGIN_DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

from plugin_overhead import build, site_config
from timing import Side, command, rounds


def ratios(numerator: Side, denominator: Side, cpu: bool) -> list[float]:
    """Per-round ratios of two sides' times (wall or CPU)."""
    pairs = zip(numerator.cpu if cpu else numerator.times, denominator.cpu if cpu else denominator.times, strict=True)
    return [a / b for a, b in pairs]


def summary(name: str, values: list[float]) -> str:
    """Median and quartiles of per-round ratios, as percentages."""
    quartiles = statistics.quantiles(values, n=4)
    return (f"{name}: median {statistics.median(values) - 1:+.1%} (quartiles {quartiles[0] - 1:+.1%} … "
            f"{quartiles[2] - 1:+.1%}; {sum(v > 1 for v in values)} of {len(values)} above 1)")


def main() -> int:
    """Run the rounds and print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("docs", type=Path)
    parser.add_argument("work", type=Path)
    parser.add_argument("--theme", default="mkdocs")
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--before", type=Path, help="also build with the plugin from this directory")
    args = parser.parse_args()
    work = args.work.resolve()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    docs = args.docs.resolve()
    (work / "again").mkdir(parents=True, exist_ok=True)
    without = Side("without", build(site_config(work, docs, args.theme, plugin=False)))
    with_ = Side("with", build(site_config(work, docs, args.theme, plugin=True)))
    again = Side("without again", build(site_config(work / "again", docs, args.theme, plugin=False)))
    sides = [without, with_, again]
    if args.before:
        config = site_config(work / "again", docs, args.theme, plugin=True)
        sides.append(Side("with, before", command(["env", f"PYTHONPATH={args.before.resolve()}", sys.executable, "-m",
                                                   "mkdocs", "build", "-q", "-f", config], ok=(0,))))
    rounds(sides, args.rounds, warmup=True, log=lambda line: print(line, file=sys.stderr, flush=True))
    for cpu in (False, True):
        kind = "CPU" if cpu else "wall"
        print(summary(f"with ÷ without, {kind}", ratios(with_, without, cpu)))
        print(summary(f"without again ÷ without (A/A), {kind}", ratios(again, without, cpu)))
        if args.before:
            print(summary(f"with, before ÷ without, {kind}", ratios(sides[3], without, cpu)))
            print(summary(f"with ÷ with, before, {kind}", ratios(with_, sides[3], cpu)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
