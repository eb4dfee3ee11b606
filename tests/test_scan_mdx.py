"""The mdx dialect against MDX 3 + remark-gfm: the engine cases, the fixtures, exact spans, near misses."""

from pathlib import Path

import pytest

from house_tables.model import Dialect, Table
from house_tables.parsing.mdx import scan_mdx
from house_tables.source import Source

from project_data import engine_cases
from rebuild import rebuild

CASES = engine_cases()
IDS = [case["id"] for case in CASES]
FIXTURES = sorted((Path(__file__).resolve().parent / "fixtures" / "mdx").glob("*.mdx"))

# Cases MDX cannot compile or render: there is no MDX reading to agree with, so these are the only ones whose
# tables are not compared with results["mdx"] (they are compared with remark_md's structure instead, below).
MDX_FAILS = {
    "html-pipe-attr": "MDX fails to compile: Unexpected end of file in attribute value (`|` split the tag)",
    "html-pipe-text": "MDX fails to compile: Expected a closing tag for `<kbd>` before the end of tableData",
    "autolink-pipe": "MDX fails to compile: Unexpected character `/` before local name (`<http://...>`)",
    "start-after-html-comment": "MDX fails to compile: Unexpected character `!` before name (`<!--`)",
    "cell-links-images": "MDX fails to compile: Unexpected character `/` before local name (`<https://...>`)",
    "cell-br-html": "MDX fails to compile: Expected a closing tag for `<br>` before the end of tableData",
    "cell-braces": "MDX fails to render: x is not defined",
    "cell-brace-unbalanced": "MDX fails to compile: Unexpected end of file in expression (no closing brace)",
    "cell-expression-pipe": "MDX fails to compile: Unexpected end of file in expression (no closing brace)",
    "cell-lt-eq": "MDX fails to compile: Unexpected character `=` before name",
    "cell-lt-eq-nospace": "MDX fails to compile: Unexpected character `=` before name",
    "cell-lt-dash": "MDX fails to compile: Unexpected character `-` before name",
    "cell-fragment": "MDX fails to compile: Expected a closing tag for `<>` before the end of tableData",
    "cell-lt-generic": "MDX fails to compile: Expected a closing tag for `<T>` before the end of tableData",
    "cell-lt-digit": "MDX fails to compile: Unexpected character `5` before name",
    "cell-html-comment": "MDX fails to compile: Unexpected character `!` before name (`<!--`)",
    "jsxtd-lbrace": "MDX fails to compile: Unexpected end of file in expression (no closing brace)",
    "jsxtd-lt-nospace": "MDX fails to compile: Unexpected closing tag `</td>`, expected one for `<T>`",
    "jsxtd-style-string": "MDX fails to render: The `style` prop expects a mapping, not a string",
    "jsxtd-br-html": "MDX fails to compile: Unexpected closing tag `</td>`, expected one for `<br>`",
    "jsxtd-comment": "MDX fails to compile: Unexpected character `!` before name (`<!--`)",
    "jsxtd-autolink": "MDX fails to compile: Unexpected character `/` before local name (`<https://...>`)",
}
COMPILED = [case for case in CASES if case["id"] not in MDX_FAILS]
FAILED = [case for case in CASES if case["id"] in MDX_FAILS]


def _scan(text: str) -> list[Table]:
    """Our tables for a document."""
    tables, _ = scan_mdx(Source.parse(text))
    return tables


def _md_tables(result: dict) -> list[dict]:
    """An engine's tables made from pipe syntax."""
    return [table for table in result["tables"] if table["source"] == "md"]


def _shape(table: Table) -> tuple:
    """Lines, alignment, column count and body row count of one of our tables."""
    return [table.start_line, table.end_line], list(table.align), table.columns, len(table.body)


def _engine_shape(table: dict) -> tuple:
    """Lines, alignment, column count and body row count of an engine's table."""
    return table["lines"], table["align"], len(table["header"]), len(table["rows"])


def _slice(source: Source, span) -> str:
    """The source text of a one-line span (inclusive end column)."""
    return source.lines[span.start.line - 1][span.start.column - 1 : span.end.column]


