"""Differential: every fast path of the renderers gives exactly what the slow path gives on the same input.

`rendering.fast.slow_paths()` switches the fast paths off; each property computes its result both ways. The whole
of `fix` (convert) is compared on generated pages in both dialects: the same text, tables, cells verified and
findings (messages included). `make fuzz` sets HOUSE_TABLES_FUZZ for more examples.
"""

import os
import re
import xml.etree.ElementTree as etree
from types import SimpleNamespace

from bs4 import BeautifulSoup, Comment
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_jsx import fragments

from house_tables import convert as convert_module
from house_tables.config import Config
from house_tables.convert import convert
from house_tables.parsing import LAST_MDX_SCAN, scan
from house_tables.parsing.house_form import depth_over, tag_depth
from house_tables.parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS
from house_tables.plan import planned_diagnostics
from house_tables.rendering import fragments as fragments_module
from house_tables.rendering import jsx as jsx_module
from house_tables.rendering import jsx_html as jsx_html_module
from house_tables.rendering import page as page_module
from house_tables.rendering import protect as protect_module
from house_tables.rendering import simple_html as simple_html_module
from house_tables.rendering.fast import enabled, slow_paths
from house_tables.rendering.fragments import (
    canonical,
    first_table_cells,
    rebuilt_source,
    render_gfm,
    render_python_markdown,
)
from house_tables.rendering.house_element import house_table_element
from house_tables.rendering.jsx import html_to_jsx
from house_tables.rendering.jsx_html import jsx_cells_to_html, jsx_to_html
from house_tables.rendering.layout import Grid, render_lines
from house_tables.rendering.page import page_view
from house_tables.rendering.simple_html import decode, parse
from house_tables.source import Source

from strategies import CONTAINERS, cell_text, container, documents, table, without_engine_hangs

