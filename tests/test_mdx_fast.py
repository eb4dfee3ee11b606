"""The mdx scanner's fast paths (lines passed over, body rows made lazily) against the scanner before them.

tests/mdx_reference.py is house_tables/parsing/mdx.py as it was before the fast paths; both must give exactly the
same tables (every cell, span and content), near misses and `<table` tags, on generated documents dense in the
lines the fast paths decide on, on the strategies' table documents, on realistic pages and on the adversarial
inputs.
"""

import importlib.util
from pathlib import Path

import mdx_reference
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from house_tables.model import LazyRow, Position, Table
from house_tables.parsing.mdx import scan_mdx
from house_tables.source import Source

from strategies import container, documents, table

# Lines on either side of every decision the fast paths make: what is plain paragraph text and what only looks
# like it, blank lines, headings, one-line JSX tags and comments and what only looks like them, fences, ESM,
# containers, directives, footnotes, delimiter rows, lazy lines.
LINES = [
    "", "  ", "\t", " \t ", "text", "  text", "Version {props.version}: x", "*em* x", "**b** x", "* item", "*", "***",
    "* * *", "*\tx", "+x", "+ x", "+", "- x", "-", "---", "-x", "--", "=", "===", "1. x", "1.", "2) x", "1)", "12x",
    "1234567890. x", "123456789. x", "1x", "12", "[^n]: note", "[^n]:", "[^n] x", "see [^n] and [^m]", "[a]: /u",
    "[a]: /u 'title'", "[x] text", "[", "_a_", "___", "_ _ _", "__x", "`code`", "``x", "```", "```js", "``` `x`",
    "````", "~~~", "~x", "~~x", "~~~~", "  ```", "\t~~~", "import a from 'b'", "export const x = 1", " import x",
    "importx", "import", "e", "i", "emport x", "ixport y", "# h", "#", "#x", "###### x", "####### x", "## [^n] h",
    "# | a | b |", ":::note", ":::", "::::tip", "  :::", "| a | b |", "|---|---|", "a | b", "--- | ---", ":-", "-:",
    "|", "||", "a|b|c", "| - |", "|:-:|", "x |", "> q", "> | a |", ">", "> ```", "<Tabs>", "</Tabs>",
    '<TabItem value="x">', '<X a="1" b />', "<X a='1'>", "<X\ta>", "< X>", "<X >", "<X/>", "</X >", "<table>",
    '<table style="x">', "<tables>", "<table.Row>", "  <table>", "<Tabs> <TabItem>", "<X a=\"{\">", "{/* c */}",
    "{/**/}", "{/*/}", "{/* a */} {/* b */}", "{/* a */}<X>", "{/* a */ }", "{x}", "{", "}", "{/* multi", "*/}",
    '<a b="', '"', "<div>", '<Callout type="note">', "</Callout>", "<>", "</>", "  <X/>", "<X>text</X>",
    "<X> text", "x <Y>", "\\| x", "a \\| b", "\u00a0x", "\vx", "\u3000x", "é", "中文 | x", "    | a |", "\t| a |",
    "- | a | b |", "  |---|---|", "1. | a |", "- a", "  b", "    c", "[^n]: | a |", "    | - |", "> > x",
]

