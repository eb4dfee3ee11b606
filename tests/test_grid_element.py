"""A house JSX table's element made of its conformance reading (grid_table_element) is the element its lines read
again gave (jsx_table_html, the whole table's HTML parsed): on every table `fix` writes of generated pipe tables, on
hand-written tables of other shapes, attributes and styles, and on whole pages the extension builds."""

from __future__ import annotations

import os
import xml.etree.ElementTree as etree
from unittest import mock

import markdown
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from house_tables.config import Config
from house_tables.conformance import table_review
from house_tables.convert import convert
from house_tables.extension import HouseTablesExtension
from house_tables.model import Position
from house_tables.parsing.house_form import house_tables
from house_tables.parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS
from house_tables.rendering import house_element
from house_tables.rendering.house_element import grid_table_element, house_table_element

from strategies import table

EXAMPLES = max(150, int(os.environ.get("HOUSE_TABLES_FUZZ", "150")) // 4)
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _dump(element: etree.Element) -> tuple:
    """An element tree as nested tuples (tag, attributes in order, text, tail and their classes, children)."""
    return (element.tag, list(element.attrib.items()), element.text, type(element.text), element.tail,
            type(element.tail), [_dump(child) for child in element])


def _readings(text: str) -> list[tuple[list[str], object]]:
    """(lines, reading) of each house JSX table of a page (the reading None where the table is no grid)."""
    lines = text.split("\n")
    return [(lines[first : last + 1],
             table_review(tuple(lines), Position(first + 1, len(prefix) + 1), Config())[1])
            for first, last, prefix in house_tables(lines)]


def _same_element(lines: list[str], grid) -> bool:
    """Whether the element of the reading is the element of the lines; asserted equal."""
    assert _dump(house_table_element(lines, (), grid)) == _dump(house_table_element(lines))
    return grid is not None and grid_table_element(grid) is not None


@SETTINGS
@given(st.lists(table(), min_size=1, max_size=3))
def test_every_table_fix_writes_builds_as_its_lines(tables):
    page = "\n\n".join("\n".join(lines) for lines in tables) + "\n"
    for lines, grid in _readings(convert(page, "python-markdown").text):
        _same_element(lines, grid)


# Hand-written tables: style items of every kind of literal, other attributes before or after the style, sections
# left out, self-closing forms, blanks before `>`, cells of every kind of content. Most tags read as a grid (what the
# reader refuses makes no reading: one such tag in a table is enough).
_STYLE_ITEMS = st.lists(st.sampled_from([
    'width: "100%"', 'textAlign: "left"', "fontWeight: 700", "fontWeight: 0700", "opacity: 1.50", "zIndex: -0",
    "flexGrow: 1.0", 'content: "a\\"b"', "content: 'it\"s'", 'fontFamily: "A & B"', 'color: "#d55816"',
    'padding: "9px  12px"', 'WebkitLineClamp: "2"', "msFlex: 1", 'border: "1px solid #ddd"']), max_size=3)
_OTHERS = st.lists(st.sampled_from([
    'className="a"', 'className="a  b"', 'id="t"', 'data-x="1"', 'title="a&amp;b"', 'aria-label="x y"',
    'tabIndex="0"', "colSpan={1}", 'htmlFor="x"', "hidden", 'title="footnote-ref"', "id={'q'}", 'lang="x" ']),
    max_size=2, unique=True)
_RARELY_READ = st.sampled_from(['style={{"--x": "1"}}', "style={{lineHeight: .5}}", 'style={{a: "b",,}}', "x=y",
                                'style={{color: "<red>"}}'])


@st.composite
def _attributes(draw) -> str:
    """A tag's attributes: a style object (or none) among others, maybe a blank before the `>`."""
    kind = draw(st.integers(0, 39))
    if kind < 30:
        return ["", ' style={{textAlign: "left"}}', ' style={{padding: "9px 12px", fontWeight: 700}}'][kind % 3]
    items = draw(_STYLE_ITEMS)
    written = ([f"style={{{{{', '.join(items)}}}}}"] if items else []) + draw(_OTHERS)
    written += [draw(_RARELY_READ)] if kind == 39 else []
    if draw(st.booleans()):
        written.reverse()
    return "".join(" " + attribute for attribute in written) + (" " if kind == 38 else "")


_CONTENTS = st.sampled_from([
    "a", "*x*", "`<b>`", "a &amp; b", '<span className="k">x</span>', "<br />", "[l](u)", " ", "", "x  ", '{"s"}',
    "<table><tr><td>x</td></tr></table>", "a > b", "[^1]", "\u00a0", "1. x", "<em>a</em> b", "www.x.org", "a\\*b",
    "<pre> x </pre>", "&copy; &#65;"] * 4 + ["&foo;", "<!-- c -->", '<sup className="footnote-ref">x</sup>', "a <b"])


@st.composite
def hand_table(draw) -> list[str]:
    """A hand-written house JSX table of one of the shapes the reader reads as a grid (or near them)."""
    columns = draw(st.integers(1, 3))
    tag = draw(st.sampled_from([">"] * 12 + ["/>", " />"]))  # a row's tag self-closing (`<tr/>`) now and then

    def opening(name: str) -> str:
        return f"<{name}{draw(_attributes())}{'>' if name != 'tr' else tag}"

    def row(cell: str) -> list[str]:
        return ["  " + opening("tr"), *[f"    <{cell}{draw(_attributes())}>{draw(_CONTENTS)}</{cell}>"
                                        for _ in range(columns)], "  </tr>"]

    lines = [opening("table")]
    if draw(st.booleans()):
        col = draw(st.sampled_from(["<col{} />", "<col{}/>", "<col{}>"]))
        lines += ["  <colgroup>", *["    " + col.format(draw(_attributes()).rstrip()) for _ in range(columns)],
                  "  </colgroup>"]
    sections = draw(st.booleans())
    lines += (["  " + opening("thead")] if sections else []) + row("th") + (["  </thead>"] if sections else [])
    body = [line for _ in range(draw(st.integers(0, 2))) for line in row("td")]
    lines += (["  " + opening("tbody"), *body, "  </tbody>"] if sections else body) + ["</table>"]
    return lines


@SETTINGS
@given(hand_table(), st.sampled_from(["", "    "]))
def test_hand_written_tables_build_as_their_lines(lines, indent):
    page = "Intro.\n\n" + "\n".join(indent + line if line else "" for line in lines) + "\n"
    for table_lines, grid in _readings(page):
        _same_element(table_lines, grid)


def test_the_reading_makes_the_elements():
    """The property above holds by the reading's elements, not by the fallback alone: a table fix wrote, one with
    attributes of every kind, one without sections."""
    fixed = convert("| a | *b* |\n|:--|--:|\n| `c` | d &amp; e |\n", "python-markdown").text
    other = ['<table className="t" style={{width: "100%"}} id="x">', "  <tbody>", '    <tr data-x="1">',
             '      <th style={{padding: "9px", fontWeight: 700}} className="h">a <em>b</em></th>', "    </tr>",
             "  </tbody>", "</table>"]
    bare = ['<table style={{width: "100%"}}>', "  <tr>", "    <th>a</th>", "  </tr>", "  <tr>", "    <td>b</td>",
            "  </tr>", "</table>"]
    readings = _readings(fixed) + _readings("\n".join(other)) + _readings("\n".join(bare))
    assert len(readings) == 3
    assert all(_same_element(lines, grid) for lines, grid in readings)


CONFIGS = {**MKDOCS_EXTENSION_CONFIGS, "pymdownx.highlight": {"use_pygments": False}}


def _page_html(text: str) -> str:
    md = markdown.Markdown(extensions=[*MKDOCS_EXTENSIONS, "footnotes", HouseTablesExtension()],
                           extension_configs=CONFIGS)
    return md.convert(text)


@SETTINGS
@given(st.lists(st.one_of(table(), hand_table()), min_size=1, max_size=3), st.booleans())
def test_pages_build_as_before(pieces, footnote):
    """A page `fix` wrote (and hand-written tables) builds to the same HTML with the elements made of the reading
    as with every table's lines read again."""
    page = convert("\n\n".join("\n".join(lines) for lines in pieces) + "\n", "python-markdown").text
    page += "\n\n[^1]: A note.\n" if footnote else ""
    made = []

    def counted(grid):
        made.append(grid_table_element(grid))
        return made[-1]

    with mock.patch.object(house_element, "grid_table_element", counted):
        after = _page_html(page)
    with mock.patch.object(house_element, "grid_table_element", lambda grid: None):
        before = _page_html(page)
    assert after == before
    assert not (footnote and made)  # a page with footnotes: every table's lines read again
