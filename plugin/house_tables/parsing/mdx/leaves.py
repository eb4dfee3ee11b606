"""One-line leaf constructs keyed on a line's first character: thematic breaks and setext underlines."""

from __future__ import annotations


def _thematic_break(text: str, start: int) -> bool:
    """Three or more of the same `*`, `-` or `_`, with only spaces and tabs besides."""
    rest = text[start:]
    marker = rest[0]
    return rest.count(marker) >= 3 and not rest.strip(" \t" + marker)


def _setext_underline(text: str, start: int) -> bool:
    """A run of `-` or of `=`, then only spaces and tabs."""
    rest = text[start:].rstrip(" \t")
    return not rest.strip(rest[0])
