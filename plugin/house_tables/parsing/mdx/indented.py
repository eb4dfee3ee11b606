"""Indented code, as micromark reads it where MDX has not turned it off (a page Docusaurus reads as CommonMark): the
flow's rule reading a run of lines indented 4 columns or more (no table, no other construct in them)."""

from __future__ import annotations

from .lines import _Line
from .steps import _FlowSteps, _Steps


class _IndentedRule(_FlowSteps):
    """The flow's indented code rule: a method of _Flow (which holds the state it reads and sets)."""

    def _indented_code(self, line: _Line) -> _Steps:
        """Indented code from its first line (an indented one, not interrupting a paragraph) through the last
        indented line before a line that is not (blank lines between go with it), a lazy line or the end of the
        flow; returns that line. The construct stays open over the blank lines (micromark looks past them from the
        code's last line), so containers opening after them interrupt it: only `1.` starts an ordered list there."""
        while True:
            self._state(True, False, line.number)
            following = yield from self._pull()
            if following is None or following.lazy:
                return following
            if following.first >= 0 and not following.indented():
                return following
