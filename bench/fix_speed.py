"""`house-tables fix` on a fresh copy of the corpus: all cores against one process, beside `mdformat` rewriting
the same files (with mdformat-tables). Copying the corpus is done before each run and not timed."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from common import Context, Table, seconds, times
from timing import Side, command, ratio, rounds


def fresh_copy(source: Path, target: Path):
    """An action replacing target with a copy of source."""

    def copy() -> None:
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target)

    return copy


def run(ctx: Context) -> list[Table]:
    """Alternate fix (all cores), fix (one process) and mdformat, each on its own fresh copy."""
    corpus = ctx.corpus(ctx.pages)
    scratch = ctx.scratch("fix")
    copies = {name: scratch / name for name in ("all", "one", "mdformat")}
    measured = [
        Side("house-tables fix (all cores)", command(ctx.cli("fix", copies["all"])),
             fresh_copy(corpus, copies["all"])),
        Side("house-tables fix (one process)", command(ctx.cli("fix", copies["one"], serial=True)),
             fresh_copy(corpus, copies["one"])),
    ]
    if ctx.tools.mdformat is not None:
        rewrite = command([ctx.tools.mdformat, copies["mdformat"]])
        refresh = fresh_copy(corpus, copies["mdformat"])
        measured.append(Side("mdformat (+ mdformat-tables), rewriting", rewrite, refresh))
    ctx.log(f"fix on {ctx.pages} pages")
    rounds(measured, ctx.pairs, log=ctx.log)
    table = Table(f"fix on a fresh copy of {ctx.pages:,} .md pages ({ctx.pairs} rounds, {os.cpu_count()} cores)",
                  ("command", "median", "per page", "CPU per page", "÷ fix (all cores)"))
    for side in measured:
        table.rows.append((side.name, seconds(side.median), seconds(side.median / ctx.pages),
                           seconds(side.cpu_median / ctx.pages), times(ratio(side, measured[0]))))
        table.data[side.name] = {"wall": side.times, "cpu": side.cpu}
    table.notes.append("one process: --jobs 1. all cores: the CLI's default process pool.")
    table.notes.append(f"speed-up from all cores: {times(ratio(measured[1], measured[0]))}.")
    return [table]