EXAMPLES = max(150, int(os.environ.get("HOUSE_TABLES_FUZZ", "150")) // 4)
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
# The renderers' own properties are cheap: more examples (a simple tree is one of several shapes drawn).
MANY = settings(SETTINGS, max_examples=EXAMPLES * 4)

# Characters every renderer treats specially, controls, private-use tokens of ours, non-ASCII; no `<` or `&`.
PLAIN = "{}>*_`[]~\\!#|\"' abxX15.:/@()=-+;$%^?,é中🙂\u00a0\u2028\t\n\r\x00\x0b\x1f\ue000\ue001\ue002\ue003\ue004"
PLAIN_TOKENS = ["www.", "http://", "a@b.co", "*/", "{/*", "**", "__", "~~", "``", "](u)", "![", " ", "x", "-->", "0"]
plain_texts = st.lists(st.one_of(st.text(PLAIN, min_size=1, max_size=4), st.sampled_from(PLAIN_TOKENS)),
                       max_size=6).map("".join)

# Simple HTML (see simple_html) of every shape it allows, attributes in any order, and near misses.
_SIMPLE_TEXTS = st.lists(st.sampled_from(["a", " ", "\n", "  ", "x y", "&amp;", "&lt;", "&gt;", "&quot;", "é", "]",
                                          "*", "www.x.y", "\t", "'", '"', "&#1;", "&nbsp;", "{", "\\", "&para;",
                                          "&#39;", "&#x27;", "&#150;", "&#x80;", "&#0;", "&#65;", "&#xD800;",
                                          "&#1114111;", "&foo;", "&AMP;", "&amp", "&#38;", "&#60;", "&#x3C;", "\n\n"]),
                         max_size=4).map("".join)
_SIMPLE_ATTRS = st.dictionaries(st.sampled_from(["class", "href", "src", "alt", "title", "id", "style", "align",
                                                 "data-x", "colspan"]),
                                st.sampled_from(["", "x", "a b", "u?x=1", "#fn-1", "footnote-ref", "width: 1%",
                                                 "a  b", " a", "x'y"]), max_size=3)


def _simple_element(name: str, attrs: dict, inner: str, slash: str) -> str:
    written = "".join(f' {key}="{value}"' for key, value in attrs.items())
    if name in ("br", "img", "col", "hr", "input", "wbr"):
        return f"<{name}{written}{slash}>"
    return f"<{name}{written}>{inner}</{name}>"


simple_fragments = st.recursive(
    _SIMPLE_TEXTS,
    lambda inner: st.builds(_simple_element, st.sampled_from(["span", "a", "code", "img", "br", "em", "sup", "p",
                                                              "div", "td", "tr", "table", "colgroup", "col", "pre"]),
                            _SIMPLE_ATTRS, st.lists(inner, max_size=3).map("".join),
                            st.sampled_from(["", " /", "/"])),
    max_leaves=8,
)
fragments = st.one_of(fragments, simple_fragments)


def _forget() -> None:
    """Results kept from an earlier call (canonical forms, the page rendered last) are computed again."""
    canonical.cache_clear()
    page_module._LAST.clear()
    page_module._LAST_VIEW.clear()
    LAST_MDX_SCAN[0] = None
    fragments_module._LAST_CELLS[0] = None
    jsx_module._kept_jsx.cache_clear()
    jsx_module._kept_segments.cache_clear()
    jsx_html_module._READ.clear()
    simple_html_module.forget_cells()


def both(function, *args):
    """function(*args) with the fast paths, then with the slow paths."""
    assert enabled()
    _forget()
    fast = function(*args)
    _forget()
    with slow_paths():
        slow = function(*args)
    return fast, slow


@MANY
@given(st.one_of(plain_texts, fragments))
def test_html_to_jsx(fragment):
    """Plain text (no `<`, no `&`) is written without a parser, as bs4's single text node would be."""
    fast, slow = both(html_to_jsx, fragment)
    assert fast == slow


@MANY
@given(st.lists(st.one_of(plain_texts, fragments), min_size=1, max_size=3), st.lists(st.integers(0, 2), max_size=6))
def test_html_to_jsx_kept(cells, order):
    """A cell's JSX kept from an earlier cell is what the slow path writes, in any order of repeated cells (or the
    same error: JSX that cannot be written is never kept)."""
    def written(fragment):
        try:
            return html_to_jsx(fragment)
        except ValueError as error:
            return repr(error)

    sequence = [cells[k % len(cells)] for k in [0, *order]]
    with slow_paths():
        fresh = [written(cell) for cell in sequence]
    _forget()
    assert [written(cell) for cell in sequence] == fresh


@MANY
@given(st.lists(st.one_of(fragments.map(html_to_jsx), plain_texts.map(html_to_jsx), plain_texts), max_size=8))
def test_jsx_cells_read_back_in_one_render(cells):
    """Many JSX cells read back in one cmark-gfm document, as each one on its own."""
    try:
        one_by_one = [jsx_to_html(jsx) for jsx in cells]
    except (ValueError, IndexError) as error:  # the batch fails the same way
        one_by_one = type(error)
    try:
        batched = jsx_cells_to_html(cells)
    except (ValueError, IndexError) as error:
        batched = type(error)
    assert batched == one_by_one
    if isinstance(batched, list):  # read again: the cells kept, in a list of its own
        batched.append("changed")
        assert jsx_cells_to_html(list(cells)) == one_by_one


def _rows(draw, cells) -> list[list[str]]:
    columns = draw(st.integers(1, 4))
    return [[draw(cells) for _ in range(columns)] for _ in range(draw(st.integers(1, 4)))]


@st.composite
def table_html(draw) -> str:
    """The HTML of a table as one engine or the other renders generated cells, or cells of raw HTML."""
    cells = st.one_of(cell_text(), plain_texts.map(lambda t: t.replace("|", "").replace("\n", " ")))
    rows = _rows(draw, cells)
    source = rebuilt_source(rows, (None,) * len(rows[0]), "")
    engine = draw(st.sampled_from(["gfm", "pymd", "raw"]))
    if engine == "gfm":
        return render_gfm(source)
    if engine == "pymd":
        return render_python_markdown(source, MKDOCS_EXTENSIONS, MKDOCS_EXTENSION_CONFIGS)
    raw = _rows(draw, st.one_of(fragments, plain_texts))
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in raw)
    return f"<table>{body}</table>"


_PRE_PIECES = st.sampled_from(["<pre>", "</pre>", "<br>", "<img src=\"x\">", "<br/>", "  ", "\n \n", "a",
                                "<p>", "</p>", "<span>", "</span>"])


@MANY
@given(st.one_of(simple_fragments, st.lists(_PRE_PIECES, max_size=12).map("".join)))
def test_simple_tree_is_bs4s(html):
    """parse() builds the tree bs4 builds (written as bs4 writes it), white space after a void element inside a
    `<pre>` included; its elements hold no link to their parent (no cycles to collect)."""
    nodes = parse(html)
    assume(nodes is not None)
    assert decode(nodes) == BeautifulSoup(html, "html.parser").decode()
    assert not any(hasattr(node, "parent") for node in nodes)


