"""Converted pages compiled by the real MDX compiler show the same page as the originals.

For an `.mdx` page: MDX's rendering of the converted page, with every `style` attribute and the
`<colgroup>` removed, equals its rendering of the original page with alignment removed.
For an `.md` page: the converted tables, compiled by MDX, show the same cells as Python-Markdown's
rendering of the original tables.
"""

from pathlib import Path

import pytest

from house_tables.convert import convert

from engines import extract_tables, pymd_tables
from page_compare import normalized, tables_only, visible_cells
from project_data import SEED_PAGE

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "convert"
MDX_PAGES = [*sorted(FIXTURES.glob("*.mdx")), SEED_PAGE]
MD_PAGES = sorted(FIXTURES.glob("*.md"))


@pytest.mark.parametrize("page", MDX_PAGES, ids=[p.name for p in MDX_PAGES])
def test_mdx_page_renders_the_same(mdx_engine, page):
    """Same HTML before and after conversion, up to styles, colgroups and alignment."""
    original = page.read_text(encoding="utf-8")
    conversion = convert(original, "mdx")
    assert conversion.converted, "the fixture has tables to convert"
    before, after = mdx_engine.render_many([original, conversion.text])
    assert before["ok"], before
    assert after["ok"], after
    assert normalized(after["html"], drop_styles=True) == normalized(before["html"], drop_styles=False)


@pytest.mark.parametrize("page", MD_PAGES, ids=[p.name for p in MD_PAGES])
def test_md_page_tables_compile_to_the_same_cells(mdx_engine, page):
    """Each converted table compiled by MDX shows the cells Python-Markdown showed for the original."""
    original = page.read_text(encoding="utf-8")
    conversion = convert(original, "python-markdown")
    expected = pymd_tables(original)
    assert len(conversion.converted) == len(expected)
    (rendered,) = mdx_engine.render_many([tables_only(conversion)])
    assert rendered["ok"], rendered
    got = [t for t in extract_tables(rendered["html"]) if t["source"] == "raw"]
    assert [visible_cells(t) for t in got] == [visible_cells(t) for t in expected]
