"""The mdx scanner as it was before its fast paths (house_tables/parsing/mdx.py at commit 9f6aace, imports made
absolute): the reference the fast scanner is differential-tested against (tests/test_mdx_fast.py). Do not edit.

The mdx dialect: pipe tables exactly where MDX 3 + remark-gfm finds them.

MDX parses with micromark: CommonMark plus GFM plus the MDX extensions for JSX,
expressions and ESM, with indented code, HTML and autolinks turned off. This
module re-implements just enough of micromark's block structure, line by line,
to know where its GFM table construct succeeds:

* the document layer decides, for each line, which block quotes, list items and
  GFM footnote definitions continue, which new ones open, and whether the line
  is lazy, exactly as micromark's document tokenizer does (tab stops of 4, and
  no 4-column limit on indentation, because MDX has no indented code);
* the flow layer sees what is left of each line: blank lines, paragraphs and
  what may interrupt them, ATX and setext headings, thematic breaks, fenced
  code, JSX flow tags, flow expressions, ESM, and the table (header row,
  delimiter row, body rows).

Some flow constructs need lines after the one they start on: a table header
waits for its delimiter row, a JSX tag or an expression may span lines. They
pull further lines; when such an attempt fails, the lines it pulled are
replayed, as micromark backtracks. The flow runs as a generator so that the
document layer, like micromark's, decides each new line while knowing what the
flow has open (an open paragraph lets fewer list items start; an open fence or
JSX tag lets no container start).

Two things decide whether a parsed table is rendered: remark-gfm renders a GFM
footnote definition (and a table in it) only when rendered text cites it, and
text made only of link reference definitions is no paragraph (no setext
heading can follow it). Both are followed here.

Where MDX would throw (an invalid JSX tag, an unclosed expression), the
construct is taken as not being there; MDX renders nothing for such documents,
so the tables reported are what the structure would be around that construct
(micromark's reading without MDX syntax, in all the recorded cases).
"""

from __future__ import annotations

import gc
import re
from collections import deque
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from house_tables.diagnostics import delimiter_mismatch
from house_tables.model import Cell, Diagnostic, Dialect, Position, Row, Span, Table
from house_tables.parsing.cells import alignment, cell_at, row_of
from house_tables.source import Source

TAB_SIZE = 4
LABEL_SIZE_MAX = 999  # longest footnote label micromark accepts
ORDERED_DIGITS_MAX = 9  # most digits of an ordered list item's number
DESTINATION_DEPTH_MAX = 32  # most nested parentheses in a raw link destination
REPLAY_BUDGET_PER_LINE = 4  # lines that failed multi-line JSX/expression attempts may replay, per source line

_NONBLANK = re.compile(r"[^ \t]")
_PIPE_OR_ESCAPE = re.compile(r"\\[\\|]|\|")
_ESCAPE_PAIR = re.compile(r"\\([\\|])")
_ESCAPE_PAIRS = re.compile(r"\\[\\|]")
_CONTAINER_START = frozenset(">*+-[0123456789")
FOOTNOTE_CALL = re.compile(r"\[\^([^\][ \t]+)\]")  # a footnote call `[^label]` (used by the converter too)
_HEADING = re.compile(r"#{1,6}(?:[ \t]|$)")
_TABLE_TAG = re.compile(r"<table(?=[\s>/]|$)")  # a JSX tag named table (not <tables>, <table.Row>)
_ESM = re.compile(r"(?:import|export) ")
# A directive container's opening line (remark-directive): a name, then an optional `[label]` and `{attributes}`,
# nothing after; or one of Docusaurus' admonition keywords and a title (`:::tip Title`: Docusaurus makes it
# `:::tip[Title]` before MDX reads the page). Any other `:::name text` line is text to both, so a `:::` under a table
# after it is a row of that table.
_DIRECTIVE_OPEN = re.compile(r"(:{3,})(?:[A-Za-z][\w-]*(?:\[.*\])?(?:\{[^\n]*\})?[ \t]*$"
                             r"|(?:note|tip|info|warning|danger|caution|important|success|secondary) )")
_DIRECTIVE_CLOSE = re.compile(r"(:{3,})[ \t]*$")
_CODE_SPECIAL = re.compile(r"[{}'\"`/]")
_TEMPLATE_SPECIAL = re.compile(r"[\\`$]")
# JavaScript's \s without line endings: what may separate the parts of a JSX tag.
_ES_SPACE = frozenset(" \t\v\f\u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff").union(
    map(chr, range(0x2000, 0x200B)))

_Steps = Generator[None, "_Line | None", object]  # a flow step: receives lines, returns a result


