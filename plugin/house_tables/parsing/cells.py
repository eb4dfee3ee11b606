"""Building cells and alignments from pieces of a source line."""

from __future__ import annotations

from ..model import Cell, Position, Row, Span

_BLANK = " \t"


def cell_at(line_no: int, line: str, start: int, end: int, content: str | None = None) -> Cell:
    """The cell for line[start:end] (0-based offsets), trimmed of spaces and tabs."""
    piece = line[start:end]
    text = piece.strip(_BLANK)
    if not text:
        start = end
    elif text is not piece:
        start += len(piece) - len(piece.lstrip(_BLANK))
        end = start + len(text)
    span = Span(Position(line_no, start + 1), Position(line_no, end))
    return Cell(line[start:end], span, content)


def row_of(cells: list[Cell], line_no: int, line: str, start: int, end: int) -> Row:
    """A row of cells written on line[start:end] (the row's own text, pipes included)."""
    span = Span(Position(line_no, start + 1), Position(line_no, end))
    return Row(tuple(cells), span)


def alignment(delimiter_cell: str) -> str | None:
    """Column alignment written in a delimiter cell: ':-' left, '-:' right, ':-:' center."""
    text = delimiter_cell.strip(_BLANK)
    left, right = text.startswith(":"), text.endswith(":") and len(text) > 0
    if left and right:
        return "center"
    if left:
        return "left"
    return "right" if right else None
