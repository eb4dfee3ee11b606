"""How a hand-written table differs from the house style (HT011 for its colgroup, HT012 for each style property),
and the house-style lines it normalises to: the same cells, byte for byte, in the configured style.

What the table should look like is what `fix` writes for a pipe table of the same grid (rendering/layout.py): the
alignment a column's header cell declares, the widths its colgroup declares when they are whole percents adding
up to 100 (else computed as for converted tables), the configured colors, paddings and weights.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..config import Config
from ..diagnostics import colgroup_drift, style_drift
from ..directives import Directive
from ..model import Diagnostic, Position
from ..rendering.layout import Grid, kebab_case, render_lines, style_items
from ..widths import column_widths, round_to_100, visible_text
from .reader import Cell, Element, HandTable

ALIGNMENTS = ("left", "center", "right")
_PERCENT = re.compile(r"^\d{1,3}(?:\.\d+)?%$")
_WIDTH_ATTRIBUTE = re.compile(r"""\swidth\s*=\s*["']?(\d{1,3}(?:\.\d+)?%)""")


def expected_grid(table: HandTable, config: Config, directive: Directive | None) -> tuple[Grid, str | None]:
    """The grid the table shows, with the widths it should have, and what is wrong with its own widths (if any)."""
    align = tuple(_declared_align(table, column) for column in range(table.columns))
    header = tuple(cell.content for cell in table.header)
    body = tuple(tuple(cell.content for cell in row) for row in table.body)
    declared, problem = declared_widths(table)
    if directive is not None and (directive.widths or directive.policy):
        widths, problem = column_widths(_visible_columns(table), config, directive), None
    elif declared is not None:
        widths = declared
    else:
        widths = _keeping_header_widths(column_widths(_visible_columns(table), config, None), table)
    return Grid(align, header, body, tuple(widths)), problem


def declared_widths(table: HandTable) -> tuple[list[int] | None, str | None]:
    """The widths the author chose, as whole percents adding up to 100, and what is wrong with how they are written
    (None when nothing is). Percents with decimals that add up to 100 (`33.3%` three times) keep their proportions,
    rounded by largest remainder as computed widths are; `25.0%` is 25%. No widths (None) without a colgroup of one
    percent per column adding up to 100."""
    if not table.cols:
        return None, "has no colgroup"
    if len(table.cols) != table.columns:
        return None, f"has {len(table.cols)} <col> for {table.columns} columns"
    values = [dict(col.style).get("width") for col in table.cols]
    percents = [_percent(value) for value in values]
    if None in percents:
        bad = values[percents.index(None)]
        return None, f"has a column width {bad!r} that is not a percent"
    if abs(sum(percents) - 100) > 0.5:
        return None, f"has column widths adding up to {sum(percents):g}, not 100"
    if all(percent.is_integer() for percent in percents) and sum(percents) == 100:
        return [int(percent) for percent in percents], None
    rounded = round_to_100([percent * 100 / sum(percents) for percent in percents])
    return rounded, f"has column widths {', '.join(map(str, values))} that are not whole percents adding up to 100"


def _keeping_header_widths(computed: list[int], table: HandTable) -> list[int]:
    """Computed widths, where header cells declare percent widths (`width="30%"`, `style="width: 30%"`) those
    instead, the other columns sharing what is left in their computed proportions (whole percents by largest
    remainder): a table without a colgroup keeps the widths its author gave its columns."""
    declared = [_header_width(cell) for cell in table.header]
    given = sum(value for value in declared if value is not None)
    if all(value is None for value in declared) or given > 100 or (None not in declared and abs(given - 100) > 0.5):
        return computed
    if None not in declared:
        return round_to_100([value * 100 / given for value in declared])
    rest = sum(width for width, value in zip(computed, declared) if value is None) or 1
    return round_to_100([value if value is not None else width * (100 - given) / rest
                         for width, value in zip(computed, declared)])


