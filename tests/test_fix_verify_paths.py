"""Differential: the shortcuts `fix` takes in verifying a page and in writing long cells give exactly what the plain
path gives (rendering.fast.slow_paths() switches them off).

- A page after is compared with the page before by its HTML first (convert.Shown): the same HTML is the same page
  without page_view; other HTML is compared by views, as always.
- simple_html.parse reads the tokens in one loop (the loop it replaced is kept here as the reference).
- The conformance review notes how the body's repeated styles differ from the house style once per style
  (rules._Comparison's remember), not once per cell.
- Texts of letters and digits only are written without the URL, email, control and special-character searches
  (jsx._split, jsx._escape_plain); a regular expression that needs a literal is not run on a text without it
  (jsx_html._attributes, convert._escaped_before_pieces, raw_blocks.raw_table_regions).
"""

import os
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_conformance import DRIFTS, HTML_STYLE, JSX_STYLE, _drift, house_tables
from test_fix_fast_paths import both, simple_fragments, tables_page

from house_tables.config import Config
from house_tables.conformance import rules
from house_tables.conformance.reader import HandTable, read_table
from house_tables.convert import Shown, _escaped_before_pieces
from house_tables.model import HtmlTableTag, Position
from house_tables.parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS
from house_tables.rendering import jsx, jsx_html
from house_tables.rendering.fast import slow_paths
from house_tables.rendering.page import page_view, render_md_page
from house_tables.rendering.raw_blocks import raw_table_regions
from house_tables.rendering.simple_html import _ATTRIBUTE, _ONLY_SPACES, _TOKEN, NAMES, VOID, Element, _character, parse

EXAMPLES = max(200, int(os.environ.get("HOUSE_TABLES_FUZZ", "200")))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# Letters and digits of several scripts (str.isalnum: `²`, `٣`, `中`, `é`), and every character a search looks for.
ALNUM = "abxXyz019é中٣²ǅΩ"
SPECIAL = "*_~{}<>&\\`[]\u00a0.:@/ \t\n\r\x00\x01\x1f\x7f\ue000\ue001\ue002\ue003\ue004=\"'wWhHtTpPs"
texts = st.one_of(
    st.text(ALNUM, max_size=40),
    st.text(ALNUM + SPECIAL, max_size=40),
    st.lists(st.sampled_from(["www.", "http://", "https://", "a@b.co", "x", "中", "²", "]", "[", "*", "_", "\x00",
                              "\ue000", "\\", "style={{", "=", "a.b", ":"]), max_size=8).map("".join),
)


def _page_html(page: str) -> str:
    return render_md_page(page, MKDOCS_EXTENSIONS, MKDOCS_EXTENSION_CONFIGS).html


@SETTINGS
@given(st.one_of(simple_fragments, tables_page().map(_page_html)),
       st.one_of(simple_fragments, tables_page().map(_page_html)), st.booleans())
def test_shown_pages_compare_as_their_views(before, after, same):
    """Two rendered pages compare equal exactly when their views do (the same HTML, or another pair)."""
    after = before if same else after

    def compared(a: str, b: str) -> tuple:
        return Shown(a) == Shown(b), Shown(a) != Shown(b)

    fast, slow = both(compared, before, after)
    assert fast == slow == ((page_view(before) == page_view(after)), (page_view(before) != page_view(after)))


@SETTINGS
@given(texts, st.booleans(), st.booleans())
def test_text_writing(text, closer_after, label):
    """A text's segments and its escaped form, with and without the shortcuts."""
    def written(t: str) -> tuple:
        return jsx._split(t), jsx._escape_plain(t, closer_after, label), jsx.jsx_text(t)

    fast, slow = both(written, text)
    assert fast == slow


@SETTINGS
@given(st.lists(texts, max_size=4).map("".join))
def test_literal_searches(text):
    """The JSX markup's attributes, backslashes before kept pieces, and raw tables' regions."""
    def searched(t: str) -> tuple:
        return jsx_html._attributes(t), _escaped_before_pieces(t)

    fast, slow = both(searched, text)
    assert fast == slow
    table = f"{text}\n\n<table>\n<tr><td>{text}</td></tr>\n</table>\n"
    for source in (text, table, text.replace("<", "&lt;")):
        with slow_paths():
            regions = raw_table_regions(source)
        assert raw_table_regions(source) == regions


def test_long_cells_of_letters():
    """A 100,000-character cell of letters (the adversarial 1 MB cell, shorter) is written as before."""
    for text in ("x" * 100_000, "中" * 50_000 + "9", "ab" * 30_000 + "."):
        fast, slow = both(lambda t: (jsx._split(t), jsx._escape_plain(t, False), jsx.jsx_text(t)), text)
        assert fast == slow


