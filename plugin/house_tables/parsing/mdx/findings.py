"""What the scan has found: tables with their footnote definition, HT004 near misses, lines of text, footnote
definitions and `<table` tags; and which footnote definitions remark-gfm renders."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...diagnostics import delimiter_mismatch
from ...model import Diagnostic, Position, Span, Table
from . import syntax
from .containers import _Container, _footnote_label
from .lines import _Line
from .rows import _row_end

FOOTNOTE_CALL = syntax.FOOTNOTE_CALL  # bound by assignment, not imported (see syntax)


@dataclass
class _Findings:
    """Tables and diagnostics found so far, and what failed look-aheads may still cost."""

    budget: int
    tables: list[tuple[Table, _Container | None]] = field(default_factory=list)  # with their footnote
    diagnostics: dict[int, Diagnostic] = field(default_factory=dict)
    text_lines: dict[int, _Line] = field(default_factory=dict)  # lines of inline text (may cite footnotes)
    first_definitions: dict[str, _Container] = field(default_factory=dict)  # footnote label -> definition
    table_tags: list[Position] = field(default_factory=list)  # flow JSX `<table` tags: hand-written tables

    def text(self, line: _Line) -> None:
        """Note a line of inline text (paragraph, heading, table row)."""
        self.text_lines[line.number] = line

    def mismatch(self, header: _Line, delimiter: _Line, columns: int, widths: int) -> None:
        """HT004 at a delimiter row whose cell count differs from its header's."""
        if delimiter.number in self.diagnostics:
            return
        end = _row_end(delimiter.text, delimiter.first)
        span = Span(Position(delimiter.number, delimiter.first + 1), Position(delimiter.number, end))
        self.diagnostics[delimiter.number] = delimiter_mismatch(span, widths, columns, "MDX")


def _rendered_footnotes(lines: tuple[str, ...], findings: _Findings) -> set[_Container]:
    """The footnote definitions remark-gfm renders: the first one per label, when rendered text cites it."""
    cited: dict[_Container | None, set[str]] = {}  # labels cited by the text in each definition (None: none)
    for line in findings.text_lines.values():
        if "[^" in line.text:
            calls = FOOTNOTE_CALL.finditer(line.text, line.first)
            cited.setdefault(line.footnote, set()).update(_footnote_label(call.group(1)) for call in calls)
    rendered: set[_Container] = set()
    pending, seen = list(cited.get(None, ())), set()
    while pending:
        label = pending.pop()
        definition = findings.first_definitions.get(label)
        if label not in seen and definition is not None:
            rendered.add(definition)
            pending.extend(cited.get(definition, ()))
        seen.add(label)
    return rendered
