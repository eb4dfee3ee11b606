"""House-style conformance of hand-written tables: each one read as a grid (reader.py), measured against the
configured house style (rules.py), and the lines it normalises to, verified to keep every cell byte for byte."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..config import Config
from ..diagnostics import bad_directive, not_a_grid, not_verified
from ..directives import directive_above
from ..model import HtmlTableTag, Position, Review
from .reader import HandTable, Structure, read_table
from .rules import drift, normalised_lines

__all__ = ["HandTable", "Normalised", "Review", "review"]


@dataclass(frozen=True)
class Normalised:
    """A drifting table and the house-style lines it becomes (without its indentation), with their widths."""

    table: HandTable
    lines: list[str]
    widths: tuple[int, ...]


def review(lines: tuple[str, ...], tags: Iterable[Position], config: Config) -> Review:
    """Every hand-written table whose `<table` tag is at one of tags (a table inside another is part of it); an
    HtmlTableTag's table is raw HTML (CSS strings), any other a JSX table."""
    result, covered = Review(), 0
    for tag in tags:
        if tag.line <= covered:
            continue
        table = read_table(lines, tag)
        if table is None:
            continue
        covered = table.span.end.line
        _review_table(result, lines, table, config)
    return result


def _review_table(result: Review, lines: tuple[str, ...], table: HandTable | Structure, config: Config) -> None:
    directive, error = directive_above(lines, table.span.start.line)
    if error:
        result.findings.append(bad_directive(directive.span, error))
        result.alone += 1
    elif directive is not None and directive.off:
        result.alone += 1
    elif isinstance(table, Structure):
        result.findings.append(not_a_grid(table.at, table.reason))
        result.alone += 1
    else:
        found = drift(table, config, directive)
        if not found:
            result.conforming += 1
            return
        result.findings.extend(found)
        new, widths = normalised_lines(table, config, directive)
        if _keeps_cells(table, new, config, directive):
            result.normalisable.append(Normalised(table, new, widths))
        else:
            result.findings.append(not_verified(table.span, "normalising would not keep every cell as written"))
            result.alone += 1


def _keeps_cells(table: HandTable, new: list[str], config: Config, directive) -> bool:
    """Whether the normalised lines read back as a conforming table with the same cells, byte for byte."""
    indented = tuple(table.indent + line for line in new)
    tag = (HtmlTableTag if table.form == "html" else Position)(1, len(table.indent) + 1)
    again = read_table(indented, tag)
    if not isinstance(again, HandTable):
        return False
    cells = [[cell.content for cell in row] for row in (table.header, *table.body)]
    return (cells == [[cell.content for cell in row] for row in (again.header, *again.body)]
            and not drift(again, config, directive))
