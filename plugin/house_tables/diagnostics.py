"""Every finding is made here: one function per code (its message text in one place, whatever the dialect or the
front end), and one formatter for the `path:line:col: HTnnn message` line."""

from __future__ import annotations

import os
from functools import cache

from .codes import CODES, FIX_HINT
from .model import Diagnostic, Position, Row, Span, Table
from .patterns import LazyPattern

_ESCAPED_PIPE_IN_CODE = LazyPattern(r"(`+)(?:(?!\1).)*?\\\|.*?\1")


def _diagnostic(code: str, span: Span, message: str, hint: str) -> Diagnostic:
    """A diagnostic with the code's default severity."""
    return Diagnostic(code, CODES[code].severity, span, message, hint)


def finding_line(path: str, line: int | None, column: int | None, code: str, message: str, note: str = "") -> str:
    """`path:line:col: CODE message`, `path:line: ...` or `path: ...` (a position not known), with a note in
    parentheses: the one form of a finding's line, in the build's log and in `check`'s text output."""
    where = path + (f":{line}" if line is not None else "") + (f":{column}" if line is not None and column else "")
    return f"{where}: {code} {message}" + (f" ({note})" if note else "")


def shown_file(path: str) -> str:
    """A file's path as findings name it, in the build's log and in check's reports alike: relative to the current
    directory, as linters print paths (and as check prints the paths it is given), so that the build run with
    `-f docs/mkdocs.yml` and `check docs/docs` from the same directory name the same file; unchanged on another
    drive."""
    head, tail = os.path.split(path)
    if head and tail not in ("", os.curdir, os.pardir):
        shown_head = _shown_directory(os.getcwd(), head)
        # os.path.relpath of the file is its directory's and its name, where the directory is not above the current
        # one (else the current directory could lie inside the path: no file can, but relpath says so): a relpath
        # for every finding of a build was a fifth of reporting them
        if not shown_head.startswith(os.pardir):
            return tail if shown_head == os.curdir else f"{shown_head}/{tail}"
    try:
        return os.path.relpath(path).replace(os.sep, "/")
    except ValueError:  # another drive (Windows): no relative path
        return path.replace(os.sep, "/")


@cache
def _shown_directory(current: str, directory: str) -> str:
    """os.path.relpath of a directory from the current one (`/`-separated; `..` where no relative path exists),
    once per pair."""
    try:
        return os.path.relpath(directory, current).replace(os.sep, "/")
    except ValueError:  # another drive (Windows): the caller's relpath says so again
        return os.pardir


def pipe_table(table: Table) -> Diagnostic:
    """HT001: the table itself, at its first character."""
    rows = len(table.body)
    message = (
        f"pipe table ({table.columns} column{'s' * (table.columns != 1)}, {rows} row{'s' * (rows != 1)})"
        " — the house style forbids Markdown pipe tables"
    )
    return _diagnostic("HT001", table.span, message, FIX_HINT)


def delimiter_mismatch(span: Span, widths: int, columns: int, engine: str) -> Diagnostic:
    """HT004: a delimiter row whose cell count differs from the header row's (the line above it), in either dialect.

    The message names no line number: positions are mapped to the file (front matter, includes), messages are not.
    """
    message = (f"delimiter row has {widths} cell{'s' * (widths != 1)} but the header row above it has {columns}: "
               f"{engine} renders no table")
    return _diagnostic("HT004", span, message, "give the delimiter row one cell per header cell")


def no_blank_line_before(span: Span) -> Diagnostic:
    """HT005: a header and delimiter row right after a line of text (Python-Markdown renders no table)."""
    return _diagnostic("HT005", span, "this table follows a line of text directly: Python-Markdown renders no table",
                       "add a blank line before the table")


def swallowed_block(span: Span, text: str) -> Diagnostic:
    """HT006: a row that is really a heading, list item, fence, rule or quote, shown as its first 40 characters."""
    return _diagnostic("HT006", span, f"'{text[:40]}' right after the table is rendered as a table row by "
                       "Python-Markdown", "add a blank line between the table and this line")


def bad_directive(span: Span, error: str, hint: str = "fix or remove the directive") -> Diagnostic:
    """HT008: a `house-tables:` directive that cannot be understood (the error says why)."""
    return _diagnostic("HT008", span, error, hint)


def not_verified(span: Span, difference: str, hint: str = "convert this table by hand") -> Diagnostic:
    """HT009: a table whose conversion did not verify, left as written (the difference says where)."""
    return _diagnostic("HT009", span, difference, hint)


def not_converted(span: Span, blocker: str, line: int) -> Diagnostic:
    """HT010: a table that converting would change, with the code that blocks it and its line in the table."""
    return _diagnostic("HT010", span, f"not converted: {CODES[blocker].summary} (line {line} of the table)",
                       "fix the table by hand first")


