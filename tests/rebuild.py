"""Rebuild a minimal pipe table from the cells a scanner found, so an engine can render our reading."""

import re

from house_tables.model import Table

_REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:.*$", re.MULTILINE)

_DELIMITER = {None: "---", "left": ":--", "center": ":-:", "right": "--:"}


def rebuild(table: Table, original: str = "") -> str:
    """A pipe table with exactly our cells (padded/cut to the header), plus the original's link definitions."""
    width = table.columns
    lines = [_line([cell.text for cell in table.header.cells]), _line([_DELIMITER[a] for a in table.align])]
    for row in table.body:
        texts = [cell.text for cell in row.cells[:width]]
        lines.append(_line(texts + [""] * (width - len(texts))))
    references = _REFERENCE.findall(original)
    return "\n".join(lines) + "\n" + "".join("\n" + ref for ref in references)


def _line(texts: list[str]) -> str:
    """One row with outer pipes and a space on each side of every cell."""
    return "| " + " | ".join(texts) + " |"


def multiline_cells(table: Table) -> bool:
    """Whether a cell spans lines (a fence that superfences swallowed into a row)."""
    return any("\n" in cell.text for row in table.body for cell in row.cells)