class _Nok(Exception):
    """A construct attempt failed (micromark's `nok`, or a syntax error MDX would throw)."""


# ---------------------------------------------------------------------- lines and prefixes
class _Line:
    """A source line as the flow sees it: what is left after the container prefixes."""

    __slots__ = ("first", "footnote", "lazy", "number", "start", "text")

    def __init__(self, number: int, text: str, start: int, first: int, lazy: bool):
        self.number = number  # 1-based
        self.text = text  # the whole original line
        self.start = start  # offset where the flow's part of the line begins
        self.first = first  # offset of the first non-blank character of that part, or -1 when it is blank
        self.lazy = lazy  # a lazy continuation line (some open container was not continued)
        self.footnote: _Container | None = None  # the innermost footnote definition holding the line


class _Prefix:
    """A position in the container prefix of a line, in characters and in columns (tabs stop every 4)."""

    __slots__ = ("col", "end", "pos", "text")

    def __init__(self, text: str, end: int, pos: int = 0, col: int = 0):
        self.text, self.end, self.pos, self.col = text, end, pos, col

    def copy(self) -> _Prefix:
        """An independent cursor at the same place."""
        return _Prefix(self.text, self.end, self.pos, self.col)

    def take(self, other: _Prefix) -> None:
        """Move to where another cursor (a successful look-ahead) got."""
        self.pos, self.col = other.pos, other.col

    def char(self) -> str | None:
        """The character here, None at the end of the line."""
        return self.text[self.pos] if self.pos < len(self.text) else None

    def space(self) -> bool:
        """Whether a space or (part of) a tab is here."""
        return self.pos < len(self.text) and self.text[self.pos] in " \t"

    def blank(self) -> bool:
        """Whether only spaces and tabs are left (end: where the line's trailing blanks begin)."""
        return self.pos >= self.end

    def advance(self, count: int = 1) -> None:
        """Step over non-tab characters, one column each."""
        self.pos += count
        self.col += count

    def eat_space(self, limit: int | None = None) -> int:
        """Consume up to limit columns of spaces and tabs (a tab may be consumed in part); columns eaten."""
        text, pos, col, eaten = self.text, self.pos, self.col, 0
        while pos < len(text) and (limit is None or eaten < limit):
            if text[pos] == " ":
                pos += 1
            elif text[pos] == "\t":
                if (col + 1) % TAB_SIZE == 0:  # the last column of this tab
                    pos += 1
            else:
                break
            col += 1
            eaten += 1
        self.pos, self.col = pos, col
        return eaten


# ---------------------------------------------------------------------- containers
@dataclass(eq=False)
class _Container:
    """An open block quote, list or GFM footnote definition, with micromark's state for it."""

    kind: str  # "quote", "list" or "footnote"
    ordered: bool = False
    marker: str = ""
    size: int = 0  # columns a line must be indented by to continue the current list item
    initial_blank: bool = False  # the item started with a blank line
    further_blank: bool = False  # ... and a blank line followed
    label: str = ""  # a footnote definition's label, normalized


_CONTINUED, _INDENTED, _NEW_ITEM, _ENDED = "continued", "indented", "new item", "ended"


def _open_container(prefix: _Prefix, interrupt: bool) -> _Container | None:
    """The container a line opens at prefix (moving past its marker), if any."""
    ahead = prefix.copy()
    initial = ahead.eat_space()  # no limit: MDX has no indented code
    char = ahead.char()
    container = None
    if char == ">":
        ahead.advance()
        ahead.eat_space(1)
        container = _Container("quote")
    elif char == "[":
        container = _footnote_start(ahead)
    elif char is not None and (char in "*+-" or "0" <= char <= "9"):
        container = _list_start(ahead, initial, interrupt, None)
    if container is not None:
        prefix.take(ahead)
    return container


def _list_start(ahead: _Prefix, initial: int, interrupt: bool, item: _Container | None) -> _Container | None:
    """A list item marker at ahead (a new list, or the next item of `item`'s list), as micromark reads it."""
    text, start, char = ahead.text, ahead.pos, ahead.char()
    if char is None:
        return None
    ordered = item.ordered if item else char not in "*+-"
    if not ordered:
        if char not in "*+-" or (item and char != item.marker):
            return None
        if char in "*-" and _thematic_break(text, start):
            return None
        marker, width = char, 1
    else:
        end = start
        while end < len(text) and "0" <= text[end] <= "9" and end - start < ORDERED_DIGITS_MAX:
            end += 1
        marker = text[end] if end < len(text) else ""
        if end == start or (interrupt and (end - start > 1 or char != "1")):  # only `1.` may interrupt
            return None
        if marker not in (".", ")") or (item and marker != item.marker):
            return None
        width = end - start + 1
    ahead.advance(width)
    if ahead.blank():
        if interrupt:  # an empty item cannot interrupt
            return None
        size, initial_blank = initial + 1 + width, True
    else:
        spaces = ahead.eat_space()
        if not spaces:
            return None
        size, initial_blank = initial + width + spaces, False
    found = item or _Container("list", ordered, marker)
    found.size, found.initial_blank, found.further_blank = size, initial_blank, False
    return found


