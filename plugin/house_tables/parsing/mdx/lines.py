"""A source line as the flow sees it, what is left after the container prefixes."""

from __future__ import annotations

from .containers import TAB_SIZE, _Container, _Prefix


class _Line:
    """A source line as the flow sees it: what is left after the container prefixes."""

    __slots__ = ("col", "first", "footnote", "lazy", "number", "start", "text")

    def __init__(self, number: int, text: str, start: int, first: int, lazy: bool):
        self.number = number  # 1-based
        self.text = text  # the whole original line
        self.start = start  # offset where the flow's part of the line begins
        self.first = first  # offset of the first non-blank character of that part, or -1 when it is blank
        self.lazy = lazy  # a lazy continuation line (some open container was not continued)
        self.footnote: _Container | None = None  # the innermost footnote definition holding the line
        self.col = 0  # the column (tab stops of 4) where start is, inside a tab a container's prefix took part of

    def indented(self) -> bool:
        """Whether the flow's part of the line starts with 4 columns of spaces or more: indented code where
        CommonMark has it (micromark's `codeIndented`); a line of spaces only is blank, not code."""
        first, start = self.first, self.start
        if first - start >= TAB_SIZE:
            return True
        return "\t" in self.text[start:first] and _Prefix(self.text, first, start, self.col).eat_space() >= TAB_SIZE
