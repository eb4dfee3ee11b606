"""Positions between the model (1-based lines, code-point columns, a BOM counting none) and the protocol
(0-based lines, columns in the client's code units: UTF-16 unless it asked for another encoding).

Lines end at LF, CRLF or a lone CR in both, so line numbers map one to one. A column is converted in one pass
over its line's prefix, and not at all on a line whose characters are each one code unit (almost every line).
"""

from __future__ import annotations

from collections.abc import Callable

from lsprotocol import types

from ..source import BOM, Source


class LineIndex:
    """A document's lines, to place model positions and whole lines in the client's units."""

    def __init__(self, source: Source, units: Callable[[str], int]):
        self.source = source
        self.units = units  # how many of the client's code units a string takes
        self._narrow: dict[int, bool] = {}

    def before(self, line: int, column: int) -> types.Position:
        """The protocol position just before the character at a model (line, column); past the end of the line
        or of the document, the end of it."""
        if line > len(self.source.lines):
            return self.end()
        text = self.source.lines[line - 1]
        prefix = text[: max(column - 1, 0)]
        units = len(prefix) if self._is_narrow(line) else self.units(prefix)
        return types.Position(line - 1, units + self._bom(line))

    def after(self, line: int, column: int) -> types.Position:
        """The protocol position just after the character at a model (line, column)."""
        return self.before(line, column + 1)

    def line_start(self, line: int) -> types.Position:
        """The start of a line's text (after a BOM); past the last line, the end of the document."""
        return self.before(line, 1)

    def lines_range(self, first: int, last: int) -> types.Range:
        """Whole lines first..last with the last one's line ending."""
        if last < len(self.source.lines):
            return types.Range(self.line_start(first), types.Position(last, 0))
        return types.Range(self.line_start(first), self.end())

    def end(self) -> types.Position:
        """The end of the document."""
        count = len(self.source.lines)
        if count == 0:
            return types.Position(0, self._bom(1))
        if self.source.endings[-1]:
            return types.Position(count, 0)
        return self.before(count, len(self.source.lines[-1]) + 1)

    def model(self, position: types.Position) -> tuple[int, int]:
        """The model (line, column) of the character just after a protocol position (clamped to the line)."""
        line = position.line + 1
        if line > len(self.source.lines):
            return line, 1
        units = max(position.character - self._bom(line), 0)
        text = self.source.lines[line - 1]
        if self._is_narrow(line):
            return line, min(units, len(text)) + 1
        column, counted = 0, 0
        while column < len(text) and counted + self.units(text[column]) <= units:
            counted += self.units(text[column])
            column += 1
        return line, column + 1

    def _bom(self, line: int) -> int:
        """The units of a BOM before the first line's text (the model counts it as no column)."""
        return self.units(BOM) if line == 1 and self.source.bom else 0

    def _is_narrow(self, line: int) -> bool:
        """Whether every character of the line is one code unit (computed once per line)."""
        narrow = self._narrow.get(line)
        if narrow is None:
            text = self.source.lines[line - 1]
            narrow = self._narrow[line] = text.isascii() or self.units(text) == len(text)
        return narrow
