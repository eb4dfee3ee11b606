"""Python-Markdown extension `house_tables`: pipe tables and hand-written house JSX tables become the house HTML.

Works wherever Python-Markdown runs (MkDocs, Zensical, plain Python-Markdown). Findings are logged to the
`mkdocs.plugins.house_tables` logger, so a MkDocs build counts them (and `--strict` fails on them).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from .codes import CODES
from .config import Config
from .convert import Conversion, convert
from .mapping import line_map
from .model import Diagnostic, Severity
from .rendering.jsx_html import jsx_table_html, jsx_tables

LOGGER = logging.getLogger("mkdocs.plugins.house_tables")
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
    extensions: tuple[str, ...] | None = None
    extension_configs: dict | None = None
    sink: Callable[[int, str], None] = LOGGER.log  # the MkDocs plugin collects findings per page


class HouseTablesPreprocessor(Preprocessor):
    """Convert the text as written (before whitespace is normalised) and log the findings."""

    def __init__(self, md: Markdown, extension: HouseTablesExtension):
        super().__init__(md)
        self.extension = extension
        self.settings = extension.settings
        self.conversion: Conversion | None = None

    def page_enabled(self) -> bool:
        """False for a page the plugin's include/exclude globs leave out."""
        page = self.extension.page
        return page is None or page.enabled

    def run(self, lines: list[str]) -> list[str]:
        """Convert, and log the findings at their place in the file on disk; the text is not changed yet."""
        self.conversion = Conversion("")
        if not self.page_enabled():
            return lines
        text = "\n".join(lines)
        self.conversion = _convert_cached(text, self.settings.config, *self._stack())
        report(self.conversion.diagnostics, self.extension.page, text, self.settings)
        return lines

    def _stack(self) -> tuple[tuple[str, ...] | None, str]:
        """The site's extension stack (MkDocs' defaults when unknown), with a hashable key for its configs."""
        configs = self.settings.extension_configs
        key = repr(sorted(configs.items())) if configs is not None else ""
        _CONFIG_STORE[key] = configs
        return self.settings.extensions, key



class HouseTablesStasher(Preprocessor):
    """After whitespace is normalised (line numbers unchanged), swap each converted table for stashed HTML."""

    def __init__(self, md: Markdown, converter: HouseTablesPreprocessor):
        super().__init__(md)
        self.converter = converter

    def run(self, lines: list[str]) -> list[str]:
        """Each table's lines become one placeholder line at the table's indentation."""
        conversion = self.converter.conversion
        ranges = [(t.table.start_line - 1, t.table.end_line - 1, t.output) for t in conversion.converted]
        ranges += [(a, b, None) for a, b, _ in jsx_tables(lines)] if self.converter.page_enabled() else []
        lines = list(lines)
        for start, end, output in sorted(ranges, reverse=True):
            first = lines[start]
            indent = first[: len(first) - len(first.lstrip(" >"))]
            html = output if output is not None else jsx_table_html(lines[start : end + 1], indent)
            lines[start : end + 1] = [indent + self.md.htmlStash.store("\n".join(html))]
        return lines


_CONFIG_STORE: dict[str, dict | None] = {}


@lru_cache(maxsize=256)
def _convert_cached(text: str, config: Config, names: tuple[str, ...] | None, configs_key: str) -> Conversion:
    """Conversions cached by page content: rebuilding an unchanged page costs nothing."""
    configs = _CONFIG_STORE.get(configs_key)
    return convert(text, "python-markdown", config, form="html", extensions=names, configs=configs)


def report(diagnostics: list[Diagnostic], page: PageContext | None, text: str, settings: Settings) -> None:
    """Log each finding as `path:line:col: CODE message`, positions in the file on disk."""
    mapped = line_map(page.original, text) if page else None
    for diagnostic in diagnostics:
        level = _LEVELS[settings.levels.get(diagnostic.code, _default_level(diagnostic, settings))]
        if level is not None:
            settings.sink(level, format_finding(diagnostic, page, mapped))


def _default_level(diagnostic: Diagnostic, settings: Settings) -> str:
    """The configured level, raised to error for error-severity codes."""
    return "error" if CODES[diagnostic.code].severity is Severity.ERROR else settings.level


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
            "extensions": [[], "the site's Markdown extensions, to render cells (default: MkDocs' usual stack)"],
            "extension_configs": [{}, "their configurations"],
        }
        super().__init__(**kwargs)
        self.settings = Settings(
            config=Config.from_mapping({k: self.getConfig(k) for k in ("style", "widths", "custom_style")},
                                       "house_tables"),
            level=self.getConfig("level"),
            levels=dict(self.getConfig("levels")),
            extensions=tuple(self.getConfig("extensions")) or None,
            extension_configs=dict(self.getConfig("extension_configs")) or None,
        )
        self.page: PageContext | None = None  # set by the MkDocs plugin before each page

    def extendMarkdown(self, md: Markdown) -> None:
        """Convert before every other preprocessor (the text as written); stash after normalize_whitespace."""
        converter = HouseTablesPreprocessor(md, self)
        md.preprocessors.register(converter, "house_tables", 40)
        md.preprocessors.register(HouseTablesStasher(md, converter), "house_tables_stash", 29)
        md.registerExtension(self)


def makeExtension(**kwargs) -> HouseTablesExtension:
    """Entry point for `markdown.Markdown(extensions=["house_tables.extension"])`."""
    return HouseTablesExtension(**kwargs)
