"""ESM (`import`/`export` at the very start of a line): the flow's rule reading it up to a blank line."""

from __future__ import annotations

from .lines import _Line
from .steps import _FlowSteps, _Steps
from .syntax import _BLANK_LINE


class _EsmRule(_FlowSteps):
    """The flow's ESM rule: a method of _Flow (which holds the state it reads and sets)."""

    def _esm(self, line: _Line) -> _Steps:
        """ESM (import/export) from its first line up to a blank line."""
        self.until = _BLANK_LINE
        try:
            while True:
                self._state(True, True, line.number)
                following = yield from self._pull()
                if following is None or following.first < 0:
                    return following
        finally:
            self.until = None
