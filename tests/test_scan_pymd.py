"""The python-markdown dialect against Python-Markdown's recorded and live output on every engine case."""


import markdown
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from house_tables.extension import HouseTablesExtension
from house_tables.parsing import pymd, scan
from house_tables.parsing.pymd import scan_pymd
from house_tables.source import Source

from engines import EXTENSION_CONFIGS, PYMD_MKDOCS_EXTENSIONS, pymd_html, pymd_tables
from project_data import engine_cases
from rebuild import multiline_cells, rebuild
from strategies import documents

CASES = engine_cases()


def _expected(case: dict) -> list[dict]:
    """The tables pymd_mkdocs made from pipe syntax in this case."""
    return [t for t in case["results"]["pymd_mkdocs"]["tables"] if t["source"] == "md"]


def _ours(text: str):
    """Our tables with exactly the recorded engine's extension stack."""
    tables, _ = scan_pymd(Source.parse(text), PYMD_MKDOCS_EXTENSIONS, EXTENSION_CONFIGS)
    return tables


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_tables_equal_pymd_mkdocs(case):
    """Count, order, columns, alignment, body rows and every cell's rendering equal pymd_mkdocs'."""
    expected, ours = _expected(case), _ours(case["md"])
    assert len(ours) == len(expected)
    for table, want in zip(ours, expected):
        assert list(table.align) == want["align"]
        assert table.columns == len(want["header"])
        assert len(table.grid()) == len(want["rows"])
        if multiline_cells(table):
            _assert_swallowed_fence(table, want)
            continue
        (rendered,) = pymd_tables(rebuild(table, case["md"]))
        assert rendered["header"] == want["header"]
        assert rendered["rows"] == want["rows"]


def _assert_swallowed_fence(table, want):
    """A fence swallowed into a row renders, on its own, as the code block the engine put in the cell."""
    for row, want_row in zip(table.body, want["rows"]):
        text = row.cells[0].text
        if "\n" in text:
            assert want_row[0] in pymd_html(text).replace("\n", "")


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_spans_slice_the_cell_text(case):
    """Every cell's span, applied to the original lines, gives back exactly the cell's text."""
    source = Source.parse(case["md"])
    for table in _ours(case["md"]):
        for row in (table.header, table.delimiter, *table.body):
            for cell in row.cells:
                assert _slice(source, cell.span) == cell.text


def _slice(source: Source, span) -> str:
    """The source text a span covers (inclusive end column)."""
    start, end = span.start, span.end
    if start.line == end.line:
        return source.lines[start.line - 1][start.column - 1 : end.column]
    lines = source.lines[start.line - 1 : end.line]
    return "\n".join([lines[0][start.column - 1 :], *lines[1:-1], lines[-1][: end.column]])


def test_default_stack_with_blocks_agrees_on_the_cases():
    """The default stack (adding pymdownx.blocks) finds the same tables as the recorded MkDocs stack."""
    for case in CASES:
        assert len(scan(case["md"]).tables) == len(_expected(case)), case["id"]


def test_positions_on_crlf_bom_tabs():
    """Columns count characters of the file on disk: a tab is one, a BOM none; CRLF ends lines."""
    text = "\ufeffintro\r\n\r\n|\tname | `a|b` |\r\n|---|:-:|\r\n| x\t| y |\r\n"
    (table,) = scan(text).tables
    name, code = table.header.cells
    assert (name.text, name.span.start.line, name.span.start.column, name.span.end.column) == ("name", 3, 3, 6)
    assert (code.text, code.span.start.column, code.span.end.column) == ("`a|b`", 10, 14)
    assert table.align == (None, "center")
    assert [c.text for c in table.body[0].cells] == ["x", "y"]
    assert table.body[0].cells[1].span.start.column == 7