# What a house table's lines hold (one-line tags with `{{...}}` values, tags then text) and what only looks like it:
# braces, quotes, backslashes, backticks and slashes in the value, a tag left open, text starting with `<` or `{`,
# a tagged line heading a table, footnote calls after tags.
HOUSE_LINES = [
    '<table style={{width: "100%", borderCollapse: "collapse", tableLayout: "fixed"}}>', "  <colgroup>",
    '    <col style={{width: "31%"}} />', '      <td style={{padding: "9px 12px", fontWeight: 500}}>0</td>',
    '<th style={{textAlign: "left"}}>a | b</th>', '<td style={{a: "}"}}>x</td>', "<td style={{a: '}'}}>x</td>",
    '<td style={{a: "\\""}}>x</td>', "<td style={{a: `t`}}>x</td>", "<td style={{a: 1 / 2}}>x</td>",
    "<td style={{a: {b: 1}}}>x</td>", "<td style={{a: 1}}>{x}</td>", "<td style={{a: 1}}><b>x</b></td>",
    "<td style={{a: 1}}>", "<td style={{", "}}>x</td>", '<td style={{a: "x"}}> x', '<td style={{a: "x}}>x</td>',
    "<X>text", '<X a="1">a | b', "{/* c */} text", "{/* c */}{x}", "<td>x</td>", "<X>[^n] x", "<X> <Y>x",
    '<td style={{a: "[^n]"}}>x</td>', "    <td style={{a: 1}}>x</td>", "<b>x</b> | y", "<X>a | b |",
    "<td style={{a: 1}} >x", "<td style={{a: 1}}/>x", "<td style={{a: 1}}>\u00a0x", "<X b='1'>x", "<X a>x",
    '<X a-b="1">x', "<X.Y>x", "<td style={{a: 1}}>- x", "<td style={{a: 1}}># x", "<td style={{a: 1}}>|---|",
    "<td style={{a: 1}}>{/* c */}", "<X {...p}>x", "<td style={{a: '\\''}}>x</td>", "<td style={{}}>x</td>",
    "<td style={{a: 1 // c}}>x</td>", "<td style={{a: 1 // [^n]}}>x", "x }}>", "x [^n] }}>", "<td style={{a: /* c",
    "*/ 1}}>x</td>", '<td style={{a: "\\"}}>x', '<td style={{a: "x\\"}}>y [^n]</td>"}}>', "<td style={{a: 1}}\t>x</td>",
    "<td\tstyle={{a: 1}}>x", "<td style ={{a: 1}}>x", "<td style= {{a: 1}}>x",
    "<td style={ {a: 1} }>x", "<td style={{a: 1}}>", "</td>", "</tr>", "<>x", "</X>x", "<X/>x",
]
LINES += HOUSE_LINES


# line_documents' pieces, made once: a strategy made anew at every draw is validated anew (most of the time taken)
LINE_PIECES = st.lists(st.one_of(st.sampled_from(LINES).map(lambda line: [line]), table(), container()), min_size=1,
                       max_size=40)


@st.composite
def line_documents(draw) -> str:
    """Lines from LINES, with tables and containers among them, joined by LF, CRLF or a lone CR."""
    pieces = draw(LINE_PIECES)
    newline = draw(st.sampled_from(["\n", "\n", "\r\n", "\r"]))
    ending = draw(st.sampled_from(["", newline]))
    return newline.join(line for piece in pieces for line in piece) + ending


# Few lines, so that any three of them meet often: a list item, a plain line, a header row and a delimiter row.
DENSE = ["", "x", "+ x", "+x", "1. x", "12)", "# h", "#x", "| a |", "|---|", "a | b", "--- | ---", "- | - |", ":-",
         "```", "import x", "<X>", "{/* c */}", "[^n]: x", "t [^n]", "> q", "  | a |", "  |---|", "<table>", "  x",
         "<X>a | b", '<td style={{a: "b"}}>x</td>', "<td style={{a: 1}}>[^n]", "<table style={{a: 1}}>", "<X>{x}"]


@st.composite
def dense_documents(draw) -> str:
    """Documents of DENSE lines."""
    return "\n".join(draw(st.lists(st.sampled_from(DENSE), min_size=1, max_size=30))) + "\n"


@st.composite
def page_documents(draw) -> str:
    """Pages as people write them: blocks of LINES separated by blank lines, tables and containers among them."""
    blocks = draw(st.lists(st.one_of(st.lists(st.sampled_from(LINES), min_size=1, max_size=4), table(), container()),
                           min_size=1, max_size=12))
    return "\n\n".join("\n".join(block) for block in blocks) + "\n"


# Cells as the converter writes them in JSX, and what it never writes there.
JSX_CELLS = ["a", "x | y", "<code>c</code>", '<a href="u">l</a>', "{'{'}x", "t [^n]", "a\\|b", "", "<b>x</b> y",
             "{x}", "é", '<span style={{color: "red"}}>r</span>', "<br />", "- x", "|---|", "<X>"]


