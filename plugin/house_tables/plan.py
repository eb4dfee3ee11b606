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
    included: list = []
    tags = hand_table_tags(text, dialect, result, extensions=extensions, configs=configs, front_matter=front_matter,
                           rewrite=rewrite, commonmark=commonmark, included=included)
    hand = _review(lines, tags, config or Config())
    diagnostics = settle(result.tables, lines, result.diagnostics)[0]
    shown = included_hand_findings(text, included, config or Config())
    if hand.findings or shown:
        diagnostics = sorted([*diagnostics, *hand.findings, *shown], key=Diagnostic.order)
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
                    front_matter=False, rewrite=None, commonmark: bool = False, included: list | None = None) -> tuple:
    """Where the page's hand-written tables begin: as MDX reads them (the scan), or, in a `.md` page, the house JSX
    tables the MkDocs plugin renders and the raw HTML tables the page shows (the page rendered with the plugin's
    own extension, as the site's hooks and plugins rewrite it; only for a page that has `<table` at all, or,
    asked for included, includes text that has).
    commonmark: the host reads the page as CommonMark, where the scan found the `<table>`s that start lines of
    HTML blocks: raw HTML, with `style="..."` strings (a page Docusaurus reads as CommonMark, where fix writes the
    HTML form). included: receives the hand-written tables a `.md` page shows from a snippet
    (rendering.page.IncludedHandTables)."""
    if Dialect(dialect) is Dialect.MDX:
        return tuple(HtmlTableTag(*tag) for tag in result.table_tags) if commonmark else result.table_tags
    if "<table" not in text and (included is None or not result.included_table_tag):
        return result.table_tags  # no table here, nor in the text a snippet included
    from .parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS, rewritten
    from .rendering.page import house_table_tags

    configs = MKDOCS_EXTENSION_CONFIGS if configs is None else configs
    # rewritten as the scan rewrote it (Source.normalized): a rewrite that pastes files pastes a text once
    return house_table_tags(text, extensions or MKDOCS_EXTENSIONS, configs, front_matter=front_matter,
                            rewritten=None if rewrite is None else rewritten(rewrite, Source.parse(text).normalized()),
                            included=included)


def included_hand_findings(text: str, included: list, config: Config) -> list[Diagnostic]:
    """The findings (HT011-HT013) of the hand-written tables a page shows from included text, as the build gives
    them: each table reviewed in the text the page was read as, each finding placed at the included file's line
    (else at the including line, with a note). The page's file cannot change them; the included file's own check
    says them once more only where the build does too (a snippet that is also a page)."""
    if not included:
        return []
    from .conformance import review
    from .mapping import lines_of
    from .parsing.pymd import in_place

    original, found = lines_of(text), []
    for tables in included:
        read = Source.parse(tables.read).lines
        for diagnostic in review(read, tables.tags, config).findings:
            found.append(in_place(diagnostic, list(read), tables.mapped, original, tables.included))
    return found


def planned_diagnostics(text: str, dialect: Dialect | str, **options) -> tuple[list[Table], list[Diagnostic]]:
    """plan_page's tables and findings."""
    plan = plan_page(text, dialect, **options)
    return plan.tables, plan.diagnostics
