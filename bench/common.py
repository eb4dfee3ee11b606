"""What every benchmark gets (the run's context) and gives back (result tables)."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tools import Tools

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent


@dataclass
class Context:
    """Corpora, tools and settings of one benchmark run."""

    out: Path  # bench/out: corpora, sites, scratch copies, results
    pages: int  # corpus size for check and fix
    build_pages: int  # corpus size for the MkDocs builds
    scaling: tuple[int, ...]
    pairs: int
    timeout: float  # seconds one adversarial run may take before it is stopped
    adversarial_rounds: int
    tools: Tools
    log: Callable[[str], None] = print

    def corpus(self, pages: int, mdx: bool = False) -> Path:
        """The directory of a generated corpus of this many pages (written by run_all.prepare)."""
        return self.out / "corpus" / f"{'mdx' if mdx else 'md'}-{pages}"

    def scratch(self, name: str) -> Path:
        """An empty scratch directory."""
        path = self.out / "scratch" / name
        shutil.rmtree(path, ignore_errors=True)
        path.mkdir(parents=True)
        return path

    def cli(self, *args: str | Path, serial: bool = False) -> list[str | Path]:
        """`python -m house_tables ARGS` (with `--jobs 1`, in one process, when serial), without check's cache: these
        benchmarks time cold runs (warm ones: warm_check.py)."""
        return [sys.executable, "-m", "house_tables", *args[:1], "--no-cache", *(["--jobs", "1"] if serial else []),
                *args[1:]]


@dataclass
class Table:
    """One result table: a title, a header, rows of formatted cells, and notes under it."""

    title: str
    header: tuple[str, ...]
    rows: list[tuple[str, ...]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    data: dict = field(default_factory=dict)  # raw times, for results.json

    def markdown(self) -> str:
        """The table as Markdown (pipe table: this is documentation about the tool, not a house page)."""
        lines = [f"### {self.title}", "", "| " + " | ".join(self.header) + " |",
                 "|" + "|".join("---" if i == 0 else "---:" for i in range(len(self.header))) + "|"]
        lines += ["| " + " | ".join(row) + " |" for row in self.rows]
        lines += [""] + [f"- {note}" for note in self.notes] if self.notes else []
        return "\n".join(lines) + "\n"


def seconds(value: float) -> str:
    """A duration for a table: 3 significant digits, in s or ms."""
    return f"{value * 1000:.3g} ms" if value < 1 else f"{value:.3g} s"


def times(value: float) -> str:
    """A ratio for a table (1 decimal below 10, none above)."""
    return f"{value:.2f}×" if value < 10 else f"{value:,.0f}×"