def _footnote_start(ahead: _Prefix) -> _Container | None:
    """A GFM footnote definition `[^label]:` at ahead, with the whitespace after it."""
    text, pos = ahead.text, ahead.pos
    if not text.startswith("[^", pos):
        return None
    index, size = pos + 2, 0
    while True:
        if index >= len(text) or size > LABEL_SIZE_MAX or text[index] in "[ \t":
            return None
        if text[index] == "]":
            if not size:  # an empty label
                return None
            break
        escaped = text[index] == "\\" and index + 1 < len(text) and text[index + 1] in "[\\]"
        index += 2 if escaped else 1
        size += 2 if escaped else 1
    if not text.startswith(":", index + 1):
        return None
    ahead.advance(index + 2 - pos)
    ahead.eat_space()
    return _Container("footnote", label=_footnote_label(text[pos + 2:index]))


def _footnote_label(label: str) -> str:
    """A footnote label as micromark compares them (case and whitespace runs do not matter)."""
    return " ".join(label.split()).lower().upper()


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


def _continue(container: _Container, prefix: _Prefix, after_indent: bool) -> str:
    """Whether a line continues an open container (moving past its prefix), or starts its list's next item.

    after_indent: the container before it on this line was a footnote definition continued by its indent.
    """
    ahead = prefix.copy()
    if container.kind == "quote":
        ahead.eat_space()
        if ahead.char() != ">":
            return _ENDED
        ahead.advance()
        ahead.eat_space(1)
    elif container.kind == "footnote":
        if ahead.blank():
            return _CONTINUED
        eaten = ahead.eat_space(TAB_SIZE)
        # micromark checks the last indent token; with no whitespace here, that is the enclosing definition's
        if eaten != TAB_SIZE and not (eaten == 0 and after_indent):
            return _ENDED
        prefix.take(ahead)
        return _INDENTED
    elif ahead.blank():
        container.further_blank = container.further_blank or container.initial_blank
        ahead.eat_space(container.size)
    else:
        further, container.further_blank, container.initial_blank = container.further_blank, False, False
        if further or not ahead.space() or ahead.eat_space(container.size) != container.size:
            return _next_item(container, prefix)
    prefix.take(ahead)
    return _CONTINUED


def _next_item(container: _Container, prefix: _Prefix) -> str:
    """A line not indented into the current list item may start the list's next item."""
    ahead = prefix.copy()
    initial = ahead.eat_space()
    if _list_start(ahead, initial, False, container) is None:
        return _ENDED
    prefix.take(ahead)
    return _NEW_ITEM


# ---------------------------------------------------------------------- one-line constructs, JSX names
def _thematic_break(text: str, start: int) -> bool:
    """Three or more of the same `*`, `-` or `_`, with only spaces and tabs besides."""
    rest = text[start:]
    marker = rest[0]
    return rest.count(marker) >= 3 and not rest.strip(" \t" + marker)


def _setext_underline(text: str, start: int) -> bool:
    """A run of `-` or of `=`, then only spaces and tabs."""
    rest = text[start:].rstrip(" \t")
    return not rest.strip(rest[0])


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


def _id_start(char: str) -> bool:
    """A character that can start a JavaScript identifier."""
    return char in "$_" or char.isidentifier()


def _id_continue(char: str) -> bool:
    """A character that can continue a JSX identifier (dashes included)."""
    return char in "$_-\u200c\u200d" or ("a" + char).isidentifier()


def _identifier(cursor: _Cursor, ends: str) -> None:
    """Step over a JSX name; what follows it must be whitespace, the end of the line or one of `ends`."""
    text, pos = cursor.text, cursor.pos
    if pos >= len(text) or not _id_start(text[pos]):
        raise _Nok
    pos += 1
    while pos < len(text) and _id_continue(text[pos]):
        pos += 1
    cursor.pos = pos
    if pos < len(text) and text[pos] not in ends and text[pos] not in _ES_SPACE:
        raise _Nok


