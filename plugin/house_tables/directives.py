"""Per-table directives on the line above a table: `<!-- house-tables: ... -->` or `{/* house-tables: ... */}`.

`off` leaves the table alone (and silences its HT001); `widths=30,15,15,40` fixes the column widths
(whole percents, one per column, adding up to 100); `widths=equal` / `widths=content` picks a policy.
"""

from __future__ import annotations

from typing import NamedTuple

from .model import Position, Span
from .patterns import LazyPattern

_DIRECTIVE = LazyPattern(r"^[ \t>]*(?:<!--|\{/\*)[ \t]*house-tables:(?P<body>.*?)(?:-->|\*/\})[ \t]*$")


class DirectiveError(ValueError):
    """A directive that cannot be understood; the message says why."""


class Directive(NamedTuple):
    """What a directive asks for one table."""

    span: Span
    off: bool = False
    widths: tuple[int, ...] | None = None
    policy: str | None = None


def directive_above(lines: tuple[str, ...], table_line: int) -> tuple[Directive | None, str | None]:
    """The directive on the nearest non-blank line above a table (at most one blank line between; in a quote, a
    line of only `>` is its blank line)."""
    for index in (table_line - 2, table_line - 3):
        if index < 0:
            return None, None
        line = lines[index]
        if line.strip(" \t>"):
            match = _DIRECTIVE.match(line)
            if match is None:
                return None, None
            return _parse(match.group("body"), index + 1, line)
    return None, None


def _parse(body: str, line_no: int, line: str) -> tuple[Directive | None, str | None]:
    """A directive from its body text, or an error message."""
    start = len(line) - len(line.lstrip(" \t>"))
    span = Span(Position(line_no, start + 1), Position(line_no, len(line.rstrip())))
    words = body.split()
    if words == ["off"]:
        return Directive(span, off=True), None
    if len(words) != 1 or not words[0].startswith("widths="):
        return Directive(span), f"expected `off` or `widths=...`, not {body.strip()!r}"
    value = words[0][len("widths="):]
    if value in ("equal", "content"):
        return Directive(span, policy=value), None
    try:
        widths = tuple(int(part) for part in value.split(","))
    except ValueError:
        return Directive(span), f"widths must be whole percents separated by commas, not {value!r}"
    if sum(widths) != 100 or min(widths) < 1:
        return Directive(span), f"widths must be positive and add up to 100 (they add up to {sum(widths)})"
    return Directive(span, widths=widths), None