@st.composite
def house_table(draw) -> list[str]:
    """A house table (render_lines, JSX), at the top level, in a list item or in a quote; maybe with one line
    replaced by a line that only looks like a house table's (HOUSE_LINES, LINES)."""
    from house_tables.config import Style
    from house_tables.rendering.layout import Grid, render_lines

    columns, rows = draw(st.integers(1, 4)), draw(st.integers(0, 4))
    cells = st.sampled_from(JSX_CELLS)
    grid = Grid(tuple(draw(st.sampled_from([None, "left", "center", "right"])) for _ in range(columns)),
                tuple(draw(cells) for _ in range(columns)),
                tuple(tuple(draw(cells) for _ in range(columns)) for _ in range(rows)),
                tuple([100 // columns] * columns))
    lines = render_lines(grid, draw(st.sampled_from([Style(), Style(styled=False)])), "jsx")
    if draw(st.integers(0, 2)) == 0:
        lines[draw(st.integers(0, len(lines) - 1))] = draw(st.sampled_from(HOUSE_LINES + LINES))
    where = draw(st.sampled_from(["top", "top", "top", "item", "quote"]))
    if where == "item":
        return ["- item", "", *["  " + line for line in lines]]
    return ["> " + line for line in lines] if where == "quote" else lines


@st.composite
def house_pages(draw) -> str:
    """Pages of house tables (as fix writes them) among tables, containers and lines, between blank lines or not."""
    pieces = draw(st.lists(st.one_of(house_table(), house_table(), table(), container(),
                                     st.sampled_from(LINES).map(lambda line: [line])), min_size=1, max_size=8))
    joins = [draw(st.sampled_from(["\n", "\n\n"])) for _ in pieces]
    return "".join(join.join(["", *piece]) if k else "\n".join(piece) for k, (join, piece) in
                   enumerate(zip(joins, pieces))) + "\n"


def _row(row) -> tuple:
    """Everything a row holds, its cells read."""
    return tuple((cell.text, cell.span, cell.content) for cell in row.cells), row.span, row.count


def _table(table: Table) -> tuple:
    """Everything a table holds."""
    return (table.dialect, _row(table.header), _row(table.delimiter), table.align,
            tuple(_row(row) for row in table.body), table.span, table.indent, table.empty_row, table.columns)


def _scanned(scanner, text: str) -> tuple:
    """What a scanner finds in text: tables, findings, `<table` tags."""
    tags: list[Position] = []
    tables, diagnostics = scanner(Source.parse(text), tags)
    return [_table(table) for table in tables], diagnostics, tags


def assert_same(text: str) -> None:
    """The fast scanner finds exactly what the slow path of the same module finds, and both what the reference
    finds, except in documents with `:::` lines: directive containers are read as MDX reads them now (containers
    of their own document, tests/test_differential.py), the reference read them as flow constructs."""
    found = _scanned(scan_mdx, text)
    assert found == _scanned(lambda source, tags: scan_mdx(source, tags, fast=False), text)
    if ":::" not in text:
        assert found == _scanned(mdx_reference.scan_mdx, text)



def examples(count: int) -> settings:
    """Hypothesis settings: count documents, no example database, no deadline."""
    return settings(max_examples=count, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@examples(1000)
@given(line_documents())
def test_line_documents_as_before(text):
    """Documents of tricky lines: the same as the reference."""
    assert_same(text)


@examples(1000)
@given(dense_documents())
# Containers whose later lines are lazy (a table after them is no table): only right when the item is not passed
# over as a paragraph (the random documents rarely meet these five lines in a row).
@example("+ x\n\n  x\n| a |\n|---|\n")
@example("x\n\n1. x\n\n  x\n| a |\n|---|\n")
@example("- x\n\n  x\n| a |\n|---|\n")
@example("[^n]: x\n\n  x\n| a |\n|---|\n\nt [^n]\n")
@example("> q\n| a |\n|---|\n")
def test_dense_documents_as_before(text):
    """Documents where the few lines the fast paths decide on meet each other often: the same."""
    assert_same(text)


@examples(600)
@given(page_documents())
def test_page_documents_as_before(text):
    """Pages of blocks between blank lines (where the fast paths pass most lines over): the same."""
    assert_same(text)


@examples(1000)
@given(house_pages())
@example('<table style={{a: 1}}>\n<th style={{a: "b"}}>x | y</th>\n|---|---|\n')
@example('<td style={{a: 1}}>t [^n]</td>\n\n[^n]: note\n')
@example('x\n<td style={{a: "}"}}>a | b</td>\n| - | - |\n')
# A `//` comment or an escaped quote in the value: the tokenizer reads the tag on into the next line, so the
# footnote call is no text and the definition's table is not rendered (each fails if the line is taken as tagged).
@example("<td style={{a: 1 // [^n]}}>x\nx }}>\n\n[^n]: | a |\n    |---|\n")
@example('<td style={{a: "\\"}}>x " [^n]\nx }}>\n\n[^n]: | a |\n    |---|\n')
@example("<td style={{a: 1 // c}}>x\nx }}>\n| a |\n|---|\n")
def test_house_pages_as_before(text):
    """Pages of house tables (the lines `fix` writes, passed over as one-line JSX and tagged lines) and of lines
    that only look like theirs: the same."""
    assert_same(text)


@examples(300)
@given(documents())
def test_table_documents_as_before(text):
    """The strategies' documents dense in tables and containers: the same."""
    assert_same(text)


def _bench_corpus():
    """bench/corpus.py (the benchmark pages and the adversarial inputs)."""
    path = Path(__file__).resolve().parent.parent / "bench" / "corpus.py"
    spec = importlib.util.spec_from_file_location("bench_corpus", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CORPUS = _bench_corpus()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_benchmark_pages_as_before(seed):
    """200 benchmark pages per seed: the same."""
    for index in range(200):
        assert_same(CORPUS.mdx_page(seed, index))


@pytest.mark.parametrize("name", sorted(CORPUS.adversarial()))
def test_adversarial_inputs_as_before(name):
    """The adversarial inputs: the same."""
    assert_same(CORPUS.adversarial()[name])


def test_body_rows_made_when_read():
    """Body rows count their cells without making them; read, the cells are the reference's."""
    text = "| a | b |\n|---|---|\n| 1 \\| x | 2 | 3 |\n|\n"
    (table,), _ = scan_mdx(Source.parse(text))
    assert all(isinstance(row, LazyRow) for row in table.body)
    assert [row.count for row in table.body] == [3, 1]
    ((reference,), _) = mdx_reference.scan_mdx(Source.parse(text))
    assert [_row(row) for row in table.body] == [_row(row) for row in reference.body]


def test_unclosed_fence_passed_over_to_the_end():
    """A fence that never closes swallows the rest of the page, tables included."""
    assert scan_mdx(Source.parse("text\n\n```\n| a | b |\n|---|---|\n")) == ([], [])


ROW_CHARS = st.sampled_from(["|", "|", "-", "-", ":", " ", "\t", "\\", "\\|", "\\\\", "a", "`"])


@settings(max_examples=3000, database=None, deadline=None)
@given(st.lists(ROW_CHARS, min_size=1, max_size=24).map("".join))
def test_delimiter_cells_and_row_counts_equal_the_reference(text):
    """The delimiter row's cells (one regular expression) and a body row's count (escapes counted, cells not made)
    equal the reference scanner's loop and its cells, for any line."""
    from house_tables.parsing import mdx

    for pos in range(len(text)):
        assert mdx._delimiter_cells(text, pos) == mdx_reference._delimiter_cells(text, pos)
    first = len(text) - len(text.lstrip(" \t"))
    if first < len(text):  # a row has a first non-blank character
        row = mdx._body_row(1, text, first)
        assert row.count == len(mdx_reference._cell_bounds(text, first, mdx._row_end(text, first), True))
        assert row.count == len(row.cells)