def _string_end(text: str, pos: int, quote: str) -> int:
    """Offset of the quote closing a JavaScript string on this line, or -1."""
    while pos < len(text):
        char = text[pos]
        if char == quote:
            return pos
        pos += 2 if char == "\\" else 1
    return -1


# ---------------------------------------------------------------------- link reference definitions
def _definitions_only(lines: list[_Line]) -> bool:
    """Whether a paragraph's lines are all link reference definitions (micromark then has no paragraph)."""
    if lines[0].text[lines[0].first] != "[":
        return False
    text = "\n".join(line.text[line.first:] for line in lines)
    pos = 0
    while pos < len(text):
        pos = _definition_end(text, pos)
        if pos < 0:
            return False
    return True


def _definition_end(text: str, pos: int) -> int:
    """Offset after a link reference definition `[label]: destination "title"` and its line ending, or -1."""
    pos = _label_end(text, pos)
    if pos < 0 or not text.startswith(":", pos):
        return -1
    pos = _destination_end(text, _skip_whitespace(text, pos + 1))
    if pos < 0:
        return -1
    end = _title_end(text, pos)
    return end if end >= 0 else _line_end(text, pos)


def _label_end(text: str, pos: int) -> int:
    """Offset after a `[label]` at pos (which may span lines), or -1."""
    if not text.startswith("[", pos):
        return -1
    index, seen = pos + 1, False
    while index < len(text) and index - pos <= LABEL_SIZE_MAX + 1:
        char = text[index]
        if char == "[" or (char == "]" and not seen):
            return -1
        if char == "]":
            return index + 1
        seen = seen or char not in " \t\n"
        index += 2 if char == "\\" and text[index + 1:index + 2] in ("[", "]", "\\") else 1
    return -1


def _destination_end(text: str, pos: int) -> int:
    """Offset after a link destination (`<...>`, or raw with balanced parentheses) at pos, or -1."""
    if pos >= len(text):
        return -1
    if text[pos] == "<":
        index = pos + 1
        while index < len(text) and text[index] not in "<>\n":
            index += 2 if text[index] == "\\" else 1
        return index + 1 if text.startswith(">", index) else -1
    index, depth = pos, 0
    while index < len(text) and text[index] not in " \t\n" and text[index] >= " ":
        char = text[index]
        if char == "(":
            depth += 1
            if depth > DESTINATION_DEPTH_MAX:
                return -1
        elif char == ")":
            if not depth:
                break
            depth -= 1
        index += 2 if char == "\\" else 1
    return index if index > pos and depth == 0 else -1


def _title_end(text: str, pos: int) -> int:
    """Offset after a link title (after whitespace) and its line ending, or -1."""
    if pos >= len(text) or text[pos] not in " \t\n":
        return -1
    pos = _skip_whitespace(text, pos)
    if pos >= len(text) or text[pos] not in "\"'(":
        return -1
    close = ")" if text[pos] == "(" else text[pos]
    index = pos + 1
    while index < len(text) and text[index] != close:
        index += 2 if text[index] == "\\" else 1
    return _line_end(text, index + 1) if index < len(text) else -1


def _skip_whitespace(text: str, pos: int) -> int:
    """Offset after spaces, tabs and line endings at pos."""
    while pos < len(text) and text[pos] in " \t\n":
        pos += 1
    return pos


def _line_end(text: str, pos: int) -> int:
    """Offset after the line ending when only spaces and tabs are left on the line at pos, else -1."""
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    if pos == len(text):
        return pos
    return pos + 1 if text[pos] == "\n" else -1


# ---------------------------------------------------------------------- flow constructs of one line
def _line_construct(line: _Line, after_paragraph: bool, interrupt: bool) -> str | None:
    """Which construct keyed on the line's first character starts there (not JSX): 'line', 'fence', 'esm'."""
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
        return "esm" if not interrupt and first == 0 and _ESM.match(text) else None
    else:
        found = False
    return "line" if found else None


# ---------------------------------------------------------------------- table rows
def _row_end(text: str, first: int) -> int:
    """End offset of a row's text: trailing spaces and tabs are not part of it."""
    return len(text.rstrip(" \t")) if first >= 0 else first


def _cell_bounds(text: str, start: int, end: int, body: bool) -> list[tuple[int, int]]:
    """(start, end) offsets of the cells of the row text[start:end], split as micromark splits them."""
    bounds, cell_start = [], start
    if text.find("\\", start, end) < 0:  # no escapes: every pipe splits
        pipe = text.find("|", start, end)
        while pipe >= 0:
            bounds.append((cell_start, pipe))
            cell_start = pipe + 1
            pipe = text.find("|", cell_start, end)
    else:
        for match in _PIPE_OR_ESCAPE.finditer(text, start, end):
            if match.end() - match.start() == 1:  # an unescaped pipe (escape pairs are two characters)
                bounds.append((cell_start, match.start()))
                cell_start = match.end()
    bounds.append((cell_start, end))
    if text[start] == "|":  # a leading pipe opens the first cell
        bounds.pop(0)
    if bounds and bounds[-1][0] == end:
        bounds.pop()  # a trailing pipe closes the last cell
    if not bounds and body:  # a lone `|` is a row with one empty cell
        bounds.append((start + 1, start + 1))
    return bounds