def _reference_parse(html: str, *, first_table: bool = False) -> list | None:
    """simple_html.parse as it was (commit 1b1edfc): one finditer, a position check per token."""
    root = Element("[document]", {})
    node, position, texts, pre = root, 0, [], 0
    open_elements: list[Element] = []
    for match in _TOKEN.finditer(html):
        if match.start() != position:
            return None
        position = match.end()
        kind = match.lastgroup if match.lastgroup != "close" else "start"
        if kind == "text":
            texts.append(match.group("text"))
            continue
        if kind in ("ref", "number", "hex"):
            character = _character(match, kind)
            if character is None:
                return None
            texts.append(character)
            continue
        _reference_flush(node, texts, pre)
        if kind != "end":
            opened = _reference_opened(node, match)
            if opened is None:
                return None
            if opened is not node:
                open_elements.append(node)
                node = opened
                pre += node.name == "pre"
        else:
            if match.group("end") != node.name or node is root:
                return None
            pre -= node.name == "pre"
            node = open_elements.pop()
            if first_table and node is root:
                return root.contents
    if position != len(html) or node is not root or first_table:
        return None
    _reference_flush(node, texts, pre)
    return root.contents


def _reference_opened(node: Element, match: re.Match) -> Element | None:
    name = match.group("start")
    if name not in NAMES or (match.group("close") and name not in VOID):
        return None
    written = match.group("attrs")
    pairs = _ATTRIBUTE.findall(written) if written else ()
    attrs = dict(pairs)
    if len(attrs) != len(pairs):
        return None
    element = Element(name, attrs, [])
    node.contents.append(element)
    return node if name in VOID else element


def _reference_flush(node: Element, texts: list[str], pre: int) -> None:
    if not texts:
        return
    text = texts[0] if len(texts) == 1 else "".join(texts)
    texts.clear()
    if not pre and _ONLY_SPACES.fullmatch(text):
        text = "\n" if "\n" in text else " "
    node.contents.append(text)


def _tree(nodes: list | None):
    """Nodes as nested tuples: texts, and (name, attributes in order, children) of elements."""
    if nodes is None:
        return None
    return tuple(node if isinstance(node, str) else (node.name, tuple(node.attrs.items()), _tree(node.contents))
                 for node in nodes)


_NEAR_MISSES = st.sampled_from(["", "<", ">", "&", "&amp", "&#0;", "&#x110000;", "</b>", "<b>", "<script>", "<B>",
                                '<a href="x" href="y">', '<a  href="x">', "<br/>", "<br />", "<p/>", "\r", "\x00",
                                "<!-- c -->", "<table>", "</table>", "<pre>", "</pre>", " \n ", "<td>", "&nbsp;",
                                '<span class="a b">', "<x-y>", "</ b>", "<a href='x'>"])
_HTML = st.one_of(simple_fragments, tables_page().map(_page_html),
                  st.lists(st.one_of(simple_fragments, _NEAR_MISSES), max_size=8).map("".join))


@SETTINGS
@given(_HTML, st.booleans())
def test_parse_reads_as_the_loop_it_replaced(html, table_first):
    """The same tree (or None) for whole documents and for a table read first (with what follows it)."""
    if table_first:
        html = html[html.find("<table"):] if "<table" in html else "<table><tr><td>" + html
    assert _tree(parse(html)) == _tree(_reference_parse(html))
    assert _tree(parse(html, first_table=True)) == _tree(_reference_parse(html, first_table=True))


@SETTINGS
@given(st.sampled_from(["jsx", "html"]).flatmap(lambda form: st.tuples(st.just(form), house_tables(form))),
       st.lists(st.tuples(st.sampled_from(DRIFTS), st.integers(0, 50)), max_size=4))
def test_review_notes_repeated_styles_once(formed, drifts):
    """drift() gives the same findings when every element's notes are made afresh."""
    form, lines = formed
    for how, where in drifts:
        lines = _drift(lines, how, where, JSX_STYLE if form == "jsx" else HTML_STYLE)
    table = read_table(tuple(lines), (Position if form == "jsx" else HtmlTableTag)(1, 1))
    assert isinstance(table, HandTable)
    fast = rules.drift(table, Config(), None)
    remembering = rules._Comparison.__call__
    rules._Comparison.__call__ = lambda self, element, where, expected, remember=False: remembering(
        self, element, where, expected)
    try:
        slow = rules.drift(table, Config(), None)
    finally:
        rules._Comparison.__call__ = remembering
    assert fast == slow
