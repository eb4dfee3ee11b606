"""`check`'s per-page work cut into phases, each run up to its end over every page of a corpus, for instruction
counts under callgrind (the phase's cost is the difference from the one before it, at the same start-up).

Usage: valgrind --tool=callgrind python bench/mdscan_phases.py PHASE DIR [--repeat N]
Phases (each includes the ones before): read, source (Source.parse), block (.md: the preprocessors and the block
parser, as scan_pymd runs them), dialect (the dialect's scanner: scan_pymd / scan_mdx), scan (parsing.scan),
plan (plan.plan_page), check (cli.check_text: the FileResult). Every page is first checked once (warm-up: the
Markdown instance is built then, not inside a phase).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from house_tables.cli import Task, check_text
from house_tables.config import Config
from house_tables.model import Dialect
from house_tables.parsing import scan
from house_tables.parsing.mdx import scan_mdx
from house_tables.parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS, block_parse, scan_pymd
from house_tables.plan import plan_page
from house_tables.source import Source

PHASES = ("read", "source", "block", "dialect", "scan", "plan", "check")


def run(phase: str, path: str, text: str) -> None:
    """One page, up to the end of phase."""
    dialect = Dialect.MDX if path.endswith(".mdx") else Dialect.PYTHON_MARKDOWN
    if phase == "source":
        Source.parse(text).normalized()
    elif phase == "block":
        source = Source.parse(text)
        if dialect is Dialect.PYTHON_MARKDOWN:
            block_parse(source.normalized(), MKDOCS_EXTENSIONS, MKDOCS_EXTENSION_CONFIGS)
    elif phase == "dialect":
        source = Source.parse(text)
        if dialect is Dialect.MDX:
            scan_mdx(source, [])
        else:
            scan_pymd(source)
    elif phase == "scan":
        scan(text, dialect)
    elif phase == "plan":
        plan_page(text, dialect)
    elif phase == "check":
        task = Task(path, dialect, "check", "jsx", Config(), write=False, diff=False)
        check_text(task, text)


def main() -> int:
    """Warm up on every page, then run the phase (repeat times)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("phase", choices=PHASES)
    parser.add_argument("dir")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    paths = sorted(str(p) for p in Path(args.dir).rglob("*") if p.suffix in (".md", ".mdx"))
    pages = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            pages.append((path, handle.read()))
    if os.environ.get("WARM", "1") == "1":
        for path, text in pages[:3]:
            run("check", path, text)
    for _ in range(args.repeat):
        for path, text in pages:
            run(args.phase, path, text)
    print(f"{len(pages)} pages, phase {args.phase}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
