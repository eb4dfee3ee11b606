"""micromark's flow tokenizer: the constructs one after another in one run of flow content, paragraphs and what
interrupts them, directive containers' opening lines; each block rule's steps come from its module (fences, esm,
jsx, tables; and, for a page read as CommonMark, indented and html)."""

from __future__ import annotations

import re
import unicodedata
from collections import deque

from .definitions import _definitions_only
from .esm import _EsmRule
from .fences import _fence_size, _FenceRule
from .findings import _Findings
from .html import COMPLETE, _html_start, _HtmlRule
from .indented import _IndentedRule
from .jsx import _JsxRule
from .leaves import _setext_underline, _thematic_break
from .lines import _Line
from .rows import _body_row, _TableBuilder
from .steps import _Steps
from .tables import _TableRule

_HEADING = re.compile(r"#{1,6}(?:[ \t]|$)")
_ESM = re.compile(r"(?:import|export) ")
# A directive container's opening line (remark-directive): colons, a name, then an optional `[label]` and
# `{attributes}`, nothing after (see _directive_opening); or, at the start of a line or after block quote markers
# only, one of Docusaurus' admonition keywords and a title (`:::tip Title`: Docusaurus makes it `:::tip[Title]`
# before MDX reads the page, with this pattern). Any other `:::name text` line is text to both, so a `:::` under a
# table after it is a row of that table.
_COLONS = re.compile(r":{3,}")
_ADMONITION_TITLE = re.compile(r"(note|tip|info|warning|danger|caution|important|success|secondary) +")
_BEFORE_TITLED = re.compile(r"(?:> ?)*(?: +|\t+)?")  # what Docusaurus lets stand before `:::keyword Title`
_ATTRIBUTES = re.compile(r"\{[^\n]*\}")
_BLANK_REST = re.compile(r"[ \t]*\Z")
LABEL_NESTING_MAX = 32  # most `[` a directive's label may hold open (micromark-extension-directive)
LABEL_ESCAPES_MAX = 999  # most escapes a label may hold (what its size counts)

def _line_construct(line: _Line, after_paragraph: bool, interrupt: bool, esm: bool = True) -> str | None:
    """Which construct keyed on the line's first character starts there (not JSX nor HTML): 'line', 'fence', 'esm'
    (esm: the page may have ESM, MDX)."""
    text, first = line.text, line.first
    char = text[first]
    if char == "#":
        found = _HEADING.match(text, first) is not None
    elif char in "*_":
        found = _thematic_break(text, first)
    elif char in "-=":
        setext = (interrupt or after_paragraph) and not line.lazy and _setext_underline(text, first)
        found = setext or (char == "-" and _thematic_break(text, first))
    elif char in "`~":
        return "fence" if _fence_size(text, first) else None
    elif char in "ei":  # ESM: only at the very start of a line, never interrupting a paragraph
        return "esm" if esm and not interrupt and first == 0 and _ESM.match(text) else None
    else:
        found = False
    return "line" if found else None


