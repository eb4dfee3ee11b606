"""`convert` (what `fix` does to one file) in this process, for profiles and instruction counts of fix alone.

Usage: python bench/fix_profile.py FILE... [--profile N] [--engine]
  --profile N   print the N most expensive functions (cProfile, cumulative)
  --engine      also render the file's cells with the engine alone (what fix's time is compared with)
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plugin"))

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--profile", type=int, default=0)
    parser.add_argument("--engine", action="store_true")
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    for path in args.files:
        text = path.read_text(encoding="utf-8")
        dialect = dialect_of(path)
        if args.engine:
            start = time.process_time()
            engine_render(text, dialect)
            print(f"{path.name}: engine render {time.process_time() - start:.3f} s CPU")
        start = time.process_time()
        if profile:
            profile.enable()
        conversion = convert(text, dialect)
        if profile:
            profile.disable()
        print(f"{path.name}: convert {time.process_time() - start:.3f} s CPU, {conversion.summary()},"
              f" {len(conversion.diagnostics)} findings, {hash(conversion.text) & 0xffffffff:08x}")
    if profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