def test_simple_tree_keeps_spaces_only_inside_pre():
    """A void element inside a `<pre>` does not count as another `<pre>` (spaces after the `<pre>` collapse)."""
    assert decode(parse("<pre>a<br>b</pre><p>  </p>")) == "<pre>a<br/>b</pre><p> </p>"


@MANY
@given(table_html())
def test_first_table_cells(html):
    """A simple table is read without bs4 (simple_html), a cell of one text written without bs4's serialiser."""
    fast, slow = both(first_table_cells, html)
    assert fast == slow


def _shape(nodes: list) -> list:
    """A simple tree as lists, tuples and texts (attributes in their order), comparable with ==."""
    return [node if isinstance(node, str) else (node.name, list(node.attrs.items()), _shape(node.contents))
            for node in nodes]


@MANY
@given(st.one_of(table_html(), simple_fragments.map(lambda cell: f"<table><tr><td>{cell}</td><td> {cell}</td>"
                                                                 f"<td><pre>{cell}</pre></td></tr></table>")))
def test_cells_read_are_their_parse(html):
    """The nodes kept for a cell of the table read last are the tree parse() makes of that cell's HTML (attributes
    out of order, spaces stripped at a cell's ends and texts inside `<pre>` included): the JSX writer takes them
    instead of parsing the cell again."""
    _forget()
    cells = first_table_cells(html)
    kept = dict(simple_html_module._READ_CELLS)
    assert set(kept) <= {cell for row in cells or () for cell in row}
    for cell, nodes in kept.items():
        assert _shape(nodes) == _shape(parse(cell))
    assume(kept)


def test_cells_read_are_not_parsed_again(monkeypatch):
    """fix writes each cell of a table as JSX from the nodes its read of the page's table gave: no cell's HTML is
    parsed a second time (rows-5000.md: 10,000 parses)."""
    page = "| a | b |\n|---|---|\n" + "".join(f"| `c{i}` | [l](u{i}) *x* |\n" for i in range(20))
    parsed = []
    real = simple_html_module.parse

    def counted(html, **options):
        parsed.append(html)
        return real(html, **options)

    monkeypatch.setattr(simple_html_module, "parse", counted)
    monkeypatch.setattr(jsx_module, "parse", counted, raising=False)  # (where the writer took parse() from)
    _forget()
    result = convert(page, "python-markdown")
    assert result.cells == 42
    cells = {f"<code>c{i}</code>" for i in range(20)} | {f'<a href="u{i}">l</a> <em>x</em>' for i in range(20)}
    assert not cells & set(parsed)
    shown = jsx_html_module.jsx_tables_to_html(result.text)  # the house table read back
    assert '"><a href="u3">l</a> <em>x</em></td>' in shown and '"><code>c3</code></td>' in shown


@MANY
@given(st.lists(st.one_of(table_html(), st.sampled_from(["", "<p>x</p>", "<table></table>"])), min_size=1, max_size=3),
       st.lists(st.integers(0, 2), max_size=6))
def test_first_table_cells_kept(htmls, order):
    """The cells of the HTML read last, kept, are what reading it again gives (with the fast paths and without),
    in any order of the same and other HTML; a caller changing the lists it got changes nothing kept."""
    sequence = [htmls[k % len(htmls)] for k in [0, *order]]
    with slow_paths():
        fresh = [first_table_cells(html) for html in sequence]
    _forget()
    got = []
    for html in sequence:
        got.append(first_table_cells(html))
        if got[-1]:
            got[-1][0].append("changed by the caller")
            got[-1][0].pop()
            first_table_cells(html)[0].clear()
    assert got == fresh


@MANY
@given(st.one_of(fragments, plain_texts, table_html()))
def test_canonical(fragment):
    """A simple fragment's canonical form is made without bs4."""
    fast, slow = both(canonical, fragment)
    assert fast == slow


def _house_table(cells: list[list[str]]) -> list[str]:
    """A house JSX table (as fix writes it) of the given cell JSX."""
    grid = Grid((None, "right"), tuple(cells[0]), tuple(tuple(row) for row in cells[1:]), (40, 60))
    return render_lines(grid, Config().style, "jsx")


