"""The house table layout: one element per line, in JSX (for sources) or HTML (for built pages).

Pure functions over already-rendered cell contents: a table of N columns and R body rows is
10 + 2N + R(N + 2) lines; the `plain` style drops every style attribute and the colgroup.
"""

from __future__ import annotations

import html
import json
import re
from functools import lru_cache
from typing import NamedTuple

from ..config import Style

StyleItems = list[tuple[str, str | int]]


class Grid(NamedTuple):
    """What a table shows: alignment per column, header cells, body rows (contents already rendered)."""

    align: tuple[str | None, ...]
    header: tuple[str, ...]
    body: tuple[tuple[str, ...], ...]
    widths: tuple[int, ...]


def render_lines(grid: Grid, style: Style, form: str, kept: dict[tuple, str] | None = None) -> list[str]:
    """The table's lines without indentation; form is "jsx" or "html". kept: attributes other than the style that a
    hand-written table's elements carry (` id="x"`), by element: ("table",), ("head",), ("th", column),
    ("row", row), ("td", row, column); they stay, before the style."""
    kept = kept or {}
    attr = _jsx_style if form == "jsx" else _html_style
    void = " />" if form == "jsx" else ">"
    lines = [f"<table{kept.get(('table',), '')}{attr(_table_style(style))}>"]
    if style.styled:
        cols = [f"    <col{attr([('width', f'{width}%')])}{void}" for width in grid.widths]
        lines += ["  <colgroup>", *cols, "  </colgroup>"]
    lines += ["  <thead>", f"    <tr{kept.get(('head',), '')}{attr(_header_row_style(style))}>"]
    lines += [f"      <th{kept.get(('th', i), '')}{attr(_header_cell_style(style, grid.align[i], i))}>{text}</th>"
              for i, text in enumerate(grid.header)]
    lines += ["    </tr>", "  </thead>", "  <tbody>"]
    # the same in every row
    cell_styles = [attr(_body_cell_style(style, align, i)) for i, align in enumerate(grid.align)]
    for r, row in enumerate(grid.body):
        lines.append(f"    <tr{kept.get(('row', r), '')}>")
        if kept:
            lines += [f"      <td{kept.get(('td', r, i), '')}{cell_styles[i]}>{text}</td>"
                      for i, text in enumerate(row)]
        else:
            lines += [f"      <td{cell_styles[i]}>{text}</td>" for i, text in enumerate(row)]
        lines.append("    </tr>")
    lines += ["  </tbody>", "</table>"]
    return lines


class ElementStyles(NamedTuple):
    """The style items (name, value) of each element of a house table, in order; cells by column."""

    table: StyleItems
    cols: tuple[StyleItems, ...]  # empty: no colgroup
    header_row: StyleItems
    header_cells: tuple[StyleItems, ...]
    body_cells: tuple[StyleItems, ...]


def style_items(grid: Grid, style: Style) -> ElementStyles:
    """What render_lines writes in each element's style, as items: what a hand-written table is measured against."""
    columns = range(len(grid.align))
    return ElementStyles(
        _table_style(style),
        tuple([("width", f"{width}%")] for width in grid.widths) if style.styled else (),
        _header_row_style(style),
        tuple(_header_cell_style(style, grid.align[i], i) for i in columns),
        tuple(_body_cell_style(style, grid.align[i], i) for i in columns),
    )


def _table_style(style: Style) -> StyleItems:
    """The table element's style."""
    return [("width", "100%"), ("borderCollapse", "collapse"), ("tableLayout", "fixed")] if style.styled else []


def _header_row_style(style: Style) -> StyleItems:
    """The header row's accent border."""
    return [("borderBottom", f"2px solid {style.accent}")] if style.styled else []


def _header_cell_style(style: Style, align: str | None, column: int) -> StyleItems:
    """textAlign, padding, fontWeight, whiteSpace, backgroundColor, in that order (align: the column's)."""
    if not style.styled:
        return _plain_align(align)
    items: StyleItems = [("textAlign", align or "left"), ("padding", style.header_padding),
                         ("fontWeight", style.header_weight)]
    if style.header_nowrap:
        items.append(("whiteSpace", "nowrap"))
    return [*items, ("backgroundColor", style.backgrounds[column % 2])]


