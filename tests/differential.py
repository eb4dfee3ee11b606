"""The differential checks: our reading of a document equals the real engine's (property tests and regressions)."""

import re

from house_tables.parsing import scan
from house_tables.parsing.pymd import scan_pymd
from house_tables.source import Source

from engines import EXTENSION_CONFIGS, PYMD_MKDOCS_EXTENSIONS, pymd_tables
from rebuild import multiline_cells, rebuild


def _slice(source: Source, span) -> str:
    """The source text of a one-line span."""
    return source.lines[span.start.line - 1][span.start.column - 1 : span.end.column]


def _assert_spans(text: str, tables) -> None:
    """Every one-line cell span slices the original to the cell text."""
    source = Source.parse(text)
    for table in tables:
        for row in (table.header, table.delimiter, *table.body):
            for cell in row.cells:
                if "\n" not in cell.text:
                    assert _slice(source, cell.span) == cell.text


def check_python_markdown(text: str, configs: dict = EXTENSION_CONFIGS) -> None:
    """Our python-markdown reading of text equals Python-Markdown's."""
    expected = pymd_tables(text, configs)
    ours, diagnostics = scan_pymd(Source.parse(text), PYMD_MKDOCS_EXTENSIONS, configs)
    unlocated = sum(d.code == "HT014" for d in diagnostics)  # a table whose rows are not lines of the text
    assert len(ours) + unlocated == len(expected)
    remaining, skipped = list(ours), 0
    for want in expected:  # in page order; a table we could not locate is one we report with HT014 instead
        table = remaining[0] if remaining else None
        if table is None or list(table.align) != want["align"] or len(table.grid()) != len(want["rows"]):
            skipped += 1
            continue
        remaining.pop(0)
        if not multiline_cells(table):
            (rendered,) = pymd_tables(rebuild(table), configs)
            assert (rendered["header"], rendered["rows"]) == (want["header"], want["rows"])
    assert (skipped, remaining) == (unlocated, [])
    _assert_spans(text, ours)


# Docusaurus makes an admonition keyword's title a label (`:::tip Title` -> `:::tip[Title]`) before MDX reads the
# page, with this pattern (docusaurus-mdx-loader's admonitionTitleToDirectiveLabel); the scanner reads the first form
# as Docusaurus does.
_ADMONITION_TITLE = re.compile(r"^((?:> ?)*(?: +|\t+)?:{3,}(?:note|tip|info|warning|danger|caution|important|success"
                               r"|secondary)) +(.*)$", re.MULTILINE)


def as_docusaurus_gives_it(text: str) -> str:
    """The page as Docusaurus hands it to MDX: each admonition keyword's title made a label (lines unchanged)."""
    return _ADMONITION_TITLE.sub(r"\1[\2]", text)


def check_mdx(mdx_engine, text: str, expected: list[dict], directives: bool = True, form: str = "mdx") -> None:
    """Our mdx reading of text equals MDX's reading, `expected` (the tables of a document MDX compiles; directives:
    with `:::name` containers read, as Docusaurus reads them, or as text, as Mintlify does; form "md": read as
    CommonMark, as Docusaurus reads a page under markdown.format 'md')."""
    expected = sorted(expected, key=lambda t: t["lines"])  # footnote tables render at the end of the page
    ours = scan(text, "mdx", directives=directives, commonmark=form == "md").tables
    assert [[t.start_line, t.end_line] for t in ours] == [t["lines"] for t in expected]
    rebuilt = mdx_engine.tables_many([rebuild(table) for table in ours], directives, form)
    for table, want, got in zip(ours, expected, rebuilt):
        assert list(table.align) == want["align"]
        assert got is not None and len(got) == 1
        assert (got[0]["header"], got[0]["rows"]) == (want["header"], want["rows"])
    _assert_spans(text, ours)