@SETTINGS
@given(st.lists(st.lists(st.one_of(fragments.map(html_to_jsx), plain_texts.map(html_to_jsx)), min_size=2,
                         max_size=2), min_size=1, max_size=4),
       st.sampled_from([(), ("1",), ("n", "x y")]), st.sampled_from(["", "    "]))
def test_house_table_element(cells, footnotes, indent):
    """A house JSX table's element (what the plugin puts in the page) is built from a simple tree without bs4, its
    cells read back in one render."""
    lines = [indent + line for line in _house_table(cells)]
    fast, slow = both(lambda: _dump(house_table_element(lines, footnotes)))
    assert fast == slow


def _dump(element: etree.Element) -> tuple:
    """An element tree as nested tuples (tag, attributes in order, text, tail and their classes, children)."""
    return (element.tag, list(element.attrib.items()), element.text, type(element.text), element.tail,
            type(element.tail), [_dump(child) for child in element])


def _reference_page_view(html: str) -> str:
    """page_view as it was (replace_with for every text: quadratic in a parent's children), of the HTML as a
    browser reads it (both read an unknown `&name;` as text: see simple_html.unknown_references_literal), with
    styles by their declarations."""
    soup = BeautifulSoup(page_module.unknown_references_literal(html), "html.parser")
    for comment in soup.find_all(string=lambda node: isinstance(node, Comment)):
        comment.extract()
    for group in soup.find_all("colgroup"):
        group.decompose()
    for element in soup.find_all(page_module._TABLE_PARTS):
        element.attrs.pop("style", None)
        element.attrs.pop("align", None)
    for element in soup.find_all(style=True):  # both compare a style by its declarations (rendering/css.py)
        element["style"] = page_module.canonical_style(element["style"])
    soup.smooth()
    for text in soup.find_all(string=True):
        if text.find_parent("pre") is None:
            text.replace_with(page_module._collapsed(text))
    flat = page_module._BETWEEN_TAGS.sub("><", str(soup)).strip()
    return re.sub(r"(</(?:p|h[1-6]|table|tr|li|pre|div|blockquote)>)", r"\1\n", flat)


@st.composite
def page_html(draw) -> str:
    """A rendered page of generated blocks and tables, or raw fragments with comments, doctypes and `<pre>`."""
    if draw(st.booleans()):
        return render_python_markdown(draw(documents()), MKDOCS_EXTENSIONS, MKDOCS_EXTENSION_CONFIGS)
    pieces = st.one_of(fragments, simple_fragments, plain_texts, st.sampled_from([
        "<pre> a  b\n c </pre>", "<!DOCTYPE html>", "<![CDATA[ x  y ]]>", "<?pi  x?>", "<br>", "<p>", "</p>",
        "<div> d </div>", "<table style='x'><colgroup><col></colgroup><tr align=left><td> c </td></tr></table>",
        "<pre><code> k\n\n l</code></pre>", "<!-- c -->", "\n\n", "<li> i </li>"]))
    return "".join(draw(st.lists(pieces, max_size=8)))


@MANY
@given(page_html())
def test_page_view(html):
    """page_view gives what it gave when every text was replaced with replace_with (and the same again: the view
    kept)."""
    assert page_view(html) == _reference_page_view(html)
    assert page_view("".join(html)) == _reference_page_view(html)


@st.composite
def tables_page(draw) -> str:
    """A paragraph, 1 to 4 tables (top level or in any container), some long with plain and code cells."""
    long_table = st.integers(2, 30).map(
        lambda n: ["| a | b | c |", "|---|:-:|--:|", *(f"| {i} | `c{i}` | [l](u{i}) |" for i in range(n))])
    blocks = draw(st.lists(st.one_of(table(), container(CONTAINERS), long_table), min_size=1, max_size=4))
    return without_engine_hangs("\n\n".join(["Before.", *("\n".join(block) for block in blocks), "After."]) + "\n")


def _outcome(conversion) -> tuple:
    """Everything fix takes from a conversion."""
    return (conversion.text, conversion.tables, conversion.converted, conversion.diagnostics, conversion.summary(),
            conversion.hand_counts)