def _assert_spans(text: str, tables: list[Table]) -> None:
    """Every cell and row span slices the original line to exactly what it stands for."""
    source = Source.parse(text)
    for table in tables:
        assert table.dialect is Dialect.MDX and not table.empty_row
        assert source.lines[table.start_line - 1][: table.span.start.column - 1] == table.indent
        for row in (table.header, table.delimiter, *table.body):
            line = source.lines[row.line - 1]
            assert _slice(source, row.span) == line[row.span.start.column - 1 :].rstrip(" \t")
            for cell in row.cells:
                assert _slice(source, cell.span) == cell.text


# ---------------------------------------------------------------------- engine cases
def test_mdx_failures_are_the_recorded_ones():
    """MDX_FAILS names exactly the cases whose MDX run failed."""
    assert set(MDX_FAILS) == {case["id"] for case in CASES if not case["results"]["mdx"]["ok"]}


@pytest.mark.parametrize("case", COMPILED, ids=[case["id"] for case in COMPILED])
def test_tables_where_mdx_finds_them(case):
    """Same tables as MDX: count, order, lines, alignment, columns and body rows (the MDX_FAILS cases are
    compared with micromark's reading below, since MDX itself throws on them)."""
    want = [_engine_shape(table) for table in _md_tables(case["results"]["mdx"])]
    assert [_shape(table) for table in _scan(case["md"])] == want


@pytest.mark.parametrize("case", FAILED, ids=[case["id"] for case in FAILED])
def test_structure_where_mdx_fails_is_micromarks(case):
    """Where MDX throws, our tables are micromark's GFM tables without MDX syntax (the remark_md engine)."""
    want = [_engine_shape(table) for table in _md_tables(case["results"]["remark_md"])]
    assert [_shape(table) for table in _scan(case["md"])] == want


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_spans_slice_the_cells(case):
    """Each cell's span gives back its text from the original line; rows and indents too."""
    _assert_spans(case["md"], _scan(case["md"]))


_MARKUP = set("*_`\\[]~<>&!{}:@")


def _is_plain(text: str, html: str) -> bool:
    """A cell without markup on either side (and no U+00A0), whose rendering must then be its text."""
    return not _MARKUP & set(text) and not _MARKUP & set(html) and "\u00a0" not in text


def _plain_cells(case: dict) -> list[tuple[str, str]]:
    """(our text, MDX's HTML) of every plain cell of a case, table by table, row by row."""
    pairs = []
    for table, want in zip(_scan(case["md"]), _md_tables(case["results"]["mdx"]), strict=True):
        ours = [[cell.markdown for cell in table.header.cells], *table.grid()]
        for our_row, want_row in zip(ours, [want["header"], *want["rows"]], strict=True):
            pairs.extend((text, html) for text, html in zip(our_row, want_row, strict=True) if _is_plain(text, html))
    return pairs


# The precondition is the parametrisation: only cases with plain cells, each checked on all of them.
PLAIN = [(case["id"], cells) for case in COMPILED if (cells := _plain_cells(case))]


@pytest.mark.parametrize(("case_id", "cells"), PLAIN, ids=[case_id for case_id, _ in PLAIN])
def test_plain_cells_are_what_mdx_renders(case_id, cells):
    """Cells without any markup render as their text (checked without running MDX)."""
    assert [text for text, _ in cells] == [html for _, html in cells]


def test_most_cases_have_plain_cells():
    """The plain-cell check covers most compiled cases, not a handful."""
    assert len(PLAIN) > len(COMPILED) // 2


@pytest.fixture(scope="module")
def rebuilt_cases(mdx_engine) -> dict:
    """MDX's rendering of a minimal pipe table rebuilt from each of our tables, keyed by (case id, index)."""
    keys, docs = [], []
    for case in COMPILED:
        for index, table in enumerate(_scan(case["md"])):
            keys.append((case["id"], index))
            docs.append(rebuild(table, case["md"]))
    return dict(zip(keys, mdx_engine.tables_many(docs), strict=True))


@pytest.mark.parametrize("case", COMPILED, ids=[case["id"] for case in COMPILED])
def test_cells_render_as_in_mdx(case, rebuilt_cases):
    """Our cells, rebuilt into a plain pipe table, render to exactly the header and rows MDX rendered."""
    for index, want in enumerate(_md_tables(case["results"]["mdx"])):
        got = rebuilt_cases[(case["id"], index)]
        assert got is not None and len(got) == 1
        assert (got[0]["header"], got[0]["rows"]) == (want["header"], want["rows"])


