"""Table rows as micromark splits them: the cells of header, delimiter and body rows (made when first read),
and the table being built."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...model import Cell, Dialect, LazyRow, Position, Row, Span, Table
from ..cells import cell_at
from .lines import _Line

# A delimiter row from its first character: cells `:?-+:?`, blanks around them, pipes between (one before the first
# and one after the last allowed); its cells are then the maximal `:?-+:?` runs (pipes always separate them).
_DELIMITER_ROW = re.compile(r"(?:\|[ \t]*)?:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*(?:\|[ \t]*)?")
_DELIMITER_CELL = re.compile(r":?-+:?")
_PIPE_OR_ESCAPE = re.compile(r"\\[\\|]|\|")
_ESCAPE_PAIR = re.compile(r"\\([\\|])")
_ESCAPE_PAIRS = re.compile(r"\\[\\|]")


def _row_end(text: str, first: int) -> int:
    """End offset of a row's text: trailing spaces and tabs are not part of it."""
    return len(text.rstrip(" \t")) if first >= 0 else first


def _cell_bounds(text: str, start: int, end: int, body: bool) -> list[tuple[int, int]]:
    """(start, end) offsets of the cells of the row text[start:end], split as micromark splits them."""
    bounds, cell_start = [], start
    if text.find("\\", start, end) < 0:  # no escapes: every pipe splits
        pipe = text.find("|", start, end)
        while pipe >= 0:
            bounds.append((cell_start, pipe))
            cell_start = pipe + 1
            pipe = text.find("|", cell_start, end)
    else:
        for match in _PIPE_OR_ESCAPE.finditer(text, start, end):
            if match.end() - match.start() == 1:  # an unescaped pipe (escape pairs are two characters)
                bounds.append((cell_start, match.start()))
                cell_start = match.end()
    bounds.append((cell_start, end))
    if text[start] == "|":  # a leading pipe opens the first cell
        bounds.pop(0)
    if bounds and bounds[-1][0] == end:
        bounds.pop()  # a trailing pipe closes the last cell
    if not bounds and body:  # a lone `|` is a row with one empty cell
        bounds.append((start + 1, start + 1))
    return bounds


def _cell_count(text: str, start: int, end: int) -> int:
    """How many cells _cell_bounds finds in a header row, without building them (rows may be huge)."""
    row = text[start:end]
    plain = _ESCAPE_PAIRS.sub("", row) if "\\" in row else row  # escape pairs never split cells
    before_last = row[:-1]
    backslashes = len(before_last) - len(before_last.rstrip("\\"))
    trailing = row.endswith("|") and backslashes % 2 == 0  # an unescaped last pipe closes the last cell
    return plain.count("|") + 1 - (row[0] == "|") - trailing


def _content(text: str) -> str | None:
    """What a cell renders when it holds escaped pipes: each `\\|` stands for `|` (in code spans too)."""
    if "\\|" not in text:
        return None
    return _ESCAPE_PAIR.sub(lambda match: "|" if match.group(1) == "|" else match.group(0), text)


def _header_row(line: _Line, columns: int) -> Row:
    """A header row written on a line, cells as written, made when first read (columns: how many, as _cell_count
    counts them)."""
    text, first, number = line.text, line.first, line.number
    end = _row_end(text, first)
    span = Span(Position(number, first + 1), Position(number, end))
    return LazyRow(span, columns, lambda: tuple(_cells(number, text, _cell_bounds(text, first, end, False))), text)


def _delimiter_row(number: int, text: str, first: int, bounds: list[tuple[int, int]]) -> Row:
    """The delimiter row written on line number from first on, at its cells' bounds, its cells made when read."""
    span = Span(Position(number, first + 1), Position(number, _row_end(text, first)))
    return LazyRow(span, len(bounds), lambda: tuple(cell_at(number, text, start, end) for start, end in bounds), text)


def _body_row(number: int, text: str, first: int) -> Row:
    """A body row written on line number from first on, its cells made when first read: check needs only how many
    there are unless a finding points into the row (most rows of most tables)."""
    end = _row_end(text, first)
    span = Span(Position(number, first + 1), Position(number, end))
    if text.find("\\", first, end) >= 0:  # escapes: the unescaped pipes split, as _cell_count counts them
        count = _cell_count(text, first, end)
    else:  # every pipe splits; a leading one opens the first cell, a trailing one closes the last
        count = text.count("|", first, end) + 1 - (text[first] == "|") - (text[end - 1] == "|")
    # 0 only for a lone `|`: a row of one cell
    return LazyRow(span, max(count, 1), lambda: tuple(_cells(number, text, _cell_bounds(text, first, end, True))), text)


def _cells(number: int, text: str, bounds: list[tuple[int, int]]) -> list[Cell]:
    """The cells at bounds on line number, as written (escaped pipes render as pipes)."""
    cells = []
    for start, stop in bounds:
        cell = cell_at(number, text, start, stop)
        content = _content(cell.text)
        cells.append(cell if content is None else Cell(cell.text, cell.span, content))
    return cells


def _delimiter_cells(text: str, pos: int) -> list[tuple[int, int]] | None:
    """The cells of a delimiter row (`:?-+:?` between optional pipes) starting at pos, or None: the row must be
    all of that, and hold a `|` or a `:`, without which `---` is a setext underline or a rule."""
    row = _DELIMITER_ROW.fullmatch(text, pos)
    if row is None or (text.find("|", pos) < 0 and text.find(":", pos) < 0):
        return None
    return [cell.span() for cell in _DELIMITER_CELL.finditer(text, pos)]


@dataclass
class _TableBuilder:
    """A table whose body rows are still being read."""

    header: Row
    delimiter: Row
    align: tuple[str | None, ...]
    indent: str
    delimiter_line: _Line  # tells which footnote definition holds the table
    body: list[Row] = field(default_factory=list)

    def build(self) -> Table:
        """The finished table."""
        last = self.body[-1] if self.body else self.delimiter
        span = Span(self.header.span.start, last.span.end)
        body = tuple(self.body)
        return Table(Dialect.MDX, self.header, self.delimiter, self.align, body, span, self.indent)
