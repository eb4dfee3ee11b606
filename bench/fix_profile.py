"""`convert` (what `fix` does to one file) in this process, for profiles and instruction counts of fix alone.

Usage: python bench/fix_profile.py FILE... [--profile N] [--engine] [--repeat N]
  --profile N   print the N most expensive functions (cProfile, cumulative)
  --engine      also render the file with the engine alone (what fix's time is compared with)
  --repeat N    run each N times and print the least CPU time (the least disturbed by other processes)

Run against another checkout with PYTHONPATH=OTHER/plugin (it comes before this one on sys.path).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
import zlib
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1] / "plugin"))

from house_tables.convert import convert
from house_tables.model import Dialect


def dialect_of(path: Path) -> Dialect:
    """`.mdx` files are MDX, the rest Python-Markdown (as the CLI's default)."""
    return Dialect.MDX if path.suffix == ".mdx" else Dialect.PYTHON_MARKDOWN


def engine_render(text: str, dialect: Dialect) -> str:
    """The engine's own render of the whole file: what the cells cost the engine to render once."""
    from house_tables.parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS
    from house_tables.rendering.fragments import render_gfm, render_python_markdown

    if dialect is Dialect.MDX:
        return render_gfm(text)
    return render_python_markdown(text, MKDOCS_EXTENSIONS, MKDOCS_EXTENSION_CONFIGS)


def least_cpu(function, repeat: int):
    """The least CPU time of repeat calls of function, and its last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        result = function()
        best = min(best, time.process_time() - start)
    return best, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--profile", type=int, default=0)
    parser.add_argument("--engine", action="store_true")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    convert("| a |\n|---|\n| b |\n", Dialect.PYTHON_MARKDOWN)  # instances built and modules imported: not timed
    convert("| a |\n|---|\n| b |\n", Dialect.MDX)
    for path in args.files:
        text = path.read_text(encoding="utf-8")
        dialect = dialect_of(path)
        engine = ""
        if args.engine:
            seconds, _ = least_cpu(lambda t=text, d=dialect: engine_render(t, d), args.repeat)
            engine = f", engine render {seconds:.3f} s"
        if profile:
            profile.enable()
        seconds, conversion = least_cpu(lambda t=text, d=dialect: convert(t, d), args.repeat)
        if profile:
            profile.disable()
        print(f"{path.name}: convert {seconds:.3f} s CPU{engine}; {conversion.summary()},"
              f" {len(conversion.diagnostics)} findings, text {zlib.crc32(conversion.text.encode()):08x}", flush=True)
    if profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
