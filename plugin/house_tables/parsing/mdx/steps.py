"""The flow's plumbing, shared by every block rule: a step is a generator that receives lines; _pull hands it
the next one (a replayed one first), _state tells the document layer what is open while the flow waits."""

from __future__ import annotations

from collections.abc import Generator

from .lines import _Line

_Steps = Generator[None, "_Line | None", object]  # a flow step: receives lines, returns a result


class _FlowSteps:
    """How a flow step gets its lines and says what it has open (the flow, _Flow, sets the state up)."""

    def _pull(self) -> _Steps:
        """The next line: a replayed one, or a new one from the document (None at the end of the flow)."""
        line = self._replay.popleft() if self._replay else (yield)
        if self._recorded is not None:
            self._recorded.append(line)
        return line

    def _state(self, open_: bool, concrete: bool, since: int) -> None:
        """What the document layer sees while the flow waits for its next line."""
        self.open, self.concrete, self.since = open_, concrete, since

    def _next(self) -> _Steps:
        """The next line, after a construct that ended with its line."""
        self._state(False, False, 0)
        return (yield from self._pull())
