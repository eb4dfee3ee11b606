"""The fast paths a build takes for pages holding house JSX tables (the pages `fix` writes) give exactly what the
general paths give: the tag-nesting guard's greedy tag pattern, plain cells read without cmark-gfm, and a table's
repeated attributes read once by the simple HTML parser."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from house_tables.parsing.house_form import VOID, tag_depth
from house_tables.rendering.fast import slow_paths
from house_tables.rendering.jsx_html import _cells_to_html, _plain, jsx_to_html
from house_tables.rendering.simple_html import parse

# tag_depth's pattern before: the rest of a tag lazily, then an optional `/` before `>`
_LAZY_TAG = re.compile(r"<(/?)([A-Za-z][\w:.-]*)[^<>]*?(/?)>")


def _lazy_tag_depth(text: str) -> int:
    depth = deepest = 0
    for closing, name, self_closing in _LAZY_TAG.findall(text):
        if closing:
            depth = max(0, depth - 1)
        elif not self_closing and name.lower() not in VOID:
            depth += 1
            deepest = max(deepest, depth)
    return deepest


_TAG_PIECES = st.sampled_from(["<", ">", "/", "</", "/>", "<a", "<br", "<td", "</td>", "<x-y.z", " ", "=", '"',
                               "a", "B", "\n", "<img/>", "<span>", "</span>", "<p class=\"a/\">", "<i/ >", "<!--"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_TAG_PIECES, max_size=40).map("".join))
def test_tag_depth_reads_tags_as_the_lazy_pattern_did(text):
    assert tag_depth(text) == _lazy_tag_depth(text)


_CELL_CHARACTERS = st.sampled_from([*"aZ09 .,;:?!'()/#%+-*_`~[]<>&\"\\|{}=@\t", "www.", "WWW.", "http://x", "\u00e9",
                                    "1. ", "# "])


@settings(max_examples=500, deadline=None)
@given(st.lists(_CELL_CHARACTERS, max_size=12).map("".join))
def test_a_plain_cell_reads_as_cmark_renders_it(cell):
    """Every cell _plain takes reads as jsx_to_html (cmark-gfm) renders it; the others are rendered."""
    with slow_paths():
        expected = jsx_to_html(cell)
    assert _cells_to_html([cell]) == [expected]
    if _plain(cell):
        assert expected == cell.rstrip(" ")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(_CELL_CHARACTERS, max_size=6).map("".join), min_size=1, max_size=8))
def test_plain_and_rendered_cells_keep_their_order(cells):
    with slow_paths():
        expected = [jsx_to_html(cell) for cell in cells]
    assert _cells_to_html(cells) == expected


def test_plain_cells_are_told_from_the_others():
    """The fast path is taken (the property above would hold with it never taken)."""
    assert all(_plain(cell) for cell in ["Name", "1.5", "Kept (see below)", "a/b", "-", "", "  x  "])
    assert not any(_plain(cell) for cell in ["*x*", "a_b", "www.example.com", "a:b", "x & y", "a=b", "{x}", "é"])


_ROW = '<tr style="border-bottom: 1px solid #ddd"><td style="text-align: left">{}</td><td class="c">{}</td></tr>'


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["a", "<code>b</code>", "&amp;", ""]),
                          st.sampled_from(["x", "<em>y</em>", " "])), min_size=1, max_size=6))
def test_repeated_attributes_parse_as_written(rows):
    """Each element of a parse has its own attributes, equal to the ones written on its tag (a table's rows and
    cells repeat the same ones)."""
    html = "<table>" + "".join(_ROW.format(a, b) for a, b in rows) + "</table>"
    cells = [cell for row in parse(html)[0].contents for cell in row.contents]
    assert [cell.attrs for cell in cells] == [{"style": "text-align: left"}, {"class": "c"}] * len(rows)
    assert len({id(cell.attrs) for cell in cells}) == len(cells)
    cells[0].attrs["style"] = "changed"
    assert parse(html)[0].contents[0].contents[0].attrs == {"style": "text-align: left"}


def test_an_attribute_named_twice_is_not_simple_where_repeated():
    """The second row's tag, read from the attributes kept for the first, is refused as the first was."""
    row = '<tr><td class="c" class="d">x</td></tr>'
    assert parse(f"<table>{row}</table>") is None
    assert parse(f"<table>{row}{row}</table>") is None
