"""The tree bs4 (with html.parser) builds for simple HTML, without bs4: what the engines write for ordinary cells.

Simple HTML is well nested elements of a fixed set of names (none that html.parser treats specially: no
`<script>`, `<style>`, `<textarea>`, `<template>`; `<pre>` keeps its whitespace as bs4 keeps it), start tags
written `<name a="v" b="w">` (one space before each attribute, values without `"`, `<`, `>`, `&` or runs of
whitespace, no name twice), void elements never closed, no comments, text without `<`, `>`, `\\r` or NUL, and
references only as `&name;` of a name bs4 knows or `&#n;` / `&#xh;` of a printable character (not 0x7F-0x9F,
which bs4 reads as windows-1252). For such HTML, html.parser reports exactly these tags, attributes and texts,
and bs4 builds the tree parse() builds; anything else gives None and the caller takes bs4
(tests/test_fix_fast_paths.py compares the two).
"""

from __future__ import annotations

import re

VOID = frozenset({"br", "col", "hr", "img", "input", "wbr"})
NAMES = VOID | frozenset({
    "a", "abbr", "b", "bdi", "bdo", "big", "blockquote", "caption", "center", "cite", "code", "colgroup", "data",
    "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "font", "h1", "h2", "h3", "h4",
    "h5", "h6", "i", "ins", "kbd", "label", "li", "mark", "nav", "ol", "p", "q", "s", "samp", "section", "small",
    "span", "strike", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "time",
    "tr", "tt", "u", "ul", "var", "pre",
})
_VALUE = r'"(?:[^"<>&\s]+(?: [^"<>&\s]+)*)?"'
_TOKEN = re.compile(
    r"(?P<text>[^<>&\r\x00]+)"
    r"|&(?:(?P<ref>[A-Za-z][A-Za-z0-9]*)|#(?P<number>[0-9]{1,7})|#[xX](?P<hex>[0-9A-Fa-f]{1,6}));"
    r"|<(?P<start>[a-z][a-z0-9]*)(?P<attrs>(?: [a-z][a-z0-9-]*=" + _VALUE + r")*)(?P<close> /|/)?>"
    r"|</(?P<end>[a-z][a-z0-9]*)>"
)
_ATTRIBUTE = re.compile(r' ([a-z][a-z0-9-]*)="([^"]*)"')
_NAMED_REFERENCE = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")
_ONLY_SPACES = re.compile("[ \n\t\f\r]+")  # bs4's ASCII spaces


class Element:
    """An element as bs4 holds it: name, attributes in order, children (Elements and str texts). It holds no
    link to its parent: a tree without cycles is freed as soon as it is dropped, not by the cycle collector
    (a page's tree is 100,000 elements on a 2,000-table page)."""

    __slots__ = ("attrs", "contents", "name")

    def __init__(self, name: str, attrs: dict[str, str], contents: list | None = None):
        self.name, self.attrs = name, attrs
        self.contents = [] if contents is None else contents


def unknown_references_literal(html: str) -> str:
    """HTML with each `&name;` that names no character written as a browser reads it, so that bs4 (and parse) read
    it so too: in text, a name that starts with a reference a browser reads without its `;` (`&notit;`: `¬it;`)
    as that character and the rest, any other as the text it is (`&foo;`, `;` included); in an attribute's value,
    always as the text it is (a browser decodes no such prefix before a letter or digit there). bs4 reads `&foo`
    and `&notit` in text, and `¬it;` in an attribute. Python-Markdown writes such text as it is."""
    if "&" not in html or not any(_unknown(match.group(0)) for match in _NAMED_REFERENCE.finditer(html)):
        return html
    return _MARKUP.sub(_as_read, html)


# A comment, a start tag (quoted values may hold `>`), or a named reference in text.
_MARKUP = re.compile(r"<!--.*?-->|<[A-Za-z][^\s/>]*(?:\"[^\"]*\"|'[^']*'|[^\"'>])*>|&[A-Za-z][A-Za-z0-9]*;", re.DOTALL)