def _cell_count(text: str, start: int, end: int) -> int:
    """How many cells _cell_bounds finds in a header row, without building them (rows may be huge)."""
    row = text[start:end]
    plain = _ESCAPE_PAIRS.sub("", row) if "\\" in row else row  # escape pairs never split cells
    before_last = row[:-1]
    backslashes = len(before_last) - len(before_last.rstrip("\\"))
    trailing = row.endswith("|") and backslashes % 2 == 0  # an unescaped last pipe closes the last cell
    return plain.count("|") + 1 - (row[0] == "|") - trailing


def _content(text: str) -> str | None:
    """What a cell renders when it holds escaped pipes: each `\\|` stands for `|` (in code spans too)."""
    if "\\|" not in text:
        return None
    return _ESCAPE_PAIR.sub(lambda match: "|" if match.group(1) == "|" else match.group(0), text)


def _row(line: _Line, body: bool) -> Row:
    """A header or body row written on a line, cells as written."""
    text, first = line.text, line.first
    end = _row_end(text, first)
    cells = []
    for start, stop in _cell_bounds(text, first, end, body):
        cell = cell_at(line.number, text, start, stop)
        content = _content(cell.text)
        cells.append(cell if content is None else Cell(cell.text, cell.span, content))
    return row_of(cells, line.number, text, first, end)


def _delimiter_cells(text: str, pos: int) -> list[tuple[int, int]] | None:
    """The cells of a delimiter row (`:?-+:?` between optional pipes) starting at pos, or None."""
    cells, seen = [], False  # seen: a `|` or `:`, without which `---` is a setext underline or a rule
    if text[pos] == "|":
        seen = True
        pos = _skip_blank(text, pos + 1)
    while pos < len(text):
        start = pos
        if text[pos] == ":":
            seen = True
            pos += 1
        if pos >= len(text) or text[pos] != "-":
            return None
        while pos < len(text) and text[pos] == "-":
            pos += 1
        if pos < len(text) and text[pos] == ":":
            seen = True
            pos += 1
        cells.append((start, pos))
        pos = _skip_blank(text, pos)
        if pos < len(text):
            if text[pos] != "|":
                return None
            seen = True
            pos = _skip_blank(text, pos + 1)
    return cells if seen and cells else None


def _skip_blank(text: str, pos: int) -> int:
    """Offset of the first character at or after pos that is not a space or tab."""
    match = _NONBLANK.search(text, pos)
    return match.start() if match else len(text)


@dataclass
class _TableBuilder:
    """A table whose body rows are still being read."""

    header: Row
    delimiter: Row
    align: tuple[str | None, ...]
    indent: str
    delimiter_line: _Line  # tells which footnote definition holds the table
    body: list[Row] = field(default_factory=list)

    def build(self) -> Table:
        """The finished table."""
        last = self.body[-1] if self.body else self.delimiter
        span = Span(self.header.span.start, last.span.end)
        body = tuple(self.body)
        return Table(Dialect.MDX, self.header, self.delimiter, self.align, body, span, self.indent)


# ---------------------------------------------------------------------- results
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


# ---------------------------------------------------------------------- flow
class _Cursor:
    """A position in the flow text while a JSX tag or an expression is read across lines."""

    __slots__ = ("pos", "text")

    def __init__(self, line: _Line, pos: int):
        self.text, self.pos = line.text, pos

    def char(self) -> str | None:
        """The character here, None at the end of the line."""
        return self.text[self.pos] if self.pos < len(self.text) else None


