"""A hand-written house JSX table as elements of the page's own tree (not a raw HTML blob).

The table's HTML comes from `jsx_html` (cells read as MDX reads a `<td>` line); here it becomes
ElementTree elements so that MkDocs' own tree processors see it like any Markdown content: links and
images are resolved and validated, ids are anchors. Every text node is an `AtomicString`, so no later
inline processor reads Markdown into what is already rendered (an escaped `\\*` stays a literal star).
"""

from __future__ import annotations

import xml.etree.ElementTree as etree

from bs4 import BeautifulSoup, Comment, NavigableString, Tag
from markdown.util import AtomicString

from .jsx_html import jsx_table_html


def house_table_element(lines: list[str]) -> etree.Element:
    """The `<table>` element of a house JSX table, cells rendered as MDX reads them."""
    indent = lines[0][: len(lines[0]) - len(lines[0].lstrip(" \t"))]
    html = "\n".join(jsx_table_html(lines, indent))
    soup = BeautifulSoup(html, "html.parser")
    table = soup.find("table")
    return _element(table)


def _element(tag: Tag) -> etree.Element:
    """An ElementTree copy of a bs4 tag; text as AtomicString, comments as comments."""
    element = etree.Element(tag.name, {k: " ".join(v) if isinstance(v, list) else v for k, v in tag.attrs.items()})
    last = None
    for child in tag.children:
        if isinstance(child, Comment):
            node = etree.Comment(str(child))
        elif isinstance(child, NavigableString):
            _append_text(element, last, str(child))
            continue
        else:
            node = _element(child)
        element.append(node)
        last = node
    return element


def _append_text(element: etree.Element, last, text: str) -> None:
    """Text after the last child (or the element's own text), kept inert."""
    if last is None:
        element.text = AtomicString((element.text or "") + text)
    else:
        last.tail = AtomicString((last.tail or "") + text)
