"""What happens to each table before anything is rendered: its directive, or why it must stay as written.

Light on purpose (no renderer imported): `house-tables check` and the Markdown extension need only this.
"""

from __future__ import annotations

from .codes import CODES
from .config import Config
from .directives import Directive, directive_above
from .model import Diagnostic, Dialect, Span, Table
from .parsing import scan
from .source import Source
from .widths import content_widths, equal_widths

BLOCKING = ("HT002", "HT006")


def planned_diagnostics(text: str, dialect: Dialect | str, *, extensions: tuple[str, ...] | None = None,
                        configs: dict | None = None, cross_check: bool = False) -> tuple[list[Table], list[Diagnostic]]:
    """The tables and every finding convert gives, except HT009 (which only rendering can find); cross_check
    adds HT007 where the other dialect reads a table differently."""
    result = scan(text, dialect, extensions=extensions, configs=configs, cross_check=cross_check)
    return list(result.tables), settle(result.tables, Source.parse(text).lines, result.diagnostics)[0]


def settle(tables, lines: tuple[str, ...], found) -> tuple[list[Diagnostic], list[tuple[Table, Directive | None]]]:
    """The findings once each table's plan is known (HT008/HT010 added, HT001 of `off` tables dropped), sorted,
    and the tables to convert with their directives."""
    diagnostics, chosen, silenced = list(found), [], set()
    for table in tables:
        directive, problem = table_plan(table, lines, found)
        if problem:
            diagnostics.append(problem)
        elif directive and directive.off:
            silenced.add(table.start_line)
        else:
            chosen.append((table, directive))
    diagnostics = [d for d in diagnostics if not (d.code == "HT001" and d.span.start.line in silenced)]
    diagnostics.sort(key=lambda d: (d.span.start, d.code))
    return diagnostics, chosen


def table_plan(table: Table, lines: tuple[str, ...], findings) -> tuple[Directive | None, Diagnostic | None]:
    """The table's directive, or the finding (HT008 bad directive, HT010 blocked) that keeps it as written."""
    directive, error = directive_above(lines, table.start_line)
    if error:
        return directive, finding("HT008", directive.span, error, "fix or remove the directive")
    if directive and directive.widths and len(directive.widths) != table.columns:
        error = f"widths has {len(directive.widths)} values but the table has {table.columns} columns"
        return directive, finding("HT008", directive.span, error, "give one width per column")
    blockers = [d for d in findings if d.code in BLOCKING and table.start_line <= d.span.start.line <= table.end_line
                and not (d.code == "HT002" and not _drops_text(table, d.span.start.line))]
    if blockers and not (directive and directive.off):
        message = f"not converted: {CODES[blockers[0].code].summary} (line {blockers[0].span.start.line})"
        return directive, finding("HT010", table.span, message, "fix the table by hand first")
    return directive, None


def _drops_text(table: Table, line: int) -> bool:
    """Whether the row on this line has non-empty cells beyond the header's width."""
    return any(cell.text for row in table.body if row.line == line for cell in row.cells[table.columns :])


def finding(code: str, span: Span, message: str, hint: str) -> Diagnostic:
    """A conversion diagnostic with the code's default severity."""
    return Diagnostic(code, CODES[code].severity, span, message, hint)


def column_widths(columns: list[list[str]], config: Config, directive: Directive | None) -> list[int]:
    """Directive widths, else the configured (or directive's) policy over each column's visible texts."""
    if directive and directive.widths:
        return list(directive.widths)
    policy = (directive.policy if directive else None) or config.widths
    if policy == "equal":
        return equal_widths(len(columns))
    return content_widths(columns)


