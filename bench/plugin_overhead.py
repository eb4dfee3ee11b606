"""Plugin overhead: `mkdocs build` of the corpus with and without the house-tables plugin, themes mkdocs and material.

Navigation: `nav: [index.md]` with every generated page listed in `not_in_nav`, so each page renders a one-entry
navigation (an automatic nav of every page would be written into every page: quadratic in pages for both sides).
The `search` plugin is off on both sides (`plugins:` lists only house-tables, or nothing).
"""

from __future__ import annotations

import sys
from pathlib import Path

from common import Context, Table, seconds
from corpus import EXTENSIONS, SITE_FILE
from timing import Side, command, ratio, rounds

THEMES = ("mkdocs", "material")
TARGET = 0.03


def site_config(directory: Path, docs: Path, theme: str, plugin: bool) -> Path:
    """An mkdocs.yml for building docs with this theme, with or without the plugin; returns its path."""
    name = f"{theme}-{'with' if plugin else 'without'}"
    path = directory / f"{name}.yml"
    path.write_text(
        f"site_name: bench\ndocs_dir: {docs}\nsite_dir: {directory / name}\ntheme:\n  name: {theme}\n"
        f"nav:\n  - index.md\nnot_in_nav: |\n  /*/\nexclude_docs: |\n  /{SITE_FILE}\n"
        f"{EXTENSIONS}plugins: {'[house-tables]' if plugin else '[]'}\n",
        encoding="utf-8",
    )
    return path


def build(config: Path, timeout: float | None = None):
    """The action `mkdocs build -q -f config` (exit 0 expected: findings are warnings, not --strict)."""
    return command([sys.executable, "-m", "mkdocs", "build", "-q", "-f", config], ok=(0,), timeout=timeout)


def run(ctx: Context) -> list[Table]:
    """For each theme, alternate builds with and without the plugin; the overhead is the median ratio - 1."""
    docs = ctx.corpus(ctx.build_pages)
    sites = ctx.scratch("sites")
    (sites / "again").mkdir()
    table = Table(f"Plugin overhead: mkdocs build of {ctx.build_pages:,} pages ({ctx.pairs} rounds)",
                  ("theme", "without plugin", "with plugin", "overhead", "overhead in CPU time",
                   "A/A control (CPU time)", "target ≤ +3%"))
    for theme in THEMES:
        ctx.log(f"plugin overhead, theme {theme}")
        without = Side("without", build(site_config(sites, docs, theme, plugin=False)))
        with_ = Side("with", build(site_config(sites, docs, theme, plugin=True)))
        again = Side("without again", build(site_config(sites / "again", docs, theme, plugin=False)))
        rounds([without, with_, again], ctx.pairs, log=ctx.log)
        overhead, cpu = ratio(with_, without) - 1, ratio(with_, without, cpu=True) - 1
        control = ratio(again, without, cpu=True) - 1
        table.rows.append((theme, seconds(without.median), seconds(with_.median), f"{overhead:+.0%}", f"{cpu:+.0%}",
                           f"{control:+.0%}", "met" if overhead <= TARGET else "**missed**"))
        table.data[theme] = {side.name: {"wall": side.times, "cpu": side.cpu} for side in (without, with_, again)}
    table.notes.append("overhead = median over the rounds of (with ÷ without) − 1, in wall time (and in CPU time); "
                       "each round builds without, with, and without again back to back, the order rotating. The "
                       "A/A control is the same median for the second build without the plugin (another site "
                       "directory): what the machine alone makes of two identical builds. An overhead within "
                       "the control's reach is not resolved; bench/plugin_instructions.py and "
                       "bench/plugin_phases.py count instructions, which the load does not move.")
    return [table]