def _fix(page: str, dialect: str, form: str) -> tuple:
    """What `fix` does to a page: convert it, then check the new text (its house JSX tables found by rendering
    it), and convert that again (a second fix: house tables to review, nothing left to convert)."""
    conversion = convert(page, dialect, form=form)
    return (_outcome(conversion), planned_diagnostics(conversion.text, dialect),
            _outcome(convert(conversion.text, dialect, form=form)))


@SETTINGS
@given(tables_page(), st.sampled_from(["python-markdown", "mdx"]), st.sampled_from(["jsx", "html"]))
def test_convert(page, dialect, form):
    """fix converts the same tables to the same text, verifies the same cells and gives the same findings."""
    fast, slow = both(_fix, page, dialect, form)
    assert fast == slow


@SETTINGS
@given(st.lists(tables_page(), min_size=1, max_size=3), st.lists(st.integers(0, 2), max_size=6), st.booleans())
def test_mdx_scan_kept(pages, order, cross_check):
    """The last `.mdx` scan kept gives what a fresh scan gives, in any order of texts, options and dialects."""
    texts = [pages[k % len(pages)] for k in [0, *order]]
    with slow_paths():
        fresh = [scan(text, "mdx", cross_check=cross_check) for text in texts]
    kept = []
    for text in texts:
        scan(text, "python-markdown")  # another dialect in between keeps nothing of its own
        options = {} if cross_check else {"front_matter": True, "extensions": ("toc",)}  # MDX reads neither
        kept.append(scan(text, "mdx", cross_check=cross_check, **options))
        assert scan(text, "mdx", cross_check=cross_check) == kept[-1]
    assert kept == fresh


_TEXT_PIECES = st.sampled_from([
    "a", " ", "  ", "\n", "\t", ";", "x;y", "é", "中", ">", "\r", "\x00", "&amp;", "&lt;", "&nbsp;", "&foo;", "&amp",
    "&ampx;", "&" + "a" * 40 + ";", "&#65;", "&#0;", "&#128;", "&#x80;", "&#xFFFE;", "&#xD800;", "&#1114112;",
    "&#x10FFFF;", "&#9999999;", "&AMP;", "&NotANumber;", "<code>", "</code>", "<a href=\"u\">", "</a>", "<br/>",
    "<br />", "<img src=\"x\" alt=\"y\"/>", "<span class=\"k\" >", "</span>", "<em>", "</em >", "</a x=\"y\">",
    "<script>", "</script>", "<style>", "<title>", "<textarea>", "<!-- c -->", "<abbr title=\"t\">", "<sub>",
    "<spanx>", "<A>", "<b", "</", "<!x>", "<?p?>", "<s>", "</s>",
])


@MANY
@given(st.one_of(fragments, simple_fragments, plain_texts, st.lists(_TEXT_PIECES, max_size=10).map("".join)))
def test_visible_text(fragment):
    """Plain HTML's visible text, read without html.parser, is what the parser reads."""
    from house_tables import widths

    plain = widths._plain_visible_text(fragment)
    reader = widths._text_reader()()
    reader.feed(fragment)
    reader.close()
    assume(plain is not None)
    assert plain == "".join(reader.texts)


def _reference_escape_plain(text: str, closer_after: bool) -> str:
    """jsx._escape_plain as it was: one character at a time, the rest of the text searched for `]` at every `[`."""
    out, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch in "*_~":
            j = i
            while j < len(text) and text[j] == ch:
                j += 1
            run = text[i:j]
            inert = jsx_module._inert_run(ch, text[i - 1] if i else None, text[j] if j < len(text) else None)
            out.append(run if inert else "".join("\\" + c for c in run))
            i = j
            continue
        out.append(jsx_module._escape_char(text, i, closer_after or "]" in text[i + 1:]))
        i += 1
    return "".join(out)


@MANY
@given(st.one_of(plain_texts, st.text(PLAIN + "&<[]]]**~~__", max_size=40),
                 st.lists(st.sampled_from(["&amp;", "&#1;", "&x", "< ", "<a", "\\", "\\*", "[", "]", "x", "\u00a0",
                                           "*", "_", "~", "`", "{"]), max_size=12).map("".join)),
       st.booleans())
def test_escape_plain(text, closer_after):
    """A text run's escapes: runs of characters nothing escapes are copied whole, and whether a `]` follows a `[` is
    known from the last `]`, without searching the rest of the text again; the same as one character at a time."""
    assert jsx_module._escape_plain(text, closer_after) == _reference_escape_plain(text, closer_after)