def _body_cell_style(style: Style, align: str | None, column: int) -> StyleItems:
    """padding, textAlign (center/right only), fontWeight (first column only), backgroundColor (align: the
    column's)."""
    if not style.styled:
        return _plain_align(align)
    items: StyleItems = [("padding", style.body_padding)]
    if align in ("center", "right"):
        items.append(("textAlign", align))
    if column == 0 and style.first_column_weight is not None:
        items.append(("fontWeight", style.first_column_weight))
    return [*items, ("backgroundColor", style.backgrounds[column % 2])]


def _plain_align(align: str | None) -> StyleItems:
    """The plain preset keeps only an explicit alignment."""
    return [("textAlign", align)] if align else []


def _jsx_style(items: StyleItems) -> str:
    """` style={{a: "b", c: 700}}`, or nothing."""
    if not items:
        return ""
    body = ", ".join(f"{name}: {value}" if isinstance(value, int) else f"{name}: {json.dumps(value)}"  # escaped
                     for name, value in items)
    return f" style={{{{{body}}}}}"


def _html_style(items: StyleItems) -> str:
    """` style="a: b; c-d: 700"`, or nothing."""
    return f' style="{html.escape(css(items))}"' if items else ""  # escaped: configured values are text


def css(items: StyleItems) -> str:
    """`a: b; c-d: 700` (camelCase to kebab-case, numbers unitless as React leaves them)."""
    return "; ".join(f"{kebab_case(name)}: {value}" for name, value in items)


class TableStyles(NamedTuple):
    """The CSS of each element of a house table in HTML form ("" for none); cells by column."""

    table: str
    cols: tuple[str, ...]  # empty: no colgroup
    header_row: str
    header_cells: tuple[str, ...]
    body_cells: tuple[str, ...]


@lru_cache(maxsize=1024)
def table_styles(grid: Grid, style: Style) -> TableStyles:
    """What render_lines(grid, style, "html") writes on each element, for styling a table built elsewhere."""
    items = style_items(grid, style)
    return TableStyles(
        _css(items.table),
        tuple(_css(col) for col in items.cols),
        _css(items.header_row),
        tuple(_css(cell) for cell in items.header_cells),
        tuple(_css(cell) for cell in items.body_cells),
    )


def assembled_styles(align: tuple[str | None, ...], widths: tuple[int, ...], style: Style,
                     kept: dict) -> TableStyles:
    """table_styles(Grid(align, (), (), widths), style) from the parts a build's tables share, kept between calls
    (for one style): the table's and header row's CSS, each column's cells' by its alignment and place (a cell's
    style depends on nothing else), each colgroup column's by its width. A build's tables mostly differ in widths
    and alignments, rarely in a column's."""
    whole = kept.get("whole")
    if whole is None:
        whole = kept["whole"] = table_styles(Grid((), (), (), ()), style)
    cells = [_kept_column_css(align[column], column, style, kept) for column in range(len(align))]
    cols = tuple(_kept_width_css(width, kept) for width in widths) if style.styled else ()
    return TableStyles(whole.table, cols, whole.header_row, tuple(header for header, _ in cells),
                       tuple(body for _, body in cells))


def _kept_column_css(align: str | None, column: int, style: Style, kept: dict) -> tuple[str, str]:
    """The CSS of a column's header cell and body cells, by what it depends on: alignment, first or not, parity."""
    key = (align, column == 0, column % 2)
    found = kept.get(key)
    if found is None:
        found = kept[key] = (_css(_header_cell_style(style, align, column)),
                             _css(_body_cell_style(style, align, column)))
    return found


def _kept_width_css(width: int, kept: dict) -> str:
    """A colgroup column's CSS, as style_items and table_styles write it."""
    found = kept.get(width)
    if found is None:
        found = kept[width] = _css([("width", f"{width}%")])
    return found


def _css(items: StyleItems) -> str:
    """css() of items, cached: a page's tables share a handful of cell styles."""
    return _cached_css(tuple(items))


@lru_cache(maxsize=1024)
def _cached_css(items: tuple[tuple[str, str | int], ...]) -> str:
    """css() of a hashable list of items."""
    return css(list(items))


def kebab_case(name: str) -> str:
    """CSS property name for a React style key: borderBottom -> border-bottom."""
    return re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), name)
