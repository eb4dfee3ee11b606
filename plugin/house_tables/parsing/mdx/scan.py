"""The scanner's driver: scan_mdx reads a source through the document tokenizer, passing over lines where the
fast paths allow, and keeps the tables remark-gfm renders."""

from __future__ import annotations

from ...collector import cycle_collector_paused
from ...model import Diagnostic, Position, Table
from ...source import Source
from .document import _Document
from .findings import _Findings, _rendered_footnotes

SKIP_BACKOFF_MAX = 64  # most lines read before trying to pass over lines again after misses in a row
REPLAY_BUDGET_PER_LINE = 4  # lines that failed multi-line JSX/expression attempts may replay, per source line


def scan_mdx(source: Source, table_tags: list[Position] | None = None, *, fast: bool = True,
             directives: bool = True, commonmark: bool = False,
             html_blocks: dict[int, int] | None = None) -> tuple[list[Table], list[Diagnostic]]:
    """Every pipe table MDX 3 + remark-gfm renders, in document order, and HT004 near misses; table_tags, when
    given, receives where each flow JSX `<table` tag (a hand-written table) begins. fast=False reads every line
    through the tokenizer (no skipping: the reference the fast path is tested against). directives: `:::name` lines
    open and close containers, as Docusaurus reads them (remark-directive); without, they are text (Mintlify and
    plain MDX: a `:::` right under a table is a row of it). commonmark: read as micromark reads CommonMark (with GFM
    and the directives), as Docusaurus reads a page under markdown.format 'md': indented code and HTML blocks, no
    JSX, expressions nor ESM (the fast paths, made for MDX, are not taken); html_blocks, when given, then receives
    where each HTML block begins and ends (its first line -> its last)."""
    fast = fast and not commonmark
    findings = _Findings(budget=REPLAY_BUDGET_PER_LINE * len(source.lines) + 1000,
                         engine="CommonMark" if commonmark else "MDX")
    with cycle_collector_paused():
        document = _Document(findings, directives, commonmark)
        lines, index, backoff = source.lines, 0, 0
        while index < len(lines):
            stop = index + 1  # lines read before trying to pass over lines again
            if fast and not document.stack:
                moved = document.skip(lines, index)
                if moved == len(lines):
                    break
                if moved == index:  # nothing passed over: try again later, later still after each miss in a row
                    backoff = min(2 * backoff + 1, SKIP_BACKOFF_MAX)
                    stop = min(index + backoff, len(lines))
                else:
                    index, stop, backoff = moved, moved + 1, 0
            for number in range(index, stop):
                document.line(number + 1, lines[number])
            index = stop
        document.finish()
    if table_tags is not None:
        table_tags.extend(findings.table_tags)
    if html_blocks is not None:
        html_blocks.update(findings.html_blocks)
    rendered = _rendered_footnotes(source.lines, findings)
    tables = [table for table, footnote in findings.tables if footnote is None or footnote in rendered]
    diagnostics = sorted(findings.diagnostics.values(), key=lambda d: d.span.start)
    return tables, diagnostics
