"""A source line as the flow sees it, what is left after the container prefixes."""

from __future__ import annotations

from .containers import _Container


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
