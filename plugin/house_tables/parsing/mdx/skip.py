"""Fast paths: lines read with nothing open and no container that cannot change what is found (blank lines,
headings, one-line JSX, fenced code, ESM, plain paragraphs) are classified and passed over without the
tokenizer, their effects on the findings made as the tokenizer makes them."""

from __future__ import annotations

import re
from itertools import accumulate

from ...model import Position
from . import syntax
from .containers import _open_container, _Prefix
from .fences import _closing_fence, _fence_size
from .findings import _Findings
from .lines import _Line
from .rows import _cell_count, _delimiter_cells, _row_end
from .syntax import _PLAIN_START

# bound by assignment, not imported (see syntax)
_BLANK_LINE, _NONBLANK, _TABLE_TAG = syntax._BLANK_LINE, syntax._NONBLANK, syntax._TABLE_TAG
# A JSX tag the tokenizer reads whole on its line (jsx._JsxRule._tag, no line crossed): values `"..."` or
# `{{...}}` (what house tables write: `style={{width: "31%"}}`), the braces' text without braces, backticks or
# slashes, its strings without backslashes; `_expression` then closes both braces at the `}}`.
_OBJECT = r"""\{\{[^{}'"`/\n]*(?:(?:"[^"\\\n]*"|'[^'\\\n]*')[^{}'"`/\n]*)*\}\}"""  # (unrolled: linear)
_TAG = (r'<(?:/?[A-Za-z][A-Za-z0-9]*(?:[ \t]+[A-Za-z][A-Za-z0-9]*(?:="[^"]*"|=' + _OBJECT + r')?)*'
        r'[ \t]*/?)>')
_COMMENT = r"\{/\*(?:(?!\*/).)*\*/\}"
# How a line read with nothing open and no container (see _skip_idle) starts; None: something else.
_IDLE_LINE = re.compile(
    r"(?P<esm>(?:import|export) )|[ \t]*(?:(?P<blank>\Z)|(?P<heading>#{1,6}(?:[ \t]|\Z))"
    rf"|(?P<jsx>(?:(?:{_TAG}|{_COMMENT})[ \t]*)+)"  # one-line tags and comments, each with the blanks after it
    rf"|(?P<fence>```|~~~)|(?P<pipe>\|)|(?P<plain>{_PLAIN_START}))")
# A run of lines _skip_idle passes over one by one, in the text with a line feed after every line: blank lines,
# ATX headings, and paragraphs of plain lines that a blank line, a heading or the end ends (see _Jump).
_BLANK_NL = r"[ \t]*\n"
_IDLE_RUN = re.compile(
    rf"(?:{_BLANK_NL}|[ \t]*#{{1,6}}(?:[ \t][^\n]*)?\n"
    rf"|(?:[ \t]*{_PLAIN_START}[^\n]*\n)+(?={_BLANK_NL}|[ \t]*#{{1,6}}[ \t\n]|\Z))*")


class _Jump:
    """Passes over runs of _IDLE_RUN in one regex match over the whole text (the per-line loop's work, done in C)."""

    __slots__ = ("ends", "lines", "text")

    def __init__(self, lines: tuple[str, ...]):
        self.lines, self.text = lines, "\n".join(lines) + "\n"
        self.ends = list(accumulate(map(len, lines)))  # characters up to each line's end, line feeds not counted

    def past(self, index: int, findings: _Findings) -> int:
        """The line after the run of _IDLE_RUN starting at line index (index itself when there is none), having
        noted what the tokenizer notes in it (lines with footnote calls)."""
        offset = self.ends[index - 1] + index if index else 0
        end = _IDLE_RUN.match(self.text, offset).end()
        if end == offset:
            return index
        past = index + self.text.count("\n", offset, end)
        if "[^" in self.text[offset:end]:
            _note_text(self.lines, index, past, findings)
        return past


