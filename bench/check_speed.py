"""`house-tables check` on the corpus beside the read-and-split floor, markdownlint-cli2 (table rules only) and
`mdformat --check` with mdformat-tables; then where check's time goes, in process, on part of the corpus."""

from __future__ import annotations

import sys
from pathlib import Path

from common import BENCH, Context, Table, seconds, times
from timing import Side, command, ratio, rounds

BREAKDOWN_PAGES = 200


def sides(ctx: Context, corpus: Path, pattern: str, mdformat: bool) -> list[Side]:
    """The floor, check, and the other tools that are installed."""
    found = [Side("read and split (floor)", command([sys.executable, BENCH / "floor.py", corpus])),
             Side("house-tables check", command(ctx.cli("check", corpus)))]
    tools = ctx.tools
    if tools.markdownlint is not None:
        lint = [tools.markdownlint, "--config", tools.markdownlint_config, pattern]
        found.append(Side("markdownlint-cli2 (MD055, MD056, MD058)", command(lint, cwd=corpus)))
    if mdformat and tools.mdformat is not None:
        found.append(Side("mdformat --check (+ mdformat-tables)", command([tools.mdformat, "--check", corpus])))
    return found


def compare(ctx: Context, mdx: bool) -> Table:
    """One table: every side's median and per-page time, and check's ratio to it."""
    corpus = ctx.corpus(ctx.pages, mdx)
    kind = ".mdx" if mdx else ".md"
    ctx.log(f"check on {ctx.pages} {kind} pages")
    measured = sides(ctx, corpus, f"**/*{kind}", mdformat=not mdx)
    rounds(measured, ctx.pairs, log=ctx.log)
    check = measured[1]
    table = Table(f"check on {ctx.pages:,} {kind} pages ({ctx.pairs} rounds)",
                  ("command", "median", "per page", "CPU per page", "this ÷ check", "this ÷ check in CPU time"))
    for side in measured:
        table.rows.append((side.name, seconds(side.median), seconds(side.median / ctx.pages),
                           seconds(side.cpu_median / ctx.pages), times(ratio(side, check)),
                           times(ratio(side, check, cpu=True))))
        table.data[side.name] = {"wall": side.times, "cpu": side.cpu}
    table.notes += targets(measured)
    return table


def targets(measured: list[Side]) -> list[str]:
    """The issue's targets for check, met or missed."""
    floor, check = measured[0], measured[1]
    notes = [_verdict("check within 15× of the read-and-split floor", ratio(check, floor) <= 15,
                      f"check ÷ floor = {times(ratio(check, floor))} ({times(ratio(check, floor, cpu=True))} in CPU)")]
    for side in measured[2:3]:
        speedup = ratio(side, check)
        notes.append(_verdict("check ≥ 10× faster than markdownlint-cli2", speedup >= 10,
                              f"markdownlint-cli2 ÷ check = {times(speedup)} "
                              f"({times(ratio(side, check, cpu=True))} in CPU)"))
    return notes


def _verdict(target: str, met: bool, measured: str) -> str:
    """A note line: target, measured, met or missed."""
    return f"Target: {target} — {measured}: {'met' if met else '**missed**'}."


def breakdown(ctx: Context) -> Table:
    """In process, per page: reading and splitting, Python-Markdown's block parse alone, what check does (the
    scan and the plan, no rendering), and what fix does (convert)."""
    from house_tables.convert import convert
    from house_tables.parsing import pymd
    from house_tables.plan import planned_diagnostics

    paths = sorted(ctx.corpus(ctx.pages).rglob("page-*.md"))[:BREAKDOWN_PAGES]
    texts = [path.read_text(encoding="utf-8") for path in paths]
    stack, configs = pymd.MKDOCS_EXTENSIONS, pymd.MKDOCS_EXTENSION_CONFIGS
    measured = [
        Side("read and split", lambda: [path.read_text(encoding="utf-8").splitlines() for path in paths]),
        Side("Python-Markdown's preprocessors and block parser alone",
             lambda: [pymd.block_parse(text, stack, configs) for text in texts]),
        Side("check: scan and plan (tables and every diagnostic but HT009)",
             lambda: [planned_diagnostics(text, "python-markdown") for text in texts]),
        Side("fix: convert (scan, render, verify)", lambda: [convert(text, "python-markdown") for text in texts]),
    ]
    ctx.log(f"check breakdown on {len(paths)} pages, in process")
    rounds(measured, ctx.pairs, warmup=True, log=ctx.log)
    table = Table(f"Where check's time goes: {len(paths)} .md pages in one process ({ctx.pairs} rounds)",
                  ("step", "per page", "÷ read and split"))
    for side in measured:
        table.rows.append((side.name, seconds(side.median / len(paths)), times(ratio(side, measured[0]))))
        table.data[side.name] = {"wall": side.times, "cpu": side.cpu}
    return table


def run(ctx: Context) -> list[Table]:
    """The .md comparison, the .mdx comparison, and the in-process breakdown."""
    return [compare(ctx, mdx=False), compare(ctx, mdx=True), breakdown(ctx)]
