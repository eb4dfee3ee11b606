"""The floor for `house-tables check`: a Python process that only finds, reads, decodes and splits every file.

Usage: python bench/floor.py PATH...   (prints the number of files and lines)
"""

from __future__ import annotations

import os
import sys

SUFFIXES = (".md", ".markdown", ".mdx")


def files(paths: list[str]) -> list[str]:
    """Markdown files under the paths, in name order, as the CLI walks them."""
    found = []
    for path in paths:
        if os.path.isfile(path):
            found.append(path)
            continue
        for directory, subdirectories, names in os.walk(path):
            subdirectories.sort()
            found += [os.path.join(directory, name) for name in sorted(names) if name.endswith(SUFFIXES)]
    return found


def main() -> int:
    """Read and split every file."""
    paths = files(sys.argv[1:])
    lines = 0
    for path in paths:
        with open(path, "rb") as handle:
            lines += len(handle.read().decode("utf-8").splitlines())
    print(f"{len(paths)} files, {lines} lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
