"""Differential: convert's depth check (`_too_deeply_nested`) passes over a row whose line holds no more `<` than
MAX_NESTING without making its cells (fast paths); with the slow paths every cell is read. Both must find the same
cell, and the fast one rests on each scanner's rows: every cell's text is a piece of the row's `written` line."""

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from house_tables.convert import _too_deeply_nested
from house_tables.model import Dialect
from house_tables.parsing import scan
from house_tables.parsing.house_form import MAX_NESTING
from house_tables.rendering.fast import slow_paths

from strategies import documents

EXAMPLES = max(300, int(os.environ.get("HOUSE_TABLES_FUZZ", "300")))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
DIALECTS = (Dialect.PYTHON_MARKDOWN, Dialect.MDX)


@st.composite
def deep_cells(draw) -> str:
    """A cell of nested spans around the limit, or with many `<` that open little (void tags, text `<`)."""
    depth = draw(st.sampled_from([0, 1, MAX_NESTING - 1, MAX_NESTING, MAX_NESTING + 1, MAX_NESTING + 5]))
    filler = draw(st.sampled_from(["", "<br>" * (MAX_NESTING + 1), "a < b " * 60, "<b>x</b>" * 60]))
    return "<span>" * depth + filler + "x" + "</span>" * depth


@st.composite
def pages(draw) -> str:
    """A page of the shared generator with a table whose cells hold deep_cells, sometimes two to a row."""
    cells = draw(st.lists(deep_cells(), min_size=1, max_size=3))
    deep = "| a | b |\n|---|---|\n" + "".join(f"| {cell} | y |\n" for cell in cells)
    rows = "| " + " | ".join(draw(st.lists(deep_cells(), min_size=2, max_size=2))) + " |\n"
    return draw(documents()) + "\n\n" + deep + rows + "\n" + draw(documents())


@SETTINGS
@given(pages(), st.sampled_from(DIALECTS))
def test_depth_check_alike(text, dialect):
    """The same finding (cell and depth) with the rows passed over as with every cell read."""
    fast = [_too_deeply_nested(table) for table in scan(text, dialect).tables]
    with slow_paths():
        slow = [_too_deeply_nested(table) for table in scan(text, dialect).tables]
    assert fast == slow


@SETTINGS
@given(st.one_of(pages(), documents()), st.sampled_from(DIALECTS))
def test_cells_are_pieces_of_the_written_line(text, dialect):
    """Where a row names the line its cells are cut from, each cell's text is in it (so are its `<`)."""
    for table in scan(text, dialect).tables:
        for row in (table.header, table.delimiter, *table.body):
            if row.written is not None:
                assert all(cell.text in row.written for cell in row.cells)