# ---------------------------------------------------------------------- fixtures
@pytest.mark.parametrize("path", FIXTURES, ids=[path.name for path in FIXTURES])
def test_fixture_documents(path, mdx_engine):
    """Realistic MDX pages: our tables are MDX's, with the same cells, and spans slice the original."""
    text = path.read_bytes().decode("utf-8")  # CRLF and the BOM kept, as on disk
    want = mdx_engine.tables(text)
    assert want is not None, "the fixture must compile with MDX"
    want = sorted(want, key=lambda table: table["lines"])  # footnote tables render at the end of the page
    ours = _scan(text)
    assert [_shape(table) for table in ours] == [_engine_shape(table) for table in want]
    rendered = mdx_engine.tables_many([rebuild(table, text) for table in ours])
    for got, expected in zip(rendered, want, strict=True):
        assert (got[0]["header"], got[0]["rows"]) == (expected["header"], expected["rows"])
    _assert_spans(text, ours)


# ---------------------------------------------------------------------- exact positions
def _cells(row) -> list[tuple[str, int, int, int]]:
    """(text, line, first column, last column) of each cell of a row."""
    return [(c.text, c.span.start.line, c.span.start.column, c.span.end.column) for c in row.cells]


def test_positions_on_crlf_bom_tabs():
    """Columns count characters of the line on disk: a tab is one, the BOM none; CRLF ends lines."""
    text = "\ufeffTitle\r\n\r\n|\tname\t|\tvalue |\r\n|:---|---:|\r\n| tab\there | `x|y` |\r\n"
    (table,) = _scan(text)
    assert _cells(table.header) == [("name", 3, 3, 6), ("value", 3, 10, 14)]
    assert _cells(table.body[0]) == [("tab\there", 5, 3, 10), ("`x", 5, 14, 15), ("y`", 5, 17, 18)]
    assert table.align == ("left", "right")
    assert (table.span.start.line, table.span.start.column, table.span.end.line, table.span.end.column) == (
        3, 1, 5, 20)
    _assert_spans(text, [table])


def test_table_in_a_block_quote():
    """The `> ` markers are the table's indent; cells keep their columns on the full line (tab after `>`)."""
    text = "> intro\n>\n> | q | r |\n> |---|---|\n>\t| s | t |\n"
    (table,) = _scan(text)
    assert table.indent == "> "
    assert _cells(table.header) == [("q", 3, 5, 5), ("r", 3, 9, 9)]
    assert _cells(table.body[0]) == [("s", 5, 5, 5), ("t", 5, 9, 9)]
    _assert_spans(text, [table])


def test_table_in_an_indented_jsx_tab():
    """A table indented 4 inside `<Tab>` is a table in MDX (no indented code), at its own columns."""
    text = '<Tabs>\n  <Tab label="A">\n\n    | a | b |\n    |---|---|\n    | 1 | 2 |\n\n  </Tab>\n</Tabs>\n'
    (table,) = _scan(text)
    assert (table.start_line, table.end_line, table.indent) == (4, 6, "    ")
    assert _cells(table.header) == [("a", 4, 7, 7), ("b", 4, 11, 11)]
    assert _cells(table.body[0]) == [("1", 6, 7, 7), ("2", 6, 11, 11)]


def test_table_in_a_list_item_without_blank_line():
    """A table right under a list item's text is in the item; a row without the indent is not a row."""
    text = "- item\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n| 3 | 4 |\n"
    (table,) = _scan(text)
    assert (table.start_line, table.end_line, table.indent) == (2, 4, "  ")


def test_escaped_pipes_render_as_pipes():
    """`\\|` stays in the text, the content has `|` (code spans too); `\\\\|` is a backslash, then a split."""
    text = "| a | b |\n|---|---|\n| x \\| y | `p \\| q` |\n| x \\\\| y |\n"
    (table,) = _scan(text)
    first, second = table.body
    assert [(c.text, c.content) for c in first.cells] == [("x \\| y", "x | y"), ("`p \\| q`", "`p | q`")]
    assert [(c.text, c.content) for c in second.cells] == [("x \\\\", None), ("y", None)]


