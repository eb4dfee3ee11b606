"""The build-time extension's table pass as it was before its fast paths (main at 9f6aace, plus main's later
review of raw HTML tables), kept as the reference the fast paths are compared against (tests/test_plugin_fast_paths.py).

Every page goes through locating, settling, styling and reporting; every row is split from the page's own lines
(eager locating, the check path: no cell count taken from Python-Markdown's split); every cell's text comes from
`itertext`; findings are placed through a map of every line; blocks are tested whatever they hold.
"""

import html

from house_tables.config import reported_level
from house_tables.decisions import settle
from house_tables.diagnostics import finding_line, shown_file
from house_tables.extension import (
    _LEVELS,
    _STASHED,
    HouseTableProcessor,
    HouseTablesTreeprocessor,
    RawHtmlTables,
    host_page,
)
from house_tables.mapping import line_map, line_origin, lines_of
from house_tables.model import Diagnostic
from house_tables.parsing import all_diagnostics
from house_tables.parsing.house_form import is_house_table_opener
from house_tables.parsing.pymd import locate
from house_tables.rendering.layout import Grid, table_styles
from house_tables.rendering.restyle import restyle
from house_tables.source import Source
from house_tables.widths import column_widths, visible_text


class ReferenceTableProcessor(HouseTableProcessor):
    """The house JSX block test reading every block."""

    def test(self, parent, block: str) -> bool:
        if not self.converter.page_enabled():
            return False
        return is_house_table_opener(block.lstrip("\n").split("\n", 1)[0]) or self._stashed(block) is not None


class ReferenceTreeprocessor(HouseTablesTreeprocessor):
    """Locate (eagerly), settle, style and report every page."""

    def run(self, root) -> None:
        record, self.converter.record = self.converter.record, None
        if record is None:
            return
        RawHtmlTables(self.md, self.converter).review(root)
        record.stash = [str(block) for block in self.md.htmlStash.rawHtmlBlocks]
        source = Source.parse(self.converter.text)
        located, found = locate(source, record, lazy=False)
        elements = {table.start_line: record.elements[index] for index, table in located}
        tables = [table for _, table in located]
        findings, chosen = settle(tables, source.lines, all_diagnostics(tables, found))
        if self.converter.hand_findings:
            findings = sorted([*findings, *self.converter.hand_findings], key=Diagnostic.order)
        for table, directive in chosen:
            self._style(elements[table.start_line], table, directive)
        page = self.converter.extension.page or host_page(self.md)
        report(findings, page, self.converter.text, self.settings, self.converter.included)

    def _style(self, element, table, directive) -> None:
        columns: list[list[str]] = [[] for _ in table.align]
        for row in element.iter("tr"):
            for index, cell in enumerate(row):
                if index < len(columns):
                    columns[index].append(self._visible(cell))
        config = self.settings.config
        widths = column_widths(columns, config, directive)
        restyle(element, table_styles(Grid(table.align, (), (), tuple(widths)), config.style))

    def _visible(self, cell) -> str:
        """The tree's own references decoded, then each stashed block's text (decoded once, by visible_text: a
        code span's stashed `a&amp;nbsp;b` shows `a&nbsp;b`), as fix measures a cell (33769ea)."""
        text = html.unescape("".join(cell.itertext()).strip())
        if "\x02" in text:
            stash = self.md.htmlStash.rawHtmlBlocks
            text = _STASHED.sub(lambda m: visible_text(str(stash[int(m.group(1))])), text)
        return text


def report(diagnostics, page, text, settings, included=None) -> None:
    places = Places(page, text, included or {})
    for diagnostic in diagnostics:
        level = _LEVELS[reported_level(diagnostic.code, diagnostic.severity, settings.level, settings.levels)]
        if level is not None:
            settings.sink(level, places.finding(diagnostic))


def reference_line_map(original: str, derived: str) -> dict[int, int]:
    """mapping.line_map as it was: the suffix case as a map of every line."""
    lf = lines_of(original), lines_of(derived)
    original, derived = "\n".join(lf[0]), "\n".join(lf[1])
    if original.endswith(derived):
        offset = original[: len(original) - len(derived)].count("\n")
        return {line: line + offset for line in range(1, derived.count("\n") + 2)}
    return line_map(original, derived)


class Places:
    def __init__(self, page, text, included):
        self.page, self.text, self.included = page, text, included
        self._mapped = None

    def finding(self, diagnostic) -> str:
        start = diagnostic.span.start
        if self.page is None:
            return _line("<markdown>", start.line, start.column, diagnostic)
        if self._mapped is None:
            self._mapped = reference_line_map(self.page.original, self.text)
        if start.line in self._mapped:
            return _line(self.page.path, self._mapped[start.line], start.column, diagnostic)
        origin = line_origin(start.line, self.text.split("\n"), self._mapped, lines_of(self.page.original),
                             self.included)
        if origin.path is not None:
            return _line(shown_file(origin.path), origin.line, start.column - origin.shift, diagnostic)
        if origin.line is not None:
            return _line(self.page.path, origin.line, 1, diagnostic,
                         f"{origin.note}; line {start.line} of the page as MkDocs read it")
        return _line(self.page.path, None, None, diagnostic,
                     f"line {start.line} of the page as an earlier plugin changed it; no certain line in "
                     "the file on disk")


def _line(path, line, column, diagnostic, note="") -> str:
    return finding_line(path, line, column, diagnostic.code, diagnostic.message, note)
