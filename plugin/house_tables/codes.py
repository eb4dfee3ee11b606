"""The stable diagnostic codes: one entry per code, shared by every output format."""

from __future__ import annotations

from typing import NamedTuple

from .model import Severity


class Code(NamedTuple):
    """A diagnostic code and what it means."""

    code: str
    name: str
    severity: Severity
    summary: str


CODES: dict[str, Code] = {
    c.code: c
    for c in (
        Code("HT001", "pipe-table", Severity.WARNING, "a Markdown pipe table; the house style forbids them"),
        Code("HT002", "row-too-long", Severity.WARNING,
             "a row has more cells than the header; the engine drops the extra cells"),
        Code("HT003", "row-too-short", Severity.WARNING,
             "a row has fewer cells than the header; the engine pads it with empty cells"),
        Code("HT004", "delimiter-mismatch", Severity.WARNING,
             "a header and delimiter row whose cell counts differ: no table is rendered"),
        Code("HT005", "no-blank-line-before", Severity.WARNING,
             "a table directly after a line of text: Python-Markdown renders no table"),
        Code("HT006", "swallowed-block", Severity.WARNING,
             "a heading, list, fence, rule or quote right after a table becomes a table row"),
        Code("HT007", "dialect-divergence", Severity.WARNING,
             "Python-Markdown and MDX read this table differently"),
        Code("HT008", "bad-directive", Severity.ERROR,
             "a `house-tables:` directive above a table that cannot be understood"),
        Code("HT009", "not-verified", Severity.ERROR,
             "the converted table did not match the engine's rendering of the original: left unchanged"),
        Code("HT010", "not-converted", Severity.WARNING,
             "a table that converting would change (dropped cells, swallowed blocks): left unchanged"),
        Code("HT011", "colgroup-drift", Severity.WARNING,
             "a hand-written table whose colgroup is missing or whose widths are not whole percents adding to 100"),
        Code("HT012", "style-drift", Severity.WARNING,
             "a hand-written table whose element styles differ from the configured house style"),
        Code("HT013", "not-a-grid", Severity.WARNING,
             "a hand-written table the house style cannot express as written (spans, nested tables, several "
             "elements on a line): left alone"),
        Code("HT014", "unlocated-table", Severity.WARNING,
             "a pipe table the engine builds from text that is not lines of this file (raw HTML cut a line): "
             "it cannot be converted"),
    )
}

FIX_HINT = "run `house-tables fix` to convert it to the house table style"
