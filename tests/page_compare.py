"""Comparing pages and tables as MDX renders them, before and after conversion (shared by the MDX tests)."""

from bs4 import BeautifulSoup, Comment, NavigableString


def normalized(html: str, *, drop_styles: bool) -> str:
    """A page's HTML without colgroups, empty tbodies, whitespace-only text, table-part styles (all, or only
    alignment)."""
    soup = BeautifulSoup(html, "html.parser")
    for colgroup in soup.find_all("colgroup"):
        colgroup.decompose()
    for tbody in soup.find_all("tbody"):
        if not tbody.find("tr"):
            tbody.decompose()  # a header-only table: the house layout keeps an empty tbody, invisible
    for tag in soup.find_all(True):
        for name in ("align", "data-md", "data-lines"):
            tag.attrs.pop(name, None)
        if tag.name in _STYLED and (drop_styles or "text-align" in tag.attrs.get("style", "")):
            tag.attrs.pop("style", None)  # the house style's, never a style written in a cell
    for text in soup.find_all(string=True):
        if isinstance(text, NavigableString) and not text.strip() and text.parent.name in _TABLE_TAGS:
            text.extract()
    return str(soup)


_TABLE_TAGS = {"table", "thead", "tbody", "tr"}
_STYLED = {*_TABLE_TAGS, "th", "td", "col"}


def tables_only(conversion) -> str:
    """The converted JSX tables alone: the rest of a .md page need not be valid MDX."""
    return "\n\n".join("\n".join(item.output) for item in conversion.converted) + "\n"


def visible_cells(table: dict) -> list[list[str]]:
    """Cells as a browser builds them: comments gone (JSX has none), unclosed tags closed."""
    return [[_as_browser(cell) for cell in row] for row in [table["header"], *table["rows"]]]


def _as_browser(cell: str) -> str:
    """A cell's HTML without comments and with every element closed."""
    soup = BeautifulSoup(cell, "html.parser")
    for comment in soup.find_all(string=lambda s: isinstance(s, Comment)):
        comment.extract()
    return " ".join(str(soup).split())