class _Flow:
    """micromark's flow tokenizer for one run of flow content (until a container change closes it)."""

    def __init__(self, findings: _Findings):
        self.findings = findings
        self.open = False  # a construct is in progress (micromark's `currentConstruct`)
        self.concrete = False  # ... and no container may start inside it (fenced code, JSX, expression, ESM)
        self.since = 0  # line where the construct in progress began
        self._replay: deque[_Line | None] = deque()
        self._recorded: list[_Line | None] | None = None
        self._table: _TableBuilder | None = None
        self._after_paragraph: list[_Line] | None = None  # the lines of a paragraph the next line interrupted
        self._directives: list[int] = []  # colons of each open directive container (`:::note` ... `:::`)
        self._steps = self._flow()
        next(self._steps)

    def feed(self, line: _Line) -> None:
        """Hand the flow its next line."""
        self._steps.send(line)

    def close(self) -> None:
        """End the flow: the containers holding it closed, or the document ended."""
        try:
            self._steps.send(None)
        except StopIteration:
            return
        raise AssertionError("the flow did not end at the end of its input")

    def spans(self, number: int) -> bool:
        """Whether something begun before this line is still open (then a lazy line keeps its containers)."""
        return self.open and self.since < number

    # -- plumbing
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

    def _end_table(self) -> None:
        """The table being read (if any) has no more rows."""
        if self._table is not None:
            self.findings.tables.append((self._table.build(), self._table.delimiter_line.footnote))
            self._table = None

    # -- the flow
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
        if line.text[line.first] in "<{":
            return self._tagged(line)
        if self._directive_fence(line, enter=True):
            self._end_table()
            return None
        # A setext underline needs a paragraph above, not just link reference definitions.
        underlines = paragraph is not None and line.text[line.first] in "-="
        kind = _line_construct(line, underlines and not _definitions_only(paragraph), False)
        if kind is None:
            return self._rows(line)
        if kind == "line" and line.text[line.first] == "#":  # an ATX heading: text that may cite footnotes
            self.findings.text(line)
        self._end_table()
        if kind == "fence":
            return self._fence(line)
        return self._esm(line) if kind == "esm" else None

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
        self._table.body.append(_row(line, True))
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
        """Whether a construct that may interrupt a paragraph starts at this line."""
        if line.text[line.first] in "<{":
            if (yield from self._tags(line, True, since)):
                return True
        elif _line_construct(line, True, True) or self._directive_fence(line, enter=False):
            return True
        return (yield from self._header(line, True, since))

    def _directive_fence(self, line: _Line, *, enter: bool) -> bool:
        """Whether the line opens a directive container (`:::note`, as Docusaurus admonitions are written) or
        closes the innermost open one; either ends a table and interrupts a paragraph (remark-directive, measured
        with the real compiler). enter: the line is being read, so the container opens or closes."""
        if line.text[line.first] != ":" or line.first - line.start > 3:
            return False
        opening = _DIRECTIVE_OPEN.match(line.text, line.first)
        if opening is not None:
            if enter:
                self._directives.append(len(opening.group(1)))
            return True
        closing = _DIRECTIVE_CLOSE.match(line.text, line.first)
        if closing is None or not self._directives or len(closing.group(1)) < self._directives[-1]:
            return False
        if enter:
            self._directives.pop()
        return True

    def _fence(self, line: _Line) -> _Steps:
        """Fenced code from its opening line to its closing fence, a lazy line or the end of the flow."""
        marker, size = line.text[line.first], _fence_size(line.text, line.first)
        while True:
            self._state(True, True, line.number)
            following = yield from self._pull()
            if following is None or following.lazy:
                return following
            if _closes_fence(following, marker, size):
                return (yield from self._next())

    def _esm(self, line: _Line) -> _Steps:
        """ESM (import/export) from its first line up to a blank line."""
        while True:
            self._state(True, True, line.number)
            following = yield from self._pull()
            if following is None or following.first < 0:
                return following

    # -- tables
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
        bounds = _delimiter_cells(text, first)
        if bounds is None:
            return None
        header_text, header_first = header_line.text, header_line.first
        columns = _cell_count(header_text, header_first, _row_end(header_text, header_first))
        if columns != len(bounds):
            self.findings.mismatch(header_line, delimiter_line, columns, len(bounds))
            return None
        header = _row(header_line, False)
        self.findings.text(header_line)
        cells = [cell_at(delimiter_line.number, text, start, end) for start, end in bounds]
        delimiter = row_of(cells, delimiter_line.number, text, first, _row_end(text, first))
        align = tuple(alignment(cell.text) for cell in cells)
        indent = header_line.text[:header_line.first]
        return _TableBuilder(header, delimiter, align, indent, delimiter_line)

    # -- JSX and expressions
    def _tags(self, line: _Line, interrupt: bool, since: int) -> _Steps:
        """Whether JSX tags and expressions (maybe over several lines) fill the rest of a line."""
        self._state(True, True, since)
        self._recorded = []
        try:
            cursor = _Cursor(line, line.first)
            while True:
                if cursor.char() == "<":
                    yield from self._tag(cursor)
                elif cursor.char() == "{":
                    yield from self._expression(cursor)
                else:
                    raise _Nok
                cursor.pos = _skip_blank(cursor.text, cursor.pos)
                if cursor.pos == len(cursor.text):
                    found = True
                    break
        except _Nok:
            found = False
        pulled, self._recorded = self._recorded, None
        if found and not interrupt and _TABLE_TAG.match(line.text, line.first):
            self.findings.table_tags.append(Position(line.number, line.first + 1))
        if interrupt or not found:  # a check, or a failed attempt: the lines are read again
            self._replay.extendleft(reversed(pulled))
            if not found:
                self.findings.budget -= len(pulled)
        return found

    def _cross(self, cursor: _Cursor) -> _Steps:
        """Move a cursor to the next line of a JSX tag or expression; a lazy line or the end is an error."""
        if self.findings.budget <= 0:
            raise _Nok
        line = yield from self._pull()
        if line is None or line.lazy:
            raise _Nok
        cursor.text, cursor.pos = line.text, line.start

    def _space(self, cursor: _Cursor) -> _Steps:
        """Skip JavaScript whitespace, line endings included, inside a JSX tag."""
        while True:
            text, pos = cursor.text, cursor.pos
            while pos < len(text) and text[pos] in _ES_SPACE:
                pos += 1
            cursor.pos = pos
            if pos < len(text):
                return
            yield from self._cross(cursor)

    def _tag(self, cursor: _Cursor) -> _Steps:
        """One JSX tag, from `<` through `>` (micromark-extension-mdx-jsx's rules)."""
        cursor.pos += 1
        if cursor.char() is None or cursor.char() in " \t":
            raise _Nok
        yield from self._space(cursor)
        if cursor.char() == "/":
            cursor.pos += 1
            yield from self._space(cursor)
        if cursor.char() == ">":  # a fragment
            cursor.pos += 1
            return
        yield from self._tag_name(cursor)
        while True:
            char = cursor.char()
            if char == ">":
                cursor.pos += 1
                return
            if char == "/":
                cursor.pos += 1
                yield from self._space(cursor)
                if cursor.char() != ">":
                    raise _Nok
                cursor.pos += 1
                return
            if char == "{":
                yield from self._expression(cursor)
            else:
                yield from self._attribute(cursor)
            yield from self._space(cursor)

    def _tag_name(self, cursor: _Cursor) -> _Steps:
        """A tag name: `a`, `a.b.c` or `a:b`."""
        _identifier(cursor, "./:>{")
        yield from self._space(cursor)
        if cursor.char() == ".":
            while cursor.char() == ".":
                cursor.pos += 1
                yield from self._space(cursor)
                _identifier(cursor, "./>{")
                yield from self._space(cursor)
        elif cursor.char() == ":":
            cursor.pos += 1
            yield from self._space(cursor)
            _identifier(cursor, "/>{")
            yield from self._space(cursor)
        if cursor.char() not in ("/", ">", "{") and not _id_start(cursor.char()):
            raise _Nok

    def _attribute(self, cursor: _Cursor) -> _Steps:
        """An attribute: a name (`a` or `a:b`), maybe `=` and a quoted or braced value."""
        _identifier(cursor, "/:=>{")
        yield from self._space(cursor)
        if cursor.char() == ":":
            cursor.pos += 1
            yield from self._space(cursor)
            _identifier(cursor, "/=>{")
            yield from self._space(cursor)
        if cursor.char() != "=":
            if cursor.char() not in ("/", ">", "{") and not _id_start(cursor.char()):
                raise _Nok
            return
        cursor.pos += 1
        yield from self._space(cursor)
        quote = cursor.char()
        if quote == "{":
            yield from self._expression(cursor)
        elif quote in ("'", '"'):
            cursor.pos += 1
            while (end := cursor.text.find(quote, cursor.pos)) < 0:
                yield from self._cross(cursor)
            cursor.pos = end + 1
        else:
            raise _Nok

    def _expression(self, cursor: _Cursor) -> _Steps:
        """A braced JavaScript expression, from `{` to the `}` closing it (strings, comments, templates)."""
        cursor.pos += 1
        depths: list[int | None] = [0]  # brace depth per code context; None for a template literal
        while True:
            text, pos = cursor.text, cursor.pos
            in_template = depths[-1] is None
            match = (_TEMPLATE_SPECIAL if in_template else _CODE_SPECIAL).search(text, pos)
            if match is None:
                yield from self._cross(cursor)
                continue
            char, pos = match.group(), match.start()
            cursor.pos = pos + 1
            if in_template:
                if char == "\\":
                    cursor.pos = pos + 2
                elif char == "`":
                    depths.pop()
                elif text.startswith("{", pos + 1):
                    depths.append(0)
                    cursor.pos = pos + 2
            elif char == "{":
                depths[-1] += 1
            elif char == "}":
                if depths[-1]:
                    depths[-1] -= 1
                    continue
                depths.pop()
                if not depths:
                    return
            elif char == "`":
                depths.append(None)
            elif char in "'\"":
                end = _string_end(text, pos + 1, char)
                cursor.pos = end + 1 if end >= 0 else pos + 1  # an unclosed quote is taken as text
            elif text.startswith("/", pos + 1):
                cursor.pos = len(text)
            elif text.startswith("*", pos + 1):
                yield from self._block_comment(cursor, pos + 2)

    def _block_comment(self, cursor: _Cursor, pos: int) -> _Steps:
        """Skip a `/* ... */` comment, maybe over several lines."""
        while (end := cursor.text.find("*/", pos)) < 0:
            yield from self._cross(cursor)
            pos = cursor.pos
        cursor.pos = end + 2


