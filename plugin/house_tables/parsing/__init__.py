"""Scanning a source for pipe tables in one of the two dialects."""

from __future__ import annotations

from collections.abc import Callable

from ..diagnostics import divergences, pipe_table, ragged_rows
from ..model import Diagnostic, Dialect, ScanResult, Table
from ..source import Source


def scan(
    text: str,
    dialect: Dialect | str = Dialect.PYTHON_MARKDOWN,
    *,
    extensions: tuple[str, ...] | None = None,
    configs: dict | None = None,
    cross_check: bool = False,
    front_matter: bool = False,
    source: Source | None = None,
    directives: bool = True,
    rewrite: Callable[[str], str] | None = None,
    commonmark: bool = False,
) -> ScanResult:
    """Every pipe table of text as the dialect's engine renders it, with all diagnostics, in source order;
    front_matter: a page of an MkDocs site (Python-Markdown reads it without its front matter); source: the text
    already split (Source.parse(text)), when the caller has it; directives: MDX reads `:::name` containers
    (Docusaurus), see scan_mdx; rewrite: what the site's plugins and hooks make of a `.md` page's text before Markdown
    reads it (scan_pymd reads that, placing what it finds in the file); commonmark: an MDX host reads the page as
    CommonMark (Docusaurus' markdown.format 'md'), see scan_mdx."""
    dialect = Dialect(dialect)
    kept = LAST_MDX_SCAN[0] if dialect is Dialect.MDX and not cross_check else None
    if kept and kept[0] == (text, directives, commonmark):
        return kept[1]
    source = Source.parse(text) if source is None else source
    result = _scan(source, dialect, extensions, configs, cross_check, front_matter, directives, rewrite, commonmark)
    if dialect is Dialect.MDX and not cross_check and LAST_MDX_SCAN[0] is not False:
        LAST_MDX_SCAN[0] = ((text, directives, commonmark), result)
    return result


# The last `.mdx` text scanned (whether `:::` containers were read, whether as CommonMark) and what the scan found
# (no extension or option changes MDX's reading otherwise): `fix` scans the converted page to verify it, then checks
# the same text again. False: nothing kept (rendering.fast.slow_paths, for the tests that compare).
LAST_MDX_SCAN: list = [None]


def _scan(source: Source, dialect: Dialect, extensions, configs, cross_check: bool, front_matter: bool,
          directives: bool = True, rewrite=None, commonmark: bool = False) -> ScanResult:
    """scan() of a split source, nothing kept."""
    table_tags: list = []
    elsewhere: list = []
    read: list = []  # the text the block parser read, where includes made it other than the page's
    html_blocks: dict[int, int] | None = {} if commonmark and dialect is Dialect.MDX else None
    tables, diagnostics = _scan_dialect(source, dialect, extensions, configs, front_matter, table_tags, directives,
                                        rewrite, elsewhere, commonmark, html_blocks, read)
    diagnostics = all_diagnostics(tables, diagnostics)
    if cross_check:
        other = Dialect.MDX if dialect is Dialect.PYTHON_MARKDOWN else Dialect.PYTHON_MARKDOWN
        other_tables, _ = _scan_dialect(source, other, extensions, configs, front_matter, directives=directives,
                                        commonmark=commonmark)
        pair = (tables, other_tables) if dialect is Dialect.PYTHON_MARKDOWN else (other_tables, tables)
        diagnostics.extend(divergences(*pair))
    diagnostics.sort(key=Diagnostic.order)
    included_table_tag = bool(read) and "<table" in read[0]
    return ScanResult(tuple(tables), tuple(diagnostics), tuple(table_tags), tuple(elsewhere), html_blocks,
                      included_table_tag)


def all_diagnostics(tables: list[Table], found: list[Diagnostic]) -> list[Diagnostic]:
    """The dialect's findings plus, for each table, HT001 and its ragged rows (rows swallowed by HT006 aside)."""
    diagnostics = list(found)
    swallowed = {d.span.start.line for d in found if d.code == "HT006"}
    for table in tables:
        diagnostics.append(pipe_table(table))
        diagnostics.extend(ragged_rows(table, swallowed))
    return diagnostics


def _scan_dialect(source: Source, dialect: Dialect, extensions, configs, front_matter: bool = False,
                  table_tags: list | None = None, directives: bool = True, rewrite=None, elsewhere: list | None = None,
                  commonmark: bool = False, html_blocks: dict[int, int] | None = None, read: list | None = None):
    """Tables and dialect-specific diagnostics from one dialect's scanner (table_tags: receives where MDX's
    hand-written JSX tables begin; elsewhere: the PlacedTables a `.md` page shows that are not its file's own;
    read: the text the block parser read where includes made it other than the page's)."""
    if dialect is Dialect.MDX:
        from .mdx import scan_mdx

        return scan_mdx(source, table_tags, directives=directives, commonmark=commonmark, html_blocks=html_blocks)
    from .pymd import MKDOCS_EXTENSIONS, scan_pymd

    return scan_pymd(source, extensions or MKDOCS_EXTENSIONS, configs, front_matter=front_matter, rewrite=rewrite,
                     elsewhere=elsewhere, parsed=read)
