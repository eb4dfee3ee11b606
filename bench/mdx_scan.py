"""Scan every .mdx file under the paths with the mdx scanner only (for instruction counts of the tokenizer).

Usage: python bench/mdx_scan.py PATH... [--repeat N]   (prints files, tables, diagnostics, table tags)
Measure with: valgrind --tool=callgrind --callgrind-out-file=/tmp/x.cg.%p python bench/mdx_scan.py DIR
"""

from __future__ import annotations

import argparse

from floor import files as markdown_files

from house_tables.parsing.mdx import scan_mdx
from house_tables.source import Source


def files(paths: list[str]) -> list[str]:
    """The .mdx files under the paths, in name order (as the floor walks them)."""
    return [path for path in markdown_files(paths) if path.endswith(".mdx")]


def main() -> int:
    """Scan the files (repeat times) and print totals."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    texts = []
    for path in files(args.paths):
        with open(path, encoding="utf-8") as handle:
            texts.append(handle.read())
    tables = diagnostics = tags = 0
    for _ in range(args.repeat):
        for text in texts:
            found: list = []
            scanned, findings = scan_mdx(Source.parse(text), found)
            tables, diagnostics, tags = tables + len(scanned), diagnostics + len(findings), tags + len(found)
    print(f"{len(texts)} files, {tables} tables, {diagnostics} diagnostics, {tags} table tags")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