def test_table_inside_admonition_keeps_its_indent():
    """A table in an admonition body is found at its indented column, with the indent recorded."""
    text = "!!! note\n\n    | a | b |\n    |---|---|\n    | 1 | 2 |\n"
    (table,) = scan(text).tables
    assert table.indent == "    "
    assert table.span.start.column == 5 and table.end_line == 5


def test_table_in_a_fence_is_not_mistaken_for_the_real_one():
    """Identical table text inside a fenced code block earlier in the file is not where the table is."""
    table_text = "| a | b |\n|---|---|\n| 1 | 2 |\n"
    text = "```\n" + table_text + "```\n\n" + table_text
    (table,) = scan(text).tables
    assert table.start_line == 7


def test_pymdownx_blocks_table():
    """A table inside a /// admonition block (pymdownx.blocks) is found at its line."""
    text = "/// note\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n///\n"
    (table,) = scan(text).tables
    assert table.start_line == 3


def test_table_between_admonition_and_indented_block():
    """Found by the fuzzer: the table element must exist, or the admonition claims the indented block after it."""
    text = "text line\n!!! note\n    text line\n|  |  |  |\n---|---|---\ntext line\n- item\n\n    |  |\n    |---|\n"
    assert [t.start_line for t in scan(text).tables] == [4]


