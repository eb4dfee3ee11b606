"""Property: random tables with random inline content, converted and compiled by MDX, show the same cells.

`make test` runs a few hundred examples per dialect; `make fuzz` sets HOUSE_TABLES_FUZZ (>= 5,000 here).
"""

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from house_tables.convert import convert
from house_tables.parsing import scan

from engines import extract_tables, pymd_tables
from strategies import table
from test_mdx_compile import _normalized, _visible_cells, tables_only

EXAMPLES = max(200, int(os.environ.get("HOUSE_TABLES_FUZZ", "200")) // 4)
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def one_table_page(draw) -> str:
    """A paragraph, a blank line, one generated table (no trailing block), a paragraph."""
    lines = draw(table())
    return "Before.\n\n" + "\n".join(lines) + "\n\nAfter.\n"


def _unchanged_or_converted(conversion, original: str, dialect: str) -> bool:
    """Every table is converted, or left byte for byte with a diagnostic saying why."""
    refused = [d for d in conversion.diagnostics if d.code in ("HT009", "HT010")]
    tables = len(scan(original, dialect).tables)
    return len(conversion.converted) + len(refused) == tables and (conversion.converted or conversion.text == original)


@SETTINGS
@given(one_table_page())
def test_mdx_conversion_renders_the_same_page(mdx_engine, page):
    """MDX shows the same page before and after conversion (styles, colgroups, alignment aside)."""
    before = mdx_engine.render_many([page])[0]
    if not before["ok"]:
        return  # MDX cannot compile the original: nothing to agree with
    conversion = convert(page, "mdx")
    assert _unchanged_or_converted(conversion, page, "mdx")
    (after,) = mdx_engine.render_many([conversion.text])
    assert after["ok"], after
    assert _normalized(after["html"], drop_styles=True) == _normalized(before["html"], drop_styles=False)


@SETTINGS
@given(one_table_page())
def test_md_conversion_compiles_to_python_markdowns_cells(mdx_engine, page):
    """Converted tables of a .md page, compiled by MDX, show the cells Python-Markdown showed."""
    conversion = convert(page, "python-markdown")
    assert _unchanged_or_converted(conversion, page, "python-markdown")
    if not conversion.converted:
        return
    (after,) = mdx_engine.render_many([tables_only(conversion)])
    assert after["ok"], (conversion.text, after)
    got = [t for t in extract_tables(after["html"]) if t["source"] == "raw"]
    converted = {item.table.start_line for item in conversion.converted}  # the page check may decline some
    expected = [t for t, table in zip(pymd_tables(page), conversion.tables, strict=True)
                if table.start_line in converted]
    assert len(got) == len(expected) == len(conversion.converted)
    for ours, theirs in zip(got, expected):  # a header-only table keeps Python-Markdown's empty row
        assert _visible_cells(ours) == _visible_cells(theirs)