def _skip_idle(lines: tuple[str, ...], index: int, findings: _Findings, jump: _Jump) -> tuple[int, bool]:
    """The first line from index on that the tokenizer must read, when it reads index with nothing open and no
    container, and whether a table's header row is there: blank lines, ATX headings, one-line JSX tags and
    `{/* comments */}`, fenced code and ESM are passed over, and so are paragraphs of plain lines (_PLAIN_START)
    or tagged lines (whole one-line tags, then text: `<td style={{...}}>x</td>`) that one of those, a table or
    the end interrupts.

    Why exact: with no container open no such line opens one, and each of these constructs leaves the flow as
    it found it, having found no table and no near miss; a plain line heads no table unless a delimiter row
    follows it (_table_start), and what ends a paragraph is read as it is read with nothing open. A tagged line is
    read as a plain one is: the flow's attempt to read it as JSX (_tags, at its `<`, starting a paragraph or
    interrupting one) reads the whole tags on the line and fails at the text after them, having pulled no line,
    spent no budget and noted nothing; then it goes on as for a plain line (_rows, _header). What they add to
    the findings is added here: ATX headings and paragraph lines with footnote calls (`[^`) as text, and
    `<table` tags.
    """
    count, run = len(lines), -1  # run: where a paragraph of plain lines began (-1: none)
    while index < count:
        if run < 0:
            index = jump.past(index, findings)
            if index == count:
                break
        text = lines[index]
        match = _IDLE_LINE.match(text)
        kind = match.lastgroup if match else None
        if kind == "jsx":
            kind = _tagged_kind(text, match.end())
        if kind == "plain" or kind == "tagged":
            run = index if run < 0 else run
            index += 1
            continue
        first = match.start(kind) if kind not in ("blank", None) else 0
        if kind is None or kind == "pipe" or (kind == "fence" and not _fence_size(text, first)):
            return _paragraph_or_table(lines, index, run, kind == "pipe", findings)
        if kind == "esm" and run >= 0:  # no ESM in a paragraph: its text goes on
            return run, False
        if run >= 0:
            _note_text(lines, run, index, findings)
            run = -1
        index = _past_construct(lines, index, kind, first, findings)
    if run >= 0:
        _note_text(lines, run, index, findings)
    return index, False


def _tagged_kind(text: str, end: int) -> str | None:
    """For a line that starts (after blanks) with whole one-line JSX tags and `{/* comments */}` up to end: "jsx"
    when they fill it, "tagged" when text follows them (not `<` or `{`: the tokenizer's attempt fails there), None
    otherwise (the tokenizer reads it)."""
    if end == len(text):
        return "jsx"
    return "tagged" if text[end] not in "<{" else None


def _paragraph_or_table(lines: tuple[str, ...], index: int, run: int, pipe: bool,
                        findings: _Findings) -> tuple[int, bool]:
    """At a line neither plain nor passed over (pipe: it starts with `|`), after a paragraph of plain lines from
    run (-1: none): the header row of a table if the paragraph's last line or this one is one, else where
    reading must begin."""
    if run >= 0:
        heads = _table_start(lines, index - 1)
        if heads is None or (not heads and not (pipe and _table_start(lines, index))):
            return run, False  # a near miss, or the paragraph goes on: the tokenizer reads it
        header = index - 1 if heads else index  # a table's header row interrupts the paragraph
        _note_text(lines, run, header, findings)
        return header, True
    return (index, True) if pipe and _table_start(lines, index) else (index, False)


def _table_start(lines: tuple[str, ...], index: int) -> bool | None:
    """Whether line index (plain or starting with `|`, read with nothing open and no container, or ending a
    paragraph) heads a table over a delimiter row on the next line; None when the next line is a delimiter row
    the tokenizer must read (cell counts differ: a near miss; or it opens a list item)."""
    if index + 1 >= len(lines):
        return False
    header, delimiter = lines[index], lines[index + 1]
    found = _NONBLANK.search(delimiter)
    if found is None or delimiter[found.start()] not in "|:-":
        return False
    first = _NONBLANK.search(header).start()
    end = _row_end(header, first)
    if end - first == 1 and header[first] == "|":  # a lone pipe is no header: the next line is not even looked at
        return False
    bounds = _delimiter_cells(delimiter, found.start())
    if bounds is None:
        return False
    if delimiter[found.start()] == "-" and _open_container(_Prefix(delimiter, _row_end(delimiter, 0)), True):
        return None  # `- | - |` is a list item interrupting the paragraph
    return True if _cell_count(header, first, end) == len(bounds) else None


def _past_construct(lines: tuple[str, ...], index: int, kind: str, first: int, findings: _Findings) -> int:
    """Index of the line after the construct of this kind (see _skip_idle) starting at line index."""
    text = lines[index]
    if kind == "heading":
        _note_text(lines, index, index + 1, findings)
    elif kind == "jsx" and _TABLE_TAG.match(text, first):
        findings.table_tags.append(Position(index + 1, first + 1))
    elif kind == "fence":
        closing = _closing_fence(text[first], _fence_size(text, first))
        index += 1
        while index < len(lines) and closing.match(lines[index]) is None:
            index += 1
        return min(index + 1, len(lines))  # the closing fence's line is read too (an unclosed fence: all)
    elif kind == "esm":  # up to the blank line ending it
        index += 1
        while index < len(lines) and _BLANK_LINE.match(lines[index]) is None:
            index += 1
        return index
    return index + 1


def _note_text(lines: tuple[str, ...], start: int, end: int, findings: _Findings) -> None:
    """Note lines passed over as text, as the flow notes them: only those with a footnote call matter."""
    for index in range(start, end):
        text = lines[index]
        if "[^" in text:
            findings.text(_Line(index + 1, text, 0, _NONBLANK.search(text).start(), False))