def _header_width(cell: Cell) -> float | None:
    """The percent width a header cell declares in its style or its `width` attribute, if any."""
    styled = _percent(dict(cell.element.style).get("width"))
    if styled is not None:
        return styled
    attribute = _WIDTH_ATTRIBUTE.search(cell.element.others)
    return _percent(attribute.group(1)) if attribute else None


def _percent(value) -> float | None:
    """The number of a `N%` or `N.N%` width, else None."""
    if not isinstance(value, str) or not _PERCENT.match(value):
        return None
    return float(value[:-1])


def drift(table: HandTable, config: Config, directive: Directive | None) -> list[Diagnostic]:
    """HT011 for the colgroup, HT012 for each property of each element kind that differs (once per element kind,
    column and difference, at its first place, with the number of rows it is in)."""
    grid, problem = expected_grid(table, config, directive)
    found = []
    if problem is not None and config.style.styled:
        widths = ", ".join(f"{width}%" for width in grid.widths)
        found.append(colgroup_drift(table.span, f"<table> {problem}: widths {widths} would be set"))
    elif not config.style.styled and table.cols:
        found.append(colgroup_drift(table.span, "<table> has a colgroup, which the plain style does not set"))
    elif config.style.styled and declared_widths(table)[0] != list(grid.widths):
        shown = ", ".join(f"{width}%" for width in grid.widths)
        found.append(colgroup_drift(table.span, f"<table> has column widths other than its directive's: {shown}"))
    expected = style_items(grid, config.style)
    if config.style.styled and not _any_style(table):
        count = _declarations(expected, len(table.body))
        found.append(style_drift(table.span.start, f"<table> has none of the house styles: fix sets them "
                                                   f"({count} declarations on {_elements(table)} elements)"))
        return found
    differences: dict[tuple, list[Position]] = {}
    compare = _Comparison(differences, kebab_case if table.form == "html" else str)
    for column, col in enumerate(table.cols):  # widths are HT011's; anything else a <col> has is drift
        others = col._replace(style=tuple(item for item in col.style if item[0] != "width"))
        compare(others, f"<col> column {column + 1}", _NO_ITEMS)
    compare(table.table, "<table>", expected.table)
    compare(table.head, "header <tr>", expected.header_row)
    for column, cell in enumerate(table.header):
        compare(cell.element, f"<th> column {column + 1}", expected.header_cells[column])
    remember = len(table.body) > 1  # the notes of the body's repeated styles are made once
    for row in table.rows:
        compare(row, "body <tr>", _NO_ITEMS, remember)
    for row in table.body:
        for column, cell in enumerate(row):
            compare(cell.element, f"<td> column {column + 1}", expected.body_cells[column], remember)
    for (where, message), places in differences.items():
        rows = f" (in {len(places)} rows)" if len(places) > 1 and where.startswith("<td>") else ""
        found.append(style_drift(places[0], f"{where} {message}{rows}"))
    return found


def _any_style(table: HandTable) -> bool:
    """Whether any element of the table has a style (a table with none gets one finding, not one per property)."""
    cells = [cell.element for row in (table.header, *table.body) for cell in row]
    return any(element.style for element in (table.table, table.head, *table.rows, *cells))


def _declarations(expected, rows: int) -> int:
    """How many style declarations the house style sets on a table's elements (colgroup aside)."""
    return (len(expected.table) + len(expected.header_row) + sum(map(len, expected.header_cells))
            + rows * sum(map(len, expected.body_cells)))


def _elements(table: HandTable) -> int:
    """The table's styled elements: <table>, the header <tr>, and every cell."""
    return 2 + table.cells