class _Flow(_TableRule, _JsxRule, _FenceRule, _EsmRule, _HtmlRule, _IndentedRule):
    """micromark's flow tokenizer for one run of flow content (until a container change closes it)."""

    def __init__(self, findings: _Findings, directives: bool = True, commonmark: bool = False):
        self.findings = findings
        self.directives = directives  # `:::name` containers are syntax (Docusaurus), not text (Mintlify)
        # CommonMark's constructs, not MDX's (Docusaurus' markdown.format 'md'): indented code and HTML; no JSX,
        # expressions nor ESM (`<` and `{` start text when no HTML starts there)
        self.commonmark = commonmark
        self.open = False  # a construct is in progress (micromark's `currentConstruct`)
        self.concrete = False  # ... and no container may start inside it (fenced code, JSX, expression, ESM)
        self.since = 0  # line where the construct in progress began
        self._replay: deque[_Line | None] = deque()
        self._recorded: list[_Line | None] | None = None
        self._table: _TableBuilder | None = None
        self._after_paragraph: list[_Line] | None = None  # the lines of a paragraph the next line interrupted
        self.fed = 0  # the line the document layer handed over last
        self.opened = 0  # the colons of the directive container that line opened (0: none)
        self.until: re.Pattern | None = None  # in fenced code or ESM: the line that ends it (others are swallowed)
        self._steps = self._flow()
        next(self._steps)

    def feed(self, line: _Line) -> None:
        """Hand the flow its next line."""
        self.fed = line.number
        self._steps.send(line)

    def close(self) -> None:
        """End the flow: the containers holding it closed, or the document ended."""
        try:
            self._steps.send(None)
        except StopIteration:
            return
        raise AssertionError("the flow did not end at the end of its input")

    def waits(self) -> bool:
        """Whether the next line does not start a construct afresh (as in a new flow, a table going on aside):
        a construct is open, a line waits to be read again, or a paragraph was interrupted."""
        return self.open or bool(self._replay) or self._after_paragraph is not None

    def in_table(self) -> bool:
        """Whether a table goes on (its next body row may follow)."""
        return self._table is not None

    def pass_swallowed(self, lines: tuple[str, ...], index: int) -> int:
        """Pass over the lines fenced code or ESM swallows (no container open): the index of the line ending it."""
        if self.until is not None:
            until, count = self.until, len(lines)
            while index < count and until.match(lines[index]) is None:
                index += 1
        return index

    def spans(self, number: int) -> bool:
        """Whether something begun before this line is still open (then a lazy line keeps its containers)."""
        return self.open and self.since < number

    def _flow(self) -> _Steps:
        """Constructs one after another until the end of the flow."""
        line = yield from self._pull()
        while line is not None:
            longer = self._block(line)
            if longer is None:  # the construct was this one line: no generator needed (most lines)
                self._state(False, False, 0)
                line = self._replay.popleft() if self._replay else (yield)  # _pull, inlined (nothing records)
            else:
                line = yield from longer
        self._end_table()

    def _block(self, line: _Line) -> _Steps | None:
        """Read the construct starting at a line (none open): None if it is just that line, else its steps."""
        paragraph, self._after_paragraph = self._after_paragraph, None
        if line.first < 0:
            self._end_table()
            return None
        if self.commonmark:
            code = self._commonmark_block(line, paragraph)
            if code is not None:
                self._end_table()
                return code
        elif line.text[line.first] in "<{":
            return self._tagged(line)
        if self._directive_fence(line, enter=True):
            self._end_table()
            return None  # the document layer closes this flow and opens the container
        # A setext underline needs a paragraph above, not just link reference definitions.
        underlines = paragraph is not None and line.text[line.first] in "-="
        kind = _line_construct(line, underlines and not _definitions_only(paragraph), False, not self.commonmark)
        if kind is None:
            return self._rows(line)
        if kind == "line" and line.text[line.first] == "#":  # an ATX heading: text that may cite footnotes
            self.findings.text(line)
        self._end_table()
        if kind == "fence":
            return self._fence(line)
        return self._esm(line) if kind == "esm" else None

    def _commonmark_block(self, line: _Line, paragraph: list[_Line] | None) -> _Steps | None:
        """The steps of indented code or HTML starting at a line, else None: where CommonMark has them, they come
        before anything else the line may start (micromark tries indented code first, HTML before the table).
        paragraph: the lines of the paragraph the line interrupted (indented code does not interrupt one)."""
        if line.indented():
            return self._indented_code(line)
        if line.text[line.first] != "<" or (html := _html_start(line, False)) is None:
            return None
        kind, after = html
        # Complete HTML interrupting a paragraph on a lazy line: micromark's check that it may reads on to the next
        # line, so the paragraph is still open when the lazy line ends, and no container closes there.
        pending = paragraph is not None and line.lazy and kind == COMPLETE
        return self._html(line, kind, after, paragraph[0].number if pending else line.number)

    def _rows(self, line: _Line) -> _Steps | None:
        """A table body row, else a table header row or a paragraph starting at this line."""
        if self._table is None:
            return self._table_or_paragraph(line)
        if line.lazy:  # a lazy line never continues a table (nor starts one right after it)
            self._end_table()
            return self._paragraph(line)
        if self._directive_fence(line, enter=False):
            self._end_table()
            return self._block(line)
        self._table.body.append(_body_row(line.number, line.text, line.first))
        self.findings.text(line)
        return None

    def _table_or_paragraph(self, line: _Line) -> _Steps:
        """A table if this line is a header row over a delimiter row, else a paragraph."""
        if (yield from self._header(line, False, line.number)):
            return (yield from self._next())
        return (yield from self._paragraph(line))

    def _tagged(self, line: _Line) -> _Steps:
        """JSX tags and expressions filling the line(s), else what the line starts otherwise."""
        if (yield from self._tags(line, False, line.number)):
            self._end_table()
            return (yield from self._next())
        rest = self._rows(line)
        return (yield from self._next()) if rest is None else (yield from rest)

    def _paragraph(self, line: _Line) -> _Steps:
        """A paragraph from this line on, up to what ends or interrupts it; returns the line after it."""
        since, lines = line.number, []
        while True:
            self.findings.text(line)
            lines.append(line)
            self._state(True, False, since)
            line = yield from self._pull()
            if line is None or line.first < 0:
                return line
            if (yield from self._interrupts(line, since)):
                self._after_paragraph = lines
                return line

    def _interrupts(self, line: _Line, since: int) -> _Steps:
        """Whether a construct that may interrupt a paragraph starts at this line (in CommonMark, none at a line
        indented 4 columns or more: it goes on with the paragraph, micromark's content continuation)."""
        char = line.text[line.first]
        if self.commonmark:
            if line.indented():
                return False
            if char == "<" and _html_start(line, True) is not None:
                return True
        elif char in "<{":
            if (yield from self._tags(line, True, since)):
                return True
            return (yield from self._header(line, True, since))
        if _line_construct(line, True, True) or self._directive_fence(line, enter=False):
            return True
        return (yield from self._header(line, True, since))

    def _directive_fence(self, line: _Line, *, enter: bool) -> bool:
        """Whether the line opens a directive container (`:::note`, as Docusaurus admonitions are written), which
        ends a table and interrupts a paragraph (remark-directive, measured with the real compiler). enter: the line
        is being read, so the container opens: the document layer takes it from `opened` (what it holds is a
        document of its own; its closing fence is the document layer's to find, see containers._continue).

        Only the line the document layer has just handed over may open one: what a failed multi-line attempt
        replays was placed in containers already (MDX does not compile such pages: the attempt was a JSX tag or
        an expression left open)."""
        if not self.directives or line.number != self.fed or line.text[line.first] != ":":
            return False
        colons = _directive_opening(line.text, line.first)
        if colons and enter:
            self.opened = colons
        return colons > 0


