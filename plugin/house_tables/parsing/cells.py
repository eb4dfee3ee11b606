"""Building cells and alignments from pieces of a source line."""

from __future__ import annotations

import re

from ..model import Cell, Position, Row, Span
from ..patterns import LazyPattern

_BLANK = " \t"
_TICK_OR_ESCAPE = LazyPattern(r"[`\\]")


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


def without_code_spans(text: str) -> str:
    """Markdown text without its code spans (their text is no tag), read from left to right as CommonMark (MDX) and
    Python-Markdown read it: a backslash escapes the character after it (an escaped backtick opens nothing), a run
    of backticks opens a span that the next run as long closes, and a run nothing closes is text."""
    kept, start, index = [], 0, 0
    while (found := _TICK_OR_ESCAPE.search(text, index)) is not None:
        index = found.start()
        if text[index] == "\\":
            index += 2
            continue
        run = index
        while run < len(text) and text[run] == "`":
            run += 1
        closing = re.compile(f"(?<!`){text[index:run]}(?!`)").search(text, run)
        if closing is None:
            index = run
            continue
        kept.append(text[start:index])
        start = index = closing.end()
    return "".join(kept) + text[start:]