def normalised_lines(table: HandTable, config: Config,
                     directive: Directive | None) -> tuple[list[str], tuple[int, ...]]:
    """The table in the house style (without its indentation): its cells' contents and other attributes as written;
    and the widths its columns get."""
    grid, _ = expected_grid(table, config, directive)
    kept = {("table",): table.table.others, ("head",): table.head.others}
    kept.update({("th", column): cell.element.others for column, cell in enumerate(table.header)})
    kept.update({("row", r): row.others for r, row in enumerate(table.rows)})
    kept.update({("td", r, column): cell.element.others for r, row in enumerate(table.body)
                 for column, cell in enumerate(row)})
    lines = render_lines(grid, config.style, table.form, {key: value for key, value in kept.items() if value})
    return lines, grid.widths


_NO_ITEMS: tuple = ()  # what a <col> (widths aside) and a body <tr> should have in their style


class _Comparison:
    """Notes each way an element's style differs from what it should be, naming properties as the table writes
    them (a JSX table's `backgroundColor`, an HTML table's `background-color`)."""

    def __init__(self, differences: dict, named):
        self.differences = differences
        self.named = named
        # The notes of each (style, expected) pair compared, by identity: a table's cells share their style tuples
        # (reader._attributes keeps them) and a column's expected items. Both are held here, so neither id is
        # reused for another object while this comparison lives.
        self.noted: dict[tuple[int, int], tuple] = {}

    def __call__(self, element: Element, where: str, expected, remember: bool = False) -> None:
        """Note how element's style differs from expected (remember: keep the notes for the next element of the
        same style and expected items, as a body row's cells are)."""
        actual = element.style
        if not remember:
            notes = self._notes(actual, expected)
        else:
            known = self.noted.get((id(actual), id(expected)))
            if known is None or known[0] is not actual or known[1] is not expected:
                known = self.noted[id(actual), id(expected)] = (actual, expected, self._notes(actual, expected))
            notes = known[2]
        for note in notes:
            self.differences.setdefault((where, note), []).append(element.at)

    def _notes(self, actual, expected) -> list[str]:
        """How a style differs from the expected items (nothing when they agree)."""
        named = self.named
        wanted = dict(expected)
        have = dict(actual)
        notes = []
        for name, value in expected:
            if name not in have:
                notes.append(f"lacks {named(name)} {_shown(value)}")
            elif not _same(have[name], value):
                notes.append(f"has {named(name)} {_shown(have[name])}, not {_shown(value)}")
        notes += [f"has {named(name)} {_shown(value)}, which the house style does not set" for name, value in actual
                  if name not in wanted]
        if not notes and [name for name, _ in actual] != [name for name, _ in expected]:
            order = ", ".join(named(name) for name, _ in expected)
            notes.append(f"has its style properties in another order than {order}")
        return notes


def _same(actual, expected) -> bool:
    """Equal as React renders them (700 and "700" alike)."""
    return str(actual) == str(expected)


def _shown(value) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)


def _declared_align(table: HandTable, column: int) -> str | None:
    """The alignment the column's header cell declares; without one, the center/right alignment every body cell of
    the column declares (so normalising keeps what readers see); else none (left)."""
    declared = _text_align(table.header[column])
    if declared is not None:
        return declared
    body = {_text_align(row[column]) for row in table.body}
    return body.pop() if len(body) == 1 and body <= {"center", "right"} else None


def _text_align(cell: Cell) -> str | None:
    value = dict(cell.element.style).get("textAlign")
    return value if value in ALIGNMENTS else None


@lru_cache(maxsize=16)  # a drifting table's widths are computed for its findings and again for its new lines
def _visible_columns(table: HandTable) -> list[list[str]]:
    """Each column's cells as a reader sees them (a JSX cell read as MDX reads it, an HTML cell as written; tags
    dropped), for content widths as a converted table gets them."""
    rows = [table.header, *table.body]
    if table.form == "html":
        return [[visible_text(row[column].content) for row in rows] for column in range(table.columns)]
    from ..rendering.jsx_html import jsx_to_html  # cmark-gfm: only for a JSX table whose widths are computed

    return [[visible_text(jsx_to_html(row[column].content)) for row in rows] for column in range(table.columns)]
