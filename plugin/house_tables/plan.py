"""What happens to each table before anything is rendered: its directive, or why it must stay as written.

Light on purpose (no renderer imported): `house-tables check` and the Markdown extension need only this.
"""

from __future__ import annotations

from dataclasses import dataclass

from .config import Config
from .decisions import settle
from .model import Diagnostic, Dialect, HtmlTableTag, PlacedTable, Review, ScanResult, Table
from .parsing import scan
from .source import Source


@dataclass(frozen=True)
class Plan:
    """What a page holds before anything is rendered: its pipe tables, every finding, and its hand-written tables'
    review (conforming, to normalise, left alone)."""

    tables: list[Table]
    diagnostics: list[Diagnostic]
    hand: Review
    elsewhere: tuple[PlacedTable, ...] = ()  # the tables the page shows that are not its file's own (ScanResult's)


def plan_page(text: str, dialect: Dialect | str, *, config: Config | None = None,
              extensions: tuple[str, ...] | None = None, configs: dict | None = None, cross_check: bool = False,
              front_matter: bool = False, directives: bool = True, rewrite=None, commonmark: bool = False) -> Plan:
    """The page's tables and every finding convert gives, except HT009 (which only rendering can find); cross_check
    adds HT007 where the other dialect reads a table differently; directives: MDX reads `:::name` containers;
    rewrite: what the site's plugins and hooks make of the page's text (on_page_markdown), as convert's;
    commonmark: the host reads the page as CommonMark (Docusaurus' markdown.format 'md'): its pipe tables are
    found with CommonMark's rules (scan_mdx's commonmark), its `<table>`s are HTML (see hand_table_tags)."""
    source = Source.parse(text)
    result = scan(text, dialect, extensions=extensions, configs=configs, cross_check=cross_check,
                  front_matter=front_matter, source=source, directives=directives, rewrite=rewrite,
                  commonmark=commonmark)
    lines = source.lines
    tags = hand_table_tags(text, dialect, result, extensions=extensions, configs=configs, front_matter=front_matter,
                           rewrite=rewrite, commonmark=commonmark)
    hand = _review(lines, tags, config or Config())
    diagnostics = settle(result.tables, lines, result.diagnostics)[0]
    if hand.findings:
        diagnostics = sorted([*diagnostics, *hand.findings], key=Diagnostic.order)
    return Plan(list(result.tables), diagnostics, hand, result.elsewhere)


def _review(lines: tuple[str, ...], tags, config: Config) -> Review:
    """conformance.review of the page's hand-written tables; a page without any (most pages) is reviewed as
    review does it, to an empty Review, without importing the conformance modules (the reader's and the rules'
    patterns and classes: about 5% of check's start-up)."""
    if not tags:
        return Review()
    from .conformance import review

    return review(lines, tags, config)


def hand_table_tags(text: str, dialect: Dialect, result: ScanResult, *, extensions=None, configs=None,
                    front_matter=False, rewrite=None, commonmark: bool = False) -> tuple:
    """Where the page's hand-written tables begin: as MDX reads them (the scan), or, in a `.md` page, the house JSX
    tables the MkDocs plugin renders and the raw HTML tables the page shows (the page rendered with the plugin's
    own extension, as the site's hooks and plugins rewrite it; only for a page that has `<table` at all).
    commonmark: the host reads the page as CommonMark, where the scan found the `<table>`s that start lines of
    HTML blocks: raw HTML, with `style="..."` strings (a page Docusaurus reads as CommonMark, where fix writes the
    HTML form)."""
    if Dialect(dialect) is Dialect.MDX:
        return tuple(HtmlTableTag(*tag) for tag in result.table_tags) if commonmark else result.table_tags
    if "<table" not in text:
        return result.table_tags
    from .parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS, rewritten
    from .rendering.page import house_table_tags

    configs = MKDOCS_EXTENSION_CONFIGS if configs is None else configs
    return house_table_tags(text, extensions or MKDOCS_EXTENSIONS, configs, front_matter=front_matter,
                            rewritten=None if rewrite is None else rewritten(rewrite, text))


def planned_diagnostics(text: str, dialect: Dialect | str, **options) -> tuple[list[Table], list[Diagnostic]]:
    """plan_page's tables and findings."""
    plan = plan_page(text, dialect, **options)
    return plan.tables, plan.diagnostics
