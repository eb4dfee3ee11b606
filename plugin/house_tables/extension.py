"""Python-Markdown extension `house_tables`: pipe tables and hand-written house JSX tables become the house HTML.

Works wherever Python-Markdown runs (MkDocs, Zensical, plain Python-Markdown). Findings are logged to the
`mkdocs.plugins.house_tables` logger, so a MkDocs build counts them (and `--strict` fails on them).
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from .config import Config, reported_level
from .mapping import line_map
from .model import Diagnostic, Table
from .parsing import all_diagnostics
from .parsing.pymd import locate, start_recording
from .plan import column_widths, settle
from .rendering.layout import Grid, table_styles
from .rendering.restyle import restyle
from .source import Source
from .widths import visible_text

LOGGER = logging.getLogger("mkdocs.plugins.house_tables")
_STASHED = re.compile("\x02wzxhzdk:(\\d+)\x03")
_LEVELS = {"warning": logging.WARNING, "info": logging.INFO, "error": logging.ERROR, "ignore": None}


@dataclass
class PageContext:
    """Where the text being converted comes from, set by the MkDocs plugin before each page."""

    path: str  # as printed: relative to the directory of mkdocs.yml
    original: str  # the file's text on disk
    enabled: bool = True  # False when include/exclude globs leave the page out


@dataclass
class Settings:
    """Options shared by the plugin and the extension."""

    config: Config = field(default_factory=Config)
    level: str = "warning"
    levels: dict[str, str] = field(default_factory=dict)
    sink: Callable[[int, str], None] = LOGGER.log  # the MkDocs plugin collects findings per page


class HouseTablesPreprocessor(Preprocessor):
    """Keep the text as written (before whitespace is normalised) and start recording the page's tables."""

    def __init__(self, md: Markdown, extension: HouseTablesExtension):
        super().__init__(md)
        self.extension = extension
        self.text = ""
        self.record = None

    def page_enabled(self) -> bool:
        """False for a page the plugin's include/exclude globs leave out."""
        page = self.extension.page
        return page is None or page.enabled

    def run(self, lines: list[str]) -> list[str]:
        """The text is not changed: the page's own block parser finds (and builds) its tables."""
        self.text = "\n".join(lines)
        self.record = start_recording(self.md) if self.page_enabled() else None
        return lines


class HouseTablesStasher(Preprocessor):
    """After whitespace is normalised (line numbers unchanged), swap each hand-written JSX table for HTML."""

    def __init__(self, md: Markdown, converter: HouseTablesPreprocessor):
        super().__init__(md)
        self.converter = converter

    def run(self, lines: list[str]) -> list[str]:
        """Each JSX table's lines become one placeholder line at the table's indentation."""
        if not self.converter.page_enabled() or not any("<table" in line for line in lines):
            return lines
        from .rendering.jsx_html import jsx_table_html, jsx_tables  # the renderers: only for pages that need them

        lines = list(lines)
        for start, end, _ in reversed(jsx_tables(lines)):
            first = lines[start]
            indent = first[: len(first) - len(first.lstrip(" >"))]
            html = jsx_table_html(lines[start : end + 1], indent)
            lines[start : end + 1] = [indent + self.md.htmlStash.store("\n".join(html))]
        return lines


