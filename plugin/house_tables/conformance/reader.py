"""A hand-written table read as a grid: its elements (one per line, as the house style writes them), their
attributes and styles, and each cell's content exactly as written (the span of text between its tags). A JSX table
(`.mdx`, and the house JSX tables the MkDocs plugin renders) has style objects, `style={{textAlign: "left"}}`; a raw
HTML table in a `.md` page has CSS strings, `style="text-align: left"`, read as the same items (`textAlign`).

Only what normalising can keep byte for byte is read as a grid; anything else — a cell or row over several lines or
several elements on one line, `rowSpan`/`colSpan`, a table inside a cell over several lines, `<caption>`/`<tfoot>`,
rows of different lengths, a style that is not an object literal — is a `Structure` problem: reported once (HT013),
left alone. A table written whole on a cell's line is that cell's content.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from ..model import HtmlTableTag, Position, Span
from ..parsing.cells import without_code_spans

_TABLE_TAG = re.compile(r"<(/?)table(?=[\s>/])")
# An opening tag on its line: the name, then what is up to the `>` (see _opening).
_OPEN = re.compile(r"<(?P<name>table|colgroup|col|thead|tbody|tr)(?P<rest>[^<>]*)>")
_CLOSE = re.compile(r"^</(?P<name>table|colgroup|thead|tbody|tr)>$")
_CELL_TAG = re.compile(r"</?t[hdr](?=[\s>/])")
_INLINE_TABLE = re.compile(r"<table(?=[\s>/])(?:(?!<table[\s>/]).)*?</table>")  # innermost, on one line
# A cell on its line. Its attributes: the first blank after the name and what follows it up to the last character
# before the `>` that is not blank (`(?:\s[^<>]*?)?\s*>`, written greedily: the lazy form tried `\s*>` at every
# character, ten times slower on a house table's long style; the same groups, tests/test_conformance.py).
_CELL = re.compile(r"^<(?P<name>t[hd])(?P<attrs>(?:\s(?:[^<>]*[^<>\s])?)?)\s*>(?P<content>.*)</(?P=name)>$")
_BRACED = r"\{(?:[^{}]|\{[^{}]*\})*\}"  # a JSX expression, with one level of nested braces (a style object)
_ATTRIBUTE = re.compile(r"\s+(?P<name>[A-Za-z_][\w:.-]*)(?:\s*=\s*(?P<value>\"[^\"]*\"|'[^']*'|" + _BRACED + "))?")
_JS_STRING = r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\''
_CSS_DECLARATION = re.compile(r"^\s*(?P<property>-{0,2}[A-Za-z][\w-]*)\s*:\s*(?P<value>[^:;\"'\\]*?)\s*$")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_STYLE_ITEM = re.compile(r"\s*(?P<key>[A-Za-z_$][\w$]*)\s*:\s*(?P<value>" + _JS_STRING + r"|-?\d+(?:\.\d+)?)\s*(?:,|$)")
SPANS = ("rowSpan", "colSpan", "rowspan", "colspan")
_NO_SPAN = ('"1"', "'1'", "{1}")  # a span of one cell spans nothing: kept as written, like any other attribute


# Element and Cell are made for every cell of every hand-written table a build renders (the pages `fix` wrote): as
# named tuples (immutable, equal and hashed by their fields) they cost a third of the frozen dataclasses they were.
class Element(NamedTuple):
    """One element's opening tag: where it is, its style items in order, and its other attributes as written."""

    name: str
    at: Position
    style: tuple[tuple[str, str | int | float], ...]
    others: str  # attributes other than style, as written (" id=\"x\""), kept by normalising
    written: str = ""  # all its attributes as written, in order (a build makes the element's HTML attributes of it)


class Cell(NamedTuple):
    """A `<th>`/`<td>` on one line: its tag and its content exactly as written."""

    element: Element
    content: str


