"""Where the plugin's time goes in a real build: py-spy samples of `mkdocs build`, the share with house_tables on
the stack, by the outermost house_tables frame (the hook and its line).

Instruction counts (bench/plugin_phases.py) weigh every instruction alike; the plugin's interpreted code runs
slower per instruction than the regex engine it replaces, so its share of the time is larger than its share of
the instructions. Sampling measures the time itself, inside one process at a time, so the machine's load does
not bias one side against another. The share includes what Python-Markdown does inside house_tables' recording
processors (its own table and paragraph building, which a build without the plugin does too): see the frames
listed under each.

Needs py-spy (`pip install py-spy`; not a dependency of house-tables).

With --without MKDOCS_YML (the same site without the plugin) the two builds are sampled in alternated rounds and the
plugin's overhead in time is estimated from the shares alone, which the machine's load does not move:
  overhead = (1 - r) / (1 - h) - 1
h: the share of the build with the plugin that has house_tables on the stack; r: the share of the build without it in
the Python-Markdown processors the plugin puts its recording ones in place of (TableProcessor, ParagraphProcessor),
whose work the samples under house_tables include. Everything else is taken to cost the same in both builds (the
share of the other samples per build is printed as a check; it moves with the load).

Usage: python bench/plugin_samples.py MKDOCS_YML [--runs 4] [--rate 997] [--top 12] [--nonblocking]
       python bench/plugin_samples.py MKDOCS_YML --without MKDOCS_YML [--rounds 4] [--runs 3] [--nonblocking]
       (--nonblocking: py-spy reads the stacks without pausing the build, which its default does for every sample:
       paused, a dense build ran 3.5 times slower and its system calls were over-counted)
       (e.g. bench/out/scratch/sites/mkdocs-with.yml, or a configuration from bench/plugin_overhead.site_config)
"""

from __future__ import annotations

import argparse
import inspect
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from plugin_instructions import quiet_directory

PACKAGE = "house_tables"


def samples(config: Path, runs: int, rate: int, work: Path, nonblocking: bool = False) -> list[tuple[list[str], int]]:
    """(stack, count) of every sample of `runs` builds of config (py-spy's raw format: frames outermost first).
    nonblocking: py-spy reads the stacks without pausing the build (its default pauses it for each sample, which
    lengthens the system calls caught in the pause: a line that makes one is over-counted)."""
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
        mode = ["--nonblocking"] if nonblocking else []
        subprocess.run([spy, "record", *mode, "-r", str(rate), "--format", "raw", "-o", str(out), "--", *build],
                       **quiet)
        for line in out.read_text(encoding="utf-8", errors="replace").splitlines():
            stack, _, count = line.rpartition(" ")
            if not count.isdigit():  # a stack read while it changed (nonblocking) can come out garbled: left out
                continue
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


def _replaced_spans() -> list[tuple[str, int, int]]:
    """(path under the markdown package, first line, last line) of the Python-Markdown processors the plugin's
    recording ones replace."""
    import markdown
    from markdown.blockprocessors import ParagraphProcessor
    from markdown.extensions.tables import TableProcessor

    package = Path(markdown.__file__).parent
    spans = []
    for kind in (ParagraphProcessor, TableProcessor):
        source, first = inspect.getsourcelines(kind)
        under = Path(inspect.getsourcefile(kind)).relative_to(package).as_posix()
        spans.append((f"/markdown/{under}", first, first + len(source) - 1))
    return spans


def _in_replaced(frame: str, spans: list[tuple[str, int, int]]) -> bool:
    """Whether a py-spy frame `function (path/file.py:line)` lies in one of the replaced processors."""
    path, _, line = frame.rpartition(" (")[2].rstrip(")").rpartition(":")
    return line.isdigit() and any(f"/{path}".endswith(name) and first <= int(line) <= last
                                  for name, first, last in spans)


def net_overhead(with_: list[tuple[list[str], int]], without: list[tuple[list[str], int]], runs: int) -> str:
    """The overhead estimated from the two builds' shares (see the module docstring)."""
    spans = _replaced_spans()
    total_with, total_without = sum(count for _, count in with_), sum(count for _, count in without)
    house = sum(count for stack, count in with_ if any(map(_ours, stack))) / total_with
    replaced = sum(count for stack, count in without if any(_in_replaced(frame, spans) for frame in stack))
    replaced /= total_without
    rest = (total_with * (1 - house)) / (total_without * (1 - replaced))
    return (f"with the plugin: house_tables on the stack in {house:.2%} of {total_with:,} samples; without: the "
            f"replaced processors in {replaced:.2%} of {total_without:,}\n"
            f"overhead in time: (1 - {replaced:.4f}) / (1 - {house:.4f}) - 1 = {(1 - replaced) / (1 - house) - 1:+.2%}"
            f"\n(the other samples, with ÷ without: {rest:.3f}; it moves with the load, {runs} builds a side)")


def main() -> int:
    """Sample the builds and print the attribution (and the overhead, given the build without the plugin)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("config", type=Path)
    parser.add_argument("--without", type=Path, help="the same site without the plugin: estimate the overhead")
    parser.add_argument("--rounds", type=int, default=4, help="alternated rounds of both builds (with --without)")
    parser.add_argument("--runs", type=int, default=4, help="sampled builds (a round's, with --without)")
    parser.add_argument("--rate", type=int, default=997, help="samples per second")
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--nonblocking", action="store_true",
                        help="sample without pausing the builds (py-spy --nonblocking; see samples())")
    args = parser.parse_args()
    if args.without is None:
        with tempfile.TemporaryDirectory(prefix="plugin-samples-") as work:
            print(attribution(samples(args.config.resolve(), args.runs, args.rate, Path(work), args.nonblocking),
                              args.top))
        return 0
    found: dict[Path, list[tuple[list[str], int]]] = {args.config: [], args.without: []}
    for round_ in range(args.rounds):
        order = (args.config, args.without) if round_ % 2 == 0 else (args.without, args.config)
        for config in order:
            with tempfile.TemporaryDirectory(prefix="plugin-samples-") as work:
                found[config] += samples(config.resolve(), args.runs, args.rate, Path(work), args.nonblocking)
    print(attribution(found[args.config], args.top))
    print(net_overhead(found[args.config], found[args.without], args.rounds * args.runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