class HouseTablesTreeprocessor(Treeprocessor):
    """Once every other tree processor ran, locate the tables the page rendered, style them and log findings."""

    def __init__(self, md: Markdown, converter: HouseTablesPreprocessor, settings: Settings):
        super().__init__(md)
        self.converter = converter
        self.settings = settings

    def run(self, root) -> None:
        """Cells stay exactly as the page's engine rendered them; only styles and the colgroup are added."""
        record, self.converter.record = self.converter.record, None
        if record is None:
            return
        record.stash = [str(block) for block in self.md.htmlStash.rawHtmlBlocks]
        source = Source.parse(self.converter.text)
        located, found = locate(source, record, lazy=True)
        elements = {table.start_line: record.elements[index] for index, table in located}
        tables = [table for _, table in located]
        findings, chosen = settle(tables, source.lines, all_diagnostics(tables, found))
        for table, directive in chosen:
            self._style(elements[table.start_line], table, directive)
        report(findings, self.converter.extension.page, self.converter.text, self.settings)

    def _style(self, element, table: Table, directive) -> None:
        """The house style on one table element, widths from its cells' visible text."""
        columns: list[list[str]] = [[] for _ in table.align]
        for row in element.iter("tr"):
            for index, cell in enumerate(row):
                if index < len(columns):
                    columns[index].append(self._visible(cell))
        config = self.settings.config
        widths = column_widths(columns, config, directive)
        restyle(element, table_styles(Grid(table.align, (), (), tuple(widths)), config.style))

    def _visible(self, cell) -> str:
        """The text a reader sees in a rendered cell: stashed raw HTML and entities resolved, tags dropped."""
        text = "".join(cell.itertext()).strip()
        if "\x02" in text:
            stash = self.md.htmlStash.rawHtmlBlocks
            text = _STASHED.sub(lambda m: visible_text(str(stash[int(m.group(1))])), text)
        return html.unescape(text) if "&" in text else text


def report(diagnostics: list[Diagnostic], page: PageContext | None, text: str, settings: Settings) -> None:
    """Log each finding as `path:line:col: CODE message`, positions in the file on disk."""
    mapped = line_map(page.original, text) if page else None
    for diagnostic in diagnostics:
        level = _LEVELS[reported_level(diagnostic.code, diagnostic.severity, settings.level, settings.levels)]
        if level is not None:
            settings.sink(level, format_finding(diagnostic, page, mapped))


def format_finding(diagnostic: Diagnostic, page: PageContext | None, mapped: dict[int, int] | None) -> str:
    """`docs/page.md:12:5: HT001 pipe table ...` (or a note when the line cannot be mapped)."""
    path = page.path if page else "<markdown>"
    start = diagnostic.span.start
    if mapped is None:
        return f"{path}:{start.line}:{start.column}: {diagnostic.code} {diagnostic.message}"
    line = mapped.get(start.line)
    if line is None:
        return (f"{path}: {diagnostic.code} {diagnostic.message} (line {start.line} of the page as an earlier "
                "plugin changed it; no certain line in the file on disk)")
    return f"{path}:{line}:{start.column}: {diagnostic.code} {diagnostic.message}"


class HouseTablesExtension(Extension):
    """`markdown_extensions: [house_tables]`."""

    def __init__(self, **kwargs):
        self.config = {
            "style": ["house", "house or plain"],
            "widths": ["content", "content or equal"],
            "custom_style": [{}, "colors, paddings, weights"],
            "level": ["warning", "log level of findings: warning, info, error or ignore"],
            "levels": [{}, "log level per code, e.g. {HT003: info}"],
        }
        super().__init__(**kwargs)
        self.settings = Settings(
            config=Config.from_mapping({k: self.getConfig(k) for k in ("style", "widths", "custom_style")},
                                       "house_tables"),
            level=self.getConfig("level"),
            levels=dict(self.getConfig("levels")),
        )
        self.page: PageContext | None = None  # set by the MkDocs plugin before each page

    def extendMarkdown(self, md: Markdown) -> None:
        """Record from the first preprocessor (the text as written); style the tables after every tree processor."""
        converter = HouseTablesPreprocessor(md, self)
        md.preprocessors.register(converter, "house_tables", 40)
        md.preprocessors.register(HouseTablesStasher(md, converter), "house_tables_stash", 29)
        md.treeprocessors.register(HouseTablesTreeprocessor(md, converter, self.settings), "house_tables", -10)
        md.registerExtension(self)


def makeExtension(**kwargs) -> HouseTablesExtension:
    """Entry point for `markdown.Markdown(extensions=["house_tables.extension"])`."""
    return HouseTablesExtension(**kwargs)
