"""The GFM table rule: a header row over a delimiter row starts a table, body rows follow it (read by the flow,
or passed over by pass_rows when nothing else can happen)."""

from __future__ import annotations

import re

from ..cells import alignment
from . import syntax
from .lines import _Line
from .rows import _body_row, _cell_count, _delimiter_cells, _delimiter_row, _header_row, _row_end, _TableBuilder
from .steps import _FlowSteps, _Steps
from .syntax import _PLAIN_START

_BLANK_LINE = syntax._BLANK_LINE  # bound by assignment, not imported (see syntax)
_ROW_LINE = re.compile(rf"[ \t]*(?=\||{_PLAIN_START})")  # a body row when a table goes on (see _Flow.pass_rows)


class _TableRule(_FlowSteps):
    """The flow's table rule: methods of _Flow (which holds the state they read and set)."""

    def start_table(self, header: _Line, delimiter: _Line) -> None:
        """A table starts (nothing open): what _header does when it finds one."""
        self._table = self._table_of(header, delimiter)
        assert self._table is not None, "start_table is only called for a header row over its delimiter row"

    def pass_rows(self, lines: tuple[str, ...], index: int) -> int:
        """Read the body rows from index on (no container open, nothing waiting, a table going on) without the
        flow's machinery, and a blank line ending the table; the index of the first line not read.

        Why exact: a line starting with `|` or plain (_PLAIN_START) is, with nothing open, no construct, no
        interruption and no container: _block hands it to _rows, which makes it a body row and notes it as text.
        A blank line only ends the table.
        """
        table, count = self._table, len(lines)
        while index < count and (row := _ROW_LINE.match(lines[index])) is not None:
            text, first = lines[index], row.end()
            table.body.append(_body_row(index + 1, text, first))
            if "[^" in text:
                self.findings.text(_Line(index + 1, text, 0, first, False))
            index += 1
        if index < count and _BLANK_LINE.match(lines[index]) is not None:
            self._end_table()
            index += 1
        return index

    def _end_table(self) -> None:
        """The table being read (if any) has no more rows."""
        if self._table is not None:
            self.findings.tables.append((self._table.build(), self._table.delimiter_line.footnote))
            self._table = None

    def _header(self, line: _Line, interrupt: bool, since: int) -> _Steps:
        """Whether a table starts here: this line a header row, the next one its delimiter row."""
        text, first = line.text, line.first
        if _row_end(text, first) - first == 1 and text[first] == "|":  # a lone pipe is no header
            return False
        self._state(True, False, since)
        delimiter = yield from self._pull()
        table = None
        if delimiter is not None and not delimiter.lazy and delimiter.first >= 0:
            table = self._table_of(line, delimiter)
        if table is None or interrupt:  # a failed attempt, or only a check: the line is read again
            self._replay.appendleft(delimiter)
        else:
            self._table = table
        return table is not None

    def _table_of(self, header_line: _Line, delimiter_line: _Line) -> _TableBuilder | None:
        """The table a header row and a delimiter row make, when their cell counts agree."""
        text, first = delimiter_line.text, delimiter_line.first
        if self.commonmark and delimiter_line.indented():  # no delimiter row where CommonMark has indented code
            return None
        bounds = _delimiter_cells(text, first)
        if bounds is None:
            return None
        header_text, header_first = header_line.text, header_line.first
        columns = _cell_count(header_text, header_first, _row_end(header_text, header_first))
        if columns != len(bounds):
            self.findings.mismatch(header_line, delimiter_line, columns, len(bounds))
            return None
        header = _header_row(header_line, columns)
        self.findings.text(header_line)
        delimiter = _delimiter_row(delimiter_line.number, text, first, bounds)
        align = tuple(alignment(text[start:end]) for start, end in bounds)  # cell_at trims as alignment does
        indent = header_line.text[:header_line.first]
        return _TableBuilder(header, delimiter, align, indent, delimiter_line)