@dataclass(frozen=True)
class HandTable:
    """A hand-written table read as a grid."""

    span: Span  # the opening `<` of <table> to the end of </table>
    indent: str  # the text before <table> on its line (container indentation)
    table: Element
    cols: tuple[Element, ...]
    colgroup: bool
    head: Element
    header: tuple[Cell, ...]
    rows: tuple[Element, ...]
    body: tuple[tuple[Cell, ...], ...]
    form: str = "jsx"  # "jsx" (style objects) or "html" (CSS strings): how normalising writes it
    # Every element in the order written: an Element for each opening tag (the table's, sections', rows', cols'),
    # a Cell for each cell, "/name" for each closing tag, None after an opening tag closed by its `/` (not a `<col>`);
    # a build makes the table's elements of it (rendering.house_element.grid_table_element).
    layout: tuple[Element | Cell | str | None, ...] = ()

    @property
    def columns(self) -> int:
        return len(self.header)

    @property
    def start_line(self) -> int:
        return self.span.start.line

    @property
    def end_line(self) -> int:
        return self.span.end.line

    @property
    def cells(self) -> int:
        return self.columns * (len(self.body) + 1)


@dataclass(frozen=True)
class Structure:
    """A table that is not a simple grid: what makes it so, at which place."""

    span: Span
    at: Position
    reason: str


@dataclass
class _Reading:
    """The elements read so far, by section."""

    table: Element | None = None
    cols: list[Element] = field(default_factory=list)
    colgroup: bool = False
    rows: list[tuple[Element, list[Cell]]] = field(default_factory=list)
    sections: list[str] = field(default_factory=list)  # the open thead/tbody/colgroup/tr
    form: str = "jsx"
    layout: list = field(default_factory=list)  # HandTable.layout


def table_extent(lines: tuple[str, ...], start: int, jsx: bool = False) -> int | None:
    """The index of the line closing the table opened on lines[start] (nested tables counted), or None. In a JSX
    table (jsx) a code span is text: `<table>` or `</table>` there opens or closes nothing (in HTML it does)."""
    depth = 0
    for index in range(start, len(lines)):
        line = lines[index]
        if "table" not in line:  # (every tag _TABLE_TAG reads names it): a cell's line
            continue
        line = without_code_spans(line) if jsx and "`" in line else line
        for match in _TABLE_TAG.finditer(line + " "):
            depth += -1 if match.group(1) else 1
            if depth == 0:
                return index
    return None


def read_table(lines: tuple[str, ...], tag: Position) -> HandTable | Structure | None:
    """The hand-written table whose `<table` tag is at tag (1-based), or why it is not a simple grid; None when
    it is not closed (then MDX reads no table there)."""
    last = table_extent(lines, tag.line - 1, is_jsx(tag))
    return None if last is None else read_table_to(lines, tag, last)


def is_jsx(tag: Position) -> bool:
    """Whether the table at tag is a JSX table (style objects, Markdown cells) rather than raw HTML."""
    return not isinstance(tag, HtmlTableTag)


def read_table_to(lines: tuple[str, ...], tag: Position, last: int) -> HandTable | Structure:
    """read_table of a table whose `</table>` closes it on lines[last] (its table_extent)."""
    first = tag.line - 1
    indent = lines[first][: tag.column - 1]
    span = Span(tag, Position(last + 1, len(lines[last].rstrip())))
    reading = _Reading(form="jsx" if is_jsx(tag) else "html")
    for index in range(first, last + 1):
        problem = _read_line(reading, lines[index], index + 1, indent)
        if problem is not None:
            return Structure(span, problem[0], problem[1])
    return _grid(reading, span, indent)


def _read_line(reading: _Reading, line: str, number: int, indent: str) -> tuple[Position, str] | None:
    """Add one line's element to the reading, or say why the table is not a grid."""
    if not line.startswith(indent) and line.strip():
        return Position(number, len(indent) + 1), "a line of the table is not indented as its <table> line"
    rest = line[len(indent):]
    text = rest.strip()
    at = Position(number, len(indent) + len(rest) - len(rest.lstrip()) + 1)  # the element's `<`, past a `> `
    if not text:
        return None
    closing = _CLOSE.match(text)
    if closing:
        return _close(reading, closing["name"], at)
    cell = _CELL.match(text)
    if cell:
        return _add_cell(reading, cell, at)
    opening = _opening(text)
    if opening:
        return _open(reading, opening, at)
    return at, f"{_first_tag(text)} is not one element on its own line"


