"""Command line: `house-tables check PATH...` reports every pipe table and diagnostic."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from .model import Dialect
from .parsing import scan

MARKDOWN_SUFFIXES = {".md", ".markdown", ".mdx"}
SKIPPED_DIRS = {"node_modules", ".git", "site", ".venv", "venv", "__pycache__"}


def dialect_for(path: Path) -> Dialect:
    """The dialect of a file by its suffix: .mdx is MDX, other Markdown is Python-Markdown."""
    return Dialect.MDX if path.suffix == ".mdx" else Dialect.PYTHON_MARKDOWN


def markdown_files(paths: list[str]) -> Iterator[Path]:
    """The given files, and the Markdown files under the given directories, sorted."""
    for given in paths:
        path = Path(given)
        if not path.is_dir():
            yield path
            continue
        for root, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
            for name in sorted(files):
                if Path(name).suffix in MARKDOWN_SUFFIXES:
                    yield Path(root, name)


def check_file(path: Path, dialect: Dialect | None) -> tuple[int, int]:
    """Print the findings of one file; return (findings, unreadable)."""
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"{path}: cannot read: {getattr(error, 'strerror', None) or error}", file=sys.stderr)
        return 0, 1
    result = scan(text, dialect or dialect_for(path))
    for diagnostic in result.diagnostics:
        print(f"{path}:{diagnostic.position}: {diagnostic.code} {diagnostic.message}")
    return len(result.diagnostics), 0


def run(argv: list[str] | None = None) -> int:
    """Entry point: 0 clean, 1 findings, 2 usage errors or unreadable files."""
    parser = argparse.ArgumentParser(prog="house-tables", description="Find Markdown pipe tables.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="report every pipe table and diagnostic")
    check.add_argument("paths", nargs="+", metavar="PATH")
    check.add_argument("--dialect", choices=[d.value for d in Dialect], help="override the dialect per suffix")
    args = parser.parse_args(argv)
    dialect = Dialect(args.dialect) if args.dialect else None
    findings = unreadable = files = 0
    for path in markdown_files(args.paths):
        found, failed = check_file(path, dialect)
        findings, unreadable, files = findings + found, unreadable + failed, files + 1
    print(f"{findings} finding{'s' * (findings != 1)} in {files} file{'s' * (files != 1)}")
    return 2 if unreadable else (1 if findings else 0)


def main() -> None:
    """Console script."""
    raise SystemExit(run())
