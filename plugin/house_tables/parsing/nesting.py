"""Whether the raw HTML of a pipe-table cell, as Python-Markdown passes it through, is well nested.

Python-Markdown keeps a cell's inline HTML as written: `<li>a` stays an unclosed `<li>`, `x</li>y` a stray end tag.
The house form writes elements (a JSX element is closed where it opens, the HTML form is written from the tree a
parser built), so such a cell would be written closed or without its stray tag: a browser mostly builds the same
page, but MkDocs' search index reads the HTML as written (`x</li>y` is `x y` there, `xy` once balanced) and Material's
keeps the tags. A cell whose tags do not nest cannot be written as it is: its table stays.
"""

from __future__ import annotations

import re

from markdown.inlinepatterns import AUTOLINK_RE, AUTOMAIL_RE, HTML_RE

from .cells import without_code_spans
from .house_form import VOID

_HTML = re.compile(HTML_RE)
# What Python-Markdown reads before raw HTML (autolinks; code spans: without_code_spans) is no tag.
_AUTOLINK = re.compile(f"{AUTOLINK_RE}|{AUTOMAIL_RE}")
_NAME = re.compile(r"[a-zA-Z][^\s/>]*")


def nesting_problem(text: str) -> str | None:
    """How the raw inline HTML of a cell's Markdown text fails to nest (an element left open, an end tag that closes
    no open element, or another than the innermost), or None when every element it opens it closes in order.
    Comments, processing instructions, CDATA, void elements and `<x/>` open nothing."""
    if "<" not in text:
        return None
    text = _AUTOLINK.sub("", without_code_spans(text) if "`" in text else text)
    open_elements: list[str] = []
    for match in _HTML.finditer(text):
        tag = match.group(0)
        if tag[1] in "!?":
            continue
        closing = tag[1] == "/"
        name = _NAME.match(tag, 1 + closing).group(0).lower()
        if not closing:
            if name not in VOID and not tag.endswith("/>"):
                open_elements.append(name)
        elif not open_elements:
            return f"`</{name}>` closes no open element"
        elif open_elements[-1] != name:
            return f"`</{name}>` where `<{open_elements[-1]}>` is open"
        else:
            open_elements.pop()
    return f"`<{open_elements[-1]}>` is not closed" if open_elements else None