def test_lone_pipe_row_is_one_empty_cell():
    """A `|` line in a table is a row with one empty cell (zero-width span just after the pipe)."""
    (table,) = _scan("| a | b |\n|---|---|\n|\n")
    (cell,) = table.body[0].cells
    assert (cell.text, cell.span.start.column, cell.span.end.column) == ("", 2, 1)


def test_delimiter_mismatch_is_ht004():
    """A header over a delimiter row with another cell count renders no table: HT004 at the delimiter row."""
    tables, diagnostics = scan_mdx(Source.parse("intro\n\n| a | b |\n|---|---|---|\n| 1 | 2 | 3 |\n"))
    assert tables == []
    (diagnostic,) = diagnostics
    assert diagnostic.code == "HT004"
    span = diagnostic.span
    assert (span.start.line, span.start.column, span.end.line, span.end.column) == (4, 1, 4, 13)
    assert "3 cells" in diagnostic.message and "has 2" in diagnostic.message


def test_no_ht004_for_setext_underlines_and_rules():
    """`---` under text is a heading underline, not a delimiter row: no diagnostic."""
    assert scan_mdx(Source.parse("a | b\n---\n\n| x |\n***\n")) == ([], [])


def test_tables_in_footnotes_render_only_when_cited():
    """remark-gfm renders a footnote definition (and its table) only when the text cites it."""
    definition = "[^n]: | a |\n    |---|\n"
    assert _scan(definition) == []
    (table,) = _scan("See this.[^n]\n\n" + definition)
    assert (table.start_line, table.indent) == (3, "[^n]: ")


@pytest.mark.parametrize(
    ("text", "shapes"),
    [
        ("| a | b | c |\n|---|---|---|\n" + "".join(f"| {i} | `c{i}` | [l](u{i}) |\n" for i in range(5000)),
         [(3, 5000)]),
        ("|" + "|".join(f"h{i}" for i in range(300)) + "|\n|" + "---|" * 300 + "\n" + "|c" * 300 + "|\n", [(300, 1)]),
        ("|`" * 1_000_000 + "\n", []),
        ("|\n-\n" * 25_000, []),
        ("{\n" * 20_000, []),
        ('<a b="\n' * 20_000, []),
    ],
    ids=["5000 rows", "300 columns", "2 MB line", "50000 alternating", "unclosed braces", "unclosed tags"],
)
def test_adversarial_inputs_scan_to_their_tables(text, shapes):
    """Big or hostile inputs give exactly their tables (columns, body rows); how fast is measured in
    bench/adversarial.py, never asserted here."""
    tables, _ = scan_mdx(Source.parse(text))
    assert [(table.columns, len(table.body)) for table in tables] == shapes


def test_engine_cases_read_as_commonmark_are_mdx_format_md(mdx_engine):
    """Read as CommonMark (Docusaurus' markdown.format 'md'), every engine case gives the tables, lines, alignment,
    columns and body rows MDX compiling it with format 'md' gives (indented code, HTML blocks; no JSX)."""
    wanted = mdx_engine.tables_many([case["md"] for case in CASES], form="md")
    differing = [case["id"] for case, want in zip(CASES, wanted, strict=True)
                 if want is None or [_shape(table) for table in scan_mdx(Source.parse(case["md"]), commonmark=True)[0]]
                 != [_engine_shape(table) for table in sorted(want, key=lambda table: table["lines"])]]
    assert differing == []


@pytest.mark.parametrize(("commonmark", "engine"), [(False, "MDX"), (True, "CommonMark")])
def test_a_near_miss_names_the_reading_that_renders_no_table(mdx_engine, commonmark, engine):
    """HT004 says which reading renders no table: MDX, or CommonMark for a page Docusaurus reads so (it said MDX)."""
    text = "| a | b |\n|---|\n| 1 | 2 |\n"
    assert mdx_engine.tables_many([text], form="md" if commonmark else "mdx") == [[]]
    (diagnostic,) = scan_mdx(Source.parse(text), commonmark=commonmark)[1]
    assert diagnostic.code == "HT004" and diagnostic.message.endswith(f": {engine} renders no table")