def _reference_protect(text: str) -> tuple[str, list[str]]:
    """protect.protect as it was: every character asked for as a piece of its own."""
    out, kept, index = [], [], 0
    while index < len(text):
        end, keep = protect_module._next_piece(text, index)
        if keep:
            out.append(protect_module.token(len(kept)))
            kept.append(text[index:end])
        else:
            out.append(text[index:end])
        index = end
    return "".join(out), kept


@MANY
@given(st.one_of(plain_texts, st.text(PLAIN + "<>{}[]`\\|^", max_size=40),
                 st.lists(st.sampled_from(["{x}", "{", "}", "<A b='1'>", "</A>", "<>", "</>", "<a", "`", "``", "[^n]",
                                           "[^", "\\", "\\{", "x", " ", "|", "{a|b}", "<B c={1} />"]),
                          max_size=12).map("".join)))
def test_protect(text):
    """MDX pieces kept aside: runs of characters no piece starts with are copied whole; the same as asking for a
    piece at every character."""
    assert protect_module.protect(text) == _reference_protect(text)


def test_convert_leaves_the_cycle_collector_as_it_found_it():
    """convert pauses the cycle collector while it works (the page's trees are many objects) and restores it: on
    when it was on, off when the caller had switched it off."""
    import gc

    page = "| a | b |\n|---|---|\n| `c` | [l](u) |\n"
    assert gc.isenabled()
    first = convert(page, "python-markdown")
    assert gc.isenabled()
    gc.disable()
    try:
        assert convert(page, "python-markdown").text == first.text
        assert not gc.isenabled()
    finally:
        gc.enable()


_TAG_PIECES = st.sampled_from(["<a>", "</a>", "<b x='1'>", "</b>", "<br>", "<br/>", "<img src=x />", "<", ">", "x",
                               "<td style={{a: 1}}>", "</td>", "<1>", "< a>", "\n", "<a<b>>"])


@MANY
@given(st.lists(_TAG_PIECES, max_size=40).map("".join), st.integers(0, 8))
def test_depth_over(text, limit):
    """depth_over reads only texts that may nest deeper than the limit, and answers as tag_depth does."""
    deepest = tag_depth(text)
    assert depth_over(text, limit) == (deepest if deepest > limit else None)


def _splice_reference(source, replacements) -> str:
    """convert._splice as it was (one list slice replaced per table, from the last; an empty new line is the prefix
    without its trailing blanks)."""
    lines, endings = list(source.lines), list(source.endings)
    for where, new in reversed(replacements):
        first, last = where.start_line - 1, where.end_line - 1
        prefix = lines[first][: len(lines[first]) - len(lines[first].lstrip(" \t>"))]
        ending = endings[first] or "\n"
        new_lines = [prefix + line if line else prefix.rstrip() for line in new]
        new_endings = [ending] * (len(new_lines) - 1) + [endings[last]]
        lines[first : last + 1] = new_lines
        endings[first : last + 1] = new_endings
    return ("\ufeff" if source.bom else "") + "".join(line + end for line, end in zip(lines, endings))


@st.composite
def spliced(draw):
    """A text (any line endings, a BOM or not, lines indented or quoted) and replacements of line ranges in it."""
    pieces = st.sampled_from(["a", "| x |", "  ", "\t", "> ", ">", " > ", "", "b c"])
    text = draw(st.lists(st.tuples(pieces, pieces, st.sampled_from(["\n", "\r\n", "\r"])), min_size=1, max_size=12))
    text = ("\ufeff" if draw(st.booleans()) else "") + "".join(a + b + end for a, b, end in text)
    if draw(st.booleans()):
        text = text.rstrip("\r\n") + draw(st.sampled_from(["", "x"]))
    source = Source.parse(text)
    cuts = sorted(set(draw(st.lists(st.integers(0, len(source.lines)), max_size=8))))
    replacements = []
    for start, end in zip(cuts[::2], cuts[1::2]):
        if start < end:
            new = draw(st.lists(st.sampled_from(["<t>", "  <tr>", "x", ""]), min_size=1, max_size=4))
            replacements.append((SimpleNamespace(start_line=start + 1, end_line=end), new))
    return source, replacements


@MANY
@given(spliced())
def test_splice(case):
    """The text is written front to back, as the slices replaced from the last table wrote it."""
    source, replacements = case
    assert convert_module._splice(source, replacements) == _splice_reference(source, replacements)
