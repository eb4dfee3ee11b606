"""Whole pages, rendered as the site renders them, for `fix` to verify that a converted page shows what the
original showed: every cell and everything outside the tables, house-table styles and colgroups aside.

A `.md` page is rendered by Python-Markdown with the site's extensions (footnotes, emoji, snippets, ...) and the
package's own `house_tables` extension, which builds house JSX tables exactly as the MkDocs plugin does. MkDocs'
link and image resolution is not run: it rewrites `<a href>` and `<img src>` of the element tree, the same way on
both sides, so two pages whose trees are equal before it are equal after it.
"""

from __future__ import annotations

import difflib
import re

import markdown
from bs4 import BeautifulSoup, Comment

_TABLE_PARTS = ("table", "thead", "tbody", "tfoot", "tr", "th", "td")
_BETWEEN_TAGS = re.compile(r">\s+<")
_INSTANCES: dict[tuple, markdown.Markdown] = {}


def render_md_page(text: str, extensions: tuple, configs: dict, *, front_matter: bool = False) -> str:
    """The HTML of a `.md` page as the site (with the house-tables plugin) renders it."""
    from ..extension import HouseTablesExtension
    from ..parsing.pymd import page_markdown

    key = (tuple(map(str, extensions)), repr(sorted(configs.items())))
    md = _INSTANCES.get(key)
    if md is None:
        if len(_INSTANCES) >= 8:
            _INSTANCES.clear()
        extension = HouseTablesExtension()
        extension.settings.sink = lambda level, message: None  # findings are the scan's business here
        md = _INSTANCES[key] = markdown.Markdown(extensions=[*extensions, extension], extension_configs=configs)
    md.reset()
    return md.convert(page_markdown(text) if front_matter else text)


def page_view(html: str) -> str:
    """What a reader sees of a page, in a comparable form: table styles, alignment attributes and colgroups (what
    the house style adds) and comments removed, whitespace between tags collapsed, one block per line."""
    soup = BeautifulSoup(html, "html.parser")
    for comment in soup.find_all(string=lambda node: isinstance(node, Comment)):
        comment.extract()
    for group in soup.find_all("colgroup"):
        group.decompose()
    for element in soup.find_all(_TABLE_PARTS):
        element.attrs.pop("style", None)
        element.attrs.pop("align", None)
    flat = _BETWEEN_TAGS.sub("><", str(soup)).strip()
    return re.sub(r"(</(?:p|h[1-6]|table|tr|li|pre|div|blockquote)>)", r"\1\n", flat)


def first_difference(before: str, after: str, context: int = 60) -> str:
    """The first place two page views differ: `before '…x…', after '…y…'` (readable, never two equal strings)."""
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag != "equal":
            start = max(0, min(a1, b1) - context)
            return (f"before {before[start:a2 + context]!r}, after {after[start:b2 + context]!r}"
                    if a1 == b1 else f"before {before[max(0, a1 - context):a2 + context]!r}, "
                                     f"after {after[max(0, b1 - context):b2 + context]!r}")
    return "no difference"
