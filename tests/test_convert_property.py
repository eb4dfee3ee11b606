"""Property: generated pages of several tables, at top level and in every container, converted and rendered again
show what the originals showed.

`make test` runs a few hundred examples per dialect; `make fuzz` sets HOUSE_TABLES_FUZZ (>= 5,000 here).
"""

import os

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from house_tables.convert import convert
from house_tables.parsing import scan
from house_tables.parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS
from house_tables.rendering.page import first_difference, page_view, render_md_page

from engines import extract_tables, pymd_tables
from page_compare import normalized, tables_only, visible_cells
from strategies import CONTAINERS, container, table, without_engine_hangs

EXAMPLES = max(200, int(os.environ.get("HOUSE_TABLES_FUZZ", "200")) // 4)
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def tables_page(draw, kinds: tuple[str, ...] = CONTAINERS) -> str:
    """A paragraph, then 2 to 4 generated tables, each at top level or in a container of kinds (by default every
    one: admonition, details, tab, list, quote, div, JSX, fence, blocks), separated by blank lines, a paragraph."""
    blocks = draw(st.lists(st.one_of(table(), container(kinds)), min_size=2, max_size=4))
    return without_engine_hangs("\n\n".join(["Before.", *("\n".join(block) for block in blocks), "After."]) + "\n")


# What this property found (each shown by `fix` on the example, then a build) is now fixed or declined by fix's
# page check: a house table in a blockquote (its `> ` lines), in `<div markdown>` (md_in_html parses it as HTML:
# declined), a character reference in a code span of a cell, the same rows twice in one page.


def _unchanged_or_converted(conversion, original: str, dialect: str) -> bool:
    """Every table is converted, or left byte for byte with a diagnostic saying why."""
    refused = [d for d in conversion.diagnostics if d.code in ("HT009", "HT010")]
    tables = len(scan(original, dialect).tables)
    return len(conversion.converted) + len(refused) == tables and (conversion.converted or conversion.text == original)


@SETTINGS
@given(tables_page())
def test_mdx_conversion_renders_the_same_page(mdx_engine, page):
    """MDX shows the same page before and after conversion (styles, colgroups, alignment aside)."""
    before = mdx_engine.render_many([page])[0]
    assume(before["ok"])  # MDX cannot compile the original: nothing to agree with, counted as discarded
    conversion = convert(page, "mdx")
    assert _unchanged_or_converted(conversion, page, "mdx")
    (after,) = mdx_engine.render_many([conversion.text])
    assert after["ok"], after
    assert normalized(after["html"], drop_styles=True) == normalized(before["html"], drop_styles=False)


def _md_conversion(page: str):
    """The .md page converted with the default MkDocs stack (pymdownx.blocks included, for `///` containers)."""
    return convert(page, "python-markdown")


def _site_view(text: str) -> str:
    """What a reader of the site sees of a .md page (house styles and colgroups aside; page_view collapses
    whitespace outside <pre> as a browser shows it, so a tab kept in a converted cell is the same text on screen)."""
    return page_view(render_md_page(text, MKDOCS_EXTENSIONS, MKDOCS_EXTENSION_CONFIGS).html)


@SETTINGS
@given(tables_page())
def test_md_conversion_renders_the_same_page(page):
    """The converted .md page, rendered as the site renders it, shows what the original showed."""
    conversion = _md_conversion(page)
    assert _unchanged_or_converted(conversion, page, "python-markdown")
    before, after = _site_view(page), _site_view(conversion.text)
    assert before == after, first_difference(before, after)


@SETTINGS
@given(tables_page())
def test_md_conversion_compiles_to_python_markdowns_cells(mdx_engine, page):
    """Converted tables of a .md page, compiled by MDX, show the cells Python-Markdown showed."""
    conversion = _md_conversion(page)
    assume(conversion.converted)  # no table could be converted: nothing to compile, counted as discarded
    (after,) = mdx_engine.render_many([tables_only(conversion)])
    assert after["ok"], (conversion.text, after)
    got = [t for t in extract_tables(after["html"]) if t["source"] == "raw"]
    converted = {item.table.start_line for item in conversion.converted}
    ours = scan(page, "python-markdown").tables
    theirs = pymd_tables(page, MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS)
    expected = [want for table_, want in zip(ours, theirs, strict=True) if table_.start_line in converted]
    assert len(got) == len(expected) == len(conversion.converted)
    for shown, theirs in zip(got, expected):  # a header-only table keeps Python-Markdown's empty row
        assert visible_cells(shown) == visible_cells(theirs)
