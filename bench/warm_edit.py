"""A warm `house-tables check` after one page was edited (every other result from the cache), beside a warm run over
an unchanged tree, in instructions (valgrind callgrind), for this tree's house-tables or another one (--plugin: e.g.
main's, to compare before and after).

Usage: python bench/warm_edit.py [--pages 200] [--mdx] [--plugin DIR] [--out DIR]

The corpus is copied (the edit must not touch bench/warm_check.py's corpus); its files are left more than 3 s
old before each counted run, so that every stat is trusted (see house_tables/cache.py).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from warm_check import BENCH, ROOT, environment, instructions

RACY_WAIT = 3.5  # seconds: past the racy window of a file just written


def measure(pages: int, mdx: bool, plugin: Path, out: Path) -> dict[str, int]:
    """Instructions of: a run over an unchanged tree, the first run after one page was edited, the run after it."""
    corpus = out / f"edit-{'mdx' if mdx else 'md'}-{pages}"
    cache = out / f"cache-{corpus.name}"
    for path in (corpus, cache):
        shutil.rmtree(path, ignore_errors=True)
    subprocess.run([sys.executable, str(BENCH / "corpus.py"), str(corpus), "--pages", str(pages),
                    *(["--mdx"] if mdx else [])], check=True, capture_output=True)
    env = {**environment(cache), "PYTHONPATH": str(plugin)}
    command = [sys.executable, "-m", "house_tables", "check", str(corpus)]
    time.sleep(RACY_WAIT)
    for _ in range(2):  # bytecode compiled, cache filled
        subprocess.run(command, env=env, capture_output=True, check=False)
    counted = {"unchanged tree": instructions(command, env)}
    page = next(path for path in sorted(corpus.rglob("*")) if path.suffix in (".md", ".mdx"))
    page.write_bytes(page.read_bytes() + b"\nEdited.\n")
    time.sleep(RACY_WAIT)
    counted["one page edited (first run)"] = instructions(command, env)
    counted["the run after it"] = instructions(command, env)
    return counted


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--mdx", action="store_true")
    parser.add_argument("--plugin", type=Path, default=ROOT / "plugin", help="the source root of house-tables")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "house-tables-warm-edit")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, count in measure(args.pages, args.mdx, args.plugin.resolve(), args.out).items():
        print(f"| {name:30} | {count:14,} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
