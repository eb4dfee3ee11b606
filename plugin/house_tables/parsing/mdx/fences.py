"""Fenced code: the opening fence, the line closing it, and the flow's rule reading the lines in between."""

from __future__ import annotations

import functools
import re

from . import syntax
from .lines import _Line
from .steps import _FlowSteps, _Steps

_NONBLANK = syntax._NONBLANK  # bound by assignment, not imported (see syntax)


def _fence_size(text: str, start: int) -> int:
    """Length of the opening code fence at start (0 when there is none)."""
    marker, end = text[start], start
    while end < len(text) and text[end] == marker:
        end += 1
    if end - start < 3 or (marker == "`" and text.find("`", end) >= 0):
        return 0
    return end - start


def _closes_fence(line: _Line, marker: str, size: int) -> bool:
    """Whether a line is a closing fence for an opening fence of `size` markers (any indent in MDX)."""
    if line.first < 0:
        return False
    text, end = line.text, line.first
    while end < len(text) and text[end] == marker:
        end += 1
    return end - line.first >= size and _NONBLANK.search(text, end) is None


@functools.lru_cache(maxsize=64)
def _closing_fence(marker: str, size: int) -> re.Pattern:
    """A line that _closes_fence accepts for this opening fence (at any indent)."""
    return re.compile(rf"[ \t]*{re.escape(marker)}{{{size},}}[ \t]*\Z")


class _FenceRule(_FlowSteps):
    """The flow's fenced code rule: a method of _Flow (which holds the state it reads and sets)."""

    def _fence(self, line: _Line) -> _Steps:
        """Fenced code from its opening line to its closing fence, a lazy line or the end of the flow."""
        marker, size = line.text[line.first], _fence_size(line.text, line.first)
        self.until = _closing_fence(marker, size)
        try:
            while True:
                self._state(True, True, line.number)
                following = yield from self._pull()
                if following is None or following.lazy:
                    return following
                if _closes_fence(following, marker, size) and not (self.commonmark and following.indented()):
                    self.until = None
                    return (yield from self._next())
        finally:
            self.until = None