def _directive_opening(text: str, first: int) -> int:
    """The colons of the directive container a line opens at first (0: none): `:::name[label]{attributes}` and
    blanks only, or Docusaurus' `:::keyword Title` (see _ADMONITION_TITLE)."""
    colons = _COLONS.match(text, first)
    if colons is None:
        return 0
    titled = _ADMONITION_TITLE.match(text, colons.end())
    if titled is not None and _BEFORE_TITLED.fullmatch(text, 0, first):
        text = f"{text[:titled.end(1)]}[{text[titled.end():]}]"  # the line as Docusaurus hands it to MDX
    end = _name_end(text, colons.end())
    if end > 0 and end < len(text) and text[end] == "[":
        end = _label_end(text, end)
    if end > 0 and (attributes := _ATTRIBUTES.match(text, end)) is not None:
        end = attributes.end()
    return colons.end() - first if end > 0 and _BLANK_REST.match(text, end) else 0


def _name_char(char: str) -> bool:
    """Whether a character may be in a directive's name: no whitespace, punctuation or symbol but `-` and `_`."""
    if char.isascii():
        return char.isalnum() or char in "-_"
    return not char.isspace() and unicodedata.category(char)[0] not in "PSZ"


def _name_end(text: str, start: int) -> int:
    """The end of a directive's name at start (micromark-extension-directive's factoryName), -1 when none: it
    starts with no `-` or `_` and ends with neither."""
    end = start
    while end < len(text) and _name_char(text[end]):
        end += 1
    if end == start or text[start] in "-_" or text[end - 1] in "-_":
        return -1
    return end


def _label_end(text: str, start: int) -> int:
    """The end of a container directive's `[label]` at start (factoryLabel: brackets balanced, at most 32 open,
    escapes `\\[`, `\\\\`, `\\]`, on one line), -1 when it does not close."""
    balance, escapes, index = 0, 0, start + 1
    while index < len(text):
        char = text[index]
        if char == "[":
            balance += 1
            if balance > LABEL_NESTING_MAX:
                return -1
        elif char == "]":
            if not balance:
                return index + 1
            balance -= 1
        elif char == "\\" and index + 1 < len(text) and text[index + 1] in "[\\]":
            escapes += 1
            if escapes > LABEL_ESCAPES_MAX:
                return -1
            index += 1
        index += 1
    return -1
