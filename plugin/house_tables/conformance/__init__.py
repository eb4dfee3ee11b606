"""House-style conformance of hand-written tables: each one read as a grid (reader.py), measured against the
configured house style (rules.py), and the lines it normalises to, verified to keep every cell byte for byte."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ..config import Config
from ..diagnostics import bad_directive, not_a_grid, not_verified
from ..directives import directive_above
from ..model import Diagnostic, HtmlTableTag, Position, Review, Span
from .reader import HandTable, Structure, is_jsx, read_table, read_table_to, table_extent
from .rules import drift, normalised_lines

__all__ = ["HandTable", "Normalised", "Review", "review", "reviews_kept", "table_review"]


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
        one = _table_review(lines, tag, config)
        if one is None:
            continue
        covered = one.span.end.line
        result.findings.extend(one.findings)
        result.normalisable.extend(one.normalisable)
        result.conforming += one.conforming
        result.alone += one.alone
    return result


# Each table's review while `fix` converts a file and checks the new text (reviews_kept): it reviews every house
# table of the converted page while rendering it, then again in the check, on the same lines.
_KEPT: list[dict | None] = [None]


@contextmanager
def reviews_kept() -> Iterator[None]:
    """Within the block, a table's review is made once for the same lines around it (from the two above it, which
    may hold its directive, to its `</table>`), the same tag and the same configuration: a review reads nothing
    else, so the one kept is the one that would be made."""
    previous = _KEPT[0]
    _KEPT[0] = {} if previous is None else previous
    try:
        yield
    finally:
        _KEPT[0] = previous


def _table_review(lines: tuple[str, ...], tag: Position, config: Config) -> _OneTable | None:
    """The review of the table at tag alone (None when it is not closed), kept within reviews_kept."""
    first = tag.line - 1
    last = table_extent(lines, first, is_jsx(tag))
    if last is None:
        return None
    kept = _KEPT[0]
    key = (type(tag), tag, lines[max(0, first - 2) : last + 1], config) if kept is not None else None
    one = kept.get(key) if kept is not None else None
    if one is None:
        table = read_table_to(lines, tag, last)
        result = Review()
        _review_table(result, lines, table, config)
        one = _OneTable(table.span, tuple(result.findings), tuple(result.normalisable), result.conforming,
                        result.alone, table)
        if kept is not None:
            if len(kept) >= _KEPT_MOST:
                kept.clear()
            kept[key] = one
    return one


_KEPT_MOST = 10_000


@dataclass(frozen=True)
class _OneTable:
    """What one table adds to a Review, and its span."""

    span: Span
    findings: tuple[Diagnostic, ...]
    normalisable: tuple[Normalised, ...]
    conforming: int
    alone: int
    table: HandTable | Structure  # as read


def table_review(lines: tuple[str, ...], tag: Position, config: Config) -> tuple[Review, HandTable | None]:
    """review of the one table at tag, and that table as read when it is a grid (a build makes its elements of the
    reading: the lines are read once)."""
    one = _table_review(lines, tag, config)
    if one is None:
        return Review(), None
    grid = one.table if isinstance(one.table, HandTable) else None
    return Review(list(one.findings), list(one.normalisable), one.conforming, one.alone), grid


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
