"""A hand-written house JSX table as elements of the page's own tree (not a raw HTML blob).

The table's HTML comes from `jsx_html` (cells read as MDX reads a `<td>` line); here it becomes
ElementTree elements so that MkDocs' own tree processors see it like any Markdown content: links and
images are resolved and validated, ids are anchors. Every text node is an `AtomicString`, so no later
inline processor reads Markdown into what is already rendered (an escaped `\\*` stays a literal star).
A footnote reference is left as `<sup data-house-footnote="label">` for the page's footnotes to number.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from functools import lru_cache
from typing import TYPE_CHECKING
from urllib.parse import unquote

from markdown.util import AtomicString

from .fast import enabled
from .fragments import simple_first_table
from .jsx_html import jsx_cells_to_html, jsx_table_html, tag_attributes
from .simple_html import VOID, Element, parse, text_node

if TYPE_CHECKING:
    from bs4 import Tag

    from ..conformance.reader import HandTable

FOOTNOTE_MARK = "data-house-footnote"
# Python-Markdown's serializer writes an `&` that starts something like a character reference as it is (so the
# entities of Markdown text pass through): decoded text such as `&nbsp;` (from `&amp;nbsp;`) is given its `&amp;`
# back, or the page would show a no-break space where the table showed the characters.
_REFERENCE_LIKE = re.compile(r"&(?=(?:#[0-9]+|#x[0-9a-f]+|[0-9a-z]+);)", re.IGNORECASE)


def house_table_element(lines: list[str], footnotes: tuple[str, ...] = (),
                        grid: HandTable | None = None) -> etree.Element:
    """The `<table>` element of a house JSX table, cells rendered as MDX reads them; footnotes: the page's labels;
    grid: the conformance reading of these lines (a HandTable), when there is one."""
    if grid is not None and not footnotes and enabled():
        built = grid_table_element(grid)
        if built is not None:
            return built
    indent = lines[0][: len(lines[0]) - len(lines[0].lstrip(" \t"))]
    html = "\n".join(jsx_table_html(lines, indent, footnotes))
    # A table holding no footnote reference (none of cmark-gfm's, none written by hand) and written in simple HTML:
    # the tree bs4 would build, copied as _element copies bs4's (a footnote reference is always left to bs4).
    simple = simple_first_table(html) if enabled() and "footnote-ref" not in html else None
    if simple is not None:
        return _simple_element(simple)
    from bs4 import BeautifulSoup  # only here: its import costs more than most pages (see fragments)

    table = BeautifulSoup(html, "html.parser").find("table")
    return _element(table, {label: label for label in footnotes})


def grid_table_element(grid: HandTable) -> etree.Element | None:
    """house_table_element of the lines a HandTable was read from (no footnotes), made of the reading: the elements
    the simple tree of the table's HTML gives, without writing and parsing the table's tags again (only each cell's
    HTML is parsed). Its elements are the layout's, one per line (the lines joined by line breaks: the text between
    two is one line break); each one's attributes are those of its tag's HTML (_html_attributes). None where that
    tree is not certain to be the one: a piece not simple HTML, a footnote reference, tags not closed in order,
    `<tr/>`."""
    if grid.form != "jsx" or not grid.layout or grid.layout[0].name != "table":
        return None
    read = iter(jsx_cells_to_html([item.content for item in grid.layout if hasattr(item, "content")]))
    table = node = None
    open_elements: list = []
    for item in grid.layout:
        if item is None:
            return None
        if node is not None:
            _append_line_break(node)
        if isinstance(item, str):  # a closing tag
            if node is None or node.tag != item[1:]:
                return None
            node = open_elements.pop() if open_elements else None
            continue
        content = getattr(item, "content", None)
        tag = item if content is None else item.element
        attrs = _html_attributes(tag.name, tag.written)
        if attrs is None:
            return None
        if node is None:
            if table is not None:
                return None
            element = table = etree.Element(tag.name, attrs)
        else:
            element = etree.SubElement(node, tag.name, attrs)  # (ElementTree copies the attributes)
        if content is not None:
            nodes = _cell_nodes(next(read))
            if nodes is None:
                return None
            _fill(element, nodes)
        elif tag.name not in VOID:
            if node is not None:
                open_elements.append(node)
            node = element
    return table if node is None else None


def _append_line_break(element: etree.Element) -> None:
    """The line break between two lines of the table, after element's last child (or as its text)."""
    if len(element):
        last = element[-1]
        last.tail = AtomicString((last.tail or "") + "\n")
    else:
        element.text = AtomicString((element.text or "") + "\n")


