"""What happens to each table before anything is rendered: its directive, or why it must stay as written.

Below parsing (it needs only tables, findings and the page's lines), so a scan can settle the tables it reports
in another file (included by a snippet) exactly as the page's own.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from .diagnostics import bad_directive, not_converted
from .directives import Directive, directive_above
from .model import Diagnostic, Table

BLOCKING = ("HT002", "HT006")


def settle(tables, lines: tuple[str, ...], found) -> tuple[list[Diagnostic], list[tuple[Table, Directive | None]]]:
    """The findings once each table's plan is known (HT008/HT010 added, HT001 of `off` tables dropped), sorted,
    and the tables to convert with their directives."""
    diagnostics, chosen, silenced = list(found), [], set()
    blocking = [d for d in found if d.code in BLOCKING]  # read once, not once per table (linear in big pages)
    by_line = sorted(blocking, key=lambda d: d.span.start.line)
    starts = [d.span.start.line for d in by_line]
    for table in tables:
        inside = by_line[bisect_left(starts, table.start_line) : bisect_right(starts, table.end_line)]
        directive, problem = table_plan(table, lines, inside)
        if problem:
            diagnostics.append(problem)
        elif directive and directive.off:
            silenced.add(table.start_line)
        else:
            chosen.append((table, directive))
    diagnostics = [d for d in diagnostics if not (d.code == "HT001" and d.span.start.line in silenced)]
    diagnostics.sort(key=Diagnostic.order)
    return diagnostics, chosen


def table_plan(table: Table, lines: tuple[str, ...], findings) -> tuple[Directive | None, Diagnostic | None]:
    """The table's directive, or the finding (HT008 bad directive, HT010 blocked) that keeps it as written."""
    directive, error = directive_above(lines, table.start_line)
    if error:
        return directive, bad_directive(directive.span, error)
    if directive and directive.widths and len(directive.widths) != table.columns:
        error = f"widths has {len(directive.widths)} values but the table has {table.columns} columns"
        return directive, bad_directive(directive.span, error, "give one width per column")
    blockers = sorted((d for d in findings if d.code in BLOCKING and table.start_line <= d.span.start.line
                       <= table.end_line and not (d.code == "HT002" and not _drops_text(table, d.span.start.line))),
                      key=Diagnostic.order)  # the first in the table, whatever order the findings came in
    if blockers and not (directive and directive.off):
        line = blockers[0].span.start.line - table.start_line + 1  # relative: right in an included file too
        return directive, not_converted(table.span, blockers[0].code, line)
    return directive, None


def _drops_text(table: Table, line: int) -> bool:
    """Whether the row on this line has non-empty cells beyond the header's width."""
    return any(cell.text for row in table.body if row.line == line for cell in row.cells[table.columns :])