def _opening(text: str) -> tuple[str, str, str] | None:
    """The name, attributes and `/` (or "") of an opening tag that is the whole of a stripped line, as
    `^<(?P<name>...)(?P<attrs>(?:\\s[^<>]*?)?)\\s*(?P<void>/?)>$` reads it: the attributes are the first blank after
    the name and what follows it up to the last character that is not blank, a final `/` being the void one (the
    lazy pattern tried the rest at every character, slow on a house table's long style; tests/test_conformance.py
    compares the two)."""
    match = _OPEN.fullmatch(text)
    if match is None:
        return None
    name, rest = match["name"], match["rest"]
    if not rest or rest == "/":
        return name, "", rest
    if not rest[0].isspace():  # (`<colgroupx>`; `<col` then `group` is no tag either)
        return None
    void = "/" if rest.endswith("/") and len(rest) > 1 else ""
    return name, rest[0] + rest[1 : len(rest) - len(void)].rstrip(), void


def _open(reading: _Reading, opening: tuple[str, str, str], at: Position) -> tuple[Position, str] | None:
    name, attrs, void = opening
    element, problem = _element(name, attrs, at, reading.form)
    if problem:
        return at, problem
    reading.layout.append(element)
    if void and name != "col":  # `<tr/>` is written as it is, an empty element to HTML: no layout to build of
        reading.layout.append(None)
    if name == "table":
        reading.table = element
        return None
    if name == "col":
        reading.cols.append(element)
        void = void or reading.form == "html" or "colgroup" in reading.sections  # HTML: <col> is void
        return None if void else (at, "<col> is not self-closing")
    if name == "tr":
        reading.rows.append((element, []))
    elif name == "colgroup":
        reading.colgroup = True
    reading.sections.append(name)
    return None


def _close(reading: _Reading, name: str, at: Position) -> tuple[Position, str] | None:
    reading.layout.append("/" + name)
    if name == "table":
        return None
    if not reading.sections or reading.sections[-1] != name:
        return at, f"</{name}> closes no open <{name}>"
    reading.sections.pop()
    return None


def _add_cell(reading: _Reading, match: re.Match, at: Position) -> tuple[Position, str] | None:
    if not reading.sections or reading.sections[-1] != "tr":
        return at, f"<{match['name']}> outside a <tr>"
    content = match["content"]
    if "`" in content and reading.form == "jsx":  # `<th>` in a code span is text (in HTML it is a tag)
        content = without_code_spans(content)
    if "<" in content:  # (each pattern here starts with `<`)
        content = _without_inline_tables(content)
        if _TABLE_TAG.search(content + " "):
            return at, "a table inside a cell, over several lines"
        if _CELL_TAG.search(content):
            return at, "several cells on one line"
    element, problem = _element(match["name"], match["attrs"], at, reading.form)
    if problem:
        return at, problem
    cell = Cell(element, match["content"])
    reading.rows[-1][1].append(cell)
    reading.layout.append(cell)
    return None


def _without_inline_tables(content: str) -> str:
    """A cell's content without the whole tables it holds on its line (innermost first): such a table is content,
    kept byte for byte like any other; what is left of a table tag belongs to one the line does not close."""
    while True:
        shorter = _INLINE_TABLE.sub("", content)
        if shorter == content:
            return content
        content = shorter


