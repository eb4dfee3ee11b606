"""Rebuild a minimal pipe table from the cells a scanner found, so an engine can render our reading."""

from house_tables.model import Table
from house_tables.rendering.fragments import rebuilt_source, reference_definitions


def rebuild(table: Table, original: str = "") -> str:
    """A pipe table with exactly our cells (padded/cut to the header), plus the original's link definitions."""
    rows = [[cell.text for cell in table.header.cells], *table.grid_texts()]
    return rebuilt_source(rows, table.align, reference_definitions(original))


def multiline_cells(table: Table) -> bool:
    """Whether a cell spans lines (a fence that superfences swallowed into a row)."""
    return any("\n" in cell.text for row in table.body for cell in row.cells)