@settings(max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_pre_check_never_skips_a_page_with_findings(text):
    """Whenever the full block parse finds a table or a near miss, the pre-check lets the page be parsed."""
    source = Source.parse(text)
    record = pymd.block_parse(source.normalized(), PYMD_MKDOCS_EXTENSIONS, EXTENSION_CONFIGS)
    located, near_misses = pymd.locate(source, record)
    assume(located or near_misses)  # a page without findings has nothing to lose: counted as discarded
    assert pymd.may_hold_table(source.normalized())


def test_pre_check_skips_pages_no_table_can_start_in():
    """Alternating `|`/`-` lines (a setext heading each) and prose hold no delimiter row under a pipe."""
    assert not pymd.may_hold_table("|\n-\n" * 1000)
    assert not pymd.may_hold_table("text\n---\n\n- a\n- b\n")
    assert pymd.may_hold_table("a | b\n|\n") and pymd.may_hold_table("text\n|---|---|\n")


def test_block_start_pre_filter_is_sound():
    """The HT006 pre-filter lets through every first character _BLOCK_START can match (all of the BMP tried,
    after each a suffix completing one of its alternatives); Unicode digits open lists like ASCII ones."""
    suffixes = ("", " x", ". x", ") x", "``", "~~", "  *  *", "div>", "  -  -")
    for code in range(0x10000):
        char = chr(code)
        if any(pymd._BLOCK_START.match(char + suffix) for suffix in suffixes):
            assert pymd._may_start_block(char), repr(char)
    assert pymd._may_start_block("\u0663") and pymd._BLOCK_START.match("\u0663. item")


def test_unicode_digit_list_item_after_a_table_is_reported_by_the_extension():
    """HT006 for a row that is an Arabic-Indic numbered item, through the build-time extension too."""
    text = "| a | b |\n|---|---|\n| 1 | 2 |\n\u0663. item\n"
    findings: list[str] = []
    extension = HouseTablesExtension()
    extension.settings.sink = lambda level, message: findings.append(message)
    markdown.Markdown(extensions=["tables", extension]).convert(text)
    assert [d.code for d in scan(text).diagnostics if d.code == "HT006"] == ["HT006"]
    assert any(" HT006 " in finding for finding in findings), findings


def test_table_is_found_where_python_markdown_read_it_not_where_its_rows_first_appear():
    """A single-column table's rows also begin an earlier block that Python-Markdown reads as a paragraph (a row
    without a pipe); the table is the later block, ended by a blank line, a heading or a deeper quote."""
    for after in ("", "# Heading\n", "> quote\n", "<div>x</div>\n"):
        text = f"Before.\n\n|  |\n|---|\ntext line\n\n|  |\n|---|\n{after}\nAfter.\n"
        assert len(pymd_tables(text)) == 1
        assert [(t.start_line, t.end_line) for t in _ours(text)] == [(7, 8)]
    # An inline tag (not set apart by the HTML preprocessor) is a row of the earlier paragraph block.
    text = "|  |\n|---|\n<span>h</span>\n\n|  |\n|---|\n"
    assert [(t.start_line, t.end_line) for t in _ours(text)] == [(5, 6)]
    # The earlier block may also end with the rows: an unclosed fence line above them makes it a paragraph.
    text = "```\n| a | b |\n|---|---|\n\n| a | b |\n|---|---|\n"
    assert [(t.start_line, t.end_line) for t in _ours(text)] == [(5, 6)]
    # Right under an admonition's first line, the rows are its block (no blank line needed).
    assert [(t.start_line, t.end_line) for t in _ours("!!! note\n    | a | b |\n    |---|---|\n")] == [(2, 3)]
    # Indented, even a comment is no raw HTML block: the admonition's block is a paragraph.
    text = "!!! note\n    |  |\n    |---|\n    <!-- c -->\n\n|  |\n|---|\n"
    assert [(t.start_line, t.end_line) for t in _ours(text)] == [(6, 7)]


# Pieces block starts are made of, what may follow a cell's text on its line (a blank, a pipe, an escape), and
# others, so that prefixes of every _BLOCK_START alternative (and near misses of them) come up.
STEM_PIECES = ["#", "######", "#######", "-", "*", "+", "_", " ", "\t", "|", "\\", "1", "123456789", "1234567890",
               ".", ")", ">", "`", "```", "~", "~~~", "<", "div", "DIV", "p", "pre", "h1", "h7", "hr", "x", "\u0663"]


@settings(max_examples=3000, deadline=None, database=None)
@given(st.lists(st.sampled_from(STEM_PIECES), max_size=8), st.integers(min_value=0, max_value=30))
def test_a_line_without_a_block_stem_has_no_cell_that_starts_a_block(pieces, cut):
    """HT006's line check is sound: whenever a prefix of a line (a first cell's text, from the row's start)
    matches _BLOCK_START, _BLOCK_STEM matches the line there."""
    line = "".join(pieces)
    assert not pymd._BLOCK_START.match(line[:cut]) or pymd._BLOCK_STEM.match(line)


def _swallowed_without_line_check(table, source):
    """HT006 as _swallowed_rows gives it, every body row's first cell made (no pre-filter)."""
    found = []
    for row in table.body:
        if not row.count:
            continue
        text, start = row.cells[0].text, row.cells[0].span.start
        if not text.startswith("|") and pymd._BLOCK_START.match(text) and row.span.start == start:
            found.append(pymd.swallowed_block(row.span, text.splitlines()[0] if text else text))
    return found


SWALLOWED_LINES = ["- item", "* x", "1. one", "1) one", "\u0663. a", "# h", "#", "## a | b", "> q", "```", "~~~",
                   "`code` | x", "12 | 3", "- - -", "<div>", "<p | x", "-x | y", "1.5 | 2", "+ a | b", "___ | _"]


@settings(max_examples=300, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(documents(), st.lists(st.sampled_from(SWALLOWED_LINES), min_size=1, max_size=4), st.booleans())
def test_swallowed_rows_equal_the_rule_over_every_first_cell(text, lines, lazy):
    """_swallowed_rows (pre-filtered by the row's first character and the line's block stem) gives what the
    rule gives over every body row's first cell, on pages whose tables run into block-like lines."""
    page = text.replace("|\n\n", "|\n" + "\n".join(lines) + "\n\n", 1)
    source = Source.parse(page)
    record = pymd.block_parse(source.normalized(), PYMD_MKDOCS_EXTENSIONS, EXTENSION_CONFIGS)
    located, _ = pymd.locate(source, record, lazy=lazy)
    for _, table in located:
        assert pymd._swallowed_rows(table, source) == _swallowed_without_line_check(table, source)
