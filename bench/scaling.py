"""Scaling: `house-tables check` on corpora of growing size (the first N pages of one corpus); time per page."""

from __future__ import annotations

import statistics

from common import Context, Table, seconds
from timing import Side, command, rounds

TOLERANCE = 0.15


def run(ctx: Context) -> list[Table]:
    """Alternate check over every size, round by round; compare each size's time per page with their mean."""
    measured = [Side(f"{pages:,} pages", command(ctx.cli("check", ctx.corpus(pages)))) for pages in ctx.scaling]
    ctx.log(f"scaling over {', '.join(str(p) for p in ctx.scaling)} pages")
    rounds(measured, ctx.pairs, log=ctx.log)
    wall = [side.median / pages for side, pages in zip(measured, ctx.scaling)]
    cpu = [side.cpu_median / pages for side, pages in zip(measured, ctx.scaling)]
    table = Table(f"Scaling: check, time per page ({ctx.pairs} rounds)",
                  ("corpus", "median", "per page", "vs mean", "CPU per page", "vs mean (CPU)"))
    for side, wall_page, cpu_page in zip(measured, wall, cpu):
        table.rows.append((side.name, seconds(side.median), seconds(wall_page), deviation(wall_page, wall),
                           seconds(cpu_page), deviation(cpu_page, cpu)))
        table.data[side.name] = {"wall": side.times, "cpu": side.cpu}
    for what, values, medians in (("wall", wall, [s.median for s in measured]),
                                  ("CPU", cpu, [s.cpu_median for s in measured])):
        table.notes.append(linearity_note(what, ctx.scaling, medians))
        worst = max(abs(value / statistics.mean(values) - 1) for value in values)
        table.notes.append(f"Time per page flat within ±15% ({what} time, stricter than the target: a fixed start-up "
                           f"weighs more on small runs) — widest deviation {worst:.0%}.")
    return [table]


def linearity_note(what: str, sizes: tuple[int, ...], medians: list[float]) -> str:
    """The issue's target: time linear in pages — every size within ±15% of one least-squares line."""
    marginal, fixed = statistics.linear_regression(sizes, medians)
    worst = max(abs(median / (fixed + marginal * pages) - 1) for pages, median in zip(sizes, medians))
    verdict = "met" if worst <= TOLERANCE and marginal > 0 else "**missed**"
    return (f"Target: linear in pages ({min(sizes):,} → {max(sizes):,}) — {what} time: least-squares fit "
            f"{seconds(fixed)} per run + {seconds(marginal)} per page, widest deviation from it {worst:.0%}: "
            f"{verdict}.")


def deviation(value: float, values: list[float]) -> str:
    """How far a value is from the mean of values, as a signed percentage."""
    return f"{value / statistics.mean(values) - 1:+.0%}"
