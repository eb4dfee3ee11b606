"""Whether the raw HTML of a pipe-table cell, as Python-Markdown passes it through, can be written balanced.

Python-Markdown keeps a cell's inline HTML as written; the house form writes elements (a JSX element is closed where
it opens; the HTML form is written from the tree a parser built). Where a browser builds the same page from both and
the search index reads the same text, that is no change: an element left open (`List<T>`, `<b>x`) is closed by the
cell's end in the browser as in the house table. Three things are a change, and the table stays:

- an end tag that closes no open element (`one</li>two`): dropped, and MkDocs' search index read `one two` there
  (its parser splits the text at any tag), `onetwo` once written;
- an end tag that closes an open element with a formatting element inside it (`<a><b>x</a>y`): the browser reopens
  `<b>` after it (y is bold), the balanced tree does not;
- an element Material's search index keeps as written (`p`, `li`, `ol`, `ul`, `code`, `pre`, `sub`, `sup`) left
  open: the index held `<li>one`, then `<li>one</li>`.
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
# The HTML parsing algorithm's formatting elements: an end tag closing one of their ancestors leaves them to reopen.
_FORMATTING = frozenset(("a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt",
                         "u"))
_INDEXED = frozenset(("p", "li", "ol", "ul", "code", "pre", "sub", "sup"))  # Material's search index keeps them


def nesting_problem(text: str) -> str | None:
    """Why the raw inline HTML of a cell's Markdown text would not be the same written balanced (see above), or
    None. Comments, processing instructions, CDATA, void elements and `<x/>` open nothing."""
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
            continue
        problem = _end_tag_problem(open_elements, name)
        if problem is not None:
            return problem
    left = [name for name in open_elements if name in _INDEXED]
    return f"`<{left[-1]}>` is not closed" if left else None


def _end_tag_problem(open_elements: list[str], name: str) -> str | None:
    """What an end tag changes when written balanced, or None (then the elements it closes are closed)."""
    if name not in open_elements:
        return f"`</{name}>` closes no open element"
    index = len(open_elements) - 1 - open_elements[::-1].index(name)
    inside = open_elements[index + 1 :]
    formatting = [element for element in inside if element in _FORMATTING]
    if formatting:
        return f"`</{name}>` closes `<{formatting[-1]}>` too, which a browser reopens after it"
    indexed = [element for element in inside if element in _INDEXED]
    if indexed:
        return f"`<{indexed[-1]}>` is not closed"
    del open_elements[index:]
    return None