def escape_text(text: str) -> str:
    """A text as bs4's "minimal" formatter writes it (outside `<script>`/`<style>`): `&`, `<` and `>` escaped."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _unknown(reference: str) -> bool:
    """Whether `&name;` names no character (html5's table holds the names with their `;`)."""
    from html.entities import html5

    return reference[1:] not in html5


def _as_read(match: re.Match) -> str:
    """One piece of _MARKUP as a browser reads it (see unknown_references_literal)."""
    piece = match.group(0)
    if piece[0] == "&":
        if not _unknown(piece):
            return piece
        from html import unescape  # HTML5's reading of text: the longest reference, `;` or not

        return escape_text(unescape(piece))
    if piece.startswith("<!--") or "&" not in piece:
        return piece
    return _NAMED_REFERENCE.sub(lambda ref: "&amp;" + ref.group(1) + ";" if _unknown(ref.group(0)) else ref.group(0),
                                piece)


def parse(html: str, *, first_table: bool = False) -> list | None:
    """The top-level nodes of simple HTML, or None when it is not simple. first_table: the HTML opens with a
    `<table>`; only that table is read (what follows it cannot change how it parsed) and returned alone.
    One loop over the tokens (each token read where the last ended: a gap stops the scanner), tags handled in
    place: parsing is most of reading a table's HTML (tests/test_fix_verify_paths.py compares it with the loop it
    replaced)."""
    root = Element("[document]", {}, [])
    node, contents, texts, pre = root, root.contents, [], 0  # pre: how many `<pre>` are open
    open_elements: list[Element] = []  # node's ancestors, innermost last
    known: dict[str, dict[str, str] | None] = {}  # the attributes of each tag's text: a table repeats a few of them
    last = None
    next_token = _TOKEN.scanner(html).match
    while (match := next_token()) is not None:
        last = match
        kind = match.lastindex  # 1 text, 2-4 a reference, 5-7 a start tag (its last group), 8 an end tag
        if kind == 1:
            texts.append(match.group(1))
            continue
        if kind == 8:
            if texts:
                _flush(node, texts, pre)
            if match.group(8) != node.name or node is root:
                return None
            pre -= node.name == "pre"
            node = open_elements.pop()
            contents = node.contents
            if first_table and node is root:
                return contents
            continue
        if kind < 5:
            character = _character(match, match.lastgroup)
            if character is None:
                return None
            texts.append(character)
            continue
        if texts:
            _flush(node, texts, pre)
        name, written, close = match.group(5, 6, 7)
        if name not in NAMES or (close and name not in VOID):
            return None
        attrs = known.get(written, False) if written else {}
        if attrs is False:
            attrs = known[written] = _attributes(written)
        if attrs is None:
            return None
        element = Element(name, attrs.copy() if written else attrs, [])
        contents.append(element)
        if name not in VOID:
            open_elements.append(node)
            node, contents = element, element.contents
            pre += name == "pre"
    if (last.end() if last is not None else 0) != len(html) or node is not root or first_table:
        return None
    _flush(node, texts, pre)
    return root.contents


def _attributes(written: str) -> dict[str, str] | None:
    """A start tag's attributes, in order; None when one is named twice (not simple)."""
    pairs = _ATTRIBUTE.findall(written)
    attrs = dict(pairs)
    return attrs if len(attrs) == len(pairs) else None


def _character(match: re.Match, kind: str) -> str | None:
    """The character a reference stands for in bs4's tree, or None when it is not a simple one."""
    if kind == "ref":  # as bs4 reads it (bs4 is imported only where a page needs it: its import is a tenth of a second)
        from bs4.dammit import EntitySubstitution

        return EntitySubstitution.HTML_ENTITY_TO_CHARACTER.get(match.group("ref"))
    number = int(match.group("number")) if kind == "number" else int(match.group("hex"), 16)
    if 0x20 <= number < 0x7F or (0xA0 <= number <= 0x10FFFF and not 0xD800 <= number <= 0xDFFF):
        return chr(number)
    return None


def _flush(node: Element, texts: list[str], pre: int) -> None:
    """The pending texts as one text node of node (bs4 makes one of adjacent data and references; text_node)."""
    if not texts:
        return
    text = texts[0] if len(texts) == 1 else "".join(texts)
    texts.clear()
    node.contents.append(text if pre else text_node(text))


def text_node(text: str) -> str:
    """The text node parse() makes of text outside a `<pre>`: nothing but ASCII spaces becomes one space, or one
    line break if it held one (bs4's `endData`)."""
    if _ONLY_SPACES.fullmatch(text):
        return "\n" if "\n" in text else " "
    return text


def decode(nodes: list) -> str:
    """Nodes as bs4 writes them (`decode_contents`, formatter "minimal": attributes sorted by name, void elements as
    `<br/>`)."""
    return "".join(map(_decoded, nodes))


# The cells of the table read last (cell_html), by their HTML: the nodes parse() gives for it. fix writes each cell
# of a table it read as JSX, which parses the cell's HTML again: those nodes are the parse (one table's at a time).
_READ_CELLS: dict[str, list] = {}


def cell_html(nodes: list, strip: str) -> str:
    """A cell's HTML (decode of its nodes, strip's characters stripped), its nodes remembered for parse_cell when they
    are the tree parse() makes of that HTML: no character stripped, every element's attributes in bs4's order (by
    name, as decode writes them), and nodes parse() made outside a `<pre>` (a table's cell: the caller's promise).
    Texts need no condition: decode writes each escaped and parse() reads it back as it was (in parse()'s tree a text
    of only spaces is one space or line break already, and no two texts are side by side)."""
    html = decode(nodes)
    stripped = html.strip(strip)
    if len(stripped) == len(html) and _in_written_order(nodes):
        _READ_CELLS[html] = nodes
    return stripped


def forget_cells() -> None:
    """A new table is read: the cells of the last one are forgotten."""
    _READ_CELLS.clear()


def parse_cell(html: str) -> list | None:
    """parse(html) of a cell's HTML: the nodes of a cell of the table read last when it is one (not to be changed)."""
    nodes = _READ_CELLS.get(html)
    return parse(html) if nodes is None else nodes


def _in_written_order(nodes: list) -> bool:
    """Whether every element's attributes are in the order decode writes them (by name)."""
    for node in nodes:
        if isinstance(node, str):
            continue
        if len(node.attrs) > 1 and list(node.attrs) != sorted(node.attrs):
            return False
        if node.contents and not _in_written_order(node.contents):
            return False
    return True


def _decoded(node) -> str:
    if isinstance(node, str):
        return escape_text(node)
    attrs = "".join(f' {name}="{value}"' for name, value in sorted(node.attrs.items()))  # as bs4's formatter
    if node.name in VOID:
        return f"<{node.name}{attrs}/>"
    return f"<{node.name}{attrs}>{decode(node.contents)}</{node.name}>"
