"""The HTML form (what MkDocs renders) has the JSX form's structure, and hand-written JSX renders the same."""

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from house_tables.convert import convert
from house_tables.rendering.fragments import canonical
from house_tables.rendering.jsx_html import jsx_tables_to_html
from house_tables.rendering.page import TREE_LINK

from project_data import SEED_PAGE

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "convert"
PAGES = [*sorted(FIXTURES.glob("*.md*")), SEED_PAGE]


def _tables(html: str) -> list[str]:
    """Canonical HTML of each table in a document."""
    return [canonical(str(table)) for table in BeautifulSoup(html, "html.parser").find_all("table")]


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_html_form_equals_jsx_form_read_as_html(page):
    """Converting to HTML, or to JSX and then rendering that JSX as HTML, gives the same tables."""
    text = page.read_text(encoding="utf-8")
    dialect = "mdx" if page.suffix == ".mdx" else "python-markdown"
    as_html = convert(text, dialect, form="html")
    as_jsx = convert(text, dialect, form="jsx")
    html_tables = {item.table.start_line: item for item in as_html.converted}
    jsx_tables = {item.table.start_line: item for item in as_jsx.converted}
    assert set(html_tables) <= set(jsx_tables)
    # In raw HTML MkDocs resolves no link: a table with a relative link or image stays a pipe table in this form.
    declined = {d.span.start.line for d in as_html.diagnostics if d.code == "HT009" and TREE_LINK in d.message}
    assert set(jsx_tables) - set(html_tables) == declined
    for line, item in html_tables.items():
        jsx_as_html = jsx_tables_to_html("\n".join(jsx_tables[line].output))
        assert _tables(jsx_as_html) == _tables("\n".join(item.output))


def test_html_form_styles_are_css_strings():
    """camelCase becomes kebab-case, numbers stay unitless, no JSX braces are left."""
    result = convert("| a | b |\n|:-:|--:|\n| 1 | 2 |\n", "python-markdown", form="html")
    assert 'style="width: 100%; border-collapse: collapse; table-layout: fixed"' in result.text
    assert "font-weight: 700" in result.text and "{{" not in result.text
    assert '<td style="padding: 9px 12px; text-align: center; font-weight: 500;' in result.text
