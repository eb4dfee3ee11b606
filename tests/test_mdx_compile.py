"""Converted pages compiled by the real MDX compiler show the same page as the originals.

For an `.mdx` page: MDX's rendering of the converted page, with every `style` attribute and the
`<colgroup>` removed, equals its rendering of the original page with alignment removed.
For an `.md` page: the converted tables, compiled by MDX, show the same cells as Python-Markdown's
rendering of the original tables.
"""

from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Comment, NavigableString

from house_tables.convert import convert

from engines import extract_tables, pymd_tables
from project_data import SEED_PAGE

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "convert"
MDX_PAGES = [*sorted(FIXTURES.glob("*.mdx")), SEED_PAGE]
MD_PAGES = sorted(FIXTURES.glob("*.md"))


def _normalized(html: str, *, drop_styles: bool) -> str:
    """A page's HTML without colgroups, empty tbodies, whitespace-only text, styles (all, or only alignment)."""
    soup = BeautifulSoup(html, "html.parser")
    for colgroup in soup.find_all("colgroup"):
        colgroup.decompose()
    for tbody in soup.find_all("tbody"):
        if not tbody.find("tr"):
            tbody.decompose()  # a header-only table: the house layout keeps an empty tbody, invisible
    for tag in soup.find_all(True):
        for name in ("align", "data-md", "data-lines"):
            tag.attrs.pop(name, None)
        if drop_styles or "text-align" in tag.attrs.get("style", ""):
            tag.attrs.pop("style", None)
    for text in soup.find_all(string=True):
        if isinstance(text, NavigableString) and not text.strip() and text.parent.name in _TABLE_TAGS:
            text.extract()
    return str(soup)


_TABLE_TAGS = {"table", "thead", "tbody", "tr"}


@pytest.mark.parametrize("page", MDX_PAGES, ids=[p.name for p in MDX_PAGES])
def test_mdx_page_renders_the_same(mdx_engine, page):
    """Same HTML before and after conversion, up to styles, colgroups and alignment."""
    original = page.read_text(encoding="utf-8")
    conversion = convert(original, "mdx")
    assert conversion.converted, "the fixture has tables to convert"
    before, after = mdx_engine.render_many([original, conversion.text])
    assert before["ok"], before
    assert after["ok"], after
    assert _normalized(after["html"], drop_styles=True) == _normalized(before["html"], drop_styles=False)


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
    assert [_visible_cells(t) for t in got] == [_visible_cells(t) for t in expected]


def tables_only(conversion) -> str:
    """The converted JSX tables alone: the rest of a .md page need not be valid MDX."""
    return "\n\n".join("\n".join(item.output) for item in conversion.converted) + "\n"


def _visible_cells(table: dict) -> list[list[str]]:
    """Cells as a browser builds them: comments gone (JSX has none), unclosed tags closed."""
    return [[_as_browser(cell) for cell in row] for row in [table["header"], *table["rows"]]]


def _as_browser(cell: str) -> str:
    """A cell's HTML without comments and with every element closed."""
    soup = BeautifulSoup(cell, "html.parser")
    for comment in soup.find_all(string=lambda s: isinstance(s, Comment)):
        comment.extract()
    return " ".join(str(soup).split())