def _grid(reading: _Reading, span: Span, indent: str) -> HandTable | Structure:
    """The reading as a grid: a header row of <th> first, then body rows of <td>, all as wide."""
    if reading.table is None or not reading.rows:
        return Structure(span, span.start, "a table without rows")
    (head, header), *rows = reading.rows
    if not header or any(cell.element.name != "th" for cell in header):
        return Structure(span, head.at, "the first row is not a header row of <th> cells")
    for row, cells in rows:
        if len(cells) != len(header):
            return Structure(span, row.at, f"a row of {len(cells)} cells under a header of {len(header)}")
        if any(cell.element.name != "td" for cell in cells):
            return Structure(span, row.at, "a body row with a <th> cell")
    return HandTable(span, indent, reading.table, tuple(reading.cols), reading.colgroup, head, tuple(header),
                     tuple(row for row, _ in rows), tuple(tuple(cells) for _, cells in rows), reading.form,
                     tuple(reading.layout))


def _element(name: str, attrs: str, at: Position, form: str) -> tuple[Element | None, str | None]:
    """An element's attributes: the style's items and the other attributes as written."""
    style, others, problem = _attributes(name, attrs, form)
    return (None, problem) if problem else (Element(name, at, style, others, attrs), None)


@lru_cache(maxsize=4096)
def _attributes(name: str, attrs: str, form: str) -> tuple[tuple, str, str | None]:
    """An element's style items, its other attributes as written, or why they cannot be read (a function of the
    written attributes alone, kept: a table repeats a few of them on every row)."""
    pos, style, others = 0, (), []
    for match in _ATTRIBUTE.finditer(attrs):
        if match.start() != pos:
            break
        pos = match.end()
        key, value = match["name"], match["value"]
        if key in SPANS and value not in _NO_SPAN:
            return (), "", f"<{name}> has {key}: a cell spanning rows or columns"
        if key == "style" and form == "html":
            style = _css_items(value)
            if style is None:
                return (), "", f"<{name}> has a style that cannot be read as CSS declarations: style={value}"
        elif key == "style":
            style = _style_items(value)
            if style is None:
                return (), "", f"<{name}> has a style that is not an object of literal values: style={value}"
        else:
            others.append(match.group(0))
    if attrs[pos:].strip():
        return (), "", f"<{name}> has attributes that cannot be read: {attrs[pos:].strip()[:40]}"
    return style, "".join(others), None


@lru_cache(maxsize=1024)
def _style_items(value: str | None) -> tuple | None:
    """The items of `{{key: "value", key: 700}}` in order, or None for anything else (kept: a table repeats a few
    styles in every row)."""
    if value is None or not value.startswith("{{") or not value.endswith("}}"):
        return None
    body, items, pos = value[2:-2], [], 0
    while body[pos:].strip():
        match = _STYLE_ITEM.match(body, pos)
        if match is None:
            return None
        items.append((match["key"], _literal(match["value"])))
        pos = match.end()
    return tuple(items)


def _css_items(value: str | None) -> tuple | None:
    """The declarations of `style="text-align: left; font-weight: 700"` in order, as the items of the same JSX
    style (`textAlign`, a number for a bare number), or None for what is not plain declarations (a value holding
    quotes, a backslash or a `;` of its own)."""
    if value is None or value[0] not in "\"'":
        return None
    items = []
    for declaration in html.unescape(value[1:-1]).split(";"):
        if not declaration.strip():
            continue
        match = _CSS_DECLARATION.match(declaration)
        if match is None:
            return None
        number = _NUMBER.fullmatch(match["value"])
        items.append((camel_case(match["property"]), _literal(match["value"]) if number else match["value"]))
    return tuple(items)


def camel_case(name: str) -> str:
    """The React style key of a CSS property: border-bottom -> borderBottom (custom properties as written)."""
    if name.startswith("--"):
        return name
    return re.sub(r"-([a-z])", lambda m: m.group(1).upper(), name)


def _literal(text: str) -> str | int | float:
    """A JS string or number literal's value."""
    if text[0] in "\"'":
        return text[1:-1]
    number = float(text)
    return int(number) if number.is_integer() and "." not in text else number


def _first_tag(text: str) -> str:
    match = re.match(r"<\/?[A-Za-z][\w.:-]*", text)
    return f"{match.group(0)}>" if match else repr(text[:30])