# ---------------------------------------------------------------------- document
class _Document:
    """micromark's document tokenizer: containers line by line, the flow inside them."""

    def __init__(self, findings: _Findings):
        self.findings = findings
        self.stack: list[_Container] = []
        self.flow: _Flow | None = None
        self.interrupt = False

    def line(self, number: int, text: str) -> None:
        """Read one line: continue or close containers, open new ones, hand the rest to the flow."""
        if not self.stack:
            match = _NONBLANK.search(text)
            if match is None or text[match.start()] not in _CONTAINER_START:  # the common case, made quick
                self._write(_Line(number, text, 0, match.start() if match else -1, False), 0)
                return
        prefix = _Prefix(text, len(text.rstrip(" \t")))
        self.interrupt = False
        continued, result = 0, _CONTINUED
        while continued < len(self.stack):
            result = _continue(self.stack[continued], prefix, result == _INDENTED)
            if result == _ENDED:
                break
            continued += 1
            if result == _NEW_ITEM:  # the list goes on with a new item: what was in the old one ends
                self._close_flow()
                del self.stack[continued:]
                break
        lazy = False
        if continued < len(self.stack) or (self.flow is not None and not self.flow.concrete):
            if continued == len(self.stack):
                self.interrupt = self.flow.open
            if _open_container(prefix.copy(), self.interrupt) is not None:
                self._close_flow()
                del self.stack[continued:]
                self._open_containers(prefix)
            else:
                lazy = continued < len(self.stack)
        elif self.flow is None:
            self._open_containers(prefix)
        match = _NONBLANK.search(text, prefix.pos)
        self._write(_Line(number, text, prefix.pos, match.start() if match else -1, lazy), continued)

    def _open_containers(self, prefix: _Prefix) -> None:
        """Open every container the line starts, one inside the other."""
        while (container := _open_container(prefix, self.interrupt)) is not None:
            self.stack.append(container)
            if container.kind == "footnote":
                self.findings.first_definitions.setdefault(container.label, container)

    def _write(self, line: _Line, continued: int) -> None:
        """Give the rest of a line to the flow; a lazy line that starts a construct closes containers."""
        if self.flow is None:
            self.flow = _Flow(self.findings)
        line.footnote = self._footnote(len(self.stack))
        self.flow.feed(line)
        if line.lazy and not self.flow.spans(line.number):
            del self.stack[continued:]
            line.footnote = self._footnote(continued)

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


def scan_mdx(source: Source, table_tags: list[Position] | None = None) -> tuple[list[Table], list[Diagnostic]]:
    """Every pipe table MDX 3 + remark-gfm renders, in document order, and HT004 near misses; table_tags, when
    given, receives where each flow JSX `<table` tag (a hand-written table) begins."""
    findings = _Findings(budget=REPLAY_BUDGET_PER_LINE * len(source.lines) + 1000)
    with _no_cyclic_gc():
        document = _Document(findings)
        for index, text in enumerate(source.lines):
            document.line(index + 1, text)
        document.finish()
    if table_tags is not None:
        table_tags.extend(findings.table_tags)
    rendered = _rendered_footnotes(source.lines, findings)
    tables = [table for table, footnote in findings.tables if footnote is None or footnote in rendered]
    diagnostics = sorted(findings.diagnostics.values(), key=lambda d: d.span.start)
    return tables, diagnostics


@contextmanager
def _no_cyclic_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector (as it was before, afterwards).

    Why: a big table means hundreds of thousands of small frozen objects (cells,
    spans, positions) that form no cycles; the collector's full passes over
    them would otherwise take about as long as the scan itself.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