def colgroup_drift(span: Span, message: str) -> Diagnostic:
    """HT011: a hand-written table's colgroup is missing or its widths are invalid (the message says which)."""
    return _diagnostic("HT011", span, message, "run `house-tables fix` to normalise the table")


def style_drift(at: Position, message: str) -> Diagnostic:
    """HT012: an element kind of a hand-written table differs from the house style in one property."""
    return _diagnostic("HT012", Span(at, at), message, "run `house-tables fix` to normalise the table")


def not_a_grid(at: Position, reason: str) -> Diagnostic:
    """HT013: a hand-written table that is not a simple grid, reported once and left alone."""
    return _diagnostic("HT013", Span(at, at), f"hand-written table left alone: {reason}",
                       "keep it as it is, or rewrite it as a simple grid")


def unlocated_table(span: Span, body_rows: int) -> Diagnostic:
    """HT014: a table the engine built whose rows are not all lines of the source (an unclosed quote in raw HTML
    can make md_in_html cut a line), at its first rows found in the source (or the file's start)."""
    message = (f"Python-Markdown renders a pipe table here ({body_rows} body row{'s' * (body_rows != 1)}) from text "
               "that is not lines of this file: it cannot be converted")
    return _diagnostic("HT014", span, message, "close the raw HTML above the table, or rewrite the table by hand")


def ragged_rows(table: Table, skip_lines: set[int]) -> list[Diagnostic]:
    """HT002 for rows longer than the header, HT003 for shorter ones."""
    found = []
    width = table.columns
    for row in table.body:
        count = row.count
        if row.line in skip_lines or count in (0, width):  # 0: a blank line the engine added
            continue
        if count > width:
            extra = row.cells[width:]
            lost = ", ".join(repr(cell.text) for cell in extra if cell.text) or "only empty cells"
            span = Span(extra[0].span.start, extra[-1].span.end)
            message = f"row has {count} cells but the header has {width}: the extra cells are dropped ({lost})"
            found.append(_diagnostic("HT002", span, message, "merge the extra cells or escape a pipe as \\|"))
        else:
            missing = width - count
            message = (f"row has {count} cell{'s' * (count != 1)} but the header has {width}: "
                       f"{missing} empty cell{'s' * (missing != 1)} added")
            found.append(_diagnostic("HT003", row.span, message, "add the missing cells (empty ones are fine)"))
    return found


def divergences(pymd_tables: list[Table], mdx_tables: list[Table]) -> list[Diagnostic]:
    """HT007 where Python-Markdown and MDX read the same source table differently."""
    mdx_by_line = {table.start_line: table for table in mdx_tables}
    found = []
    for table in pymd_tables:
        other = mdx_by_line.get(table.start_line)
        if other is None:
            message = "Python-Markdown renders a table here but MDX does not"
            found.append(_diagnostic("HT007", table.span, message, "write the table so both engines read it alike"))
            continue
        found.extend(_cell_divergences(table, other))
    pymd_lines = {table.start_line for table in pymd_tables}
    for table in mdx_tables:
        if table.start_line not in pymd_lines:
            message = "MDX renders a table here but Python-Markdown does not"
            found.append(_diagnostic("HT007", table.span, message, "write the table so both engines read it alike"))
    return found


def _split_point(ours: Row, theirs: Row) -> Span:
    """The pipe that Python-Markdown keeps inside a cell but MDX splits on (else the row)."""
    for mine, other in zip(ours.cells, theirs.cells):
        if mine.text != other.text and "|" in mine.text:
            start = mine.span.start
            at = Position(start.line, start.column + mine.text.index("|"))
            return Span(at, at)
    return ours.span


def _cell_divergences(pymd: Table, mdx: Table) -> list[Diagnostic]:
    """HT007 for the first row whose cells the two engines split or render differently."""
    pairs = [(pymd.header, mdx.header), *zip(pymd.body, mdx.body)]
    for ours, theirs in pairs:
        texts = [cell.text for cell in ours.cells]
        if texts != [cell.text for cell in theirs.cells]:
            message = (f"Python-Markdown reads this row as {len(texts)} cells, MDX as {len(theirs.cells)} "
                       "(a pipe inside a code span?)")
            hint = "write the pipe as <code>a&#124;b</code>"
            return [_diagnostic("HT007", _split_point(ours, theirs), message, hint)]
        for cell in ours.cells:
            if _ESCAPED_PIPE_IN_CODE.search(cell.text):
                message = "`\\|` inside a code span shows its backslash in Python-Markdown but not in MDX"
                return [_diagnostic("HT007", cell.span, message, "write the pipe as <code>a&#124;b</code>")]
    if len(pymd.body) != len(mdx.body):
        message = f"Python-Markdown reads {len(pymd.body)} body rows here, MDX {len(mdx.body)}"
        return [_diagnostic("HT007", pymd.span, message, "end the table with a blank line")]
    return []
