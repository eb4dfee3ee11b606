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
    definitions: dict[str, list[_Container]] = field(default_factory=dict)  # footnote label -> every definition
    depths: dict[int, int] = field(default_factory=dict)  # line -> directive containers holding it (when any)
    table_tags: list[Position] = field(default_factory=list)  # flow JSX `<table` tags: hand-written tables
    html_blocks: dict[int, int] = field(default_factory=dict)  # read as CommonMark: HTML blocks, first -> last line
    engine: str = "MDX"  # what renders the page, as HT004 names it ("CommonMark" for a page Docusaurus reads so)

    def text(self, line: _Line) -> None:
        """Note a line of inline text (paragraph, heading, table row)."""
        self.text_lines[line.number] = line

    def define(self, definition: _Container) -> None:
        """Note a footnote definition (see _Container's depth and line)."""
        self.first_definitions.setdefault(definition.label, definition)
        self.definitions.setdefault(definition.label, []).append(definition)

    def resolves(self, label: str, number: int) -> bool:
        """Whether a footnote call on line `number` is one: micromark knows the label when it reads the call's text.

        What a directive container holds is a document of its own, read after the document around it, one level
        at a time (micromark's subtokenize, a pass per level, each in document order); the text of a document is
        read a pass after the document itself. So text inside `depth` directives is read in pass depth + 1 and
        knows the definitions read in earlier passes, and those of pass depth + 1 whose directive opened above it.
        """
        depth = self.depths.get(number, 0)
        return any(definition.depth <= depth or (definition.depth == depth + 1 and definition.line < number)
                   for definition in self.definitions.get(label, ()))

    def mismatch(self, header: _Line, delimiter: _Line, columns: int, widths: int) -> None:
        """HT004 at a delimiter row whose cell count differs from its header's."""
        if delimiter.number in self.diagnostics:
            return
        end = _row_end(delimiter.text, delimiter.first)
        span = Span(Position(delimiter.number, delimiter.first + 1), Position(delimiter.number, end))
        self.diagnostics[delimiter.number] = delimiter_mismatch(span, widths, columns, self.engine)


def _rendered_footnotes(lines: tuple[str, ...], findings: _Findings) -> set[_Container]:
    """The footnote definitions remark-gfm renders: the first one per label, when rendered text cites it."""
    cited: dict[_Container | None, set[str]] = {}  # labels cited by the text in each definition (None: none)
    for line in findings.text_lines.values():
        if "[^" in line.text:
            labels = (_footnote_label(call.group(1)) for call in FOOTNOTE_CALL.finditer(line.text, line.first))
            cited.setdefault(line.footnote, set()).update(
                label for label in labels if findings.resolves(label, line.number))
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
