"""house_table_element of every house JSX table of a site (the pages `fix` wrote), made as the build made it
before (the table's lines read again: jsx_table_html, the whole HTML parsed) and of the conformance reading
(grid_table_element: only the cells rendered and parsed), in one process: the trees compared, then each side timed
over all tables (best of 7). The reviews (the reading both share) are made once, before.

Usage: python bench/grid_element.py DOCS_DIR (a corpus after `house-tables fix`)

Measured (branch houseread16, 8980dff; the fixed dense corpus, `bench/corpus.py DIR --pages 150` then `fix`: 214
tables, all built of the reading, 0 trees differ): house_table_element over all tables 286 -> 129 ms with the cells'
HTML kept, 332 -> 187 ms rendering them each time (-44%); the whole build (`bench/plugin_instructions.py DIR WORK
--only-with`) 20,465 M -> 19,942 M instructions (-523 M, -2.6%).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from house_tables.config import Config
from house_tables.conformance import table_review
from house_tables.model import Position
from house_tables.parsing.house_form import house_tables
from house_tables.rendering import jsx_html
from house_tables.rendering.house_element import grid_table_element, house_table_element


def site_tables(docs: Path) -> list[tuple[list[str], object]]:
    """(lines, reading) of every house JSX table of the site's pages (the reading None where it is no grid)."""
    config, found = Config(), []
    for page in sorted(docs.rglob("*.md")):
        lines = page.read_text(encoding="utf-8").split("\n")
        for first, last, prefix in house_tables(lines):
            _, grid = table_review(tuple(lines), Position(first + 1, len(prefix) + 1), config)
            found.append((lines[first : last + 1], grid))
    return found


def dump(element) -> tuple:
    """An element tree as nested tuples (tag, attributes in order, texts and their classes, children)."""
    return (element.tag, list(element.attrib.items()), element.text, type(element.text), element.tail,
            type(element.tail), [dump(child) for child in element])


def best(function, repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    tables = site_tables(Path(sys.argv[1]))
    grids = sum(grid is not None for _, grid in tables)
    differ = sum(dump(house_table_element(lines)) != dump(house_table_element(lines, (), grid))
                 for lines, grid in tables)
    built = sum(grid is not None and grid_table_element(grid) is not None for _, grid in tables)
    print(f"{len(tables)} tables ({grids} grids, {built} built of the grid), {differ} trees differ")
    for kept in (True, False):
        def fresh(kept=kept) -> None:  # a build renders each table's cells once: kept=False forgets them every time
            if not kept:
                jsx_html._READ.clear()
                jsx_html._READ_CELLS[0] = 0
        old = best(lambda: [fresh() or house_table_element(lines) for lines, _ in tables])
        new = best(lambda: [fresh() or house_table_element(lines, (), grid) for lines, grid in tables])
        print(f"cells' HTML {'kept' if kept else 'rendered'}: house_table_element old {old * 1000:.1f} ms, "
              f"new {new * 1000:.1f} ms ({(new - old) / old:+.1%})")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
