"""Finding the lines an engine saw (tabs expanded, container prefixes removed) in the original file."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain

from markdown.util import BLOCK_LEVEL_ELEMENTS

from ..patterns import LazyPattern
from ..source import Source

TAB_SIZE = 4
_CONTAINER_PREFIX = LazyPattern(r"(?:[ >]|[-*+](?= )|\d{1,9}[.)](?= ))*")
# What may precede a row on its line: container markup, or top-level HTML comments the HTML preprocessor set apart
# (`<!-- c --> a | b` begins a table row after the comment).
_ROW_PREFIX = LazyPattern(r"(?:[ >]|[-*+](?= )|\d{1,9}[.)](?= ))*|[ ]{0,3}(?:<!--.*?-->[ \t]*)+")
_FENCE = LazyPattern(r" {0,3}(`{3,}|~{3,})")
# Lines Python-Markdown sets apart from the lines above them: `///` (pymdownx.blocks), an ATX heading and a
# thematic break (their block processors split a block they find such a line in); at the top level only, not
# indented, a block-level HTML tag or a comment (the HTML preprocessor; inline tags such as <span> stay).
_ENDS_BLOCK = LazyPattern(r"///|#{1,6}(?:[ \t]|$)|(?:([-*_]) *)(?:\1 *){2,}$")
# A pattern string, compiled (into re's cache) by the first line that begins with `<`: few pages have one, and
# compiling it took 4.5 M instructions of every build's imports.
_BLOCK_HTML = rf"<(?:!--|/?(?:{'|'.join(BLOCK_LEVEL_ELEMENTS)})(?=[\s/>]|$))"


class LineLocator:
    """Maps rows of text as Python-Markdown saw them back to lines and offsets of the source."""

    def __init__(self, source: Source, fenced_lines: set[int] | None = None):
        self.lines = source.lines
        self.expanded = expanded_lines(source)
        self.in_fence = _top_level_fenced_lines(self.expanded) if fenced_lines is None else fenced_lines

    def find(self, rows: list[str], start: int = 0) -> int | None:
        """First 0-based line index >= start where the rows appear on consecutive lines."""
        return next(self.places(rows, start), None)

    def places(self, rows: list[str], start: int = 0) -> Iterator[int]:
        """Every line index where the rows appear on consecutive lines: from start on, then from the top."""
        last = len(self.expanded) - len(rows) + 1
        first, expanded = rows[0] if rows else "", self.expanded
        for index in chain(range(start, last), range(min(start, last))):
            if expanded[index].endswith(first) and self.matches(index, rows):  # the first row's line, checked first
                yield index

    def block_goes_on(self, index: int) -> bool:
        """Whether the line after line index belongs to the same block (see _continues)."""
        return index + 1 < len(self.expanded) and _continues(self.expanded[index], self.expanded[index + 1])

    def block_came_before(self, index: int) -> bool:
        """Whether line index continues a block begun on the line above it at the same depth (see _continues)."""
        return index > 0 and _continues(self.expanded[index - 1], self.expanded[index], opened=True)

    def matches(self, index: int, rows: list[str]) -> bool:
        """Whether rows sit at the ends of the lines from index on, after container prefixes only."""
        return all(self._holds(index + k, row) for k, row in enumerate(rows))

    def _holds(self, index: int, row: str) -> bool:
        """Whether line index ends with row and what comes before it is container markup."""
        line = self.expanded[index]
        if index in self.in_fence or not line.endswith(row) or not row.strip():
            return False
        if len(line) == len(row):  # nothing before it (most rows): no prefix to read
            return True
        prefix = line[: len(line) - len(row)]
        return _ROW_PREFIX.fullmatch(prefix) is not None

    def offset(self, index: int, row: str) -> int:
        """Offset in the original line where the (tab-expanded) row text begins."""
        return offset_in(self.lines[index], self.expanded[index], row)


def expanded_lines(source: Source) -> list[str]:
    """Each line with its tabs expanded, "" for a line of spaces and tabs only. A text with no tab and no space
    before a line feed (each line is followed by one in the normalized text) has no such line: its lines as they
    are (most pages: no look at each line)."""
    text = source.normalized()
    if "\t" not in text and " \n" not in text:
        return list(source.lines)
    return [(line.expandtabs(TAB_SIZE) if "\t" in line else line) if line.strip(" \t") else ""
            for line in source.lines]  # a line without a tab is its own expansion


def offset_in(line: str, expanded: str, row: str) -> int:
    """Offset in line (whose tab expansion is expanded) where the row text that ends expanded begins."""
    target = len(expanded) - len(row)
    column = 0
    for offset, char in enumerate(line):
        if column >= target:
            return offset
        column = column + TAB_SIZE - column % TAB_SIZE if char == "\t" else column + 1
    return len(line)


def _top_level_fenced_lines(lines: list[str]) -> set[int]:
    """Indices of lines inside (or opening/closing) closed top-level fenced code blocks.

    An unclosed fence is no fence to Python-Markdown, so its lines are scanned again after it.
    """
    fenced: set[int] = set()
    unclosable: dict[str, int] = {}  # a fence char -> shortest opener that found no closer (nor will later)
    index = 0
    while index < len(lines):
        opener = _fence_opener(lines[index])
        if opener is None or len(opener) >= unclosable.get(opener[0], len(opener) + 1):
            index += 1
            continue
        close = _fence_closer(lines, index + 1, opener)
        if close is None:
            unclosable[opener[0]] = len(opener)
            index += 1
            continue
        fenced.update(range(index, close + 1))
        index = close + 1
    return fenced


def _fence_opener(line: str) -> str | None:
    """The fence marker a line opens with, if it opens a fence."""
    match = _FENCE.match(line)
    if match is None or (match.group(1)[0] == "`" and "`" in line[match.end() :]):
        return None
    return match.group(1)


def _fence_closer(lines: list[str], start: int, opener: str) -> int | None:
    """Index of the first line from start that closes a fence opened with opener."""
    for index in range(start, len(lines)):
        match = _FENCE.match(lines[index])
        if match and match.group(1)[0] == opener[0] and len(match.group(1)) >= len(opener) \
                and not lines[index][match.end() :].strip():
            return index
    return None


def _block_html(line: str) -> bool:
    """Whether line begins with a block-level HTML tag or a comment (_BLOCK_HTML)."""
    return line.startswith("<") and re.match(_BLOCK_HTML, line, re.IGNORECASE) is not None


def _continues(line: str, following: str, *, opened: bool = False) -> bool:
    """Whether following, the line after line, is in the same block: neither blank nor a line Python-Markdown sets
    apart (_ENDS_BLOCK, top-level block HTML), no deeper quote (the blockquote processor splits there), and
    following indented as deeply as line (exactly as deeply when line would open a container for it, opened)."""
    depth, own = _CONTAINER_PREFIX.match(following).end(), _CONTAINER_PREFIX.match(line).end()
    if not following.strip(" >") or not line.strip(" >"):
        return False
    if any(_ENDS_BLOCK.match(text, at) or _block_html(text) for text, at in ((line, own), (following, depth))):
        return False
    deep_enough = depth == own if opened else depth >= own
    return deep_enough and following[:depth].count(">") <= line[:own].count(">")