@lru_cache(maxsize=4096)
def _html_attributes(name: str, written: str) -> dict[str, str] | None:
    """The attributes parse() reads on the HTML of a structure or cell tag of these JSX attributes (jsx_html's
    conversion: a table repeats a few of them on every row); None when that tag is not simple HTML or names a
    footnote reference (house_table_element leaves those to bs4)."""
    html = tag_attributes(f"<{name}{written.rstrip()}>")  # (` />` and a blank before `>` read as `>`)
    nodes = parse(html if name in VOID else f"{html}</{name}>") if "footnote-ref" not in html else None
    if not nodes or len(nodes) != 1 or not isinstance(nodes[0], Element) or nodes[0].name != name:
        return None
    return nodes[0].attrs


_MARKUP_OR_STOP = re.compile("[<>&\r\x00]")  # what makes a cell's HTML more than one text to parse()


def _cell_nodes(html: str) -> list | None:
    """parse(html) of a cell's HTML (a new list), its text alone when it holds no markup; None when it is not simple
    or holds a footnote reference."""
    if _MARKUP_OR_STOP.search(html) is None:
        return [text_node(html)] if html else []
    return parse(html) if "footnote-ref" not in html else None


def _simple_element(tag: Element) -> etree.Element:
    """_element of a simple tree without footnote references (a simple tree has no comments; its attribute values
    are bs4's, multi-valued ones joined back by their single spaces)."""
    element = etree.Element(tag.name, tag.attrs)  # (ElementTree copies the attributes)
    _fill(element, tag.contents)
    return element


def _fill(element: etree.Element, nodes: list) -> None:
    """The nodes of a simple tree as element's children and texts."""
    last = None
    for child in nodes:
        if isinstance(child, str):
            _append_text(element, last, child)
            continue
        last = _simple_element(child)
        element.append(last)


def _element(tag: Tag, labels: dict[str, str]) -> etree.Element:
    """An ElementTree copy of a bs4 tag; text as AtomicString. Comments are left out: readers see none, and an
    ElementTree comment in the page's tree is read as an element by Python-Markdown's inline step and by toc, which
    both failed on it (a hand-written house table with `<!-- -->` in a cell stopped `mkdocs build`)."""
    from bs4 import Comment, NavigableString

    label = _footnote_label(tag, labels)
    if label is not None:
        return etree.Element("sup", {FOOTNOTE_MARK: label})
    element = etree.Element(tag.name, {k: _inert(" ".join(v) if isinstance(v, list) else v)
                                       for k, v in tag.attrs.items()})
    last = None
    for child in tag.children:
        if isinstance(child, Comment):
            continue
        if isinstance(child, NavigableString):
            _append_text(element, last, str(child))
            continue
        last = _element(child, labels)
        element.append(last)
    return element


def _footnote_label(tag: Tag, labels: dict[str, str]) -> str | None:
    """The page's footnote label a cmark-gfm footnote reference (`<sup class="footnote-ref">`) points at."""
    if tag.name != "sup" or "footnote-ref" not in (tag.get("class") or ()):
        return None
    link = tag.find("a")
    href = link.get("href", "") if link is not None else ""
    return labels.get(unquote(href[len("#fn-"):])) if href.startswith("#fn-") else None


def _append_text(element: etree.Element, last, text: str) -> None:
    """Text after the last child (or the element's own text), kept inert."""
    text = _inert(text)
    if last is None:
        element.text = AtomicString((element.text or "") + text)
    else:
        last.tail = AtomicString((last.tail or "") + text)


def _inert(text: str) -> str:
    """Decoded text as the serializer must be given it to write it back (see _REFERENCE_LIKE)."""
    return _REFERENCE_LIKE.sub("&amp;", text) if "&" in text else text
