"""Where the plugin's time goes in a real build: py-spy samples of `mkdocs build`, the share with house_tables on
the stack, by the outermost house_tables frame (the hook and its line).

Instruction counts (bench/plugin_phases.py) weigh every instruction alike; the plugin's interpreted code runs
slower per instruction than the regex engine it replaces, so its share of the time is larger than its share of
the instructions. Sampling measures the time itself, inside one process at a time, so the machine's load does
not bias one side against another. The share includes what Python-Markdown does inside house_tables' recording
processors (its own table and paragraph building, which a build without the plugin does too): see the frames
listed under each.

Needs py-spy (`pip install py-spy`; not a dependency of house-tables).

Usage: python bench/plugin_samples.py MKDOCS_YML [--runs 4] [--rate 997] [--top 12]
       (e.g. bench/out/scratch/sites/mkdocs-with.yml, or a configuration from bench/plugin_overhead.site_config)
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from plugin_instructions import quiet_directory

PACKAGE = "house_tables"


def samples(config: Path, runs: int, rate: int, work: Path) -> list[tuple[list[str], int]]:
    """(stack, count) of every sample of `runs` builds of config (py-spy's raw format: frames outermost first)."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    build = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config)]
    # bytecode cached under work, written by one build before the sampled ones (as bench/plugin_ab.py runs them)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    quiet = {"check": True, "cwd": quiet_directory(work), "env": env, "stdout": subprocess.DEVNULL,
             "stderr": subprocess.DEVNULL}
    subprocess.run(build, **quiet)
    found = []
    for run in range(runs):
        out = work / f"samples-{run}.txt"
        subprocess.run([spy, "record", "-r", str(rate), "--format", "raw", "-o", str(out), "--", *build], **quiet)
        for line in out.read_text(encoding="utf-8").splitlines():
            stack, _, count = line.rpartition(" ")
            found.append((stack.split(";"), int(count)))
    return found


def _ours(frame: str) -> bool:
    """A frame of house_tables' code (py-spy prints paths relative to their sys.path entry where it can)."""
    return f"({PACKAGE}/" in frame or f"/{PACKAGE}/" in frame


def frame_name(frame: str) -> str:
    """`function (file.py:line)` of a py-spy frame `function (path/file.py:line)`."""
    function, _, place = frame.partition(" (")
    return f"{function} ({place.rsplit('/', 1)[-1]}"


def attribution(found: list[tuple[list[str], int]], top: int) -> str:
    """The share of samples with house_tables on the stack, by outermost house_tables frame, with what each
    calls next (its own line, or Python-Markdown inside it)."""
    total = sum(count for _, count in found)
    outer, inner = Counter(), Counter()
    for stack, count in found:
        mine = [index for index, frame in enumerate(stack) if _ours(frame)]
        if not mine:
            continue
        outer[frame_name(stack[mine[0]])] += count
        callee = stack[mine[0] + 1] if mine[0] + 1 < len(stack) else "(its own line)"
        inner[frame_name(stack[mine[0]]), frame_name(callee)] += count
    lines = [f"{total:,} samples; house_tables on the stack in {sum(outer.values()):,} = "
             f"{sum(outer.values()) / total:.2%}"]
    for name, count in outer.most_common(top):
        lines.append(f"{count / total:7.2%}  {name}")
        for (parent, callee), part in inner.most_common():
            if parent == name and part / total >= 0.001:
                lines.append(f"{'':9}{part / total:7.2%}  → {callee}")
    return "\n".join(lines)


def main() -> int:
    """Sample the builds and print the attribution."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("config", type=Path)
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--rate", type=int, default=997, help="samples per second")
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="plugin-samples-") as work:
        print(attribution(samples(args.config.resolve(), args.runs, args.rate, Path(work)), args.top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
