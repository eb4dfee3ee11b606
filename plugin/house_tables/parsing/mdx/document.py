"""micromark's document tokenizer: containers line by line, the flow inside them, and the fast paths tried
when no container is open."""

from __future__ import annotations

from . import syntax
from .containers import (
    _CLOSED,
    _CONTINUED,
    _ENDED,
    _INDENTED,
    _NEW_ITEM,
    COMMONMARK_INDENT_MAX,
    _Container,
    _continue,
    _open_container,
    _Prefix,
)
from .findings import _Findings
from .flow import _Flow
from .lines import _Line
from .skip import _Jump, _skip_idle

_NONBLANK = syntax._NONBLANK  # bound by assignment, not imported (see syntax)
_CONTAINER_START = frozenset(">*+-[0123456789")


class _Document:
    """micromark's document tokenizer: containers line by line, the flow inside them."""

    def __init__(self, findings: _Findings, directives: bool = True, commonmark: bool = False):
        self.findings = findings
        self.directives = directives  # see _Flow
        self.commonmark = commonmark  # see _Flow
        # the most columns of spaces before a container's marker: CommonMark has indented code, MDX does not
        self.indent_max = COMMONMARK_INDENT_MAX if commonmark else None
        self.stack: list[_Container] = []
        self.flow: _Flow | None = None
        self.interrupt = False
        self.jump: _Jump | None = None  # made when first needed (see skip)

    def line(self, number: int, text: str) -> None:
        """Read one line: continue or close containers, open new ones, hand the rest to the flow."""
        if not self.stack:
            match = _NONBLANK.search(text)
            if match is None or text[match.start()] not in _CONTAINER_START:  # the common case, made quick
                self._write(_Line(number, text, 0, match.start() if match else -1, False), 0, 0)
                return
        prefix = _Prefix(text, len(text.rstrip(" \t")))
        self.interrupt = False
        continued, result = 0, _CONTINUED
        while continued < len(self.stack):
            result = _continue(self.stack[continued], prefix, result == _INDENTED, self.indent_max)
            if result == _ENDED:
                break
            if result == _CLOSED:  # a directive container's closing fence: the line is all its own
                self._close_flow()
                del self.stack[continued:]
                return
            continued += 1
            if result == _NEW_ITEM:  # the list goes on with a new item: what was in the old one ends
                self._close_flow()
                del self.stack[continued:]
                break
        if continued < len(self.stack):
            self._end_directives(continued)
        lazy = False
        if continued < len(self.stack) or (self.flow is not None and not self.flow.concrete):
            if continued == len(self.stack):
                self.interrupt = self.flow.open
            if _open_container(prefix.copy(), self.interrupt, self.indent_max) is not None:
                self._close_flow()
                del self.stack[continued:]
                self._open_containers(prefix)
            else:
                lazy = continued < len(self.stack)
        elif self.flow is None:
            self._open_containers(prefix)
        match = _NONBLANK.search(text, prefix.pos)
        self._write(_Line(number, text, prefix.pos, match.start() if match else -1, lazy), continued, prefix.col)

    def skip(self, lines: tuple[str, ...], index: int) -> int:
        """Index of the next line the tokenizer must read, from index on (no container open): lines that cannot
        change what is found are passed over, their effects on the findings made as the tokenizer makes them."""
        if self.jump is None:
            self.jump = _Jump(lines)
        while index < len(lines):
            flow = self.flow
            if flow is not None and flow.waits():
                return flow.pass_swallowed(lines, index)
            if flow is not None and flow.in_table():
                moved = flow.pass_rows(lines, index)
            else:
                moved, header = _skip_idle(lines, index, self.findings, self.jump)
                if header:
                    moved = self._start_table(lines, moved)
            if moved == index:
                return index
            index = moved
        return index

    def _start_table(self, lines: tuple[str, ...], index: int) -> int:
        """Start the table whose header row is line index (see _table_start) as the flow starts it; the line
        after its delimiter row."""
        if self.flow is None:
            self.flow = _Flow(self.findings, self.directives, self.commonmark)
        header, delimiter = lines[index], lines[index + 1]
        self.flow.start_table(_Line(index + 1, header, 0, _NONBLANK.search(header).start(), False),
                              _Line(index + 2, delimiter, 0, _NONBLANK.search(delimiter).start(), False))
        return index + 2

    def _open_containers(self, prefix: _Prefix) -> None:
        """Open every container the line starts, one inside the other."""
        while (container := _open_container(prefix, self.interrupt, self.indent_max)) is not None:
            if container.kind == "footnote":
                directives = self._open_directives()
                container.depth, container.line = len(directives), directives[-1].line if directives else 0
                self.findings.define(container)
            self.stack.append(container)

    def _end_directives(self, continued: int) -> None:
        """A line that does not continue every container: a directive container inside one it does not continue
        ends, with all it holds (it takes no lazy line: micromark's construct is concrete)."""
        for index in range(continued, len(self.stack)):
            if self.stack[index].kind == "directive":
                self._close_flow()
                del self.stack[index:]
                return

    def _write(self, line: _Line, continued: int, col: int) -> None:
        """Give the rest of a line (from column col) to the flow; a lazy line that starts a construct closes
        containers; a line opening a directive container ends the flow, and what follows is read inside it."""
        if self.flow is None:
            self.flow = _Flow(self.findings, self.directives, self.commonmark)
        line.col = col
        line.footnote = self._footnote(len(self.stack))
        if self.stack:
            self._note_depth(line.number)
        self.flow.feed(line)
        if line.lazy and not self.flow.spans(line.number):
            del self.stack[continued:]
            line.footnote = self._footnote(continued)
        if self.flow.opened:
            indent = _Prefix(line.text, line.first, line.start, col).eat_space()
            self.stack.append(_Container("directive", colons=self.flow.opened, indent=indent, line=line.number))
            self._close_flow()

    def _open_directives(self) -> list[_Container]:
        """The open directive containers, outermost first."""
        return [container for container in self.stack if container.kind == "directive"]

    def _note_depth(self, number: int) -> None:
        """Note how many directive containers hold the line (text in them may not cite every footnote)."""
        depth = len(self._open_directives())
        if depth:
            self.findings.depths[number] = depth

    def _footnote(self, depth: int) -> _Container | None:
        """The innermost footnote definition among the outermost `depth` open containers."""
        for container in reversed(self.stack[:depth]):
            if container.kind == "footnote":
                return container
        return None

    def _close_flow(self) -> None:
        """End the current flow (its tables end with it)."""
        if self.flow is not None:
            self.flow.close()
            self.flow = None

    def finish(self) -> None:
        """The end of the document."""
        self._close_flow()
        self.stack.clear()
